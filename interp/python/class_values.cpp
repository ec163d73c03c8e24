// The class side of values: a class's ancestry, the hook through which
// values reach a user's dunder methods, IntEnum members as ints, and which
// values are types (as annotations and isinstance() use them).
#include "interp/python/value.h"

namespace nkic::interp {

bool ClassObj::derives_from(const ClassObj* other) const {
  for (const ClassObj* c = this; c; c = c->base.get()) {
    if (c == other) return true;
  }
  return false;
}

thread_local UserMethods* UserMethods::current_ = nullptr;

std::optional<Value> UserMethods::call(const Value& self, const std::string& name, ValueList args) {
  if (!current_ || !self.is<Value::Instance>()) return std::nullopt;
  return current_->call_user_method(self, name, std::move(args));
}

std::optional<int64_t> int_enum_value(const Value& v) {
  if (auto e = v.get<EnumConst>(); e && e->is_int) return e->value;
  auto i = v.get<Value::Instance>();
  if (!i || !(*i)->cls || !(*i)->cls->is_int_enum) return std::nullopt;
  auto it = (*i)->attrs.find("value");
  if (it == (*i)->attrs.end()) return std::nullopt;
  if (auto n = it->second.get<int64_t>()) return *n;
  return std::nullopt;
}

bool is_type_value(const Value& v) {
  if (v.is_none() || v.is<Value::Class>()) return true;
  if (auto b = v.get<Value::Builtin>()) {
    static const char* const kTypes[] = {"int",   "float",     "str",    "bool",    "list",
                                         "tuple", "dict",      "object", "type",    "range",
                                         "set",   "frozenset", "bytes",  "complex", "slice"};
    for (const char* t : kTypes) {
      if ((*b)->name == t) return true;
    }
    return false;
  }
  if (auto t = v.get<Value::Tuple>()) {
    // `int | None` is the tuple (int, None), as isinstance() takes it.
    for (const Value& x : **t) {
      if (!is_type_value(x)) return false;
    }
    return !(*t)->empty();
  }
  return false;
}

}  // namespace nkic::interp
