// Freeing finished subtrees during the parse; see the header.
#include "grammar/pruning_parser_base.h"

namespace nkic {

PruningParserBase::PruningParserBase(antlr4::TokenStream* input) : antlr4::Parser(input) {}

PruningParserBase::~PruningParserBase() = default;

void PruningParserBase::prune_with(const std::vector<size_t>& rules, SubtreeHandler* handler) {
  watched_.assign(getRuleNames().size(), false);
  for (size_t r : rules) {
    if (r < watched_.size()) watched_[r] = true;
  }
  handler_ = handler;
  removeParseListener(&watcher_);
  addParseListener(&watcher_);
}

void PruningParserBase::rethrow_pending() {
  if (!pending_) return;
  std::exception_ptr e = pending_;
  pending_ = nullptr;
  std::rethrow_exception(e);
}

// antlr4::Parser::consume, with the token's leaf made in our pool. No other
// parse listener is ever added, and ours ignores leaves, so none is told.
antlr4::Token* PruningParserBase::consume() {
  rethrow_pending();
  antlr4::Token* t = getCurrentToken();
  if (t->getType() != antlr4::Token::EOF) getInputStream()->consume();
  if (!_buildParseTrees) return t;
  antlr4::ParserRuleContext* ctx = getContext();
  if (_errHandler->inErrorRecoveryMode(this)) {
    ctx->addChild(createErrorNode(t));  // only after a syntax error: ANTLR keeps these
  } else {
    ctx->addChild(_tracker.createInstance<antlr4::tree::TerminalNodeImpl>(t));
  }
  return t;
}

void PruningParserBase::reset() {
  antlr4::Parser::reset();
  firsts_.clear();
  _tracker.clear();
  pending_ = nullptr;
}

void PruningParserBase::unrollRecursionContexts(antlr4::ParserRuleContext* parentctx) {
  try {
    antlr4::Parser::unrollRecursionContexts(parentctx);
  } catch (...) {
    if (!pending_) pending_ = std::current_exception();
  }
}

bool PruningParserBase::watched(const antlr4::ParserRuleContext* ctx) const {
  const size_t r = ctx->getRuleIndex();
  return r < watched_.size() && watched_[r];
}

// Called as the rule is entered, right after its context was made.
void PruningParserBase::Watcher::enterEveryRule(antlr4::ParserRuleContext* ctx) {
  if (parser_.watched(ctx)) parser_.firsts_.push_back(parser_._tracker.size() - 1);
}

// Called from ANTLR's exit code, so it throws nothing. While an exception
// unwinds the parse the subtree is incomplete and is left alone.
void PruningParserBase::Watcher::exitEveryRule(antlr4::ParserRuleContext* ctx) {
  if (!parser_.watched(ctx) || parser_.firsts_.empty()) return;
  const size_t first = parser_.firsts_.back();
  parser_.firsts_.pop_back();
  if (std::uncaught_exceptions() > 0 || parser_.pending_ || parser_.handler_ == nullptr) return;
  try {
    if (parser_.handler_->subtree_done(*ctx)) parser_._tracker.release_subtree(first, ctx);
  } catch (...) {
    parser_.pending_ = std::current_exception();
  }
}

}  // namespace nkic
