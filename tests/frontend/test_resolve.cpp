// The resolver: each function's, lambda's and comprehension's numbered
// locals and where each name is read from, written out as text by a walk
// over the node kinds the cases use.
#include <doctest/doctest.h>

#include <string>

#include "frontend/parse.h"

namespace {

using namespace nkic;

struct Dump {
  std::string out;

  void locals(const std::string& what, const ast::Locals& names) {
    out += what + " locals:";
    for (const std::string& n : names) out += " " + n;
    out += "\n";
  }
  void name(const ast::Name& n) {
    out += n.id + "@" + std::to_string(n.range.begin.line) + " ";
    switch (n.scope) {
      case ast::NameScope::dynamic:
        out += "dynamic\n";
        return;
      case ast::NameScope::global:
        out += "global\n";
        return;
      case ast::NameScope::local:
        out += "local " + std::to_string(n.hops) + "." + std::to_string(n.slot) + "\n";
        return;
    }
  }
  void expr(const ast::Expr& e) {
    if (auto n = e.as<ast::Name>()) {
      name(*n);
    } else if (auto b = e.as<ast::BinOp>()) {
      expr(*b->left);
      expr(*b->right);
    } else if (auto c = e.as<ast::Call>()) {
      expr(*c->func);
      for (const ast::ExprPtr& a : c->args) expr(*a);
    } else if (auto l = e.as<ast::ListComp>()) {
      locals("comprehension", l->locals);
      for (const ast::Comprehension& g : l->generators) {
        expr(*g.target);
        expr(*g.iter);
      }
      expr(*l->elt);
    } else if (auto l = e.as<ast::Lambda>()) {
      locals("lambda", l->locals);
      expr(*l->body);
    } else if (auto a = e.as<ast::Attribute>()) {
      expr(*a->value);
    }
  }
  void body(const ast::Body& stmts) {
    for (const ast::StmtPtr& s : stmts) {
      if (auto d = s->as<ast::FunctionDef>()) {
        locals(d->name, d->locals);
        body(d->body);
      } else if (auto c = s->as<ast::ClassDef>()) {
        body(c->body);
      } else if (auto a = s->as<ast::Assign>()) {
        for (const ast::ExprPtr& t : a->targets) expr(*t);
        expr(*a->value);
      } else if (auto r = s->as<ast::Return>()) {
        expr(*r->value);
      } else if (auto x = s->as<ast::ExprStmt>()) {
        expr(*x->value);
      }
    }
  }
};

std::string resolved(const std::string& source) {
  SourceManager sm;
  const SourceFile& f = sm.add("t.py", source);
  DiagnosticSink sink;
  std::unique_ptr<ast::Module> m = parse_module(f, sink);
  REQUIRE(m);
  Dump d;
  d.body(m->body);
  return d.out;
}

TEST_CASE("parameters come first, then the names the body binds, less global and nonlocal ones") {
  CHECK(resolved(R"(def f(a, b):
    c = a
    global g
    g = 1
    def h():
        nonlocal c
        c = c + b + g + len
        return c
    return h
)") == R"(f locals: a b c h
c@2 local 0.2
a@2 local 0.0
g@4 global
h locals:
c@7 local 1.2
c@7 local 1.2
b@7 local 1.1
g@7 global
len@7 global
c@8 local 1.2
h@9 local 0.3
)");
}

TEST_CASE("a comprehension numbers its targets, a lambda its parameters") {
  CHECK(resolved(R"(def f(xs, k):
    return [x + k for x in xs]
y = [lambda v: v * y for y in range(3)]
)") == R"(f locals: xs k
comprehension locals: x
x@2 local 0.0
xs@2 local 1.0
x@2 local 0.0
k@2 local 1.1
y@3 global
comprehension locals: y
y@3 local 0.0
range@3 global
lambda locals: v
v@3 local 0.0
y@3 local 1.0
)");
}

TEST_CASE("names in a class body, and names read through it that it binds, are dynamic") {
  CHECK(resolved(R"(def outer(v, w):
    class K:
        size = v
        w = 2
        def m(self):
            return self.size + v + w
    return K
)") == R"(outer locals: v w K
size@3 dynamic
v@3 dynamic
w@4 dynamic
m locals: self
self@6 local 0.0
v@6 local 2.0
w@6 dynamic
K@7 local 0.2
)");
}

TEST_CASE(
    "a star import leaves its scope's names dynamic, and a standalone expression reads globals") {
  CHECK(resolved(R"(def f():
    from m import *
    return g(x)
)") == R"(f locals:
g@3 dynamic
x@3 dynamic
)");
  SourceManager sm;
  DiagnosticSink sink;
  ast::ExprPtr e = parse_expression(sm.add("t.py", "(lambda q: q + z)(n)"), sink);
  REQUIRE(e);
  Dump d;
  d.expr(*e);
  CHECK(d.out == "lambda locals: q\nq@1 local 0.0\nz@1 global\nn@1 global\n");
}

}  // namespace
