// The one place that converts ANTLR's parse tree into our AST (see
// ast_builder.cpp and ast_builder_expr.cpp). Only forward declarations of
// ANTLR types appear here, so including this pulls in no ANTLR header.
//
// The builder runs only on a parse tree without syntax errors. Errors it finds
// itself (an integer literal too large, a bad escape, a misplaced parameter)
// are thrown as CompileError; BuildAborted means the error was already
// reported (an f-string field that failed to parse).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

#include "frontend/ast.h"
#include "frontend/text_positions.h"

namespace antlr4 {
class ParserRuleContext;
}

namespace nkic {

struct BuildAborted {};

struct BuildEnv {
  const TextPositions* positions = nullptr;
  size_t base_cp = 0;  // code point index in the file where the parsed text begins
  // Parses the f-string field expression at code points [begin, end) of the
  // file; returns nullptr after reporting its syntax errors.
  std::function<ast::ExprPtr(size_t begin_cp, size_t end_cp)> parse_field;
};

// `file_input` and `eval_input` are the parser's start rules.
std::unique_ptr<ast::Module> build_module(antlr4::ParserRuleContext& file_input,
                                          const BuildEnv& env);
ast::ExprPtr build_eval_input(antlr4::ParserRuleContext& eval_input, const BuildEnv& env);

}  // namespace nkic
