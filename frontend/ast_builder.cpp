// Converts the parse tree into our AST: one typed build function per grammar
// construct, each returning an owned node with its SourceRange. Contexts are
// told apart with dynamic_cast on the labeled-alternative classes, never
// through the generated visitor (its antlrcpp::Any would drop move-only
// values). Checks Python makes at compile time (assignment targets, parameter
// order, literal values) are made here too and thrown as CompileError.
//
// Docstrings: the first statement, when it is a string, is copied into
// Module::docstring or FunctionDef::docstring and also stays in the body as
// an ExprStmt, as in Python's own AST.
#include "frontend/ast_builder.h"

#include "NkiParser.h"
#include "frontend/diagnostics.h"
#include "frontend/literals.h"

namespace nkic {
namespace {

using namespace ast;
using P = gen::NkiParser;
using antlr4::ParserRuleContext;
using antlr4::Token;
using antlr4::tree::TerminalNode;

// Expression nesting the builder (and every later recursive pass over the
// AST) accepts; a long chain `a + b + ... ` nests one level per operator.
constexpr int kMaxExprDepth = 200;

template <class T>
bool is(const antlr4::tree::ParseTree* t) {
  return dynamic_cast<const T*>(t) != nullptr;
}

class Builder {
 public:
  explicit Builder(const BuildEnv& env) : env_(env) {}

  std::unique_ptr<Module> module(P::File_inputContext* ctx);
  ExprPtr eval(P::Eval_inputContext* ctx) { return testlist(ctx->testlist()); }
  // For prebuild: one `test` or `stmt` subtree, and the depth peaks seen.
  ExprPtr whole_test(P::TestContext* ctx) { return test(ctx); }
  ExprPtr whole_comp_cond(P::Comp_condContext* ctx) { return comp_cond(ctx); }
  void whole_stmt(P::StmtContext* ctx, Body& out) { stmt(ctx, out); }
  std::vector<PrebuiltPart::Peak> take_peaks() { return std::move(peaks_); }

 private:
  // ---- places
  SourceLoc loc(size_t index) const { return env_.positions->at(env_.base_cp + index); }
  SourceRange range(const Token* start, const Token* stop) const {
    SourceRange r;
    r.file = &env_.positions->file();
    r.begin = loc(start->getStartIndex());
    const Token* last =
        stop != nullptr && stop->getStopIndex() + 1 >= start->getStartIndex() ? stop : start;
    r.end = loc(last->getStopIndex() + 1);
    return r;
  }
  SourceRange range(ParserRuleContext* ctx) const { return range(ctx->getStart(), ctx->getStop()); }
  SourceRange range(TerminalNode* t) const { return range(t->getSymbol(), t->getSymbol()); }
  static SourceRange join(const SourceRange& a, const SourceRange& b) {
    SourceRange r = a;
    r.end = b.end;
    return r;
  }
  template <class T>
  std::unique_ptr<T> make(const SourceRange& r) const {
    auto n = std::make_unique<T>();
    n->range = r;
    return n;
  }

  // ---- statements
  void stmt(P::StmtContext* ctx, Body& out);
  void simple_stmts(P::Simple_stmtsContext* ctx, Body& out);
  StmtPtr simple_stmt(P::Simple_stmtContext* ctx);
  StmtPtr expr_stmt(P::ExprStmtContext* ctx);
  StmtPtr import_from(P::ImportFromStmtContext* ctx);
  StmtPtr compound_stmt(P::Compound_stmtContext* ctx);
  StmtPtr if_stmt(P::IfStmtContext* ctx, size_t clause);
  StmtPtr try_stmt(P::TryStmtContext* ctx);
  StmtPtr funcdef(P::FuncdefContext* ctx, ExprList decorators, const SourceRange& r);
  StmtPtr classdef(P::ClassdefContext* ctx, ExprList decorators, const SourceRange& r);
  Body block(P::BlockContext* ctx);
  std::vector<Param> parameters(P::ParametersContext* ctx);
  std::vector<Param> lambda_params(P::Lambda_paramsContext* ctx);
  void check_params(const std::vector<Param>& params) const;
  std::vector<std::string> names(const std::vector<TerminalNode*>& nodes) const;

  // ---- expressions
  ExprPtr test(P::TestContext* ctx);
  ExprPtr logic(P::LogicContext* ctx);
  ExprPtr comparison(P::ComparisonContext* ctx);
  ExprPtr expr(P::ExprContext* ctx);
  ExprPtr primary(P::PrimaryExprContext* ctx);
  ExprPtr atom(P::AtomContext* ctx);
  ExprPtr element(antlr4::tree::ParseTree* t);
  ExprPtr sequence(ParserRuleContext* ctx, bool force_tuple);
  ExprPtr testlist(ParserRuleContext* ctx) { return sequence(ctx, false); }
  ExprPtr display(P::Testlist_compContext* ctx, const SourceRange& r, bool list);
  ExprPtr dict(P::DictAtomContext* ctx);
  std::vector<Comprehension> comp_fors(const std::vector<P::Comp_forContext*>& fors);
  ExprPtr comp_cond(P::Comp_condContext* ctx);
  ExprPtr call(ExprPtr func, P::CallTrailerContext* ctx, const SourceRange& r);
  ExprPtr subscript(ExprPtr value, P::SubscriptTrailerContext* ctx, const SourceRange& r);
  ExprPtr subscript_item(P::SubscriptContext* ctx);
  ExprPtr strings(P::StringAtomContext* ctx);
  ExprPtr number(P::IntAtomContext* ctx);
  ExprPtr constant_of(const SourceRange& r, decltype(Constant::value) v) const {
    auto c = make<Constant>(r);
    c->value = std::move(v);
    return c;
  }
  void check_target(const Expr& e, const char* what) const;

  // ---- parts built ahead (see prebuild)
  ExprPtr take_expr(PrunableContext* ctx);
  void take_stmt(P::StmtContext* ctx, Body& out);
  void replay(PrebuiltPart& part);

  // Counts expression nesting; see kMaxExprDepth.
  struct Depth {
    Depth(Builder& b, const SourceRange& r) : b_(b) { b_.check_level(++b_.depth_, r); }
    ~Depth() { --b_.depth_; }
    Builder& b_;
  };
  // The one check of kMaxExprDepth; each level checked higher than all
  // before it is a peak, kept for a part built ahead.
  void check_level(int level, const SourceRange& r) {
    if (level > 0 && (peaks_.empty() || level > peaks_.back().level)) {
      peaks_.push_back(PrebuiltPart::Peak{level, r});
    }
    if (level > kMaxExprDepth) throw_error(r, "expression is too deeply nested");
  }

  const BuildEnv& env_;
  int depth_ = 0;
  std::vector<PrebuiltPart::Peak> peaks_;
};

// ============================================================================
// statements

std::optional<std::string> docstring_of(const Body& body) {
  if (body.empty()) return std::nullopt;
  const auto* s = body.front()->as<ExprStmt>();
  const auto* c = s ? s->value->as<Constant>() : nullptr;
  const auto* text = c ? std::get_if<std::string>(&c->value) : nullptr;
  if (text == nullptr) return std::nullopt;
  return *text;
}

std::unique_ptr<Module> Builder::module(P::File_inputContext* ctx) {
  auto m = std::make_unique<Module>();
  m->file = &env_.positions->file();
  for (P::StmtContext* s : ctx->stmt()) stmt(s, m->body);
  m->docstring = docstring_of(m->body);
  return m;
}

void Builder::stmt(P::StmtContext* ctx, Body& out) {
  if (ctx->built != 0) {
    take_stmt(ctx, out);
    return;
  }
  if (ctx->simple_stmts() != nullptr) {
    simple_stmts(ctx->simple_stmts(), out);
  } else {
    out.push_back(compound_stmt(ctx->compound_stmt()));
  }
}

void Builder::simple_stmts(P::Simple_stmtsContext* ctx, Body& out) {
  for (P::Simple_stmtContext* s : ctx->simple_stmt()) out.push_back(simple_stmt(s));
}

std::vector<std::string> Builder::names(const std::vector<TerminalNode*>& nodes) const {
  std::vector<std::string> out;
  for (TerminalNode* n : nodes) out.push_back(n->getText());
  return out;
}

std::string dotted(P::Dotted_nameContext* ctx) {
  std::string out;
  for (TerminalNode* n : ctx->NAME()) out += (out.empty() ? "" : ".") + n->getText();
  return out;
}

StmtPtr Builder::simple_stmt(P::Simple_stmtContext* ctx) {
  const SourceRange r = range(ctx);
  if (is<P::PassStmtContext>(ctx)) return make<Pass>(r);
  if (is<P::BreakStmtContext>(ctx)) return make<Break>(r);
  if (is<P::ContinueStmtContext>(ctx)) return make<Continue>(r);
  if (auto* c = dynamic_cast<P::ReturnStmtContext*>(ctx)) {
    auto s = make<Return>(r);
    if (c->testlist_star() != nullptr) s->value = testlist(c->testlist_star());
    return s;
  }
  if (auto* c = dynamic_cast<P::RaiseStmtContext*>(ctx)) {
    auto s = make<Raise>(r);
    if (!c->test().empty()) s->exc = test(c->test(0));
    if (c->test().size() > 1) s->cause = test(c->test(1));
    return s;
  }
  if (auto* c = dynamic_cast<P::GlobalStmtContext*>(ctx)) {
    auto s = make<Global>(r);
    s->names = names(c->NAME());
    return s;
  }
  if (auto* c = dynamic_cast<P::NonlocalStmtContext*>(ctx)) {
    auto s = make<Nonlocal>(r);
    s->names = names(c->NAME());
    return s;
  }
  if (auto* c = dynamic_cast<P::DelStmtContext*>(ctx)) {
    auto s = make<Del>(r);
    ExprPtr targets = sequence(c->exprlist(), false);
    if (auto* t = targets->as<Tuple>(); t != nullptr && c->exprlist()->COMMA().size() > 0) {
      s->targets = std::move(t->elts);
    } else {
      s->targets.push_back(std::move(targets));
    }
    for (const ExprPtr& t : s->targets) check_target(*t, "delete");
    return s;
  }
  if (auto* c = dynamic_cast<P::AssertStmtContext*>(ctx)) {
    auto s = make<Assert>(r);
    s->test = test(c->test(0));
    if (c->test().size() > 1) s->msg = test(c->test(1));
    return s;
  }
  if (auto* c = dynamic_cast<P::ImportStmtContext*>(ctx)) {
    auto s = make<Import>(r);
    for (P::Dotted_as_nameContext* d : c->dotted_as_name()) {
      s->names.push_back(
          ImportAlias{dotted(d->dotted_name()), d->NAME() ? d->NAME()->getText() : "", range(d)});
    }
    return s;
  }
  if (auto* c = dynamic_cast<P::ImportFromStmtContext*>(ctx)) return import_from(c);
  return expr_stmt(dynamic_cast<P::ExprStmtContext*>(ctx));
}

StmtPtr Builder::import_from(P::ImportFromStmtContext* ctx) {
  auto s = make<ImportFrom>(range(ctx));
  P::Import_from_moduleContext* from = ctx->import_from_module();
  s->level = static_cast<int>(from->DOT().size() + 3 * from->ELLIPSIS().size());
  if (from->dotted_name() != nullptr) s->module = dotted(from->dotted_name());
  s->module_range = range(from);
  if (ctx->STAR() != nullptr) {
    s->names.push_back(ImportAlias{"*", "", range(ctx->STAR())});
    return s;
  }
  for (P::Import_as_nameContext* a : ctx->import_as_names()->import_as_name()) {
    s->names.push_back(
        ImportAlias{a->NAME(0)->getText(), a->AS() ? a->NAME(1)->getText() : "", range(a)});
  }
  return s;
}

BinOpKind augassign_op(size_t token) {
  switch (token) {
    case P::ADD_ASSIGN:
      return BinOpKind::Add;
    case P::SUB_ASSIGN:
      return BinOpKind::Sub;
    case P::MULT_ASSIGN:
      return BinOpKind::Mul;
    case P::AT_ASSIGN:
      return BinOpKind::MatMul;
    case P::DIV_ASSIGN:
      return BinOpKind::Div;
    case P::MOD_ASSIGN:
      return BinOpKind::Mod;
    case P::AND_ASSIGN:
      return BinOpKind::BitAnd;
    case P::OR_ASSIGN:
      return BinOpKind::BitOr;
    case P::XOR_ASSIGN:
      return BinOpKind::BitXor;
    case P::LSHIFT_ASSIGN:
      return BinOpKind::LShift;
    case P::RSHIFT_ASSIGN:
      return BinOpKind::RShift;
    case P::POWER_ASSIGN:
      return BinOpKind::Pow;
    default:
      return BinOpKind::FloorDiv;
  }
}

bool single_target(const Expr& e) {
  return e.as<Name>() != nullptr || e.as<Attribute>() != nullptr || e.as<Subscript>() != nullptr;
}

StmtPtr Builder::expr_stmt(P::ExprStmtContext* ctx) {
  const SourceRange r = range(ctx);
  std::vector<P::Testlist_starContext*> lists = ctx->testlist_star();
  if (ctx->COLON() != nullptr) {
    auto s = make<AnnAssign>(r);
    s->target = testlist(lists[0]);
    if (!single_target(*s->target)) {
      throw_error(s->target->range, "only a single target (not a tuple) can be annotated");
    }
    s->annotation = test(ctx->test());
    if (lists.size() > 1) s->value = testlist(lists[1]);
    return s;
  }
  if (ctx->augassign() != nullptr) {
    auto s = make<AugAssign>(r);
    s->target = testlist(lists[0]);
    if (!single_target(*s->target)) {
      throw_error(s->target->range, "illegal expression for augmented assignment");
    }
    s->op = augassign_op(ctx->augassign()->getStart()->getType());
    s->value = testlist(lists[1]);
    return s;
  }
  if (lists.size() == 1) {
    auto s = make<ExprStmt>(r);
    s->value = testlist(lists[0]);
    return s;
  }
  auto s = make<Assign>(r);
  for (size_t i = 0; i + 1 < lists.size(); ++i) {
    s->targets.push_back(testlist(lists[i]));
    check_target(*s->targets.back(), "assign to");
  }
  s->value = testlist(lists.back());
  return s;
}

StmtPtr Builder::compound_stmt(P::Compound_stmtContext* ctx) {
  const SourceRange r = range(ctx);
  if (auto* c = dynamic_cast<P::IfStmtContext*>(ctx)) return if_stmt(c, 0);
  if (auto* c = dynamic_cast<P::WhileStmtContext*>(ctx)) {
    auto s = make<While>(r);
    s->test = test(c->test());
    s->body = block(c->block(0));
    if (c->ELSE() != nullptr) s->orelse = block(c->block(1));
    return s;
  }
  if (auto* c = dynamic_cast<P::ForStmtContext*>(ctx)) {
    auto s = make<For>(r);
    s->target = sequence(c->exprlist(), false);
    check_target(*s->target, "assign to");
    s->iter = testlist(c->testlist());
    s->body = block(c->block(0));
    if (c->ELSE() != nullptr) s->orelse = block(c->block(1));
    return s;
  }
  if (auto* c = dynamic_cast<P::TryStmtContext*>(ctx)) return try_stmt(c);
  auto* c = dynamic_cast<P::DefStmtContext*>(ctx);
  ExprList decorators;
  for (P::DecoratorContext* d : c->decorator()) decorators.push_back(test(d->test()));
  if (c->funcdef() != nullptr) return funcdef(c->funcdef(), std::move(decorators), r);
  return classdef(c->classdef(), std::move(decorators), r);
}

// `if` and each `elif` clause from `clause` on; an `elif` becomes an If alone
// in the orelse of the one before.
StmtPtr Builder::if_stmt(P::IfStmtContext* ctx, size_t clause) {
  const std::vector<P::TestContext*> tests = ctx->test();
  const std::vector<P::BlockContext*> blocks = ctx->block();
  SourceRange r = range(ctx);
  if (clause > 0) r.begin = range(ctx->ELIF(clause - 1)).begin;
  auto s = make<If>(r);
  s->test = test(tests[clause]);
  s->body = block(blocks[clause]);
  if (clause + 1 < tests.size()) {
    s->orelse.push_back(if_stmt(ctx, clause + 1));
  } else if (ctx->ELSE() != nullptr) {
    s->orelse = block(blocks.back());
  }
  return s;
}

// The blocks come in order: the body, one per except clause (inside the
// clause's own context), then `else`, then `finally`.
StmtPtr Builder::try_stmt(P::TryStmtContext* ctx) {
  auto s = make<Try>(range(ctx));
  const std::vector<P::BlockContext*> blocks = ctx->block();
  s->body = block(blocks[0]);
  const std::vector<P::Except_clauseContext*> clauses = ctx->except_clause();
  for (P::Except_clauseContext* e : clauses) {
    ExceptHandler h;
    h.range = range(e);
    if (e->test() != nullptr) {
      h.type = test(e->test());
    } else if (e != clauses.back()) {
      throw_error(range(e->EXCEPT()), "default 'except:' must be last");
    }
    if (e->NAME() != nullptr) h.name = e->NAME()->getText();
    h.body = block(e->block());
    s->handlers.push_back(std::move(h));
  }
  size_t next = 1;
  if (ctx->ELSE() != nullptr) {
    if (s->handlers.empty()) throw_error(range(ctx->ELSE()), "'else' needs an 'except' clause");
    s->orelse = block(blocks[next++]);
  }
  if (ctx->FINALLY() != nullptr) s->finalbody = block(blocks[next]);
  if (s->handlers.empty() && ctx->FINALLY() == nullptr) {
    throw_error(range(ctx->TRY()), "expected 'except' or 'finally' block");
  }
  return s;
}

StmtPtr Builder::funcdef(P::FuncdefContext* ctx, ExprList decorators, const SourceRange& r) {
  auto s = make<FunctionDef>(r);
  s->name = ctx->NAME()->getText();
  s->name_range = range(ctx->NAME());
  s->decorators = std::move(decorators);
  if (ctx->parameters() != nullptr) s->params = parameters(ctx->parameters());
  if (ctx->test() != nullptr) s->returns = test(ctx->test());
  s->body = block(ctx->block());
  s->docstring = docstring_of(s->body);
  return s;
}

StmtPtr Builder::classdef(P::ClassdefContext* ctx, ExprList decorators, const SourceRange& r) {
  auto s = make<ClassDef>(r);
  s->name = ctx->NAME()->getText();
  s->name_range = range(ctx->NAME());
  s->decorators = std::move(decorators);
  for (P::TestContext* t : ctx->test()) s->bases.push_back(test(t));
  s->body = block(ctx->block());
  return s;
}

Body Builder::block(P::BlockContext* ctx) {
  Body body;
  if (ctx->simple_stmts() != nullptr) {
    simple_stmts(ctx->simple_stmts(), body);
    return body;
  }
  for (P::StmtContext* s : ctx->stmt()) stmt(s, body);
  return body;
}

// The test after `:` (annotation) and after `=` (default), in source order.
void annotation_and_default(ParserRuleContext* ctx, P::TestContext*& annotation,
                            P::TestContext*& default_value) {
  bool after_assign = false;
  for (antlr4::tree::ParseTree* child : ctx->children) {
    if (auto* t = dynamic_cast<TerminalNode*>(child)) {
      if (t->getSymbol()->getType() == P::ASSIGN) after_assign = true;
    } else if (auto* test = dynamic_cast<P::TestContext*>(child)) {
      (after_assign ? default_value : annotation) = test;
    }
  }
}

std::vector<Param> Builder::parameters(P::ParametersContext* ctx) {
  std::vector<Param> params;
  bool keyword_only = false;
  for (P::ParamContext* p : ctx->param()) {
    Param param;
    param.range = range(p);
    P::TestContext* annotation = nullptr;
    P::TestContext* default_value = nullptr;
    annotation_and_default(p, annotation, default_value);
    if (auto* c = dynamic_cast<P::PlainParamContext*>(p)) {
      param.name = c->NAME()->getText();
      param.kind = keyword_only ? ParamKind::KeywordOnly : ParamKind::Positional;
    } else if (auto* c = dynamic_cast<P::StarParamContext*>(p)) {
      param.name = c->NAME() ? c->NAME()->getText() : "";
      param.kind = ParamKind::VarArgs;
      keyword_only = true;
    } else {
      param.name = dynamic_cast<P::KwargsParamContext*>(p)->NAME()->getText();
      param.kind = ParamKind::VarKeywords;
    }
    if (annotation != nullptr) param.annotation = test(annotation);
    if (default_value != nullptr) param.default_value = test(default_value);
    params.push_back(std::move(param));
  }
  check_params(params);
  return params;
}

std::vector<Param> Builder::lambda_params(P::Lambda_paramsContext* ctx) {
  std::vector<Param> params;
  bool keyword_only = false;
  for (P::Lambda_paramContext* p : ctx->lambda_param()) {
    Param param;
    param.range = range(p);
    if (auto* c = dynamic_cast<P::PlainLambdaParamContext*>(p)) {
      param.name = c->NAME()->getText();
      param.kind = keyword_only ? ParamKind::KeywordOnly : ParamKind::Positional;
      if (c->test() != nullptr) param.default_value = test(c->test());
    } else if (auto* c = dynamic_cast<P::StarLambdaParamContext*>(p)) {
      param.name = c->NAME() ? c->NAME()->getText() : "";
      param.kind = ParamKind::VarArgs;
      keyword_only = true;
    } else {
      param.name = dynamic_cast<P::KwargsLambdaParamContext*>(p)->NAME()->getText();
      param.kind = ParamKind::VarKeywords;
    }
    params.push_back(std::move(param));
  }
  check_params(params);
  return params;
}

// A bare `*` is kept as a VarArgs parameter with an empty name.
void Builder::check_params(const std::vector<Param>& params) const {
  bool seen_default = false;
  bool seen_star = false;
  for (size_t i = 0; i < params.size(); ++i) {
    const Param& p = params[i];
    for (size_t j = 0; j < i; ++j) {
      if (!p.name.empty() && params[j].name == p.name) {
        throw_error(p.range, "duplicate argument '" + p.name + "' in function definition");
      }
    }
    if (i > 0 && params[i - 1].kind == ParamKind::VarKeywords) {
      throw_error(p.range, "arguments cannot follow var-keyword argument");
    }
    if (p.kind == ParamKind::VarArgs) {
      if (seen_star) throw_error(p.range, "* argument may appear only once");
      seen_star = true;
      const bool next_is_kwonly =
          i + 1 < params.size() && params[i + 1].kind == ParamKind::KeywordOnly;
      if (p.name.empty() && !next_is_kwonly) {
        throw_error(p.range, "named arguments must follow bare *");
      }
    }
    if (p.kind == ParamKind::Positional) {
      if (p.default_value) {
        seen_default = true;
      } else if (seen_default) {
        throw_error(p.range, "non-default argument follows default argument");
      }
    }
  }
}

// Whether `e` may be assigned to (or deleted): names, attributes, subscripts
// and tuples/lists of them, with at most one starred element.
void Builder::check_target(const Expr& e, const char* what) const {
  if (single_target(e)) return;
  const ExprList* elts = nullptr;
  if (const auto* t = e.as<Tuple>()) elts = &t->elts;
  if (const auto* l = e.as<List>()) elts = &l->elts;
  if (elts != nullptr) {
    int starred = 0;
    for (const ExprPtr& x : *elts) {
      if (const auto* s = x->as<Starred>()) {
        if (++starred > 1) throw_error(x->range, "multiple starred expressions in assignment");
        check_target(*s->value, what);
      } else {
        check_target(*x, what);
      }
    }
    return;
  }
  std::string name = kind_name(e.kind);
  if (e.as<Constant>() != nullptr || e.as<FString>() != nullptr) name = "literal";
  if (e.as<Call>() != nullptr) name = "function call";
  if (e.as<Starred>() != nullptr) {
    throw_error(e.range, "starred assignment target must be in a list or tuple");
  }
  throw_error(e.range, std::string("cannot ") + what + " " + name);
}

// ============================================================================
// expressions

// Only the constructs that make a node count towards kMaxExprDepth; the
// pass-through levels of the grammar are bounded by the parser's limits.
ExprPtr Builder::test(P::TestContext* ctx) {
  if (ctx->built != 0) return take_expr(ctx);
  auto* cond = dynamic_cast<P::CondTestContext*>(ctx);
  if (cond != nullptr && cond->IF() == nullptr) return logic(cond->logic(0));
  const SourceRange r = range(ctx);
  Depth depth(*this, r);
  if (auto* c = dynamic_cast<P::LambdaTestContext*>(ctx)) {
    auto e = make<Lambda>(r);
    if (c->lambda_params() != nullptr) e->params = lambda_params(c->lambda_params());
    e->body = test(c->test());
    return e;
  }
  auto e = make<IfExp>(r);
  e->body = logic(cond->logic(0));
  e->test = logic(cond->logic(1));
  e->orelse = test(cond->test());
  return e;
}

// `a and b and c` is one BoolOp with three values. The parse tree nests
// to the left; its spine is walked with a loop.
template <class Ctx>
std::vector<P::LogicContext*> flatten(Ctx* ctx) {
  std::vector<P::LogicContext*> operands;
  P::LogicContext* cur = ctx;
  while (auto* c = dynamic_cast<Ctx*>(cur)) {
    operands.push_back(c->logic(1));
    cur = c->logic(0);
  }
  operands.push_back(cur);
  return {operands.rbegin(), operands.rend()};
}

ExprPtr Builder::logic(P::LogicContext* ctx) {
  if (auto* c = dynamic_cast<P::CmpLogicContext*>(ctx)) return comparison(c->comparison());
  const SourceRange r = range(ctx);
  Depth depth(*this, r);
  if (auto* c = dynamic_cast<P::NotLogicContext*>(ctx)) {
    auto e = make<UnaryOp>(r);
    e->op = UnaryOpKind::Not;
    e->operand = logic(c->logic());
    return e;
  }
  auto e = make<BoolOp>(r);
  std::vector<P::LogicContext*> operands;
  if (auto* c = dynamic_cast<P::AndLogicContext*>(ctx)) {
    e->op = BoolOpKind::And;
    operands = flatten(c);
  } else {
    e->op = BoolOpKind::Or;
    operands = flatten(dynamic_cast<P::OrLogicContext*>(ctx));
  }
  if (operands.size() > static_cast<size_t>(kMaxExprDepth)) {
    throw_error(r, "expression is too deeply nested");
  }
  for (P::LogicContext* o : operands) e->values.push_back(logic(o));
  return e;
}

CmpOpKind comp_op(P::Comp_opContext* ctx) {
  const size_t first = ctx->getStart()->getType();
  const bool two = ctx->getStop() != ctx->getStart();
  switch (first) {
    case P::LESS_THAN:
      return CmpOpKind::Lt;
    case P::GREATER_THAN:
      return CmpOpKind::Gt;
    case P::EQUALS:
      return CmpOpKind::Eq;
    case P::GT_EQ:
      return CmpOpKind::GtE;
    case P::LT_EQ:
      return CmpOpKind::LtE;
    case P::NOT_EQ:
      return CmpOpKind::NotEq;
    case P::IN:
      return CmpOpKind::In;
    case P::NOT:
      return CmpOpKind::NotIn;
    default:
      return two ? CmpOpKind::IsNot : CmpOpKind::Is;
  }
}

ExprPtr Builder::comparison(P::ComparisonContext* ctx) {
  const std::vector<P::ExprContext*> operands = ctx->expr();
  if (operands.size() == 1) return expr(operands[0]);
  auto e = make<Compare>(range(ctx));
  e->left = expr(operands[0]);
  const std::vector<P::Comp_opContext*> ops = ctx->comp_op();
  for (size_t i = 0; i < ops.size(); ++i) {
    e->ops.push_back(comp_op(ops[i]));
    e->comparators.push_back(expr(operands[i + 1]));
  }
  return e;
}

BinOpKind binary_op(size_t token) {
  switch (token) {
    case P::STAR:
      return BinOpKind::Mul;
    case P::DIV:
      return BinOpKind::Div;
    case P::IDIV:
      return BinOpKind::FloorDiv;
    case P::MOD:
      return BinOpKind::Mod;
    case P::AT:
      return BinOpKind::MatMul;
    case P::ADD:
      return BinOpKind::Add;
    case P::MINUS:
      return BinOpKind::Sub;
    case P::LEFT_SHIFT:
      return BinOpKind::LShift;
    case P::RIGHT_SHIFT:
      return BinOpKind::RShift;
    case P::AND_OP:
      return BinOpKind::BitAnd;
    case P::XOR:
      return BinOpKind::BitXor;
    default:
      return BinOpKind::BitOr;
  }
}

ExprPtr Builder::expr(P::ExprContext* ctx) {
  if (auto* c = dynamic_cast<P::PrimaryExprContext*>(ctx)) return primary(c);
  const SourceRange r = range(ctx);
  Depth depth(*this, r);
  if (auto* c = dynamic_cast<P::UnaryExprContext*>(ctx)) {
    auto e = make<UnaryOp>(r);
    const size_t op = c->op->getType();
    e->op = op == P::ADD     ? UnaryOpKind::Pos
            : op == P::MINUS ? UnaryOpKind::Neg
                             : UnaryOpKind::Invert;
    e->operand = expr(c->expr());
    return e;
  }
  auto e = make<BinOp>(r);
  if (auto* c = dynamic_cast<P::PowerExprContext*>(ctx)) {
    e->op = BinOpKind::Pow;
    e->left = expr(c->expr(0));
    e->right = expr(c->expr(1));
    return e;
  }
  auto* c = dynamic_cast<P::BinaryExprContext*>(ctx);
  e->op = binary_op(c->op->getType());
  e->left = expr(c->expr(0));
  e->right = expr(c->expr(1));
  return e;
}

ExprPtr Builder::primary(P::PrimaryExprContext* ctx) {
  const std::vector<P::TrailerContext*> trailers = ctx->trailer();
  // Trailers are bounded by the parser only: the count is checked before
  // the chain is built. (The sum cannot overflow: tokens are bounded.)
  check_level(depth_ + static_cast<int>(trailers.size()), range(ctx));
  ExprPtr e = atom(ctx->atom());
  for (P::TrailerContext* t : trailers) {
    const SourceRange r = join(e->range, range(t));
    if (auto* c = dynamic_cast<P::CallTrailerContext*>(t)) {
      e = call(std::move(e), c, r);
    } else if (auto* c = dynamic_cast<P::SubscriptTrailerContext*>(t)) {
      e = subscript(std::move(e), c, r);
    } else {
      auto* a = dynamic_cast<P::AttrTrailerContext*>(t);
      auto attr = make<Attribute>(r);
      attr->value = std::move(e);
      attr->attr = a->NAME()->getText();
      attr->attr_range = range(a->NAME());
      e = std::move(attr);
    }
  }
  return e;
}

ExprPtr Builder::atom(P::AtomContext* ctx) {
  const SourceRange r = range(ctx);
  if (auto* c = dynamic_cast<P::NameAtomContext*>(ctx)) {
    auto e = make<Name>(r);
    e->id = c->NAME()->getText();
    return e;
  }
  if (auto* c = dynamic_cast<P::IntAtomContext*>(ctx)) return number(c);
  if (auto* c = dynamic_cast<P::FloatAtomContext*>(ctx)) {
    return constant_of(r, literals::parse_float(c->FLOAT()->getText()));
  }
  if (auto* c = dynamic_cast<P::StringAtomContext*>(ctx)) return strings(c);
  if (is<P::EllipsisAtomContext>(ctx)) return constant_of(r, EllipsisValue{});
  if (is<P::NoneAtomContext>(ctx)) return constant_of(r, NoneValue{});
  if (is<P::TrueAtomContext>(ctx)) return constant_of(r, true);
  if (is<P::FalseAtomContext>(ctx)) return constant_of(r, false);
  if (auto* c = dynamic_cast<P::ParenAtomContext*>(ctx)) {
    if (c->testlist_comp() == nullptr) return make<Tuple>(r);
    return display(c->testlist_comp(), r, false);
  }
  if (auto* c = dynamic_cast<P::ListAtomContext*>(ctx)) {
    if (c->testlist_comp() == nullptr) return make<List>(r);
    return display(c->testlist_comp(), r, true);
  }
  return dict(dynamic_cast<P::DictAtomContext*>(ctx));
}

ExprPtr Builder::element(antlr4::tree::ParseTree* t) {
  if (auto* c = dynamic_cast<P::TestContext*>(t)) return test(c);
  if (auto* c = dynamic_cast<P::ExprContext*>(t)) return expr(c);
  auto* c = dynamic_cast<P::Star_exprContext*>(t);
  if (c == nullptr) return nullptr;
  auto e = make<Starred>(range(c));
  e->value = expr(c->expr());
  return e;
}

// A comma-separated list: a Tuple when there is a comma (or `force_tuple`),
// else its one element.
ExprPtr Builder::sequence(ParserRuleContext* ctx, bool force_tuple) {
  ExprList elts;
  bool comma = false;
  for (antlr4::tree::ParseTree* child : ctx->children) {
    if (ExprPtr e = element(child)) {
      elts.push_back(std::move(e));
    } else {
      comma = true;
    }
  }
  if (!comma && !force_tuple && elts.size() == 1) return std::move(elts.front());
  auto t = make<Tuple>(range(ctx));
  t->elts = std::move(elts);
  return t;
}

ExprPtr Builder::display(P::Testlist_compContext* ctx, const SourceRange& r, bool list) {
  if (!ctx->comp_for().empty()) {
    // A parenthesized generator is built as a list comprehension.
    auto e = make<ListComp>(r);
    e->elt = element(ctx->children.front());
    e->generators = comp_fors(ctx->comp_for());
    return e;
  }
  ExprPtr seq = sequence(ctx, list);
  if (!list) {
    if (auto* t = seq->as<Tuple>()) t->range = r;  // the parentheses belong to the tuple
    return seq;
  }
  auto e = make<List>(r);
  e->elts = std::move(seq->as<Tuple>()->elts);
  return e;
}

ExprPtr Builder::dict(P::DictAtomContext* ctx) {
  if (!ctx->comp_for().empty()) {
    P::Dict_itemContext* item = ctx->dict_item(0);
    if (item->POWER() != nullptr) {
      throw_error(range(item), "dict unpacking cannot be used in dict comprehension");
    }
    auto c = make<ListComp>(range(ctx));
    c->key = test(item->test(0));
    c->elt = test(item->test(1));
    c->generators = comp_fors(ctx->comp_for());
    return c;
  }
  auto e = make<Dict>(range(ctx));
  for (P::Dict_itemContext* item : ctx->dict_item()) {
    if (item->POWER() != nullptr) {
      e->keys.push_back(nullptr);
      e->values.push_back(expr(item->expr()));
    } else {
      e->keys.push_back(test(item->test(0)));
      e->values.push_back(test(item->test(1)));
    }
  }
  return e;
}

std::vector<Comprehension> Builder::comp_fors(const std::vector<P::Comp_forContext*>& fors) {
  std::vector<Comprehension> out;
  for (P::Comp_forContext* f : fors) {
    Comprehension c;
    c.target = sequence(f->exprlist(), false);
    check_target(*c.target, "assign to");
    const std::vector<P::Comp_condContext*> parts = f->comp_cond();
    c.iter = comp_cond(parts[0]);
    for (size_t i = 1; i < parts.size(); ++i) c.ifs.push_back(comp_cond(parts[i]));
    out.push_back(std::move(c));
  }
  return out;
}

ExprPtr Builder::call(ExprPtr func, P::CallTrailerContext* ctx, const SourceRange& r) {
  auto e = make<Call>(r);
  e->func = std::move(func);
  if (ctx->arglist() == nullptr) return e;
  const std::vector<P::ArgumentContext*> args = ctx->arglist()->argument();
  bool seen_keyword = false;
  bool seen_kwargs = false;
  for (P::ArgumentContext* a : args) {
    const SourceRange ar = range(a);
    if (auto* c = dynamic_cast<P::KeywordArgumentContext*>(a)) {
      seen_keyword = true;
      e->keywords.push_back(Keyword{c->NAME()->getText(), test(c->test()), ar});
    } else if (auto* c = dynamic_cast<P::KwargsArgumentContext*>(a)) {
      seen_kwargs = true;
      e->keywords.push_back(Keyword{"", test(c->test()), ar});
    } else if (seen_kwargs) {
      throw_error(ar, "positional argument follows keyword argument unpacking");
    } else if (auto* c = dynamic_cast<P::StarArgumentContext*>(a)) {
      auto s = make<Starred>(ar);
      s->value = test(c->test());
      e->args.push_back(std::move(s));
      e->starred = true;
    } else if (seen_keyword) {
      throw_error(ar, "positional argument follows keyword argument");
    } else {
      auto* p = dynamic_cast<P::PlainArgumentContext*>(a);
      if (p->comp_for().empty()) {
        e->args.push_back(test(p->test()));
        continue;
      }
      if (args.size() > 1) throw_error(ar, "generator expression must be parenthesized");
      auto comp = make<ListComp>(ar);
      comp->elt = test(p->test());
      comp->generators = comp_fors(p->comp_for());
      e->args.push_back(std::move(comp));
    }
  }
  return e;
}

ExprPtr Builder::subscript(ExprPtr value, P::SubscriptTrailerContext* ctx, const SourceRange& r) {
  auto e = make<Subscript>(r);
  e->value = std::move(value);
  P::SubscriptlistContext* list = ctx->subscriptlist();
  const std::vector<P::SubscriptContext*> items = list->subscript();
  if (items.size() == 1 && list->COMMA().empty()) {
    e->index = subscript_item(items[0]);
    return e;
  }
  auto t = make<Tuple>(range(list));
  for (P::SubscriptContext* item : items) t->elts.push_back(subscript_item(item));
  e->index = std::move(t);
  return e;
}

ExprPtr Builder::subscript_item(P::SubscriptContext* ctx) {
  P::Slice_tailContext* tail = ctx->slice_tail();
  if (tail == nullptr) return test(ctx->test());
  auto s = make<Slice>(range(ctx));
  if (ctx->test() != nullptr) s->lower = test(ctx->test());
  if (tail->upper != nullptr) s->upper = test(tail->upper);
  if (tail->step != nullptr) s->step = test(tail->step);
  return s;
}

ExprPtr Builder::number(P::IntAtomContext* ctx) {
  const std::optional<int64_t> v = literals::parse_int(ctx->INTEGER()->getText());
  if (!v) throw_error(range(ctx), "integer literal too large");
  return constant_of(range(ctx), *v);
}

size_t code_points(std::string_view utf8) {
  size_t n = 0;
  for (char c : utf8) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// Adjacent literals concatenate; if any is an f-string the result is one
// FString whose neighbouring literal parts are merged.
ExprPtr Builder::strings(P::StringAtomContext* ctx) {
  const SourceRange r = range(ctx);
  std::vector<std::variant<std::string, FStringField>> parts;
  bool any_fstring = false;
  auto add_text = [&parts](std::string text) {
    if (text.empty()) return;
    if (!parts.empty() && std::holds_alternative<std::string>(parts.back())) {
      std::get<std::string>(parts.back()) += text;
    } else {
      parts.emplace_back(std::move(text));
    }
  };
  for (TerminalNode* node : ctx->STRING()) {
    const std::string text = node->getText();
    const SourceRange tr = range(node);
    const literals::StringToken s = literals::split_string(text);
    if (s.bytes) throw_error(tr, "bytes literals are not supported");
    std::string error;
    if (!s.fstring) {
      std::optional<std::string> value = literals::decode_escapes(s.body, s.raw, error);
      if (!value) throw_error(tr, error);
      add_text(std::move(*value));
      continue;
    }
    any_fstring = true;
    const auto pieces = literals::split_fstring(s.body, error);
    if (!pieces) throw_error(tr, error);
    const size_t body_cp = env_.base_cp + node->getSymbol()->getStartIndex() +
                           code_points(std::string_view(text).substr(0, s.body_offset));
    for (const literals::FStringPiece& piece : *pieces) {
      if (!piece.is_field) {
        std::optional<std::string> value = literals::decode_escapes(piece.text, s.raw, error);
        if (!value) throw_error(tr, error);
        add_text(std::move(*value));
        continue;
      }
      const size_t begin = body_cp + code_points(s.body.substr(0, piece.expr_offset));
      FStringField field;
      field.value = env_.parse_field(begin, begin + code_points(piece.expr));
      if (!field.value) throw BuildAborted{};
      field.conversion = piece.conversion;
      field.format_spec = piece.format_spec;
      for (const auto& [offset, expr] : piece.spec_fields) {
        const size_t at = body_cp + code_points(s.body.substr(0, offset));
        ExprPtr nested = env_.parse_field(at, at + code_points(expr));
        if (!nested) throw BuildAborted{};
        field.spec_fields.push_back(std::move(nested));
      }
      parts.emplace_back(std::move(field));
    }
  }
  if (!any_fstring) {
    std::string value = parts.empty() ? std::string() : std::get<std::string>(parts.front());
    return constant_of(r, std::move(value));
  }
  auto e = make<FString>(r);
  e->parts = std::move(parts);
  return e;
}

// ============================================================================
// parts built ahead

ExprPtr Builder::comp_cond(P::Comp_condContext* ctx) {
  if (ctx->built != 0) return take_expr(ctx);
  return logic(ctx->logic());
}

ExprPtr Builder::take_expr(PrunableContext* ctx) {
  PrebuiltPart part = env_.prebuilt->take(ctx->built - 1);
  ctx->built = 0;
  replay(part);
  return std::move(part.expr);
}

void Builder::take_stmt(P::StmtContext* ctx, Body& out) {
  PrebuiltPart part = env_.prebuilt->take(ctx->built - 1);
  ctx->built = 0;
  replay(part);
  if (part.stmt) out.push_back(std::move(part.stmt));
  if (!part.details) return;
  for (StmtPtr& s : part.details->body) out.push_back(std::move(s));
}

// What building the subtree here would have done first: fail the depth
// bound at the first peak that is too deep from here, or raise the error
// the part met, after the diagnostics it reported.
void Builder::replay(PrebuiltPart& part) {
  if (!part.details) return;
  for (const PrebuiltPart::Peak& p : part.details->peaks) check_level(depth_ + p.level, p.range);
  if (!part.details->failure) return;
  for (Diagnostic& d : part.details->reported) env_.sink->report(std::move(d));
  std::rethrow_exception(part.details->failure);
}

// Statements always start at depth 0, where the part was built, so theirs
// need no peaks (`keep_peaks` false).
template <class Build>
PrebuiltPart prebuild_part(const BuildEnv& env, bool keep_peaks, Build build) {
  PrebuiltPart part;
  Builder b(env);
  std::exception_ptr failure;
  try {
    build(b, part);
  } catch (const CompileError&) {
    failure = std::current_exception();
  } catch (const BuildAborted&) {
    failure = std::current_exception();
  }
  std::vector<PrebuiltPart::Peak> peaks = b.take_peaks();
  if (!keep_peaks) peaks.clear();
  if (!failure && peaks.empty()) return part;
  if (!part.details) part.details = std::make_unique<PrebuiltPart::Details>();
  part.details->peaks = std::move(peaks);
  part.details->failure = failure;
  part.details->reported = env.sink->diagnostics();
  env.sink->clear();
  return part;
}

}  // namespace

size_t Prebuilt::add(PrebuiltPart part) {
  if (free_.empty()) {
    parts_.push_back(std::move(part));
    return parts_.size() - 1;
  }
  const size_t id = free_.back();
  free_.pop_back();
  parts_[id] = std::move(part);
  return id;
}

PrebuiltPart Prebuilt::take(size_t id) {
  PrebuiltPart part = std::move(parts_[id]);
  parts_[id] = PrebuiltPart{};
  free_.push_back(id);
  return part;
}

void Prebuilt::clear() {
  parts_.clear();
  free_.clear();
}

bool prebuild(antlr4::ParserRuleContext& ctx, const BuildEnv& env) {
  if (auto* t = dynamic_cast<P::TestContext*>(&ctx)) {
    PrebuiltPart part =
        prebuild_part(env, true, [t](Builder& b, PrebuiltPart& p) { p.expr = b.whole_test(t); });
    t->built = env.prebuilt->add(std::move(part)) + 1;
    return true;
  }
  if (auto* c = dynamic_cast<P::Comp_condContext*>(&ctx)) {
    PrebuiltPart part = prebuild_part(
        env, true, [c](Builder& b, PrebuiltPart& p) { p.expr = b.whole_comp_cond(c); });
    c->built = env.prebuilt->add(std::move(part)) + 1;
    return true;
  }
  if (auto* s = dynamic_cast<P::StmtContext*>(&ctx)) {
    PrebuiltPart part = prebuild_part(env, false, [s](Builder& b, PrebuiltPart& p) {
      Body body;
      b.whole_stmt(s, body);
      if (body.size() == 1) {
        p.stmt = std::move(body.front());
        return;
      }
      p.details = std::make_unique<PrebuiltPart::Details>();
      p.details->body = std::move(body);
    });
    s->built = env.prebuilt->add(std::move(part)) + 1;
    return true;
  }
  return false;
}

std::unique_ptr<ast::Module> build_module(antlr4::ParserRuleContext& file_input,
                                          const BuildEnv& env) {
  Builder b(env);
  return b.module(&dynamic_cast<P::File_inputContext&>(file_input));
}

ast::ExprPtr build_eval_input(antlr4::ParserRuleContext& eval_input, const BuildEnv& env) {
  Builder b(env);
  return b.eval(&dynamic_cast<P::Eval_inputContext&>(eval_input));
}

}  // namespace nkic
