// A for loop's walk, and the iterator objects (see live_iteration.h).
#include "interp/python/live_iteration.h"

#include <algorithm>
#include <iterator>
#include <string>

#include "interp/python/operators.h"
#include "interp/work_meter.h"

namespace nkic::interp {

namespace {

// The iterators' types, by CPython's names, which type() and error
// messages show.
enum class IteratorType {
  iterator, enumerate, zip, list, list_reverse, tuple, str, str_ascii, range,
  dict_keys, dict_values, dict_items,
};
constexpr const char* kIteratorNames[] = {
    "iterator",         "enumerate",          "zip",
    "list_iterator",    "list_reverseiterator", "tuple_iterator",
    "str_iterator",     "str_ascii_iterator", "range_iterator",
    "dict_keyiterator", "dict_valueiterator", "dict_itemiterator",
};
static_assert(std::size(kIteratorNames) == static_cast<size_t>(IteratorType::dict_items) + 1);

const Value::Class& iterator_class(IteratorType type) {
  static const std::vector<Value::Class> classes = [] {
    std::vector<Value::Class> out;
    for (const char* name : kIteratorNames) out.push_back(new_native_class(name));
    return out;
  }();
  return classes[static_cast<size_t>(type)];
}

// The type of the iterator iter() makes of `v`.
IteratorType iterator_type(const Value& v) {
  if (v.is<Value::List>()) return IteratorType::list;
  if (v.is<Value::Tuple>()) return IteratorType::tuple;
  if (auto s = v.get<std::string>()) {
    const bool ascii = std::all_of(s->begin(), s->end(), [](char c) { return (c & 0x80) == 0; });
    return ascii ? IteratorType::str_ascii : IteratorType::str;
  }
  if (v.is<RangeValue>()) return IteratorType::range;
  if (v.is<Value::Dict>()) return IteratorType::dict_keys;
  if (auto view = dict_view_of(v)) {
    switch (view->kind) {
      case DictViewKind::keys: return IteratorType::dict_keys;
      case DictViewKind::values: return IteratorType::dict_values;
      case DictViewKind::items: return IteratorType::dict_items;
    }
  }
  return IteratorType::iterator;
}

Value iterator_object(IteratorType type, std::shared_ptr<LiveIteration> walk) {
  auto i = new_instance();
  i->cls = iterator_class(type);
  i->native = std::move(walk);
  return Value(i);
}

// The walk of an iterator object, or nullptr.
std::shared_ptr<LiveIteration> walk_of(const Value& v) {
  auto i = v.get<Value::Instance>();
  if (!i || !(*i)->native) return nullptr;
  return std::dynamic_pointer_cast<LiveIteration>((*i)->native);
}

}  // namespace

Value make_enumerate(const Value& iterable, int64_t start) {
  std::shared_ptr<LiveIteration> walk(new LiveIteration());
  walk->enumerate_ = true;
  walk->count_ = start;
  walk->inner_.push_back(std::make_unique<LiveIteration>(iterable));
  return iterator_object(IteratorType::enumerate, std::move(walk));
}

Value make_zip(const ValueList& iterables) {
  std::shared_ptr<LiveIteration> walk(new LiveIteration());
  walk->zip_ = true;
  for (const Value& v : iterables) walk->inner_.push_back(std::make_unique<LiveIteration>(v));
  return iterator_object(IteratorType::zip, std::move(walk));
}

Value make_reversed(const Value& sequence) {
  auto l = sequence.get<Value::List>();
  if (!l) {
    ValueList items = iterate(sequence);
    std::reverse(items.begin(), items.end());
    return make_list(std::move(items));
  }
  std::shared_ptr<LiveIteration> walk(new LiveIteration());
  walk->source_ = sequence;
  walk->reversed_ = true;
  walk->list_ = &(*l)->items;
  walk->position_ = walk->list_->size();
  return iterator_object(IteratorType::list_reverse, std::move(walk));
}

Value make_iterator(const Value& iterable) {
  if (walk_of(iterable)) return iterable;
  return iterator_object(iterator_type(iterable), std::make_shared<LiveIteration>(iterable));
}

std::optional<Value> next_of(const Value& iterator) {
  auto walk = walk_of(iterator);
  if (!walk) {
    throw ValueError("'" + type_name(iterator) + "' object is not an iterator", "TypeError");
  }
  Value item;
  if (!walk->next(item)) return std::nullopt;
  return item;
}

bool is_lazy_iterator(const Value& v) { return walk_of(v) || dict_view_of(v); }

ValueList lazy_items(const Value& v) {
  LiveIteration walk(v);
  ValueList out;
  Value item;
  while (walk.next(item)) {
    out.push_back(item);
    check_sequence_length(static_cast<int64_t>(out.size()), "list");
  }
  return out;
}

LiveIteration::LiveIteration(const Value& iterable) : source_(iterable) {
  if ((shared_ = walk_of(source_))) return;
  if (auto l = source_.get<Value::List>()) {
    list_ = &(*l)->items;
  } else if (auto d = source_.get<Value::Dict>()) {
    dict_ = d->get();
    dict_size_ = dict_->items.size();
  } else if (auto view = dict_view_of(source_)) {
    dict_ = view->dict;
    dict_items_ = view->kind;
    dict_size_ = dict_->items.size();
  } else if (auto r = source_.get<RangeValue>()) {
    range_ = r;
    range_size_ = r->size();
  } else {
    snapshot_ = iterate(source_);
    list_ = &snapshot_;
  }
}

bool LiveIteration::next_inner(Value& item) {
  if (enumerate_) {
    Value x;
    if (!inner_[0]->next(x)) return false;
    // start + i, checked when item i is asked for, as the eager count was.
    const int64_t i = static_cast<int64_t>(position_++);
    item = make_tuple({Value(rt::checked_add(count_, i, "enumerate()'s count")), std::move(x)});
    return true;
  }
  if (inner_.empty()) return false;  // zip() of nothing
  ValueList row;
  row.reserve(inner_.size());
  for (const auto& walk : inner_) {
    Value x;
    if (!walk->next(x)) return false;
    row.push_back(std::move(x));
  }
  item = make_tuple(std::move(row));
  return true;
}

bool LiveIteration::next(Value& item) {
  if (shared_) return shared_->next(item);
  if (done_) return false;
  if (next_item(item)) {
    charge_work(1);
    return true;
  }
  done_ = true;
  return false;
}

bool LiveIteration::next_item(Value& item) {
  if (enumerate_ || zip_) return next_inner(item);
  const size_t i = position_;
  if (reversed_) {
    // Down from the end; a list shrunk below the position ends the walk.
    if (i == 0 || i > list_->size()) return false;
    item = (*list_)[i - 1];
    --position_;
    return true;
  }
  if (list_) {
    // The size read now, not when the loop began.
    if (i >= list_->size()) return false;
    item = (*list_)[i];
  } else if (dict_) {
    if (dict_->items.size() != dict_size_) {
      throw ValueError("RuntimeError: dictionary changed size during iteration", "RuntimeError");
    }
    if (i >= dict_size_) return false;
    item = DictView{dict_, dict_items_}.at(i);
  } else {
    if (i >= range_size_) return false;
    item = Value(range_->at(i));
  }
  ++position_;
  return true;
}

}  // namespace nkic::interp
