// One sink for every error the user can cause: syntax errors from the parser,
// semantic errors from the interpreter, run-time errors from the simulated
// machine. A diagnostic prints as
//
//   FILE:LINE:COL: error: MESSAGE [on rank R]
//    12 |   x = foo(y)
//       |       ^~~~~~
//
// followed by its notes (other places involved, e.g. the other ranks of a
// collective). Colour only when asked for or printing to a terminal.
#pragma once

#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

#include "frontend/source.h"

namespace nkic {

enum class Severity { error, note };

struct Diagnostic {
  Severity severity = Severity::error;
  SourceRange range;  // may be invalid for errors with no place (a bad .npy file)
  std::string message;
  std::vector<int> ranks;  // the simulated ranks involved, empty when none
  int program = -1;        // the ranks' LNC program (--lnc 2); -1 when not named
  std::vector<Diagnostic> notes;
};

// Thrown by any stage below the command line; caught there (or by the REPL)
// and reported through a DiagnosticSink.
class CompileError : public std::runtime_error {
 public:
  explicit CompileError(Diagnostic d) : std::runtime_error(d.message), diag(std::move(d)) {}
  Diagnostic diag;
};

// An error at `where` (which may be invalid: an error with no place).
Diagnostic error_at(const SourceRange& where, std::string message);

// Builds and throws a CompileError at `range`.
[[noreturn]] void throw_error(const SourceRange& range, std::string message);

enum class ColorMode { auto_, always, never };

class DiagnosticSink {
 public:
  // Beyond this many errors the rest only follow from the first ones.
  static constexpr int kMaxErrors = 20;

  // `tool`: printed before a diagnostic that has no place ("nkirun: error:
  // cannot start ..."), as the tools print their other non-located errors.
  explicit DiagnosticSink(std::string tool = "") : tool_(std::move(tool)) {}

  void report(Diagnostic d);
  bool has_errors() const { return error_count_ > 0; }
  int error_count() const { return error_count_; }
  const std::vector<Diagnostic>& diagnostics() const { return diags_; }
  void clear();

  // Prints every diagnostic, in the order reported, and a
  // "N more errors not shown" line past kMaxErrors.
  void print(std::ostream& out, bool color) const;

 private:
  std::string tool_;
  std::vector<Diagnostic> diags_;
  int error_count_ = 0;
  int dropped_ = 0;
};

// Formats one diagnostic (with its notes) as text.
std::string format_diagnostic(const Diagnostic& d, bool color);

// Whether to colour output on stderr: `always`/`never`, or for `auto_` a
// terminal without NO_COLOR set.
bool use_color(ColorMode mode);

}  // namespace nkic
