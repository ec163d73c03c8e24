// The frontend's one entry point: source text in, AST out. Syntax errors
// (including indentation errors) are reported to the sink, each with its
// place; when there are any, no AST is built and nullptr is returned. The AST
// returned has its names resolved (frontend/resolve.h).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"

namespace nkic {

// The largest source text parsed: a kernel file, a stdlib module, a `-a`
// expression, a REPL input. Real kernels are a few kilobytes; the bound
// keeps the text's own copies (about 7 bytes per byte, in ANTLR's UTF-32
// input among them) small. Tokens have their own bound, which is what keeps
// the parser's memory small: IndentLexerBase::kMaxTokens.
constexpr size_t kMaxSourceBytes = 16 * 1024 * 1024;

// Both refuse a text longer than kMaxSourceBytes, at FILE:1:1, before any
// work, and one of more than IndentLexerBase::kMaxTokens tokens where the
// limit is crossed.
std::unique_ptr<ast::Module> parse_module(const SourceFile& file, DiagnosticSink& sink);

// Parses a single expression (a command-line `-a NAME=VALUE`, a REPL line).
ast::ExprPtr parse_expression(const SourceFile& file, DiagnosticSink& sink);

// Prints the AST as an indented S-expression, one node per line, for tests
// and `--dump-ast`.
std::string print_ast(const ast::Module& m);
std::string print_ast(const ast::Expr& e);

}  // namespace nkic
