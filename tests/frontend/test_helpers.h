// Shared helpers of the frontend tests: parse a snippet written to a fake
// file "t.py" and return its printed AST or its formatted diagnostics.
#pragma once

#include <string>

#include "frontend/parse.h"

namespace nkic::test {

struct ParseOutput {
  bool ok = false;
  std::string text;  // the printed AST, or every diagnostic formatted
};

inline ParseOutput parse_text(const std::string& source) {
  SourceManager sm;
  const SourceFile& f = sm.add("t.py", source);
  DiagnosticSink sink;
  std::unique_ptr<ast::Module> m = parse_module(f, sink);
  ParseOutput out;
  out.ok = m != nullptr && !sink.has_errors();
  if (out.ok) {
    out.text = print_ast(*m);
    return out;
  }
  for (const Diagnostic& d : sink.diagnostics()) out.text += format_diagnostic(d, false);
  return out;
}

inline std::string errors_of(const std::string& source) { return parse_text(source).text; }

// The printed AST of a module holding just `source`, without the Module line.
inline std::string ast_of(const std::string& source) { return parse_text(source).text; }

}  // namespace nkic::test
