// Ownership of the parse tree's nodes, so that finished parts of the tree can
// be freed while the parser still runs. ANTLR 4.9's parser keeps every node
// it makes until the parse ends, which for a large file is most of the
// memory: each atom of an expression sits under about ten rule contexts of
// ~100 bytes. The generated parser allocates every context through a member
// named `_tracker`; PruningParserBase declares a NodePool under that name,
// hiding antlr4::Parser's, so the contexts come from here instead.
//
// Nodes are kept in creation order. A rule's subtree is made entirely after
// the rule's own context, so "everything made after the context" is its
// subtree plus the contexts ANTLR made and dropped on the way (the base
// context of a labeled alternative, the spine of a left-recursive rule):
// release_subtree frees exactly those.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "antlr4-runtime.h"

namespace nkic {

// The base of every generated rule context (the grammar's contextSuperClass).
// `built` marks a subtree the frontend has already converted into its own
// form, whose descendants were then freed; the frontend keeps the result.
class PrunableContext : public antlr4::ParserRuleContext {
 public:
  PrunableContext() = default;
  PrunableContext(antlr4::ParserRuleContext* parent, size_t invoking_state)
      : antlr4::ParserRuleContext(parent, invoking_state) {}

  size_t built = 0;  // 0, or 1 + the frontend's index of what it made of this subtree
};

class NodePool {
 public:
  // The name and signature the generated parser calls.
  template <typename T, typename... Args>
  T* createInstance(Args&&... args) {
    auto node = std::make_unique<T>(std::forward<Args>(args)...);
    T* raw = node.get();
    nodes_.push_back(std::move(node));
    return raw;
  }

  size_t size() const { return nodes_.size(); }

  // Frees every node made since index `first` (the position of a rule's
  // first context) except `root`, the context that now stands for the
  // rule, whose children are cleared. False, freeing nothing, when `root`
  // was not made since `first`.
  bool release_subtree(size_t first, antlr4::ParserRuleContext* root);

  void clear() { nodes_.clear(); }

 private:
  std::vector<std::unique_ptr<antlr4::tree::ParseTree>> nodes_;
};

}  // namespace nkic
