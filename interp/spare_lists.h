// Lists a finished call gave back, emptied with their storage kept, so that
// the next call's argument lists need no allocation. Per evaluator, so per
// rank thread: nothing here is shared.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace nkic::interp {

template <typename List>
class SpareLists {
 public:
  // A list given back earlier, or a new one; empty either way.
  List take() {
    if (spare_.empty()) return {};
    List list = std::move(spare_.back());
    spare_.pop_back();
    return list;
  }
  // Keeps the list's storage for a later take() unless there are enough
  // kept already, or the storage is large (a long list is rare; keeping it
  // would hold its memory for the rank's whole run) or none at all.
  void give_back(List&& list) {
    if (spare_.size() >= kKept || list.capacity() > kMaxCapacity || list.capacity() == 0) return;
    list.clear();
    spare_.push_back(std::move(list));
  }

 private:
  static constexpr size_t kKept = 32, kMaxCapacity = 16;
  std::vector<List> spare_;
};

}  // namespace nkic::interp
