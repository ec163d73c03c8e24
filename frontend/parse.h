// The frontend's one entry point: source text in, AST out. Syntax errors
// (including indentation errors) are reported to the sink, each with its
// place; when there are any, no AST is built and nullptr is returned.
#pragma once

#include <memory>
#include <string>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"

namespace nkic {

std::unique_ptr<ast::Module> parse_module(const SourceFile& file, DiagnosticSink& sink);

// Parses a single expression (a command-line `-a NAME=VALUE`, a REPL line).
ast::ExprPtr parse_expression(const SourceFile& file, DiagnosticSink& sink);

// Prints the AST as an indented S-expression, one node per line, for tests
// and `--dump-ast`.
std::string print_ast(const ast::Module& m);
std::string print_ast(const ast::Expr& e);

}  // namespace nkic
