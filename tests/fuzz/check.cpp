// See check.h.
#include "check.h"

#include <cstdio>
#include <cstdlib>

namespace nkic::fuzz {

namespace {

std::string describe(const Diagnostic& d) {
  const SourceRange& r = d.range;
  return "'" + d.message + "' at line " + std::to_string(r.begin.line) + ", column " +
         std::to_string(r.begin.col) + " of " + r.file->path() + " (" +
         std::to_string(r.file->line_count()) + " lines)";
}

void check_one(const Diagnostic& d) {
  if (d.message.empty()) broken_promise("a diagnostic without a message");
  if (d.range.valid()) {
    const SourceRange& r = d.range;
    if (r.begin.line > r.file->line_count()) broken_promise("no such line: " + describe(d));
    const auto line_end = static_cast<int>(r.file->line(r.begin.line).size()) + 1;
    if (r.begin.col < 1 || r.begin.col > line_end) {
      broken_promise("no such column: " + describe(d));
    }
  }
  if (format_diagnostic(d, false).empty() || format_diagnostic(d, true).empty()) {
    broken_promise("a diagnostic formats as nothing: '" + d.message + "'");
  }
  for (const Diagnostic& note : d.notes) check_one(note);
}

}  // namespace

void broken_promise(const std::string& what) {
  std::fprintf(stderr, "fuzz harness: %s\n", what.c_str());
  std::abort();
}

void check_diagnostics(const DiagnosticSink& sink) {
  for (const Diagnostic& d : sink.diagnostics()) check_one(d);
}

}  // namespace nkic::fuzz
