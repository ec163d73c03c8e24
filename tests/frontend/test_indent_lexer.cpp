// Token-by-token tests of the indentation handling in IndentLexerBase, and
// its errors as reported (with place and caret) through parse_module.
#include <doctest/doctest.h>

#include "NkiLexer.h"
#include "test_helpers.h"

namespace {

using nkic::gen::NkiLexer;

// The token stream as words: structural tokens by name (INDENT and DEDENT
// with their 1-based line:col), the others by their text.
std::string lex(const std::string& text) {
  antlr4::ANTLRInputStream input(text);
  NkiLexer lexer(&input);
  lexer.removeErrorListeners();
  std::string out;
  for (int guard = 0; guard < 1000; ++guard) {
    std::unique_ptr<antlr4::Token> t = lexer.nextToken();
    std::string word;
    const std::string at =
        "@" + std::to_string(t->getLine()) + ":" + std::to_string(t->getCharPositionInLine() + 1);
    switch (t->getType()) {
      case NkiLexer::NEWLINE: word = "NL"; break;
      case NkiLexer::INDENT: word = "INDENT" + at; break;
      case NkiLexer::DEDENT: word = "DEDENT" + at; break;
      case antlr4::Token::EOF: word = "EOF"; break;
      default: word = t->getText();
    }
    out += (out.empty() ? "" : " ") + word;
    if (t->getType() == antlr4::Token::EOF) break;
  }
  return out;
}

}  // namespace

TEST_CASE("lexer: flat statements end with NEWLINE") {
  CHECK(lex("x = 1\ny = 2\n") == "x = 1 NL y = 2 NL EOF");
}

TEST_CASE("lexer: nested blocks") {
  CHECK(lex("if a:\n  b\n  if c:\n    d\n  e\nf\n") ==
        "if a : NL INDENT@2:3 b NL if c : NL INDENT@4:5 d NL DEDENT@5:3 e NL DEDENT@6:1 f NL EOF");
}

TEST_CASE("lexer: dedent of several levels at once") {
  CHECK(lex("if a:\n if b:\n  if c:\n   x\ny\n") ==
        "if a : NL INDENT@2:2 if b : NL INDENT@3:3 if c : NL INDENT@4:4 x NL "
        "DEDENT@5:1 DEDENT@5:1 DEDENT@5:1 y NL EOF");
}

TEST_CASE("lexer: blank and comment-only lines inside blocks are ignored") {
  CHECK(lex("if a:\n\n    # note\n  \n    b  # trailing\n\n        # deeper comment\n    c\n") ==
        "if a : NL INDENT@5:5 b NL c NL DEDENT@9:1 EOF");
}

TEST_CASE("lexer: brackets join lines") {
  CHECK(lex("x = (1,\n       2,\n  3)\ny = [\n]\n") == "x = ( 1 , 2 , 3 ) NL y = [ ] NL EOF");
  CHECK(lex("d = {\n  'a': 1,\n}\n") == "d = { 'a' : 1 , } NL EOF");
}

TEST_CASE("lexer: backslash continuation") {
  CHECK(lex("x = 1 + \\\n    2\ny\n") == "x = 1 + 2 NL y NL EOF");
}

TEST_CASE("lexer: EOF without a final newline") {
  CHECK(lex("x = 1") == "x = 1 NL EOF");
  CHECK(lex("if a:\n  b") == "if a : NL INDENT@2:3 b NL DEDENT@2:4 EOF");
  CHECK(lex("") == "EOF");
  CHECK(lex("\n\n# only a comment") == "EOF");
}

TEST_CASE("lexer: a tab indents to the next multiple of 8") {
  // A tab and eight spaces are the same level when used consistently...
  CHECK(lex("if a:\n\tb\n\tc\n") == "if a : NL INDENT@2:2 b NL c NL DEDENT@4:1 EOF");
  // ...and a tab after spaces still reaches column 8.
  CHECK(lex("if a:\n  \tb\n  \tc\n") == "if a : NL INDENT@2:4 b NL c NL DEDENT@4:1 EOF");
}

TEST_CASE("lexer: strings and numbers are single tokens") {
  CHECK(lex("s = r'\\'' \"a\\\"b\" '''x\n''' 0x_ff 1_000 1. .5 1e-3 ...\n") ==
        "s = r'\\'' \"a\\\"b\" '''x\n''' 0x_ff 1_000 1. .5 1e-3 ... NL EOF");
}

TEST_CASE("indentation errors") {
  using nkic::test::errors_of;
  CHECK(errors_of("if a:\n        b\n    c\n") ==
        "t.py:3:5: error: unindent does not match any outer indentation level\n"
        "    c\n"
        "    ^\n");
  CHECK(errors_of("x = 1\n    y = 2\n") ==
        "t.py:2:5: error: unexpected indent\n"
        "    y = 2\n"
        "    ^\n");
  // A tab is column 8 but only one column to a reader with tab width 1.
  CHECK(errors_of("if a:\n        b\n\tc\n") ==
        "t.py:3:2: error: inconsistent use of tabs and spaces in indentation\n"
        "\tc\n"
        "\t^\n");
  CHECK(errors_of("if a:\n\tif b:\n        c\n") ==
        "t.py:3:9: error: inconsistent use of tabs and spaces in indentation\n"
        "        c\n"
        "        ^\n");
  CHECK(errors_of("if a:\nb\n") ==
        "t.py:2:1: error: expected an indented block\n"
        "b\n"
        "^\n");
}
