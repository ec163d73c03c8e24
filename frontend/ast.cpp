// Names of AST node kinds and operator spellings, for printing and messages.
#include "frontend/ast.h"

#include <atomic>

namespace nkic::ast {

uint32_t LookupSite::assign() const {
  static std::atomic<uint32_t> next{1};
  uint32_t n = 0;
  const uint32_t fresh = next.fetch_add(1, std::memory_order_relaxed);
  // Another thread may have numbered it first: its number stands.
  return number_.compare_exchange_strong(n, fresh, std::memory_order_relaxed) ? fresh : n;
}

const char* kind_name(ExprKind k) {
  switch (k) {
#define NKIC_EXPR(N) \
  case ExprKind::N:  \
    return #N;
#include "frontend/ast.def"
  }
  return "?";
}

const char* kind_name(StmtKind k) {
  switch (k) {
#define NKIC_STMT(N) \
  case StmtKind::N:  \
    return #N;
#include "frontend/ast.def"
  }
  return "?";
}

const char* op_symbol(BinOpKind op) {
  switch (op) {
    case BinOpKind::Add: return "+";
    case BinOpKind::Sub: return "-";
    case BinOpKind::Mul: return "*";
    case BinOpKind::MatMul: return "@";
    case BinOpKind::Div: return "/";
    case BinOpKind::FloorDiv: return "//";
    case BinOpKind::Mod: return "%";
    case BinOpKind::Pow: return "**";
    case BinOpKind::LShift: return "<<";
    case BinOpKind::RShift: return ">>";
    case BinOpKind::BitOr: return "|";
    case BinOpKind::BitXor: return "^";
    case BinOpKind::BitAnd: return "&";
  }
  return "?";
}

const char* op_symbol(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Eq: return "==";
    case CmpOpKind::NotEq: return "!=";
    case CmpOpKind::Lt: return "<";
    case CmpOpKind::LtE: return "<=";
    case CmpOpKind::Gt: return ">";
    case CmpOpKind::GtE: return ">=";
    case CmpOpKind::Is: return "is";
    case CmpOpKind::IsNot: return "is not";
    case CmpOpKind::In: return "in";
    case CmpOpKind::NotIn: return "not in";
  }
  return "?";
}

}  // namespace nkic::ast
