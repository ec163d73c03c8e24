// Formatting and collecting diagnostics, clang style:
//
//   t.py:3:5: error: MESSAGE (ranks 0-3)
//       x = foo(y)
//           ^~~~~~
//
// The source line is printed verbatim and the caret line copies its tabs, so
// the caret lines up whatever the terminal's tab width.
#include "frontend/diagnostics.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ostream>

namespace nkic {
namespace {

constexpr const char* kBold = "\033[1m";
constexpr const char* kRed = "\033[1;31m";
constexpr const char* kCyan = "\033[1;36m";
constexpr const char* kGreen = "\033[1;32m";
constexpr const char* kReset = "\033[0m";

// " (rank 3)", " (ranks 0, 2-5)": runs of three or more consecutive ranks
// are written as a span.
std::string format_ranks(const std::vector<int>& ranks) {
  if (ranks.empty()) return "";
  std::string out = ranks.size() == 1 ? " (rank " : " (ranks ";
  size_t i = 0;
  while (i < ranks.size()) {
    size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    if (i > 0) out += ", ";
    if (j - i >= 2) {
      out += std::to_string(ranks[i]) + "-" + std::to_string(ranks[j]);
      i = j + 1;
    } else {
      out += std::to_string(ranks[i]);
      ++i;
    }
  }
  return out + ")";
}

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Columns count bytes, but a terminal shows one cell per code point, so the
// caret line advances once per code point (continuation bytes add nothing).
std::string caret_line(std::string_view line, const SourceRange& r) {
  const size_t begin = static_cast<size_t>(r.begin.col - 1);
  std::string out;
  for (size_t i = 0; i < begin; ++i) {
    if (i < line.size() && continuation_byte(line[i])) continue;
    out += i < line.size() && line[i] == '\t' ? '\t' : ' ';
  }
  out += '^';
  if (r.end.line != r.begin.line) return out;
  for (size_t i = begin + 1; i < static_cast<size_t>(r.end.col - 1); ++i) {
    if (i >= line.size() || !continuation_byte(line[i])) out += '~';
  }
  return out;
}

void format_one(const Diagnostic& d, bool color, std::string& out) {
  const bool is_note = d.severity == Severity::note;
  const char* label = is_note ? "note: " : "error: ";
  if (d.range.valid()) {
    if (color) out += kBold;
    out += d.range.file->path() + ":" + std::to_string(d.range.begin.line) + ":" +
           std::to_string(d.range.begin.col) + ": ";
    if (color) out += kReset;
  }
  if (color) out += is_note ? kCyan : kRed;
  out += label;
  if (color) out += kReset;
  out += d.message + format_ranks(d.ranks) + "\n";
  if (!d.range.valid() || d.range.begin.line > d.range.file->line_count()) return;
  const std::string_view line = d.range.file->line(d.range.begin.line);
  out += std::string(line) + "\n";
  if (color) out += kGreen;
  out += caret_line(line, d.range);
  if (color) out += kReset;
  out += "\n";
}

}  // namespace

std::string format_diagnostic(const Diagnostic& d, bool color) {
  std::string out;
  format_one(d, color, out);
  for (const Diagnostic& n : d.notes) format_one(n, color, out);
  return out;
}

[[noreturn]] void throw_error(const SourceRange& range, std::string message) {
  Diagnostic d;
  d.range = range;
  d.message = std::move(message);
  throw CompileError(std::move(d));
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
  for (const Diagnostic& d : diags_) out << format_diagnostic(d, color);
  if (dropped_ > 0) {
    out << dropped_ << " more error" << (dropped_ == 1 ? "" : "s") << " not shown\n";
  }
}

bool use_color(ColorMode mode) {
  if (mode != ColorMode::auto_) return mode == ColorMode::always;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  return isatty(fileno(stderr)) != 0;
}

}  // namespace nkic
