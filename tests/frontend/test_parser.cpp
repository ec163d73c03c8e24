// Source -> printed AST tables: every node kind, Python's precedence and
// associativity, literals, and the statement forms of SPEC section 1.
// Expected trees are written from Python's grammar (cross-checked against
// CPython's own `ast` module for the precedence cases).
#include <doctest/doctest.h>

#include "test_helpers.h"

namespace {

struct Case {
  const char* source;
  const char* expected;
};

// The printed AST of one expression, parsed with parse_expression.
std::string expr_ast(const std::string& source) {
  nkic::SourceManager sm;
  const nkic::SourceFile& f = sm.add("t.py", source);
  nkic::DiagnosticSink sink;
  nkic::ast::ExprPtr e = nkic::parse_expression(f, sink);
  if (!e) {
    std::string out;
    for (const auto& d : sink.diagnostics()) out += nkic::format_diagnostic(d, false);
    return out;
  }
  return nkic::print_ast(*e);
}

const Case kExprCases[] = {
    {"x", "(Name x)\n"},
    {"-2**2", "(UnaryOp -\n  (BinOp ** (Constant 2) (Constant 2)))\n"},
    {"2**-1", "(BinOp **\n  (Constant 2)\n  (UnaryOp - (Constant 1)))\n"},
    {"2**3**2", "(BinOp **\n  (Constant 2)\n  (BinOp ** (Constant 3) (Constant 2)))\n"},
    {"a-b-c", "(BinOp -\n  (BinOp - (Name a) (Name b))\n  (Name c))\n"},
    {"a+b*c", "(BinOp +\n  (Name a)\n  (BinOp * (Name b) (Name c)))\n"},
    {"(a+b)*c", "(BinOp *\n  (BinOp + (Name a) (Name b))\n  (Name c))\n"},
    {"a // b % c @ d / e",
     "(BinOp /\n  (BinOp @\n    (BinOp %\n      (BinOp // (Name a) (Name b))\n      (Name c))\n"
     "    (Name d))\n  (Name e))\n"},
    {"a | b ^ c & d << 1 >> 2",
     "(BinOp |\n  (Name a)\n  (BinOp ^\n    (Name b)\n    (BinOp &\n      (Name c)\n"
     "      (BinOp >>\n        (BinOp << (Name d) (Constant 1))\n        (Constant 2)))))\n"},
    {"~x + +y", "(BinOp +\n  (UnaryOp ~ (Name x))\n  (UnaryOp + (Name y)))\n"},
    {"not a == b", "(UnaryOp not\n  (Compare (Name a) == (Name b)))\n"},
    {"not a and b", "(BoolOp and\n  (UnaryOp not (Name a))\n  (Name b))\n"},
    {"a or b and c or d",
     "(BoolOp or\n  (Name a)\n  (BoolOp and (Name b) (Name c))\n  (Name d))\n"},
    {"a and b and c", "(BoolOp and (Name a) (Name b) (Name c))\n"},
    {"a < b <= c != d", "(Compare (Name a) < (Name b) <= (Name c) != (Name d))\n"},
    {"a not in b", "(Compare (Name a) not in (Name b))\n"},
    {"a is not None", "(Compare (Name a) is not (Constant None))\n"},
    {"a in b is c > d", "(Compare (Name a) in (Name b) is (Name c) > (Name d))\n"},
    {"a if b else c if d else e",
     "(IfExp\n  (Name b)\n  (Name a)\n  (IfExp (Name d) (Name c) (Name e)))\n"},
    {"lambda: 0", "(Lambda (params) (Constant 0))\n"},
    {"lambda x, y=1, *a, k, **kw: x",
     "(Lambda\n  (params\n    (param x)\n    (param y\n      (default (Constant 1)))\n"
     "    (param *a)\n    (kwonly k)\n    (param **kw))\n  (Name x))\n"},
    {"f(a, *b, k=c, **d)",
     "(Call\n  (Name f)\n  (Name a)\n  (Starred (Name b))\n  (keyword k (Name c))\n"
     "  (keyword ** (Name d)))\n"},
    {"f()", "(Call (Name f))\n"},
    {"nl.ndarray((4, 8), dtype=nl.float32)",
     "(Call\n  (Attribute (Name nl) ndarray)\n  (Tuple (Constant 4) (Constant 8))\n"
     "  (keyword dtype\n    (Attribute (Name nl) float32)))\n"},
    {"x[i]", "(Subscript (Name x) (Name i))\n"},
    {"x[a, 1:2]",
     "(Subscript\n  (Name x)\n  (Tuple\n    (Name a)\n    (Slice (Constant 1) (Constant 2) _)))\n"},
    {"x[::2]", "(Subscript\n  (Name x)\n  (Slice _ _ (Constant 2)))\n"},
    {"x[a:b:c]", "(Subscript\n  (Name x)\n  (Slice (Name a) (Name b) (Name c)))\n"},
    {"x[:]", "(Subscript\n  (Name x)\n  (Slice _ _ _))\n"},
    {"x[..., 0]", "(Subscript\n  (Name x)\n  (Tuple (Constant ...) (Constant 0)))\n"},
    {"x[i,]", "(Subscript\n  (Name x)\n  (Tuple (Name i)))\n"},
    {"a.b.c(d)[e]",
     "(Subscript\n  (Call\n    (Attribute\n      (Attribute (Name a) b)\n      c)\n    (Name d))\n"
     "  (Name e))\n"},
    {"(1,)", "(Tuple (Constant 1))\n"},
    {"()", "(Tuple)\n"},
    {"(1)", "(Constant 1)\n"},
    {"[]", "(List)\n"},
    {"[1, *x]", "(List\n  (Constant 1)\n  (Starred (Name x)))\n"},
    {"{}", "(Dict)\n"},
    {"{'a': 1, **d}",
     "(Dict\n  (item (Constant 'a') (Constant 1))\n  (item ** (Name d)))\n"},
    {"[x for x in y]", "(ListComp\n  (Name x)\n  (for (Name x) (Name y)))\n"},
    {"{k: v for k, v in y}",
     "(DictComp\n  (Name k)\n  (Name v)\n  (for\n    (Tuple (Name k) (Name v))\n    (Name y)))\n"},
    {"[[i, j] for i in a if i > 0 if i < 9 for j in b]",
     "(ListComp\n  (List (Name i) (Name j))\n  (for\n    (Name i)\n    (Name a)\n"
     "    (if\n      (Compare (Name i) > (Constant 0)))\n    (if\n      (Compare (Name i) < (Constant 9))))\n"
     "  (for (Name j) (Name b)))\n"},
    {"[[c for c in r] for r in m]",
     "(ListComp\n  (ListComp\n    (Name c)\n    (for (Name c) (Name r)))\n  (for (Name r) (Name m)))\n"},
    {"[a for a, b in z]", "(ListComp\n  (Name a)\n  (for\n    (Tuple (Name a) (Name b))\n    (Name z)))\n"},
    {"sum(x for x in y)", "(Call\n  (Name sum)\n  (ListComp\n    (Name x)\n    (for (Name x) (Name y))))\n"},
    {"True, False, None, ...",
     "(Tuple (Constant True) (Constant False) (Constant None) (Constant ...))\n"},
};

const Case kLiteralCases[] = {
    {"0", "(Constant 0)\n"},
    {"1_000_000", "(Constant 1000000)\n"},
    {"0x_Ff", "(Constant 255)\n"},
    {"0o17", "(Constant 15)\n"},
    {"0b1010", "(Constant 10)\n"},
    {"9223372036854775807", "(Constant 9223372036854775807)\n"},
    {"1.", "(Constant 1.0)\n"},
    {".5", "(Constant 0.5)\n"},
    {"1e-3", "(Constant 0.001)\n"},
    {"2.5E+2", "(Constant 250.0)\n"},
    {"1_0.2_5", "(Constant 10.25)\n"},
    {"'a'", "(Constant 'a')\n"},
    {"\"it's\"", "(Constant 'it\\'s')\n"},
    {"'''a\nb'''", "(Constant 'a\\nb')\n"},
    {"\"\"\"x\"y\"\"\"", "(Constant 'x\"y')\n"},
    {"'\\t\\x41\\u00e9\\101\\q'", "(Constant '\\tA\xc3\xa9" "A\\\\q')\n"},
    {"r'\\n'", "(Constant '\\\\n')\n"},
    {"'a' \"b\"\n'c'", "(Constant 'abc')\n"},
    {"f'x={x}'", "(FString\n  'x='\n  (field (Name x)))\n"},
    {"f'{a!r:>4}{{b}}'", "(FString\n  (field (Name a) !r :'>4')\n  '{b}')\n"},
    {"f'{ d[\"k\"] + 1 }'",
     "(FString\n  (field\n    (BinOp +\n      (Subscript (Name d) (Constant 'k'))\n      (Constant 1))))\n"},
    {"'a' f'{b}' 'c'", "(FString\n  'a'\n  (field (Name b))\n  'c')\n"},
};

const Case kStmtCases[] = {
    {"x = 1\n", "(Module\n  (Assign (Name x) (Constant 1)))\n"},
    {"a = b = 2\n", "(Module\n  (Assign (Name a) (Name b) (Constant 2)))\n"},
    {"_, h, w = t.shape\n",
     "(Module\n  (Assign\n    (Tuple (Name _) (Name h) (Name w))\n    (Attribute (Name t) shape)))\n"},
    {"a, *b = c\n",
     "(Module\n  (Assign\n    (Tuple\n      (Name a)\n      (Starred (Name b)))\n    (Name c)))\n"},
    {"[a, b] = c\n", "(Module\n  (Assign\n    (List (Name a) (Name b))\n    (Name c)))\n"},
    {"x[0].y = 1\n",
     "(Module\n  (Assign\n    (Attribute\n      (Subscript (Name x) (Constant 0))\n      y)\n    (Constant 1)))\n"},
    {"x: int = 1\ny: float\n",
     "(Module\n  (AnnAssign (Name x) (Name int) (Constant 1))\n  (AnnAssign (Name y) (Name float)))\n"},
    {"a += 1\na -= 1\na *= 1\na @= 1\na /= 1\na //= 1\na %= 1\na **= 1\n"
     "a <<= 1\na >>= 1\na &= 1\na |= 1\na ^= 1\n",
     "(Module\n  (AugAssign += (Name a) (Constant 1))\n  (AugAssign -= (Name a) (Constant 1))\n"
     "  (AugAssign *= (Name a) (Constant 1))\n  (AugAssign @= (Name a) (Constant 1))\n"
     "  (AugAssign /= (Name a) (Constant 1))\n  (AugAssign //= (Name a) (Constant 1))\n"
     "  (AugAssign %= (Name a) (Constant 1))\n  (AugAssign **= (Name a) (Constant 1))\n"
     "  (AugAssign <<= (Name a) (Constant 1))\n  (AugAssign >>= (Name a) (Constant 1))\n"
     "  (AugAssign &= (Name a) (Constant 1))\n  (AugAssign |= (Name a) (Constant 1))\n"
     "  (AugAssign ^= (Name a) (Constant 1)))\n"},
    {"if a:\n  pass\nelif b:\n  break\nelse:\n  continue\n",
     "(Module\n  (If\n    (Name a)\n    (body (Pass))\n    (orelse\n      (If\n        (Name b)\n"
     "        (body (Break))\n        (orelse (Continue))))))\n"},
    {"for i, x in enumerate(xs):\n  f(x)\nelse:\n  g()\n",
     "(Module\n  (For\n    (Tuple (Name i) (Name x))\n    (Call (Name enumerate) (Name xs))\n"
     "    (body\n      (ExprStmt\n        (Call (Name f) (Name x))))\n    (orelse\n      (ExprStmt\n"
     "        (Call (Name g))))))\n"},
    {"while x: x -= 1\n",
     "(Module\n  (While\n    (Name x)\n    (body\n      (AugAssign -= (Name x) (Constant 1)))))\n"},
    {"def f(): return\n",
     "(Module\n  (FunctionDef f\n    (params)\n    (body (Return))))\n"},
    {"def f(a, *, k=1):\n  return a, k\n",
     "(Module\n  (FunctionDef f\n    (params\n      (param a)\n      (param *)\n      (kwonly k\n"
     "        (default (Constant 1))))\n    (body\n      (Return\n        (Tuple (Name a) (Name k))))))\n"},
    {"@nki.jit\n@nki.jit(mode='x')\ndef k(): pass\n",
     "(Module\n  (FunctionDef k\n    (decorators\n      (Attribute (Name nki) jit)\n      (Call\n"
     "        (Attribute (Name nki) jit)\n        (keyword mode (Constant 'x'))))\n    (params)\n"
     "    (body (Pass))))\n"},
    {"def outer():\n  x = 1\n  def inner():\n    nonlocal x\n    global g\n    x = 2\n",
     "(Module\n  (FunctionDef outer\n    (params)\n    (body\n      (Assign (Name x) (Constant 1))\n"
     "      (FunctionDef inner\n        (params)\n        (body\n          (Nonlocal x)\n"
     "          (Global g)\n          (Assign (Name x) (Constant 2)))))))\n"},
    {"class C(Enum):\n  A = 1\n",
     "(Module\n  (ClassDef C\n    (bases (Name Enum))\n    (body\n      (Assign (Name A) (Constant 1)))))\n"},
    {"@dataclass\nclass D: pass\n",
     "(Module\n  (ClassDef D\n    (decorators (Name dataclass))\n    (body (Pass))))\n"},
    {"import a.b as c, d\n", "(Module\n  (Import (alias a.b as c) (alias d)))\n"},
    {"from a.b import (c, d as e,)\nfrom m import *\n",
     "(Module\n  (ImportFrom a.b (alias c) (alias d as e))\n  (ImportFrom m (alias *)))\n"},
    // Relative imports: the level is the number of leading dots, `...` one token of three.
    {"from . import m\n", "(Module\n  (ImportFrom . (alias m)))\n"},
    {"from .m import x\n", "(Module\n  (ImportFrom .m (alias x)))\n"},
    {"from ..a.b import y\n", "(Module\n  (ImportFrom ..a.b (alias y)))\n"},
    {"from ...core.x import *\n", "(Module\n  (ImportFrom ...core.x (alias *)))\n"},
    {"from . import (a, b as c)\n", "(Module\n  (ImportFrom . (alias a) (alias b as c)))\n"},
    {"from .... import z\n", "(Module\n  (ImportFrom .... (alias z)))\n"},
    {"from .. import *\n", "(Module\n  (ImportFrom .. (alias *)))\n"},
    {"from . . m import x\n", "(Module\n  (ImportFrom ..m (alias x)))\n"},
    {"assert x, 'msg'\nassert y\n",
     "(Module\n  (Assert (Name x) (Constant 'msg'))\n  (Assert (Name y)))\n"},
    {"raise ValueError('v')\nraise\n",
     "(Module\n  (Raise\n    (Call (Name ValueError) (Constant 'v')))\n  (Raise))\n"},
    {"del a, b[0]\n", "(Module\n  (Del\n    (Name a)\n    (Subscript (Name b) (Constant 0))))\n"},
    {"x = 1; y = 2;\n",
     "(Module\n  (Assign (Name x) (Constant 1))\n  (Assign (Name y) (Constant 2)))\n"},
    {"'''Module doc.'''\nx = 1\n",
     "(Module\n  (docstring 'Module doc.')\n  (ExprStmt (Constant 'Module doc.'))\n"
     "  (Assign (Name x) (Constant 1)))\n"},
    {"x = (1 +\n     2)  # comment\n",
     "(Module\n  (Assign\n    (Name x)\n    (BinOp + (Constant 1) (Constant 2))))\n"},
    {"x = 1 + \\\n    2\n",
     "(Module\n  (Assign\n    (Name x)\n    (BinOp + (Constant 1) (Constant 2))))\n"},
    {"", "(Module)\n"},
};

}  // namespace

TEST_CASE("parser: expressions") {
  for (const Case& c : kExprCases) {
    CAPTURE(c.source);
    CHECK(expr_ast(c.source) == c.expected);
  }
}

TEST_CASE("parser: literals") {
  for (const Case& c : kLiteralCases) {
    CAPTURE(c.source);
    CHECK(expr_ast(c.source) == c.expected);
  }
}

TEST_CASE("parser: statements") {
  for (const Case& c : kStmtCases) {
    CAPTURE(c.source);
    CHECK(nkic::test::ast_of(c.source) == c.expected);
  }
}

TEST_CASE("parser: node ranges") {
  nkic::SourceManager sm;
  const nkic::SourceFile& f = sm.add("t.py", "def k(a):\n    y = f(a)[1:2]\n    s = f'{a + 1}'\n");
  nkic::DiagnosticSink sink;
  auto m = nkic::parse_module(f, sink);
  REQUIRE(m != nullptr);
  const auto* def = m->body[0]->as<nkic::ast::FunctionDef>();
  REQUIRE(def != nullptr);
  CHECK(def->name_range.begin.line == 1);
  CHECK(def->name_range.begin.col == 5);
  CHECK(def->name_range.end.col == 6);
  const auto* assign = def->body[0]->as<nkic::ast::Assign>();
  REQUIRE(assign != nullptr);
  const nkic::SourceRange r = assign->value->range;  // f(a)[1:2]
  CHECK(r.file == &f);
  CHECK(r.begin.line == 2);
  CHECK(r.begin.col == 9);
  CHECK(r.end.col == 18);
  // The f-string field's expression points into the real line.
  const auto* fs = def->body[1]->as<nkic::ast::Assign>()->value->as<nkic::ast::FString>();
  REQUIRE(fs != nullptr);
  const auto& field = std::get<nkic::ast::FStringField>(fs->parts[0]);
  CHECK(field.value->range.begin.line == 3);
  CHECK(field.value->range.begin.col == 12);
  CHECK(field.value->range.end.col == 17);
}
