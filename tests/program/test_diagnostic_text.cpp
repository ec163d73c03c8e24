// The shared diagnostic text: a compiled program's run-time error and the
// interpreter's diagnostic at the same place must print identically, since
// both go through rt::format_diagnostic_text.
#include <doctest/doctest.h>

#include "frontend/diagnostics.h"
#include "runtime/diagnostic_text.h"

namespace {

namespace rt = nkic::rt;

rt::DiagnosticText placed(std::string_view line_text, int col, int end_col,
                          std::vector<int> ranks) {
  rt::DiagnosticText t;
  t.placed = true;
  t.path = "k.py";
  t.line = 2;
  t.col = col;
  t.end_col = end_col;
  t.line_text = line_text;
  t.message = "bad";
  t.ranks = std::move(ranks);
  return t;
}

std::string frontend_text(const nkic::SourceFile& f, int col, int end_col, std::vector<int> ranks,
                          bool color) {
  nkic::Diagnostic d;
  d.range = nkic::SourceRange{&f, nkic::SourceLoc{2, col}, nkic::SourceLoc{2, end_col}};
  d.message = "bad";
  d.ranks = std::move(ranks);
  return nkic::format_diagnostic(d, color);
}

}  // namespace

TEST_CASE("diagnostic text: the same as the front end's for the same place") {
  nkic::SourceManager sm;
  const auto& f = sm.add("k.py", "a = 1\n\tx = f(\xc3\xa9, y)\n");
  struct Case {
    int col, end_col;
    std::vector<int> ranks;
  };
  for (const Case& c : {Case{2, 3, {}}, Case{6, 12, {1}}, Case{8, 9, {0, 1, 2, 5}}}) {
    for (bool color : {false, true}) {
      CHECK(rt::format_diagnostic_text(placed(f.line(2), c.col, c.end_col, c.ranks), color) ==
            frontend_text(f, c.col, c.end_col, c.ranks, color));
    }
  }
}

TEST_CASE("diagnostic text: caret under a tab-indented, multi-byte line") {
  // col 6 is the byte after "\tx = ": 'f'; the range [6, 12) covers
  // "f(\xc3\xa9, " -- six bytes, five code points: a caret and four tildes.
  CHECK(rt::format_diagnostic_text(placed("\tx = f(\xc3\xa9, y)", 6, 12, {3}), false) ==
        "k.py:2:6: error: bad (rank 3)\n\tx = f(\xc3\xa9, y)\n\t    ^~~~~\n");
}

TEST_CASE("diagnostic text: without a place, or without the line") {
  rt::DiagnosticText t;
  t.message = "cannot read x.npy";
  CHECK(rt::format_diagnostic_text(t, false) == "error: cannot read x.npy\n");
  rt::DiagnosticText p = placed("", 3, 4, {0, 1});
  p.line_text.reset();
  p.is_note = true;
  CHECK(rt::format_diagnostic_text(p, false) == "k.py:2:3: note: bad (ranks 0, 1)\n");
}

TEST_CASE("diagnostic text: rank lists") {
  CHECK(rt::format_ranks({}) == "");
  CHECK(rt::format_ranks({4}) == " (rank 4)");
  CHECK(rt::format_ranks({0, 1}) == " (ranks 0, 1)");
  CHECK(rt::format_ranks({0, 2, 3, 4, 5, 7}) == " (ranks 0, 2-5, 7)");
}

TEST_CASE("diagnostic text: no raw control character reaches the terminal") {
  CHECK(rt::escape_controls("plain 'x' \xc3\xa9") == "plain 'x' \xc3\xa9");
  CHECK(rt::escape_controls(std::string_view("a\nb\tc\rd\0e\x01\x7f", 11)) ==
        "a\\nb\\tc\\rd\\x00e\\x01\\x7f");
  CHECK(rt::escape_controls("c1 \xc2\x9b") == "c1 \\x9b");
  CHECK(rt::escape_controls(rt::escape_controls("a\nb")) == "a\\nb");
  // In the message escaped; in the source line a control picture, one cell,
  // so the caret under the character after it still lines up.
  const std::string line("x = 1\x01y", 7);
  rt::DiagnosticText t = placed(line, 7, 8, {});
  t.message = "bad 'q\n'";
  CHECK(rt::format_diagnostic_text(t, false) ==
        "k.py:2:7: error: bad 'q\\n'\nx = 1\xe2\x90\x81y\n      ^\n");
}
