// A Python `for` loop's walk over its iterable (the statement's and the
// comprehensions'), as CPython's iterators make it: a list is walked by
// position over the live list, so that what the loop body appends is
// visited and what it removes is skipped; a dict, or a view of one
// (dict_views.h), by position over its items, and a dict whose size changes
// meanwhile is Python's RuntimeError. A range gives its items as they come;
// anything else is walked over the snapshot iterate() takes.
//
// Iterator objects (iter(), enumerate(), zip(), reversed() of a list) keep
// one walk that every loop over them, next() and list() advance: what one
// consumer took the next does not see, and an exhausted iterator stays so.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "interp/python/dict_views.h"
#include "interp/python/value.h"

namespace nkic::interp {

class LiveIteration : public NativeState {
 public:
  // Throws iterate()'s ValueError for what is not iterable.
  explicit LiveIteration(const Value& iterable);
  // Not copied: it may point into itself.
  LiveIteration(const LiveIteration&) = delete;
  LiveIteration& operator=(const LiveIteration&) = delete;

  // The next item into `item`; false at the end, and from then on.
  bool next(Value& item);

 private:
  friend Value make_enumerate(const Value&, int64_t);
  friend Value make_zip(const ValueList&);
  friend Value make_reversed(const Value&);
  LiveIteration() = default;

  Value source_;  // held: the loop body may drop every other reference
  // An iterator object's walk, which this one advances.
  std::shared_ptr<LiveIteration> shared_;
  const ValueList* list_ = nullptr;
  const DictObj* dict_ = nullptr;
  DictViewKind dict_items_ = DictViewKind::keys;  // what a dict gives
  size_t dict_size_ = 0;  // the dict's size when the loop began
  const RangeValue* range_ = nullptr;
  uint64_t range_size_ = 0;
  ValueList snapshot_;
  size_t position_ = 0;
  bool done_ = false;
  // enumerate(): its iterable's walk and its start (position_ counts the
  // items given); zip(): one walk for each iterable.
  std::vector<std::unique_ptr<LiveIteration>> inner_;
  bool enumerate_ = false;
  bool zip_ = false;
  bool reversed_ = false;  // list_ walked down from position_
  int64_t count_ = 0;
  bool next_item(Value& item);
  bool next_inner(Value& item);
};

// enumerate(iterable, start), zip(*iterables), reversed(sequence) and
// iter(iterable): iterator objects, which a loop walks lazily (CPython's
// iterators over live lists). reversed() of anything but a list is the list
// of its items reversed at once; iter() of an iterator is the iterator.
// Errors for what is not iterable are raised here, as CPython raises them.
Value make_enumerate(const Value& iterable, int64_t start);
Value make_zip(const ValueList& iterables);
Value make_reversed(const Value& sequence);
Value make_iterator(const Value& iterable);
// next(iterator): its next item; nullopt at its end. TypeError for what is
// not an iterator.
std::optional<Value> next_of(const Value& iterator);
// Whether `v` is an iterator object or a dict view, whose items iterate()
// takes through lazy_items().
bool is_lazy_iterator(const Value& v);
// Its items, all at once (an iterator object's remaining ones).
ValueList lazy_items(const Value& v);

}  // namespace nkic::interp
