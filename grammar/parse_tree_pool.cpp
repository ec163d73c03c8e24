// See parse_tree_pool.h.
#include "grammar/parse_tree_pool.h"

namespace nkic {

bool NodePool::release_subtree(size_t first, antlr4::ParserRuleContext* root) {
  // The root is the rule's first context or, for a labeled alternative, one
  // of the next few: it is found at once.
  size_t at = first;
  while (at < nodes_.size() && nodes_[at].get() != root) ++at;
  if (at >= nodes_.size()) return false;
  std::unique_ptr<antlr4::tree::ParseTree> kept = std::move(nodes_[at]);
  nodes_.resize(first);  // every node made from `first` on, but the root
  std::vector<antlr4::tree::ParseTree*>().swap(root->children);
  nodes_.push_back(std::move(kept));
  return true;
}

}  // namespace nkic
