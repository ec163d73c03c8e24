// The text of one diagnostic, clang style, from plain values:
//
//   t.py:3:5: error: MESSAGE (ranks 0-3)
//       x = foo(y)
//           ^~~~~~
//
// Both the front end's DiagnosticSink and the programs `nkic build` makes
// print through this one function, so an error a compiled kernel reports at
// run time looks exactly like the interpreter's. It knows nothing of source
// files or ranges: callers pass the path, place and line text they have.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nkic::rt {

struct DiagnosticText {
  bool is_note = false;       // "note:" instead of "error:"
  bool placed = false;        // false: no place (path, line, col and line_text are unused)
  std::string_view path;
  int line = 0;               // 1-based
  int col = 0;                // 1-based, counting bytes
  int end_col = 0;            // one past the last column on `line`; <= col + 1 for a lone caret
  std::optional<std::string_view> line_text;  // the source line, when known
  std::string_view message;
  std::vector<int> ranks;     // the simulated ranks involved, empty when none
};

// "PATH:LINE:COL: error: MESSAGE (rank R)\n", then the source line and the
// caret line when `line_text` is given. Colour escapes only when `color`.
std::string format_diagnostic_text(const DiagnosticText& d, bool color);

// " (rank 3)", " (ranks 0, 2-5)"; "" for no ranks.
std::string format_ranks(const std::vector<int>& ranks);

// Whether stderr should be coloured when the user did not say: a terminal,
// and no NO_COLOR in the environment.
bool stderr_wants_color();

}  // namespace nkic::rt
