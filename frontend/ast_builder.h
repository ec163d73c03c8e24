// The one place that converts ANTLR's parse tree into our AST (see
// ast_builder.cpp and ast_builder_expr.cpp). Only forward declarations of
// ANTLR types appear here, so including this pulls in no ANTLR header.
//
// The builder runs only on a parse tree without syntax errors; parts of it
// may have been built ahead, while parsing (see prebuild). Errors it finds
// itself (an integer literal too large, a bad escape, a misplaced parameter)
// are thrown as CompileError; BuildAborted means the error was already
// reported (an f-string field that failed to parse).
#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <vector>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"
#include "frontend/text_positions.h"

namespace antlr4 {
class ParserRuleContext;
}

namespace nkic {

struct BuildAborted {};

// What prebuild made of one subtree, waiting for the final build to take it:
// an expression (of a `test` or `comp_cond`) or the statements of a `stmt`. When the
// builder found an error in the subtree, `failure` holds it, after the
// diagnostics it reported first (a bad f-string field): the final build
// raises them where it reaches the subtree, so errors come out exactly as if
// the tree had been built in one go. `peaks` are the expression nesting
// levels, relative to the subtree, at which the builder checked its depth
// bound, each higher than the ones before it: with them the final build
// applies the bound at the depth where the subtree really sits.
struct PrebuiltPart {
  struct Peak {
    int level;
    SourceRange range;
  };
  struct Details {
    ast::Body body;  // a `stmt` of more than one statement (`a; b`)
    std::vector<Peak> peaks;
    std::exception_ptr failure;
    std::vector<Diagnostic> reported;
  };
  ast::ExprPtr expr;
  ast::StmtPtr stmt;                 // a `stmt` of one statement
  std::unique_ptr<Details> details;  // only when needed: most parts are one node
};

// The parts built ahead, by slot; slots taken are reused.
class Prebuilt {
 public:
  size_t add(PrebuiltPart part);
  PrebuiltPart take(size_t id);
  void clear();

 private:
  std::vector<PrebuiltPart> parts_;
  std::vector<size_t> free_;
};

struct BuildEnv {
  const TextPositions* positions = nullptr;
  size_t base_cp = 0;  // code point index in the file where the parsed text begins
  // Parses the f-string field expression at code points [begin, end) of the
  // file; returns nullptr after reporting its syntax errors.
  std::function<ast::ExprPtr(size_t begin_cp, size_t end_cp)> parse_field;
  // The parts built ahead of the rest, and where their saved diagnostics
  // go. While prebuilding, `sink` is a scratch sink: prebuild moves what
  // it collects into the part and clears it.
  Prebuilt* prebuilt = nullptr;
  DiagnosticSink* sink = nullptr;
};

// `file_input` and `eval_input` are the parser's start rules.
std::unique_ptr<ast::Module> build_module(antlr4::ParserRuleContext& file_input,
                                          const BuildEnv& env);
ast::ExprPtr build_eval_input(antlr4::ParserRuleContext& eval_input, const BuildEnv& env);

// Builds a just-parsed `test`, `comp_cond` or `stmt` subtree ahead of the
// whole tree, while the parser still runs, so that the parse tree below it
// can be freed: the result (or the error found) goes into env.prebuilt and
// the context is marked with its slot; build_module and build_eval_input
// take it from there. False, changing nothing, for a context of any other
// rule.
bool prebuild(antlr4::ParserRuleContext& ctx, const BuildEnv& env);

}  // namespace nkic
