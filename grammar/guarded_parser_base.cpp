// Recursion bound for the generated parser; see the header.
#include "grammar/guarded_parser_base.h"

#include <pthread.h>

#include <algorithm>

namespace nkic {

namespace {

// Half of the calling thread's stack, which the parse may use: what the
// thread was given (the main thread's is its RLIMIT_STACK), at most 64 MiB
// counted when the limit is unlimited; 1 MiB if the size cannot be read.
size_t stack_budget() {
  thread_local const size_t budget = [] {
    size_t size = 0;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void* base = nullptr;
      if (pthread_attr_getstack(&attr, &base, &size) != 0) size = 0;
      pthread_attr_destroy(&attr);
    }
    constexpr size_t kMiB = size_t{1} << 20;
    return size == 0 ? kMiB : std::min(size, 128 * kMiB) / 2;
  }();
  return budget;
}

uintptr_t frame_address() { return reinterpret_cast<uintptr_t>(__builtin_frame_address(0)); }

}  // namespace

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
  const uintptr_t here = frame_address();
  if (localctx->parent == nullptr) stack_top_ = here;
  // The stack grows down; a frame above the top counts as nothing used.
  if (stack_top_ > here && stack_top_ - here > stack_budget()) {
    const antlr4::Token* t = getCurrentToken();
    throw NestingTooDeep(t->getLine(), t->getCharPositionInLine());
  }
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
