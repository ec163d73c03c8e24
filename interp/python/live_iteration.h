// A Python `for` loop's walk over its iterable (the statement's and the
// comprehensions'), as CPython's iterators make it: a list is walked by
// position over the live list, so that what the loop body appends is
// visited and what it removes is skipped; a dict by position over its keys,
// and a dict whose size changes meanwhile is Python's RuntimeError. A range
// gives its items as they come; enumerate() and zip() are lazy, walking
// their iterables the same way; anything else is walked over the snapshot
// iterate() takes.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "interp/python/value.h"

namespace nkic::interp {

class LiveIteration {
 public:
  // Throws iterate()'s ValueError for what is not iterable.
  explicit LiveIteration(const Value& iterable);
  // Not copied: it may point into itself.
  LiveIteration(const LiveIteration&) = delete;
  LiveIteration& operator=(const LiveIteration&) = delete;

  // The next item into `item`; false at the end.
  bool next(Value& item);

 private:
  Value source_;  // held: the loop body may drop every other reference
  const ValueList* list_ = nullptr;
  const DictObj* dict_ = nullptr;
  size_t dict_size_ = 0;  // the dict's size when the loop began
  const RangeValue* range_ = nullptr;
  uint64_t range_size_ = 0;
  ValueList snapshot_;
  size_t position_ = 0;
  // enumerate(): its iterable's walk and its start (position_ counts the
  // items given); zip(): one walk for each iterable.
  std::vector<std::unique_ptr<LiveIteration>> inner_;
  bool enumerate_ = false;
  bool zip_ = false;
  int64_t count_ = 0;
  bool next_inner(Value& item);
};

// enumerate(iterable, start) and zip(*iterables), which a loop walks lazily
// (CPython's iterators over live lists); list(), sorted(), unpacking and the
// other eager consumers take their items through iterate(). Errors for what
// is not iterable are raised here, as CPython raises them.
Value make_enumerate(const Value& iterable, int64_t start);
Value make_zip(const ValueList& iterables);
// Whether `v` is what one of them made.
bool is_lazy_iterator(const Value& v);
// Its items, all at once.
ValueList lazy_items(const Value& v);

}  // namespace nkic::interp
