// print_ast: the AST as an indented S-expression, for tests and --dump-ast.
//
// Each node is `(Kind fields... children...)`. A node whose children are all
// leaves prints on one line; otherwise each child goes on its own line, two
// spaces deeper. Absent optional children print as `_` where their position
// matters (Slice) and are left out where a label says what is there
// (`(returns ...)`, `(orelse ...)`). Strings print in Python's repr style.
//
//   (Module
//     (Assign
//       (Name x)
//       (BinOp + (Constant 1) (Constant 2))))
#include <charconv>
#include <cmath>
#include <cstdio>

#include "frontend/parse.h"

namespace nkic {
namespace {

using namespace ast;

// The printed tree before layout: a head and its children. An atom (a bare
// word such as an operator) prints without parentheses.
struct SNode {
  std::string head;
  std::vector<SNode> kids;
  bool atom = false;

  SNode& add(SNode k) {
    kids.push_back(std::move(k));
    return *this;
  }
  bool leaf() const { return atom || kids.empty(); }
};

SNode node(std::string head) {
  return SNode{std::move(head), {}, false};
}
SNode atom(std::string text) {
  return SNode{std::move(text), {}, true};
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (unsigned char c : s) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '\'':
        out += "\\'";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (c < 0x20 || c == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "'";
}

// Shortest text that reads back as the same double, with a ".0" on integral
// values as Python's repr does.
std::string format_double(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, res.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string constant_text(const Constant& c) {
  struct {
    std::string operator()(NoneValue) const { return "None"; }
    std::string operator()(bool b) const { return b ? "True" : "False"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const { return format_double(d); }
    std::string operator()(const std::string& s) const { return quote(s); }
    std::string operator()(EllipsisValue) const { return "..."; }
  } f;
  return std::visit(f, c.value);
}

const char* unary_symbol(UnaryOpKind op) {
  switch (op) {
    case UnaryOpKind::Neg:
      return "-";
    case UnaryOpKind::Pos:
      return "+";
    case UnaryOpKind::Invert:
      return "~";
    case UnaryOpKind::Not:
      return "not";
  }
  return "?";
}

SNode to_snode(const Expr& e);
SNode to_snode(const Stmt& s);

SNode opt(const ExprPtr& e) {
  return e ? to_snode(*e) : atom("_");
}

SNode labeled(const char* label, const ExprPtr& e) {
  return node(label).add(to_snode(*e));
}

SNode body_node(const char* label, const Body& body) {
  SNode n = node(label);
  for (const StmtPtr& s : body) n.add(to_snode(*s));
  return n;
}

SNode param_node(const Param& p) {
  static const char* const kPrefix[] = {"", "*", "", "**"};
  SNode n = node(std::string(p.kind == ParamKind::KeywordOnly ? "kwonly " : "param ") +
                 kPrefix[static_cast<int>(p.kind)] + p.name);
  if (p.annotation) n.add(labeled("annotation", p.annotation));
  if (p.default_value) n.add(labeled("default", p.default_value));
  return n;
}

SNode params_node(const std::vector<Param>& params) {
  SNode n = node("params");
  for (const Param& p : params) n.add(param_node(p));
  return n;
}

SNode keyword_node(const Keyword& k) {
  return node("keyword " + (k.name.empty() ? std::string("**") : k.name)).add(to_snode(*k.value));
}

SNode fstring_node(const FString& f) {
  SNode n = node("FString");
  for (const auto& part : f.parts) {
    if (const auto* text = std::get_if<std::string>(&part)) {
      n.add(atom(quote(*text)));
      continue;
    }
    const auto& field = std::get<FStringField>(part);
    SNode fn = node("field");
    fn.add(to_snode(*field.value));
    if (field.conversion != 0) fn.add(atom(std::string("!") + field.conversion));
    if (!field.format_spec.empty()) fn.add(atom(":" + quote(field.format_spec)));
    for (const ExprPtr& nested : field.spec_fields) fn.add(node("spec").add(to_snode(*nested)));
    n.add(std::move(fn));
  }
  return n;
}

SNode comprehension_node(const Comprehension& c) {
  SNode n = node("for");
  n.add(to_snode(*c.target)).add(to_snode(*c.iter));
  for (const ExprPtr& cond : c.ifs) n.add(labeled("if", cond));
  return n;
}

SNode expr_node(const Name& e) {
  return node("Name " + e.id);
}
SNode expr_node(const Constant& e) {
  return node("Constant " + constant_text(e));
}
SNode expr_node(const FString& e) {
  return fstring_node(e);
}
SNode expr_node(const UnaryOp& e) {
  return node(std::string("UnaryOp ") + unary_symbol(e.op)).add(to_snode(*e.operand));
}
SNode expr_node(const BinOp& e) {
  return node(std::string("BinOp ") + op_symbol(e.op))
      .add(to_snode(*e.left))
      .add(to_snode(*e.right));
}
SNode expr_node(const BoolOp& e) {
  SNode n = node(e.op == BoolOpKind::And ? "BoolOp and" : "BoolOp or");
  for (const ExprPtr& v : e.values) n.add(to_snode(*v));
  return n;
}
SNode expr_node(const Compare& e) {
  SNode n = node("Compare");
  n.add(to_snode(*e.left));
  for (size_t i = 0; i < e.ops.size(); ++i) {
    n.add(atom(op_symbol(e.ops[i]))).add(to_snode(*e.comparators[i]));
  }
  return n;
}
SNode expr_node(const IfExp& e) {
  return node("IfExp").add(to_snode(*e.test)).add(to_snode(*e.body)).add(to_snode(*e.orelse));
}
SNode expr_node(const Call& e) {
  SNode n = node("Call");
  n.add(to_snode(*e.func));
  for (const ExprPtr& a : e.args) n.add(to_snode(*a));
  for (const Keyword& k : e.keywords) n.add(keyword_node(k));
  return n;
}
SNode expr_node(const Attribute& e) {
  return node("Attribute").add(to_snode(*e.value)).add(atom(e.attr));
}
SNode expr_node(const Subscript& e) {
  return node("Subscript").add(to_snode(*e.value)).add(to_snode(*e.index));
}
SNode expr_node(const Slice& e) {
  return node("Slice").add(opt(e.lower)).add(opt(e.upper)).add(opt(e.step));
}
SNode expr_node(const Starred& e) {
  return node("Starred").add(to_snode(*e.value));
}
SNode expr_node(const Tuple& e) {
  SNode n = node("Tuple");
  for (const ExprPtr& v : e.elts) n.add(to_snode(*v));
  return n;
}
SNode expr_node(const List& e) {
  SNode n = node("List");
  for (const ExprPtr& v : e.elts) n.add(to_snode(*v));
  return n;
}
SNode expr_node(const Dict& e) {
  SNode n = node("Dict");
  for (size_t i = 0; i < e.keys.size(); ++i) {
    SNode item = node("item");
    item.add(e.keys[i] ? to_snode(*e.keys[i]) : atom("**")).add(to_snode(*e.values[i]));
    n.add(std::move(item));
  }
  return n;
}
SNode expr_node(const ListComp& e) {
  SNode n = node(e.key ? "DictComp" : "ListComp");
  if (e.key) n.add(to_snode(*e.key));
  n.add(to_snode(*e.elt));
  for (const Comprehension& c : e.generators) n.add(comprehension_node(c));
  return n;
}
SNode expr_node(const Lambda& e) {
  return node("Lambda").add(params_node(e.params)).add(to_snode(*e.body));
}

SNode to_snode(const Expr& e) {
  return visit(e, [](const auto& n) { return expr_node(n); });
}

std::string dotted_alias(const ImportAlias& a) {
  return a.asname.empty() ? a.name : a.name + " as " + a.asname;
}

SNode names_node(const char* head, const std::vector<std::string>& names) {
  SNode n = node(head);
  for (const std::string& name : names) n.add(atom(name));
  return n;
}

SNode stmt_node(const ExprStmt& s) {
  return node("ExprStmt").add(to_snode(*s.value));
}
SNode stmt_node(const Assign& s) {
  SNode n = node("Assign");
  for (const ExprPtr& t : s.targets) n.add(to_snode(*t));
  return n.add(to_snode(*s.value));
}
SNode stmt_node(const AugAssign& s) {
  return node(std::string("AugAssign ") + op_symbol(s.op) + "=")
      .add(to_snode(*s.target))
      .add(to_snode(*s.value));
}
SNode stmt_node(const AnnAssign& s) {
  SNode n = node("AnnAssign");
  n.add(to_snode(*s.target)).add(to_snode(*s.annotation));
  if (s.value) n.add(to_snode(*s.value));
  return n;
}
SNode stmt_node(const If& s) {
  SNode n = node("If");
  n.add(to_snode(*s.test)).add(body_node("body", s.body));
  if (!s.orelse.empty()) n.add(body_node("orelse", s.orelse));
  return n;
}
SNode stmt_node(const For& s) {
  SNode n = node("For");
  n.add(to_snode(*s.target)).add(to_snode(*s.iter)).add(body_node("body", s.body));
  if (!s.orelse.empty()) n.add(body_node("orelse", s.orelse));
  return n;
}
SNode stmt_node(const While& s) {
  SNode n = node("While");
  n.add(to_snode(*s.test)).add(body_node("body", s.body));
  if (!s.orelse.empty()) n.add(body_node("orelse", s.orelse));
  return n;
}
SNode stmt_node(const Break&) {
  return node("Break");
}
SNode stmt_node(const Continue&) {
  return node("Continue");
}
SNode stmt_node(const Pass&) {
  return node("Pass");
}
SNode stmt_node(const Return& s) {
  SNode n = node("Return");
  if (s.value) n.add(to_snode(*s.value));
  return n;
}
SNode stmt_node(const Assert& s) {
  SNode n = node("Assert");
  n.add(to_snode(*s.test));
  if (s.msg) n.add(to_snode(*s.msg));
  return n;
}
SNode stmt_node(const Raise& s) {
  SNode n = node("Raise");
  if (s.exc) n.add(to_snode(*s.exc));
  if (s.cause) n.add(node("from").add(to_snode(*s.cause)));
  return n;
}
SNode stmt_node(const Try& s) {
  SNode n = node("Try");
  n.add(body_node("body", s.body));
  for (const ExceptHandler& h : s.handlers) {
    SNode e = node("except");
    if (h.type) e.add(to_snode(*h.type));
    if (!h.name.empty()) e.add(node("as").add(atom(h.name)));
    n.add(e.add(body_node("body", h.body)));
  }
  if (!s.orelse.empty()) n.add(body_node("orelse", s.orelse));
  if (!s.finalbody.empty()) n.add(body_node("finally", s.finalbody));
  return n;
}
SNode stmt_node(const Global& s) {
  return names_node("Global", s.names);
}
SNode stmt_node(const Nonlocal& s) {
  return names_node("Nonlocal", s.names);
}
SNode stmt_node(const Del& s) {
  SNode n = node("Del");
  for (const ExprPtr& t : s.targets) n.add(to_snode(*t));
  return n;
}
SNode decorators_node(const ExprList& decorators) {
  SNode n = node("decorators");
  for (const ExprPtr& d : decorators) n.add(to_snode(*d));
  return n;
}
SNode stmt_node(const FunctionDef& s) {
  SNode n = node("FunctionDef " + s.name);
  if (!s.decorators.empty()) n.add(decorators_node(s.decorators));
  n.add(params_node(s.params));
  if (s.returns) n.add(labeled("returns", s.returns));
  if (s.docstring) n.add(node("docstring").add(atom(quote(*s.docstring))));
  return n.add(body_node("body", s.body));
}
SNode stmt_node(const ClassDef& s) {
  SNode n = node("ClassDef " + s.name);
  if (!s.decorators.empty()) n.add(decorators_node(s.decorators));
  if (!s.bases.empty()) {
    SNode bases = node("bases");
    for (const ExprPtr& b : s.bases) bases.add(to_snode(*b));
    n.add(std::move(bases));
  }
  return n.add(body_node("body", s.body));
}
SNode stmt_node(const Import& s) {
  SNode n = node("Import");
  for (const ImportAlias& a : s.names) n.add(node("alias " + dotted_alias(a)));
  return n;
}
SNode stmt_node(const ImportFrom& s) {
  SNode n = node("ImportFrom " + std::string(static_cast<size_t>(s.level), '.') + s.module);
  for (const ImportAlias& a : s.names) n.add(node("alias " + dotted_alias(a)));
  return n;
}

SNode to_snode(const Stmt& s) {
  return visit(s, [](const auto& n) { return stmt_node(n); });
}

void render(const SNode& n, int indent, std::string& out) {
  if (n.atom) {
    out += n.head;
    return;
  }
  out += "(" + n.head;
  bool inline_kids = true;
  for (const SNode& k : n.kids) inline_kids = inline_kids && k.leaf();
  for (const SNode& k : n.kids) {
    if (inline_kids) {
      out += " ";
    } else {
      out += "\n" + std::string(static_cast<size_t>(indent + 2), ' ');
    }
    render(k, indent + 2, out);
  }
  out += ")";
}

std::string render(const SNode& n) {
  std::string out;
  render(n, 0, out);
  return out + "\n";
}

}  // namespace

std::string print_ast(const ast::Module& m) {
  SNode n = node("Module");
  if (m.docstring) n.add(node("docstring").add(atom(quote(*m.docstring))));
  for (const StmtPtr& s : m.body) n.add(to_snode(*s));
  return render(n);
}

std::string print_ast(const ast::Expr& e) {
  return render(to_snode(e));
}

}  // namespace nkic
