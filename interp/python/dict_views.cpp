// dict.keys(), dict.values(), dict.items() (see dict_views.h).
#include "interp/python/dict_views.h"

#include <memory>
#include <string>
#include <utility>

#include "interp/python/signature_helpers.h"
#include "interp/python/user_dunders.h"

namespace nkic::interp {

namespace {

// What a view holds: its dict, which it keeps alive.
struct ViewState : NativeState {
  ViewState(Value::Dict d, DictViewKind k) : dict(std::move(d)), kind(k) {}
  Value::Dict dict;
  DictViewKind kind;
};

const char* view_name(DictViewKind kind) {
  switch (kind) {
    case DictViewKind::keys: return "dict_keys";
    case DictViewKind::values: return "dict_values";
    case DictViewKind::items: return "dict_items";
  }
  return "";
}

// The view a method was called on; TypeError for anything else (the method
// taken from the class and called on another object).
DictView self_view(CallArgs& c, const char* method) {
  if (auto view = dict_view_of(c["self"])) return *view;
  throw ValueError(std::string("descriptor '") + method +
                       "' requires a dict view object but received a '" + type_name(c["self"]) +
                       "'",
                   "TypeError");
}

Value view_len(CallArgs& c) {
  return static_cast<int64_t>(self_view(c, "__len__").dict->items.size());
}

// Whether `x` is an item of the view. Keys and items are found by hashing;
// values by ==, each compared value held (a user __eq__ may clear the dict).
bool view_contains(const DictView& view, const Value& x) {
  switch (view.kind) {
    case DictViewKind::keys: return view.dict->find(x) != nullptr;
    case DictViewKind::items: {
      auto t = x.get<Value::Tuple>();
      if (!t || (*t)->size() != 2) return false;
      const Value held = x;  // *t lives as long as `held`
      const Value* v = view.dict->find((**t)[0]);
      if (!v) return false;
      const Value value = *v;
      return equals(value, (**t)[1]);
    }
    case DictViewKind::values: {
      const ValueList values = [&] {
        ValueList out;
        for (const auto& kv : view.dict->items) out.push_back(kv.second);
        return out;
      }();
      for (const Value& v : values) {
        if (equals(v, x)) return true;
      }
      return false;
    }
  }
  return false;
}

Value view_contains_fn(CallArgs& c) { return view_contains(self_view(c, "__contains__"), c["item"]); }

Value view_repr(CallArgs& c) {
  const DictView view = self_view(c, "__repr__");
  ValueList items;
  for (size_t i = 0; i < view.dict->items.size(); ++i) items.push_back(view.at(i));
  return std::string(view_name(view.kind)) + "(" + to_repr(make_list(std::move(items))) + ")";
}

// keys and items views are set-like: equal when they hold the same items.
// values views compare by identity, as CPython's do.
Value view_eq(CallArgs& c) {
  const Value self = c["self"], other = c["other"];
  const DictView a = self_view(c, "__eq__");
  const std::optional<DictView> b = dict_view_of(other);
  if (a.kind == DictViewKind::values || !b || b->kind == DictViewKind::values) {
    return not_implemented();
  }
  if (a.dict->items.size() != b->dict->items.size()) return false;
  ValueList items;
  for (size_t i = 0; i < a.dict->items.size(); ++i) items.push_back(a.at(i));
  for (const Value& x : items) {
    if (!view_contains(*b, x)) return false;
  }
  return true;
}

Value view_set_operation(CallArgs& c) {
  throw ValueError("set operations on '" + type_name(c["self"]) +
                   "' are not supported (sets are not part of the language)");
}

// The type of `kind`'s views, with its methods: a native class, kept for
// the process and immutable.
Value::Class make_view_class(DictViewKind kind) {
  static const BuiltinPtr len = python_fn("__len__", {req("self")}, view_len);
  static const BuiltinPtr contains =
      python_fn("__contains__", {req("self"), req("item")}, view_contains_fn);
  static const BuiltinPtr repr = python_fn("__repr__", {req("self")}, view_repr);
  static const BuiltinPtr eq = python_fn("__eq__", {req("self"), req("other")}, view_eq);
  auto cls = new_native_class(view_name(kind));
  cls->attrs["__len__"] = Value(len);
  cls->attrs["__contains__"] = Value(contains);
  cls->attrs["__repr__"] = Value(repr);
  cls->attrs["__eq__"] = Value(eq);
  cls->attrs["__hash__"] = Value();
  if (kind != DictViewKind::values) {
    for (const char* op : {"__and__", "__or__", "__sub__", "__xor__", "__rand__", "__ror__",
                           "__rsub__", "__rxor__"}) {
      cls->attrs[op] = Value(python_fn(op, {req("self"), req("other")}, view_set_operation));
    }
  }
  return cls;
}

const Value::Class& view_class(DictViewKind kind) {
  static const Value::Class classes[3] = {make_view_class(DictViewKind::keys),
                                          make_view_class(DictViewKind::values),
                                          make_view_class(DictViewKind::items)};
  return classes[static_cast<int>(kind)];
}

}  // namespace

Value make_dict_view(const Value::Dict& dict, DictViewKind kind) {
  auto v = new_instance();
  v->cls = view_class(kind);
  v->native = std::make_shared<ViewState>(dict, kind);
  return Value(v);
}

std::optional<DictView> dict_view_of(const Value& v) {
  auto i = v.get<Value::Instance>();
  if (!i || !(*i)->native) return std::nullopt;
  auto* state = dynamic_cast<const ViewState*>((*i)->native.get());
  if (!state) return std::nullopt;
  return DictView{state->dict.get(), state->kind};
}

Value DictView::at(size_t i) const {
  const auto& [key, value] = dict->items[i];
  switch (kind) {
    case DictViewKind::keys: return key;
    case DictViewKind::values: return value;
    case DictViewKind::items: return make_tuple({key, value});
  }
  return Value();
}

}  // namespace nkic::interp
