// The base class of the generated parser: bounds how deeply rules may nest.
// Every nesting construct that is not a bracket (`not not x`, `-(-x)` written
// as `- - x`, `a ** b ** c`, `x if c else y if d else ...`, `lambda: lambda:`)
// recurses in the generated parser, one or more C++ frames per level; without
// a bound, hostile input could overflow the stack. Past the bound the parse is
// abandoned with NestingTooDeep, which the frontend reports as an error. The
// stack the parse has used is bounded too, to half of the thread's stack:
// frames are several times larger in a sanitizer build than the depth bound
// assumes, and a rank thread's stack may be smaller than the main thread's.
// Below it, PruningParserBase frees the subtrees the frontend has converted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "antlr4-runtime.h"
#include "grammar/pruning_parser_base.h"

namespace nkic {

// Deliberately not an antlr4::RecognitionException: the generated rules catch
// those to recover, and this must unwind the whole parse.
class NestingTooDeep : public std::runtime_error {
 public:
  NestingTooDeep(size_t line, size_t column)
      : std::runtime_error("too deeply nested"), line(line), column(column) {}
  size_t line;
  size_t column;  // 0-based, in characters, like ANTLR's positions
};

class GuardedParserBase : public PruningParserBase {
 public:
  // Rule invocations allowed on the parse stack. 100 brackets and 100 blocks
  // (the lexer's limits) need about 1300; the stack cost of each is a few
  // hundred bytes, so this stays far below a thread's default stack.
  static constexpr size_t kMaxRuleDepth = 3000;

  explicit GuardedParserBase(antlr4::TokenStream* input) : PruningParserBase(input) {}

  void enterRule(antlr4::ParserRuleContext* localctx, size_t state, size_t rule_index) override;
  void enterRecursionRule(antlr4::ParserRuleContext* localctx, size_t state, size_t rule_index,
                          int precedence) override;

 private:
  void check_depth(const antlr4::ParserRuleContext* localctx);
  // The frame address where the outermost rule was entered.
  uintptr_t stack_top_ = 0;
};

}  // namespace nkic
