// The parse harness: the bytes as a module (as `nkirun run FILE` reads a
// kernel file) and as a single expression (as `-a NAME=VALUE` and the REPL
// read one). Either an AST or at least one error, never both.
#include "frontend/parse.h"
#include "harness.h"
#include "check.h"

namespace nkic::fuzz {

void parse_input(std::string_view source) {
  SourceManager sources;
  const SourceFile& file = sources.add("fuzz.py", std::string(source));

  DiagnosticSink module_sink;
  const std::unique_ptr<ast::Module> module = parse_module(file, module_sink);
  if (module && module_sink.has_errors()) broken_promise("parse_module: an AST and errors");
  if (!module && !module_sink.has_errors()) broken_promise("parse_module: no AST and no error");
  if (module && print_ast(*module).empty()) broken_promise("print_ast: an empty module tree");
  check_diagnostics(module_sink);

  DiagnosticSink expr_sink;
  const ast::ExprPtr expr = parse_expression(file, expr_sink);
  if (expr && expr_sink.has_errors()) broken_promise("parse_expression: an AST and errors");
  if (!expr && !expr_sink.has_errors()) broken_promise("parse_expression: no AST and no error");
  if (expr && print_ast(*expr).empty()) broken_promise("print_ast: an empty expression tree");
  check_diagnostics(expr_sink);
}

}  // namespace nkic::fuzz
