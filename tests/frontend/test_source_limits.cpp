// The bounds on what is parsed at all: source bytes (kMaxSourceBytes) and
// tokens (IndentLexerBase::kMaxTokens), for a module and for a single
// expression (a `-a` value, a REPL input) alike, each refused with its
// located diagnostic and no AST.
#include <doctest/doctest.h>

#include <string>

#include "grammar/indent_lexer_base.h"
#include "test_helpers.h"

namespace {

using nkic::IndentLexerBase;
using nkic::kMaxSourceBytes;

std::string expression_errors(const std::string& source) {
  nkic::SourceManager sm;
  const nkic::SourceFile& f = sm.add("t.py", source);
  nkic::DiagnosticSink sink;
  const nkic::ast::ExprPtr e = nkic::parse_expression(f, sink);
  if (e != nullptr) return "parsed";
  std::string text;
  for (const nkic::Diagnostic& d : sink.diagnostics()) text += nkic::format_diagnostic(d, false);
  return text;
}

// `# ` then dashes to `bytes` in all, as one comment line per 100 bytes.
std::string comment_of(size_t bytes) {
  std::string out;
  while (out.size() + 100 <= bytes) out += "# " + std::string(97, '-') + "\n";
  out += "#" + std::string(bytes - out.size() - 1, '-');
  return out;
}

}  // namespace

TEST_CASE("source limits: a text up to kMaxSourceBytes is parsed, one byte more is not") {
  const std::string largest = "x = 1\n" + comment_of(kMaxSourceBytes - 6);
  REQUIRE(largest.size() == kMaxSourceBytes);
  CHECK(nkic::test::parse_text(largest).ok);

  const std::string message =
      "t.py:1:1: error: source is too large (16777217 bytes; the limit is "
      "16777216)\nx = 1\n^\n";
  CHECK(nkic::test::errors_of(largest + "-") == message);
  CHECK(expression_errors(largest + "-") == message);
}

TEST_CASE("source limits: tokens past kMaxTokens are refused where the limit is crossed") {
  static_assert(IndentLexerBase::kMaxTokens == 4'000'000);
  // `[` at column 1, then one column per token: token 4000001 is at column
  // 4000001 (after `x = [`, at column 4000003).
  const std::string list = "[" + [] {
    std::string items;
    for (int i = 0; i < 2'000'000; ++i) items += "1,";
    return items;
  }() + "]";
  const std::string message = "t.py:1:4000001: error: too many tokens (the limit is 4000000)\n";
  CHECK(expression_errors(list) == message);
  CHECK(nkic::test::errors_of("x = " + list + "\n") ==
        "t.py:1:4000003: error: too many tokens (the limit is 4000000)\n");
}

TEST_CASE("source limits: a line too long to quote is not quoted, only placed") {
  const std::string line = "x = " + std::string(5000, '(');
  CHECK(nkic::test::errors_of(line + "\n") == "t.py:1:105: error: too many nested brackets\n");
}
