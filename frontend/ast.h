// Our AST for the Python subset of the kernel language. Plain structs with
// public fields; the node kinds are listed once in ast.def, which generates the
// kind enums, the tag-checked `as<T>()` and the visitor dispatch. Every node
// carries the SourceRange it was parsed from. No ANTLR type appears here: the
// parse tree is converted into this AST in one place (ast_builder.cpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "frontend/source.h"

namespace nkic::ast {

enum class ExprKind {
#define NKIC_EXPR(Name) Name,
#include "frontend/ast.def"
};

enum class StmtKind {
#define NKIC_STMT(Name) Name,
#include "frontend/ast.def"
};

const char* kind_name(ExprKind k);
const char* kind_name(StmtKind k);

struct Expr {
  explicit Expr(ExprKind k) : kind(k) {}
  virtual ~Expr() = default;
  Expr(const Expr&) = delete;
  Expr& operator=(const Expr&) = delete;

  const ExprKind kind;
  SourceRange range;

  template <class T>
  const T* as() const {
    return kind == T::kKind ? static_cast<const T*>(this) : nullptr;
  }
  template <class T>
  T* as() {
    return kind == T::kKind ? static_cast<T*>(this) : nullptr;
  }
};

struct Stmt {
  explicit Stmt(StmtKind k) : kind(k) {}
  virtual ~Stmt() = default;
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;

  const StmtKind kind;
  SourceRange range;

  template <class T>
  const T* as() const {
    return kind == T::kKind ? static_cast<const T*>(this) : nullptr;
  }
  template <class T>
  T* as() {
    return kind == T::kKind ? static_cast<T*>(this) : nullptr;
  }
};

using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using ExprList = std::vector<ExprPtr>;
using Body = std::vector<StmtPtr>;

template <ExprKind K>
struct ExprNode : Expr {
  static constexpr ExprKind kKind = K;
  ExprNode() : Expr(K) {}
};

template <StmtKind K>
struct StmtNode : Stmt {
  static constexpr StmtKind kKind = K;
  StmtNode() : Stmt(K) {}
};

// ---- expressions ------------------------------------------------------------

// Where a name is read from, worked out once after parsing
// (frontend/resolve.h): `local` is slot `slot` of the scope `hops` scopes out
// from the one running (0: its own), `global` the module's globals and then
// the builtins, `dynamic` a search by name, scope by scope outwards (names in
// class bodies, and everything the resolver has not seen).
enum class NameScope : uint8_t { dynamic, local, global };

// A place where an evaluator remembers what it found the last time it ran
// there (where a name or an attribute was found, interp/lookup_cache.h; a
// call's keywords' parameters), numbered the first time it is asked for, so
// that only the sites that run take a number and the numbers stay dense.
// Safe to number from several threads; a copy is another site.
class LookupSite {
 public:
  LookupSite() = default;
  LookupSite(const LookupSite&) {}
  LookupSite& operator=(const LookupSite&) { return *this; }
  uint32_t number() const {
    const uint32_t n = number_.load(std::memory_order_relaxed);
    return n != 0 ? n : assign();
  }

 private:
  uint32_t assign() const;
  mutable std::atomic<uint32_t> number_{0};  // 0 until asked for
};

struct Name : ExprNode<ExprKind::Name> {
  std::string id;
  NameScope scope = NameScope::dynamic;
  uint16_t hops = 0;
  uint32_t slot = 0;
  LookupSite site;  // a global's
  // A local of the function (lambda, comprehension) it is read in: slot
  // `slot` of the running scope itself.
  bool own_local() const { return scope == NameScope::local && hops == 0; }
};

// The local variables of a function, lambda or comprehension, numbered as
// Name::slot numbers them: a function's parameters first, in order.
using Locals = std::vector<std::string>;

struct EllipsisValue {
  bool operator==(const EllipsisValue&) const { return true; }
};
struct NoneValue {
  bool operator==(const NoneValue&) const { return true; }
};

struct Constant : ExprNode<ExprKind::Constant> {
  // Python ints that do not fit in 64 bits are a syntax-time error.
  std::variant<NoneValue, bool, int64_t, double, std::string, EllipsisValue> value;
};

// f"text{expr!conv:spec}text": `parts` alternate freely between literal text
// and replacement fields.
struct FStringField {
  ExprPtr value;
  char conversion = 0;  // 0, 'r', 's' or 'a'
  std::string format_spec;
  // Fields nested in the spec (`{x:>{w}}`): their str() replaces, in turn,
  // each kSpecFieldMark ('\0') of format_spec.
  ExprList spec_fields;
};
struct FString : ExprNode<ExprKind::FString> {
  std::vector<std::variant<std::string, FStringField>> parts;
};

enum class UnaryOpKind { Neg, Pos, Invert, Not };
struct UnaryOp : ExprNode<ExprKind::UnaryOp> {
  UnaryOpKind op;
  ExprPtr operand;
};

enum class BinOpKind {
  Add,
  Sub,
  Mul,
  MatMul,
  Div,
  FloorDiv,
  Mod,
  Pow,
  LShift,
  RShift,
  BitOr,
  BitXor,
  BitAnd
};
const char* op_symbol(BinOpKind op);
struct BinOp : ExprNode<ExprKind::BinOp> {
  BinOpKind op;
  ExprPtr left;
  ExprPtr right;
  // Set by the resolver when every leaf of this operation's tree is an int
  // constant or a local of the function it runs in (Name::hops 0), and every
  // inner node a BinOp: reading them has no effect, so the evaluator may try
  // the tree on plain ints first and evaluate it as usual when a leaf holds
  // something else.
  bool int_leaves = false;
};

enum class BoolOpKind { And, Or };
struct BoolOp : ExprNode<ExprKind::BoolOp> {
  BoolOpKind op;
  ExprList values;  // at least two
};

enum class CmpOpKind { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };
const char* op_symbol(CmpOpKind op);
struct Compare : ExprNode<ExprKind::Compare> {
  ExprPtr left;
  std::vector<CmpOpKind> ops;
  ExprList comparators;  // same length as ops
};

struct IfExp : ExprNode<ExprKind::IfExp> {
  ExprPtr test;
  ExprPtr body;
  ExprPtr orelse;
};

// A keyword argument `name=value`, or `**value` when name is empty.
struct Keyword {
  std::string name;
  ExprPtr value;
  SourceRange range;
};
struct Call : ExprNode<ExprKind::Call> {
  ExprPtr func;
  ExprList args;  // may contain Starred
  bool starred = false;  // whether it does
  std::vector<Keyword> keywords;
  // What an evaluator's cache of call sites is indexed by, where a node's
  // address could be taken again by a later one.
  LookupSite site;
  // Set by the resolver when this is `obj.append(item)`, one plain argument:
  // the commonest method call, which the evaluator does for a list without
  // looking the method up.
  bool append_form = false;
};

struct Attribute : ExprNode<ExprKind::Attribute> {
  ExprPtr value;
  std::string attr;
  SourceRange attr_range;  // just the name after the dot
  LookupSite site;         // a module's attribute
};

// x[i] has index i; x[i, j:k] has a Tuple index holding a Slice.
struct Subscript : ExprNode<ExprKind::Subscript> {
  ExprPtr value;
  ExprPtr index;
};

struct Slice : ExprNode<ExprKind::Slice> {
  ExprPtr lower;  // each may be null
  ExprPtr upper;
  ExprPtr step;
};

struct Starred : ExprNode<ExprKind::Starred> {
  ExprPtr value;
};

struct Tuple : ExprNode<ExprKind::Tuple> {
  ExprList elts;
  // Where an evaluator keeps the tuple it made here last, to fill again.
  LookupSite site;
};

struct List : ExprNode<ExprKind::List> {
  ExprList elts;
};

struct Dict : ExprNode<ExprKind::Dict> {
  ExprList keys;  // a null key means `**values[i]`
  ExprList values;
};

struct Comprehension {
  ExprPtr target;
  ExprPtr iter;
  ExprList ifs;
};
struct ListComp : ExprNode<ExprKind::ListComp> {
  ExprPtr key;  // a dict comprehension's, {key: elt for ...}; null for a list
  ExprPtr elt;
  std::vector<Comprehension> generators;  // outermost first
  Locals locals;                          // its targets' names
};

enum class ParamKind { Positional, VarArgs, KeywordOnly, VarKeywords };
struct Param {
  std::string name;
  ParamKind kind = ParamKind::Positional;
  ExprPtr default_value;  // may be null
  ExprPtr annotation;     // may be null
  SourceRange range;
};

struct Lambda : ExprNode<ExprKind::Lambda> {
  std::vector<Param> params;
  ExprPtr body;
  Locals locals;
};

// ---- statements -------------------------------------------------------------

struct ExprStmt : StmtNode<StmtKind::ExprStmt> {
  ExprPtr value;
};

struct Assign : StmtNode<StmtKind::Assign> {
  ExprList targets;  // a = b = v has two targets
  ExprPtr value;
};

struct AugAssign : StmtNode<StmtKind::AugAssign> {
  ExprPtr target;
  BinOpKind op;
  ExprPtr value;
};

struct AnnAssign : StmtNode<StmtKind::AnnAssign> {
  ExprPtr target;
  ExprPtr annotation;
  ExprPtr value;  // may be null
};

struct If : StmtNode<StmtKind::If> {
  ExprPtr test;
  Body body;
  Body orelse;  // `elif` is an If alone in orelse
};

struct For : StmtNode<StmtKind::For> {
  ExprPtr target;
  ExprPtr iter;
  Body body;
  Body orelse;
};

struct While : StmtNode<StmtKind::While> {
  ExprPtr test;
  Body body;
  Body orelse;
};

struct Break : StmtNode<StmtKind::Break> {};
struct Continue : StmtNode<StmtKind::Continue> {};
struct Pass : StmtNode<StmtKind::Pass> {};

struct Return : StmtNode<StmtKind::Return> {
  ExprPtr value;  // may be null
};

struct Assert : StmtNode<StmtKind::Assert> {
  ExprPtr test;
  ExprPtr msg;  // may be null
};

struct Raise : StmtNode<StmtKind::Raise> {
  ExprPtr exc;    // may be null: re-raise the exception being handled
  ExprPtr cause;  // `from cause`; may be null
};

// One `except T as name:` clause; `type` is null for a bare `except:`.
struct ExceptHandler {
  ExprPtr type;
  std::string name;  // empty without `as`
  Body body;
  SourceRange range;
};

struct Try : StmtNode<StmtKind::Try> {
  Body body;
  std::vector<ExceptHandler> handlers;
  Body orelse;     // runs when the body raised nothing
  Body finalbody;  // runs however the statement ends
};

struct Global : StmtNode<StmtKind::Global> {
  std::vector<std::string> names;
};

struct Nonlocal : StmtNode<StmtKind::Nonlocal> {
  std::vector<std::string> names;
};

struct Del : StmtNode<StmtKind::Del> {
  ExprList targets;
};

struct FunctionDef : StmtNode<StmtKind::FunctionDef> {
  std::string name;
  SourceRange name_range;
  std::vector<Param> params;
  ExprList decorators;  // outermost first
  ExprPtr returns;      // annotation, may be null
  Body body;
  std::optional<std::string> docstring;
  Locals locals;
};

struct ClassDef : StmtNode<StmtKind::ClassDef> {
  std::string name;
  SourceRange name_range;
  ExprList bases;
  ExprList decorators;
  Body body;
};

// `import a.b.c as d`: module "a.b.c", asname "d" (empty when absent).
struct ImportAlias {
  std::string name;
  std::string asname;
  SourceRange range;
};

struct Import : StmtNode<StmtKind::Import> {
  std::vector<ImportAlias> names;
};

// `from ..a.b import c`: level 2 (the leading dots), module "a.b"; `from .
// import m`: level 1, module "". Level 0 is an absolute import.
struct ImportFrom : StmtNode<StmtKind::ImportFrom> {
  int level = 0;
  std::string module;              // dotted, after the dots; empty for `from . import m`
  SourceRange module_range;        // the dots and the name
  std::vector<ImportAlias> names;  // a single "*" for `from m import *`
};

struct Module {
  const SourceFile* file = nullptr;
  Body body;
  std::optional<std::string> docstring;
};

// ---- visiting ---------------------------------------------------------------

// Calls `f(node)` with the node cast to its concrete type.
template <class F>
decltype(auto) visit(const Expr& e, F&& f) {
  switch (e.kind) {
#define NKIC_EXPR(N) \
  case ExprKind::N:  \
    return f(static_cast<const N&>(e));
#include "frontend/ast.def"
  }
  return f(static_cast<const Name&>(e));  // unreachable
}

template <class F>
decltype(auto) visit(const Stmt& s, F&& f) {
  switch (s.kind) {
#define NKIC_STMT(N) \
  case StmtKind::N:  \
    return f(static_cast<const N&>(s));
#include "frontend/ast.def"
  }
  return f(static_cast<const Pass&>(s));  // unreachable
}

}  // namespace nkic::ast
