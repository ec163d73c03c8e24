// Diagnostic formatting: location, source line, caret and tildes, tabs,
// ranks, notes, colour, errors without a place, and the sink's cap.
#include <doctest/doctest.h>

#include <sstream>

#include "frontend/diagnostics.h"

namespace {

using nkic::Diagnostic;
using nkic::SourceLoc;
using nkic::SourceRange;

Diagnostic at(const nkic::SourceFile& f, int line, int col, int end_line, int end_col,
              std::string msg) {
  Diagnostic d;
  d.range = SourceRange{&f, SourceLoc{line, col}, SourceLoc{end_line, end_col}};
  d.message = std::move(msg);
  return d;
}

}  // namespace

TEST_CASE("diagnostic: caret and tildes under a one-line range") {
  nkic::SourceManager sm;
  const auto& f = sm.add("k.py", "a = 1\n  x = foo(y)\n");
  CHECK(nkic::format_diagnostic(at(f, 2, 7, 2, 13, "bad call"), false) ==
        "k.py:2:7: error: bad call\n  x = foo(y)\n      ^~~~~~\n");
  // A one-character range has no tilde; a range ending on a later line neither.
  CHECK(nkic::format_diagnostic(at(f, 1, 1, 1, 2, "m"), false) == "k.py:1:1: error: m\na = 1\n^\n");
  CHECK(nkic::format_diagnostic(at(f, 1, 5, 2, 3, "m"), false) == "k.py:1:5: error: m\na = 1\n    ^\n");
}

TEST_CASE("diagnostic: tabs are copied so the caret lines up") {
  nkic::SourceManager sm;
  const auto& f = sm.add("k.py", "if a:\n\t\tx = y\n");
  CHECK(nkic::format_diagnostic(at(f, 2, 7, 2, 8, "m"), false) ==
        "k.py:2:7: error: m\n\t\tx = y\n\t\t    ^\n");
}

TEST_CASE("diagnostic: ranks") {
  nkic::SourceManager sm;
  const auto& f = sm.add("k.py", "x\n");
  Diagnostic d = at(f, 1, 1, 1, 2, "mismatch");
  const std::pair<std::vector<int>, const char*> cases[] = {
      {{3}, " (rank 3)"},
      {{0, 1}, " (ranks 0, 1)"},
      {{0, 1, 2}, " (ranks 0-2)"},
      {{0, 1, 2, 3, 4, 5, 6, 7}, " (ranks 0-7)"},
      {{0, 2, 3, 4, 5}, " (ranks 0, 2-5)"},
      {{1, 2, 5, 6, 7, 9}, " (ranks 1, 2, 5-7, 9)"},
  };
  for (const auto& [ranks, suffix] : cases) {
    d.ranks = ranks;
    CHECK(nkic::format_diagnostic(d, false) ==
          std::string("k.py:1:1: error: mismatch") + suffix + "\nx\n^\n");
  }
}

TEST_CASE("diagnostic: notes follow their error") {
  nkic::SourceManager sm;
  const auto& f = sm.add("k.py", "a\nb\n");
  Diagnostic d = at(f, 1, 1, 1, 2, "first");
  Diagnostic n = at(f, 2, 1, 2, 2, "other place");
  n.severity = nkic::Severity::note;
  n.ranks = {1};
  d.notes.push_back(n);
  CHECK(nkic::format_diagnostic(d, false) ==
        "k.py:1:1: error: first\na\n^\nk.py:2:1: note: other place (rank 1)\nb\n^\n");
}

TEST_CASE("diagnostic: without a place") {
  Diagnostic d;
  d.message = "cannot read x.npy";
  CHECK(nkic::format_diagnostic(d, false) == "error: cannot read x.npy\n");
}

TEST_CASE("diagnostic: colour") {
  nkic::SourceManager sm;
  const auto& f = sm.add("k.py", "ab\n");
  Diagnostic d = at(f, 1, 1, 1, 3, "m");
  Diagnostic n = at(f, 1, 2, 1, 3, "n");
  n.severity = nkic::Severity::note;
  d.notes.push_back(n);
  CHECK(nkic::format_diagnostic(d, true) ==
        "\033[1mk.py:1:1: \033[0m\033[1;31merror: \033[0mm\nab\n\033[1;32m^~\033[0m\n"
        "\033[1mk.py:1:2: \033[0m\033[1;36mnote: \033[0mn\nab\n\033[1;32m ^\033[0m\n");
  CHECK(nkic::use_color(nkic::ColorMode::always));
  CHECK_FALSE(nkic::use_color(nkic::ColorMode::never));
}

TEST_CASE("diagnostic sink: caps the count") {
  nkic::SourceManager sm;
  const auto& f = sm.add("k.py", "x\n");
  nkic::DiagnosticSink sink;
  const int total = nkic::DiagnosticSink::kMaxErrors + 3;
  for (int i = 0; i < total; ++i) sink.report(at(f, 1, 1, 1, 2, "e" + std::to_string(i)));
  CHECK(sink.error_count() == total);
  CHECK(sink.diagnostics().size() == static_cast<size_t>(nkic::DiagnosticSink::kMaxErrors));
  std::ostringstream out;
  sink.print(out, false);
  const std::string text = out.str();
  CHECK(text.find("k.py:1:1: error: e0\n") == 0);
  CHECK(text.find("e20") == std::string::npos);
  const std::string tail = "\n3 more errors not shown\n";
  REQUIRE(text.size() > tail.size());
  CHECK(text.substr(text.size() - tail.size()) == tail);
  sink.clear();
  CHECK_FALSE(sink.has_errors());
}

TEST_CASE("throw_error throws a CompileError carrying the diagnostic") {
  nkic::SourceManager sm;
  const auto& f = sm.add("k.py", "x\n");
  const SourceRange r{&f, SourceLoc{1, 1}, SourceLoc{1, 2}};
  try {
    nkic::throw_error(r, "boom");
    FAIL("no throw");
  } catch (const nkic::CompileError& e) {
    CHECK(e.diag.message == "boom");
    CHECK(e.diag.range.file == &f);
    CHECK(std::string(e.what()) == "boom");
  }
}

TEST_CASE("source file lines") {
  nkic::SourceManager sm;
  const auto& f = sm.add("k.py", "a\r\nbb\rccc\n");
  CHECK(f.line_count() == 3);
  CHECK(f.line(1) == "a");
  CHECK(f.line(2) == "bb");
  CHECK(f.line(3) == "ccc");
  CHECK(f.line(4).empty());
  CHECK(sm.load("/nonexistent/nkic/file.py") == nullptr);
}
