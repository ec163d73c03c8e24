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
  int program = -1;           // the LNC program involved (--lnc 2), -1 when none
};

// "PATH:LINE:COL: error: MESSAGE (rank R)\n", then the source line and the
// caret line when `line_text` is given. Colour escapes only when `color`.
// The message and path are escaped (escape_controls); in the source line each
// control character but a tab shows as its Unicode control picture (U+2400 +
// code, U+2421 for DEL), one cell as the caret line counts it.
std::string format_diagnostic_text(const DiagnosticText& d, bool color);

// `text` with its control characters (C0, DEL and C1) written as \n, \r,
// \t or \xHH, so that no tensor name or stray byte in a message can split
// a diagnostic or reach the terminal raw. Every diagnostic's message goes
// through it, and the tools' one-line `TOOL: error:` messages too. The
// result has no control characters, so escaping twice changes nothing.
std::string escape_controls(std::string_view text);

// " (rank 3)", " (ranks 0, 2-5)"; "" for no ranks. With a program (>= 0,
// under --lnc 2) it is named too: " (ranks 0, 1, program 1)", " (program 1)".
std::string format_ranks(const std::vector<int>& ranks, int program = -1);

// Whether stderr should be coloured when the user did not say: a terminal,
// and no NO_COLOR in the environment.
bool stderr_wants_color();

}  // namespace nkic::rt
