// Recursion bound for the generated parser; see the header.
#include "grammar/guarded_parser_base.h"

namespace nkic {

void GuardedParserBase::enterRule(antlr4::ParserRuleContext* localctx, size_t state,
                                  size_t rule_index) {
  check_depth(localctx);
  PruningParserBase::enterRule(localctx, state, rule_index);
}

void GuardedParserBase::enterRecursionRule(antlr4::ParserRuleContext* localctx, size_t state,
                                           size_t rule_index, int precedence) {
  check_depth(localctx);
  PruningParserBase::enterRecursionRule(localctx, state, rule_index, precedence);
}

// Throws before the rule is entered, so no exit action is pending for it; the
// enclosing rules' exit actions run while the exception unwinds them.
void GuardedParserBase::check_depth(const antlr4::ParserRuleContext* localctx) {
  rethrow_pending();
  size_t depth = 0;
  for (const antlr4::RuleContext* c = localctx; c != nullptr;
       c = static_cast<const antlr4::RuleContext*>(c->parent)) {  // parents of rule contexts are rule contexts
    if (++depth > kMaxRuleDepth) {
      const antlr4::Token* t = getCurrentToken();
      throw NestingTooDeep(t->getLine(), t->getCharPositionInLine());
    }
  }
}

}  // namespace nkic
