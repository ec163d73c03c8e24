// A parser that frees the parse tree below a rule as soon as the frontend
// has converted that rule's subtree into its own form, so that a large file
// is never held as one whole parse tree (see parse_tree_pool.h for why that
// is most of the memory). The frontend names the rules to watch (say, each
// statement and each expression) and a SubtreeHandler; when a watched rule
// is complete the handler is asked, and if it says the subtree is no longer
// needed every node below the rule's context is freed. The context itself
// stays in the tree, childless, with its start and stop tokens.
//
// ANTLR runs a rule's exit and the unrolling of left-recursive rules from
// destructors, where an exception would end the process. Whatever the
// handler throws there (std::bad_alloc included), and an allocation failure
// while unrolling, is kept and rethrown at the next token the parser
// consumes, the next rule it enters (GuardedParserBase asks), or by
// rethrow_pending() after it.
#pragma once

#include <cstddef>
#include <exception>
#include <vector>

#include "antlr4-runtime.h"
#include "grammar/parse_tree_pool.h"

namespace nkic {

class SubtreeHandler {
 public:
  virtual ~SubtreeHandler() = default;
  // `ctx`, a watched rule's context, is complete: true when the nodes below
  // it may be freed.
  virtual bool subtree_done(antlr4::ParserRuleContext& ctx) = 0;
};

class PruningParserBase : public antlr4::Parser {
 public:
  explicit PruningParserBase(antlr4::TokenStream* input);
  ~PruningParserBase() override;

  // Watches the rules with these indices (the generated Rule* constants);
  // `handler` must outlive the parses.
  void prune_with(const std::vector<size_t>& rules, SubtreeHandler* handler);

  // Rethrows what a handler or an unrolling threw inside ANTLR's exit code.
  void rethrow_pending();

  antlr4::Token* consume() override;
  void reset() override;
  void unrollRecursionContexts(antlr4::ParserRuleContext* parentctx) override;

 protected:
  // Deliberately the name of antlr4::Parser's member, which it hides: the
  // generated rules allocate their contexts as `_tracker.createInstance<T>`.
  NodePool _tracker;

 private:
  class Watcher : public antlr4::tree::ParseTreeListener {
   public:
    explicit Watcher(PruningParserBase& parser) : parser_(parser) {}
    void visitTerminal(antlr4::tree::TerminalNode*) override {}
    void visitErrorNode(antlr4::tree::ErrorNode*) override {}
    void enterEveryRule(antlr4::ParserRuleContext* ctx) override;
    void exitEveryRule(antlr4::ParserRuleContext* ctx) override;

   private:
    PruningParserBase& parser_;
  };

  bool watched(const antlr4::ParserRuleContext* ctx) const;

  Watcher watcher_{*this};
  std::vector<bool> watched_;  // by rule index
  SubtreeHandler* handler_ = nullptr;
  std::vector<size_t> firsts_;  // pool index of each open watched rule's first context
  std::exception_ptr pending_;
};

}  // namespace nkic
