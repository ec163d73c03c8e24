#include "frontend/resolve.h"

#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <variant>

namespace nkic {

namespace {

// The names a scope's code binds, in the order they are first bound, without
// looking into the functions, classes, lambdas and comprehensions nested in
// it (each binds in its own scope).
struct Bindings {
  ast::Locals names;
  std::unordered_set<std::string> seen;
  std::unordered_set<std::string> globals;  // declared `global`
  std::unordered_set<std::string> nonlocals;
  bool star = false;  // `from m import *`: names known only at run time

  void bind(const std::string& name) {
    if (seen.insert(name).second) names.push_back(name);
  }

  void target(const ast::Expr& t) {
    if (auto n = t.as<ast::Name>()) {
      bind(n->id);
    } else if (auto tuple = t.as<ast::Tuple>()) {
      for (const ast::ExprPtr& e : tuple->elts) target(*e);
    } else if (auto list = t.as<ast::List>()) {
      for (const ast::ExprPtr& e : list->elts) target(*e);
    } else if (auto s = t.as<ast::Starred>()) {
      target(*s->value);
    }
  }

  void body(const ast::Body& b) {
    for (const ast::StmtPtr& s : b) stmt(*s);
  }

  void stmt(const ast::Stmt& s) {
    switch (s.kind) {
      case ast::StmtKind::Assign:
        for (const ast::ExprPtr& t : s.as<ast::Assign>()->targets) target(*t);
        return;
      case ast::StmtKind::AugAssign:
        target(*s.as<ast::AugAssign>()->target);
        return;
      case ast::StmtKind::AnnAssign:
        target(*s.as<ast::AnnAssign>()->target);
        return;
      case ast::StmtKind::If:
        body(s.as<ast::If>()->body);
        body(s.as<ast::If>()->orelse);
        return;
      case ast::StmtKind::For:
        target(*s.as<ast::For>()->target);
        body(s.as<ast::For>()->body);
        body(s.as<ast::For>()->orelse);
        return;
      case ast::StmtKind::While:
        body(s.as<ast::While>()->body);
        body(s.as<ast::While>()->orelse);
        return;
      case ast::StmtKind::Try: {
        const auto& t = *s.as<ast::Try>();
        body(t.body);
        for (const ast::ExceptHandler& h : t.handlers) {
          if (!h.name.empty()) bind(h.name);
          body(h.body);
        }
        body(t.orelse);
        body(t.finalbody);
        return;
      }
      case ast::StmtKind::Global:
        for (const std::string& n : s.as<ast::Global>()->names) globals.insert(n);
        return;
      case ast::StmtKind::Nonlocal:
        for (const std::string& n : s.as<ast::Nonlocal>()->names) nonlocals.insert(n);
        return;
      case ast::StmtKind::Del:
        for (const ast::ExprPtr& t : s.as<ast::Del>()->targets) target(*t);
        return;
      case ast::StmtKind::FunctionDef:
        bind(s.as<ast::FunctionDef>()->name);
        return;
      case ast::StmtKind::ClassDef:
        bind(s.as<ast::ClassDef>()->name);
        return;
      case ast::StmtKind::Import:
        for (const ast::ImportAlias& a : s.as<ast::Import>()->names) {
          // `import a.b` binds `a`.
          bind(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
        }
        return;
      case ast::StmtKind::ImportFrom:
        for (const ast::ImportAlias& a : s.as<ast::ImportFrom>()->names) {
          if (a.name == "*") {
            star = true;
          } else {
            bind(a.asname.empty() ? a.name : a.asname);
          }
        }
        return;
      case ast::StmtKind::ExprStmt:
      case ast::StmtKind::Break:
      case ast::StmtKind::Continue:
      case ast::StmtKind::Pass:
      case ast::StmtKind::Return:
      case ast::StmtKind::Assert:
      case ast::StmtKind::Raise:
        return;
    }
  }
};

class Resolver {
 public:
  void module(ast::Module& m) {
    const Frame top{Kind::module};
    body(m.body, top);
  }
  void expression(ast::Expr& e) {
    const Frame top{Kind::module};
    expr(e, top);
  }

 private:
  enum class Kind { module, function, class_body, comprehension };
  struct Frame {
    explicit Frame(Kind k, const Frame* outer = nullptr) : kind(k), parent(outer) {}
    Kind kind;
    const Frame* parent;
    std::unordered_map<std::string, uint32_t> slots;  // a function's or comprehension's locals
    std::unordered_set<std::string> bound;            // the names a class body binds
    std::unordered_set<std::string> globals;
    bool star = false;
  };

  static void number(Frame& frame, const ast::Locals& locals) {
    for (size_t i = 0; i < locals.size(); ++i) frame.slots.emplace(locals[i], i);
  }

  static void resolve(ast::Name& n, const Frame& frame) {
    if (frame.kind == Kind::class_body) return;
    uint32_t hops = 0;
    for (const Frame* f = &frame; f; f = f->parent, ++hops) {
      switch (f->kind) {
        case Kind::module:
          n.scope = ast::NameScope::global;
          return;
        case Kind::class_body:
          if (f->star || f->bound.count(n.id)) return;
          break;
        case Kind::function:
        case Kind::comprehension: {
          if (f->star) return;
          if (f->globals.count(n.id)) {
            n.scope = ast::NameScope::global;
            return;
          }
          auto it = f->slots.find(n.id);
          if (it == f->slots.end()) break;
          if (hops > std::numeric_limits<uint16_t>::max()) return;
          n.scope = ast::NameScope::local;
          n.hops = static_cast<uint16_t>(hops);
          n.slot = it->second;
          return;
        }
      }
    }
  }

  // A function's or lambda's parameters and body, in a frame of its own;
  // its defaults and annotations belong to the scope it is defined in.
  void function(std::vector<ast::Param>& params, ast::Locals& locals, ast::Body* stmts,
                ast::Expr* value, const Frame& outer) {
    for (ast::Param& p : params) {
      if (p.default_value) expr(*p.default_value, outer);
      if (p.annotation) expr(*p.annotation, outer);
    }
    Bindings b;
    for (const ast::Param& p : params) b.bind(p.name);
    const size_t n_params = b.names.size();
    if (stmts) b.body(*stmts);
    locals.clear();
    for (size_t i = 0; i < b.names.size(); ++i) {
      const std::string& name = b.names[i];
      if (i < n_params || (!b.globals.count(name) && !b.nonlocals.count(name))) {
        locals.push_back(name);
      }
    }
    Frame inner{Kind::function, &outer};
    number(inner, locals);
    inner.globals = std::move(b.globals);
    inner.star = b.star;
    if (stmts) body(*stmts, inner);
    if (value) expr(*value, inner);
  }

  void class_def(ast::ClassDef& c, const Frame& outer) {
    exprs(c.bases, outer);
    exprs(c.decorators, outer);
    Bindings b;
    b.body(c.body);
    Frame inner{Kind::class_body, &outer};
    inner.bound = std::move(b.seen);
    inner.star = b.star;
    body(c.body, inner);
  }

  void comprehension(ast::ListComp& c, const Frame& outer) {
    Bindings b;
    for (const ast::Comprehension& g : c.generators) b.target(*g.target);
    c.locals = b.names;
    Frame inner{Kind::comprehension, &outer};
    number(inner, c.locals);
    for (ast::Comprehension& g : c.generators) {
      expr(*g.target, inner);
      expr(*g.iter, inner);
      exprs(g.ifs, inner);
    }
    if (c.key) expr(*c.key, inner);
    expr(*c.elt, inner);
  }

  void body(ast::Body& b, const Frame& f) {
    for (ast::StmtPtr& s : b) stmt(*s, f);
  }
  void exprs(ast::ExprList& list, const Frame& f) {
    for (ast::ExprPtr& e : list) {
      if (e) expr(*e, f);
    }
  }
  void optional(ast::ExprPtr& e, const Frame& f) {
    if (e) expr(*e, f);
  }

  void stmt(ast::Stmt& s, const Frame& f) {
    switch (s.kind) {
      case ast::StmtKind::ExprStmt:
        expr(*s.as<ast::ExprStmt>()->value, f);
        return;
      case ast::StmtKind::Assign: {
        auto& a = *s.as<ast::Assign>();
        exprs(a.targets, f);
        expr(*a.value, f);
        return;
      }
      case ast::StmtKind::AugAssign: {
        auto& a = *s.as<ast::AugAssign>();
        expr(*a.target, f);
        expr(*a.value, f);
        return;
      }
      case ast::StmtKind::AnnAssign: {
        auto& a = *s.as<ast::AnnAssign>();
        expr(*a.target, f);
        optional(a.annotation, f);
        optional(a.value, f);
        return;
      }
      case ast::StmtKind::If: {
        auto& i = *s.as<ast::If>();
        expr(*i.test, f);
        body(i.body, f);
        body(i.orelse, f);
        return;
      }
      case ast::StmtKind::For: {
        auto& l = *s.as<ast::For>();
        expr(*l.target, f);
        expr(*l.iter, f);
        body(l.body, f);
        body(l.orelse, f);
        return;
      }
      case ast::StmtKind::While: {
        auto& w = *s.as<ast::While>();
        expr(*w.test, f);
        body(w.body, f);
        body(w.orelse, f);
        return;
      }
      case ast::StmtKind::Return:
        optional(s.as<ast::Return>()->value, f);
        return;
      case ast::StmtKind::Assert:
        expr(*s.as<ast::Assert>()->test, f);
        optional(s.as<ast::Assert>()->msg, f);
        return;
      case ast::StmtKind::Raise:
        optional(s.as<ast::Raise>()->exc, f);
        optional(s.as<ast::Raise>()->cause, f);
        return;
      case ast::StmtKind::Try: {
        auto& t = *s.as<ast::Try>();
        body(t.body, f);
        for (ast::ExceptHandler& h : t.handlers) {
          optional(h.type, f);
          body(h.body, f);
        }
        body(t.orelse, f);
        body(t.finalbody, f);
        return;
      }
      case ast::StmtKind::Del:
        exprs(s.as<ast::Del>()->targets, f);
        return;
      case ast::StmtKind::FunctionDef: {
        auto& d = *s.as<ast::FunctionDef>();
        exprs(d.decorators, f);
        optional(d.returns, f);
        function(d.params, d.locals, &d.body, nullptr, f);
        return;
      }
      case ast::StmtKind::ClassDef:
        class_def(*s.as<ast::ClassDef>(), f);
        return;
      case ast::StmtKind::Break:
      case ast::StmtKind::Continue:
      case ast::StmtKind::Pass:
      case ast::StmtKind::Global:
      case ast::StmtKind::Nonlocal:
      case ast::StmtKind::Import:
      case ast::StmtKind::ImportFrom:
        return;
    }
  }

  // Whether `e`, resolved, is a leaf BinOp::int_leaves allows, or such a tree.
  static bool int_leaf(const ast::Expr& e) {
    if (auto c = e.as<ast::Constant>()) return std::holds_alternative<int64_t>(c->value);
    if (auto n = e.as<ast::Name>()) return n->own_local();
    if (auto b = e.as<ast::BinOp>()) return b->int_leaves;
    return false;
  }

  void expr(ast::Expr& e, const Frame& f) {
    switch (e.kind) {
      case ast::ExprKind::Name:
        resolve(*e.as<ast::Name>(), f);
        return;
      case ast::ExprKind::Constant:
        return;
      case ast::ExprKind::FString:
        for (auto& part : e.as<ast::FString>()->parts) {
          if (auto field = std::get_if<ast::FStringField>(&part)) {
            expr(*field->value, f);
            exprs(field->spec_fields, f);
          }
        }
        return;
      case ast::ExprKind::UnaryOp:
        expr(*e.as<ast::UnaryOp>()->operand, f);
        return;
      case ast::ExprKind::BinOp: {
        auto& b = *e.as<ast::BinOp>();
        expr(*b.left, f);
        expr(*b.right, f);
        b.int_leaves = int_leaf(*b.left) && int_leaf(*b.right);
        return;
      }
      case ast::ExprKind::BoolOp:
        exprs(e.as<ast::BoolOp>()->values, f);
        return;
      case ast::ExprKind::Compare:
        expr(*e.as<ast::Compare>()->left, f);
        exprs(e.as<ast::Compare>()->comparators, f);
        return;
      case ast::ExprKind::IfExp: {
        auto& i = *e.as<ast::IfExp>();
        expr(*i.test, f);
        expr(*i.body, f);
        expr(*i.orelse, f);
        return;
      }
      case ast::ExprKind::Call: {
        auto& c = *e.as<ast::Call>();
        expr(*c.func, f);
        exprs(c.args, f);
        for (ast::Keyword& k : c.keywords) expr(*k.value, f);
        const ast::Attribute* method = c.func->as<ast::Attribute>();
        c.append_form = method && method->attr == "append" && c.args.size() == 1 &&
                        c.keywords.empty() && !c.starred;
        return;
      }
      case ast::ExprKind::Attribute:
        expr(*e.as<ast::Attribute>()->value, f);
        return;
      case ast::ExprKind::Subscript:
        expr(*e.as<ast::Subscript>()->value, f);
        expr(*e.as<ast::Subscript>()->index, f);
        return;
      case ast::ExprKind::Slice: {
        auto& s = *e.as<ast::Slice>();
        optional(s.lower, f);
        optional(s.upper, f);
        optional(s.step, f);
        return;
      }
      case ast::ExprKind::Starred:
        expr(*e.as<ast::Starred>()->value, f);
        return;
      case ast::ExprKind::Tuple:
        exprs(e.as<ast::Tuple>()->elts, f);
        return;
      case ast::ExprKind::List:
        exprs(e.as<ast::List>()->elts, f);
        return;
      case ast::ExprKind::Dict:
        exprs(e.as<ast::Dict>()->keys, f);
        exprs(e.as<ast::Dict>()->values, f);
        return;
      case ast::ExprKind::ListComp:
        comprehension(*e.as<ast::ListComp>(), f);
        return;
      case ast::ExprKind::Lambda: {
        auto& l = *e.as<ast::Lambda>();
        function(l.params, l.locals, nullptr, l.body.get(), f);
        return;
      }
    }
  }
};

}  // namespace

void resolve_names(ast::Module& m) {
  Resolver().module(m);
}

void resolve_names(ast::Expr& e) {
  Resolver().expression(e);
}

}  // namespace nkic
