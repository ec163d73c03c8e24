// Int operands read in place: the meta-program's arithmetic on ints (index
// math, loop counters) is computed on int64_t without making a Value for
// each leaf or inner result, when the operands' trees allow it
// (ast::BinOp::int_leaves). Reading them has no effect, so a caller that gets
// false evaluates the expression as usual.
#pragma once

#include <cstdint>

#include "frontend/ast.h"
#include "interp/python/operators.h"
#include "interp/python/scope.h"

namespace nkic::interp {

// The int a leaf holds, read in place: an int constant, or a local of the
// running scope bound to an int; nullptr for any other expression (which
// needs evaluating) or value.
inline const int64_t* leaf_int(const ast::Expr& e, const Scope& scope) {
  if (e.kind == ast::ExprKind::Constant) {
    return std::get_if<int64_t>(&static_cast<const ast::Constant&>(e).value);
  }
  if (e.kind != ast::ExprKind::Name) return nullptr;
  const auto& n = static_cast<const ast::Name&>(e);
  if (!n.own_local()) return nullptr;
  const Value* v = scope.slot_value(n.slot);
  return v ? v->get<int64_t>() : nullptr;
}

// What `b` computes when it is an int_leaves tree whose leaves hold ints and
// whose operations int_binary_op does, into `out`; false otherwise.
bool int_tree(const ast::BinOp& b, const Scope& scope, int64_t& out);

// The same for any expression: a leaf_int too.
inline bool int_operand(const ast::Expr& e, const Scope& scope, int64_t& out) {
  if (e.kind == ast::ExprKind::BinOp)
    return int_tree(static_cast<const ast::BinOp&>(e), scope, out);
  const int64_t* v = leaf_int(e, scope);
  if (v) out = *v;
  return v != nullptr;
}

}  // namespace nkic::interp
