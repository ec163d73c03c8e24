// Bad source -> the exact diagnostic text: location, message, the source
// line and the caret. One error per case: cascades must not appear.
#include <doctest/doctest.h>

#include "test_helpers.h"

namespace {

struct BadCase {
  const char* source;
  const char* expected;
};

const BadCase kBadCases[] = {
    {"if x\n    y = 1\n", "t.py:1:5: error: expected ':'\nif x\n    ^\n"},
    {"x = (1 +\n", "t.py:1:9: error: unexpected EOF while parsing\nx = (1 +\n        ^\n"},
    {"def f():\nreturn 1\n", "t.py:2:1: error: expected an indented block\nreturn 1\n^~~~~~\n"},
    {"  x = 1\n", "t.py:1:3: error: unexpected indent\n  x = 1\n  ^\n"},
    {"x = 'abc\ny = 2\n", "t.py:1:5: error: unterminated string literal\nx = 'abc\n    ^\n"},
    {"s = \"\"\"doc\n\nmore\n",
     "t.py:1:5: error: unterminated string literal\ns = \"\"\"doc\n    ^\n"},
    {"x = 1 2\n", "t.py:1:7: error: invalid syntax at '2'\nx = 1 2\n      ^\n"},
    {"x = foo bar baz\n",
     "t.py:1:9: error: invalid syntax at 'bar'\nx = foo bar baz\n        ^~~\n"},
    {"x = 99999999999999999999\n",
     "t.py:1:5: error: integer literal too large\nx = 99999999999999999999\n    "
     "^~~~~~~~~~~~~~~~~~~~\n"},
    {"try:\n  pass\n", "t.py:1:1: error: expected 'except' or 'finally' block\ntry:\n^~~\n"},
    {"try:\n  pass\nexcept:\n  pass\nexcept ValueError:\n  pass\n",
     "t.py:3:1: error: default 'except:' must be last\nexcept:\n^~~~~~\n"},
    {"try:\n  pass\nelse:\n  pass\nfinally:\n  pass\n",
     "t.py:3:1: error: 'else' needs an 'except' clause\nelse:\n^~~~\n"},
    {"x = a $ b\n", "t.py:1:7: error: invalid character '$'\nx = a $ b\n      ^\n"},
    {"f(a=1, b)\n",
     "t.py:1:8: error: positional argument follows keyword argument\nf(a=1, b)\n       ^\n"},
    {"f() = 1\n", "t.py:1:1: error: cannot assign to function call\nf() = 1\n^~~\n"},
    {"1 = x\n", "t.py:1:1: error: cannot assign to literal\n1 = x\n^\n"},
    {"a, b += 1\n",
     "t.py:1:1: error: illegal expression for augmented assignment\na, b += 1\n^~~~\n"},
    {"def f(a=1, b): pass\n",
     "t.py:1:12: error: non-default argument follows default argument\ndef f(a=1, b): pass\n"
     "           ^\n"},
    {"def f(a, a): pass\n",
     "t.py:1:10: error: duplicate argument 'a' in function definition\ndef f(a, a): pass\n"
     "         ^\n"},
    {"def f(*): pass\n",
     "t.py:1:7: error: named arguments must follow bare *\ndef f(*): pass\n      ^\n"},
    {"x = b'raw'\n", "t.py:1:5: error: bytes literals are not supported\nx = b'raw'\n    ^~~~~~\n"},
    {"x = f'{}'\n",
     "t.py:1:5: error: f-string: empty expression not allowed\nx = f'{}'\n    ^~~~~\n"},
    {"x = f'{a +}'\n",
     "t.py:1:11: error: unexpected EOF while parsing\nx = f'{a +}'\n          ^\n"},
    {"x = f'{a b}'\n", "t.py:1:10: error: invalid syntax at 'b'\nx = f'{a b}'\n         ^\n"},
    {"x = '\\x4'\n",
     "t.py:1:5: error: invalid \\x escape in string literal\nx = '\\x4'\n    ^~~~~\n"},
    {"x = ]\n", "t.py:1:5: error: invalid syntax at ']'\nx = ]\n    ^\n"},
    // Python constructs the language leaves out say so, located at them.
    {"if (n := 3) > 2:\n    pass\n",
     "t.py:1:7: error: assignment expressions (:=) are not supported\nif (n := 3) > 2:\n"
     "      ^~\n"},
    {"x := 1\n", "t.py:1:3: error: assignment expressions (:=) are not supported\nx := 1\n  ^~\n"},
    {"f(a:=1)\n",
     "t.py:1:4: error: assignment expressions (:=) are not supported\nf(a:=1)\n   ^~\n"},
    {"match x:\n    case 1:\n        pass\n    case _:\n        pass\n",
     "t.py:1:1: error: match statements are not supported\nmatch x:\n^~~~~\n"},
    {"match (x):\n    case 1:\n        pass\n",
     "t.py:1:1: error: match statements are not supported\nmatch (x):\n^~~~~\n"},
    {"s = {1, 2}\n", "t.py:1:5: error: set literals are not supported\ns = {1, 2}\n    ^\n"},
    {"d = {**a for a in b}\n",
     "t.py:1:6: error: dict unpacking cannot be used in dict comprehension\nd = {**a for a in b}\n     ^~~\n"},
    {"s = {1}\n", "t.py:1:5: error: set literals are not supported\ns = {1}\n    ^\n"},
    {"s = {x for x in y}\n",
     "t.py:1:5: error: set comprehensions are not supported\ns = {x for x in y}\n    ^\n"},
    // Not a set: a dict missing a ':' further on.
    {"d = {1: 2, 3}\n",
     "t.py:1:13: error: expected ':' but found '}'\nd = {1: 2, 3}\n            ^\n"},
    {"match x\n", "t.py:1:7: error: invalid syntax at 'x'\nmatch x\n      ^\n"},
    {"x = 1 \\ 2\n",
     "t.py:1:7: error: unexpected character after line continuation character\nx = 1 \\ 2\n      "
     "^\n"},
    {"if a:\n\tx = 1\n\ty = [\n\t  1 2]\n",
     "t.py:4:6: error: invalid syntax at '2'\n\t  1 2]\n\t    ^\n"},
    {"for x in y\n  pass\n", "t.py:1:11: error: expected ':'\nfor x in y\n          ^\n"},
    {"x = 1\ny = (2,\n", "t.py:2:8: error: unexpected EOF while parsing\ny = (2,\n       ^\n"},
    {"import a.\n", "t.py:1:10: error: expected a name\nimport a.\n         ^\n"},
    {"import .a\n", "t.py:1:8: error: expected a name but found '.'\nimport .a\n       ^\n"},
    {"from . import\n",
     "t.py:1:14: error: invalid syntax at end of line\nfrom . import\n             ^\n"},
    {"def kernel(x)\n    return x\n",
     "t.py:1:14: error: expected ':'\ndef kernel(x)\n             ^\n"},
    {"lambda x y: 0\n",
     "t.py:1:10: error: expected ':' but found 'y'\nlambda x y: 0\n         ^\n"},
    {"f(x for x in y, 1)\n",
     "t.py:1:3: error: generator expression must be parenthesized\nf(x for x in y, 1)\n  "
     "^~~~~~~~~~~~\n"},
    {"x = {1: 2, 3}\n",
     "t.py:1:13: error: expected ':' but found '}'\nx = {1: 2, 3}\n            ^\n"},
    {"x = yield 1\n", "t.py:1:5: error: 'yield' is not supported\nx = yield 1\n    ^~~~~\n"},
};

}  // namespace

TEST_CASE("syntax errors: exact diagnostics") {
  for (const BadCase& c : kBadCases) {
    CAPTURE(c.source);
    const nkic::test::ParseOutput out = nkic::test::parse_text(c.source);
    CHECK_FALSE(out.ok);
    CHECK(out.text == c.expected);
  }
}

TEST_CASE("syntax errors: one per line, later lines still reported") {
  CHECK(nkic::test::errors_of("x = 1 2 3 4\ny = )\n") ==
        "t.py:1:7: error: invalid syntax at '2'\nx = 1 2 3 4\n      ^\n"
        "t.py:2:5: error: invalid syntax at ')'\ny = )\n    ^\n");
}

TEST_CASE("syntax errors: no AST is built when there is an error") {
  nkic::SourceManager sm;
  const nkic::SourceFile& f = sm.add("t.py", "x = (\ny = 2\n");
  nkic::DiagnosticSink sink;
  CHECK(nkic::parse_module(f, sink) == nullptr);
  CHECK(sink.error_count() == 1);
}

TEST_CASE("syntax errors: columns count bytes of UTF-8 text") {
  CHECK(nkic::test::errors_of("s = '\xc3\xa9t\xc3\xa9' 1\n") ==
        "t.py:1:13: error: invalid syntax at '1'\ns = '\xc3\xa9t\xc3\xa9' 1\n          ^\n");
  CHECK(nkic::test::errors_of("x = 1\n\xff\n") ==
        "t.py:2:1: error: invalid UTF-8 in source file\n\xff\n^\n");
}

// Statements and expressions are built while the parser runs (and their parse
// tree freed), yet errors must come out as from one build of the whole tree:
// the first in source order, none from an f-string field once an earlier
// mistake stopped the build, none from the builder after a syntax error.
TEST_CASE("syntax errors: parts built while parsing report as one build would") {
  using nkic::test::errors_of;
  CHECK(errors_of("x = [a, 99999999999999999999999, b]\n") ==
        "t.py:1:9: error: integer literal too large\nx = [a, 99999999999999999999999, b]\n"
        "        ^~~~~~~~~~~~~~~~~~~~~~~\n");
  // The parameters are checked before the body is built.
  CHECK(errors_of("def f(a=1, b):\n    x = 99999999999999999999999\n") ==
        "t.py:1:12: error: non-default argument follows default argument\ndef f(a=1, b):\n"
        "           ^\n");
  CHECK(errors_of("def g(a=1, b):\n    return [f\"{1 +}\"]\n") ==
        "t.py:1:12: error: non-default argument follows default argument\ndef g(a=1, b):\n"
        "           ^\n");
  CHECK(errors_of("x = [1, f\"{1 +}\", 99999999999999999999999]\n") ==
        "t.py:1:15: error: unexpected EOF while parsing\n"
        "x = [1, f\"{1 +}\", 99999999999999999999999]\n              ^\n");
  CHECK(errors_of("x = [a for a in 99999999999999999999999 if c]\n") ==
        "t.py:1:17: error: integer literal too large\n"
        "x = [a for a in 99999999999999999999999 if c]\n                ^~~~~~~~~~~~~~~~~~~~~~~\n");
  CHECK(errors_of("def f():\n    x = f\"{1 +}\"\n    y = 99999999999999999999999\nz = (\n") ==
        "t.py:4:6: error: unexpected EOF while parsing\nz = (\n     ^\n");
}
