// A for loop's walk over a live list or dict (see live_iteration.h).
#include "interp/python/live_iteration.h"

#include "interp/python/operators.h"
#include "interp/work_meter.h"

namespace nkic::interp {

namespace {

// The classes of enumerate() and zip() objects: made once, never changed.
const Value::Class& lazy_class(bool zip) {
  static const Value::Class enumerate_class = [] {
    auto c = std::make_shared<ClassObj>();
    c->name = "enumerate";
    return c;
  }();
  static const Value::Class zip_class = [] {
    auto c = std::make_shared<ClassObj>();
    c->name = "zip";
    return c;
  }();
  return zip ? zip_class : enumerate_class;
}

const InstanceObj* lazy_of(const Value& v, bool zip) {
  auto i = v.get<Value::Instance>();
  return i && (*i)->cls == lazy_class(zip) ? i->get() : nullptr;
}

}  // namespace

Value make_enumerate(const Value& iterable, int64_t start) {
  LiveIteration check(iterable);
  auto e = new_instance();
  e->cls = lazy_class(false);
  e->attrs["iterable"] = iterable;
  e->attrs["start"] = Value(start);
  return Value(e);
}

Value make_zip(const ValueList& iterables) {
  for (const Value& v : iterables) LiveIteration check(v);
  auto z = new_instance();
  z->cls = lazy_class(true);
  z->attrs["iterables"] = make_tuple(iterables);
  return Value(z);
}

bool is_lazy_iterator(const Value& v) {
  return lazy_of(v, false) || lazy_of(v, true);
}

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
  if (const InstanceObj* e = lazy_of(source_, false)) {
    enumerate_ = true;
    count_ = *e->attrs.at("start").get<int64_t>();
    inner_.push_back(std::make_unique<LiveIteration>(e->attrs.at("iterable")));
  } else if (const InstanceObj* z = lazy_of(source_, true)) {
    zip_ = true;
    for (const Value& v : **z->attrs.at("iterables").get<Value::Tuple>()) {
      inner_.push_back(std::make_unique<LiveIteration>(v));
    }
  } else if (auto l = source_.get<Value::List>()) {
    list_ = &(*l)->items;
  } else if (auto d = source_.get<Value::Dict>()) {
    dict_ = d->get();
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
  const size_t i = position_;
  if (enumerate_ || zip_) {
    return next_inner(item);
  } else if (list_) {
    // The size read now, not when the loop began.
    if (i >= list_->size()) return false;
    item = (*list_)[i];
  } else if (dict_) {
    if (dict_->items.size() != dict_size_) {
      throw ValueError("RuntimeError: dictionary changed size during iteration", "RuntimeError");
    }
    if (i >= dict_size_) return false;
    item = dict_->items[i].first;
  } else {
    if (i >= range_size_) return false;
    item = Value(range_->at(i));
  }
  ++position_;
  charge_work(1);
  return true;
}

}  // namespace nkic::interp
