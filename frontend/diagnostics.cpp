// Formatting and collecting diagnostics, clang style:
//
//   t.py:3:5: error: MESSAGE (ranks 0-3)
//       x = foo(y)
//           ^~~~~~
//
// The text of each one comes from runtime/diagnostic_text.h.
#include "frontend/diagnostics.h"

#include <ostream>

#include "runtime/diagnostic_text.h"

namespace nkic {
namespace {

// A source line longer than this is not quoted: a line of megabytes (one
// huge list, a pasted REPL input) would bury the message.
constexpr size_t kMaxQuotedLineBytes = 4096;

// The text itself is rt::format_diagnostic_text's, shared with the programs
// `nkic build` makes; here only a Diagnostic's range becomes plain values.
void format_one(const Diagnostic& d, bool color, std::string& out) {
  rt::DiagnosticText text;
  text.is_note = d.severity == Severity::note;
  text.message = d.message;
  text.ranks = d.ranks;
  text.program = d.program;
  if (d.range.valid()) {
    text.placed = true;
    text.path = d.range.file->path();
    text.line = d.range.begin.line;
    text.col = d.range.begin.col;
    // A range over several lines is marked by its first character only.
    text.end_col = d.range.end.line == d.range.begin.line ? d.range.end.col : d.range.begin.col + 1;
    const std::string_view line = d.range.file->line(d.range.begin.line);
    if (d.range.begin.line <= d.range.file->line_count() && line.size() <= kMaxQuotedLineBytes) {
      text.line_text = line;
    }
  }
  out += rt::format_diagnostic_text(text, color);
}

}  // namespace

std::string format_diagnostic(const Diagnostic& d, bool color) {
  std::string out;
  format_one(d, color, out);
  for (const Diagnostic& n : d.notes) format_one(n, color, out);
  return out;
}

Diagnostic error_at(const SourceRange& where, std::string message) {
  Diagnostic d;
  d.range = where;
  d.message = std::move(message);
  return d;
}

[[noreturn]] void throw_error(const SourceRange& range, std::string message) {
  throw CompileError(error_at(range, std::move(message)));
}

void DiagnosticSink::report(Diagnostic d) {
  if (d.severity == Severity::error) ++error_count_;
  if (error_count_ > kMaxErrors) {
    ++dropped_;
    return;
  }
  diags_.push_back(std::move(d));
}

void DiagnosticSink::clear() {
  diags_.clear();
  error_count_ = 0;
  dropped_ = 0;
}

void DiagnosticSink::print(std::ostream& out, bool color) const {
  for (const Diagnostic& d : diags_) {
    if (!d.range.valid() && !tool_.empty()) out << tool_ << ": ";
    out << format_diagnostic(d, color);
  }
  if (dropped_ > 0) {
    out << dropped_ << " more error" << (dropped_ == 1 ? "" : "s") << " not shown\n";
  }
}

bool use_color(ColorMode mode) {
  if (mode != ColorMode::auto_) return mode == ColorMode::always;
  return rt::stderr_wants_color();
}

}  // namespace nkic
