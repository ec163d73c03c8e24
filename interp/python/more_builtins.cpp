// Builtins beyond python_builtins.cpp's: map, filter, callable, setattr,
// delattr, hash, hex, oct, bin and slice. Each calls back into the evaluator for the functions it
// is given.
#include <cmath>
#include <functional>

#include "interp/evaluator.h"
#include "interp/python/int_text.h"
#include "interp/python/signature_helpers.h"
#include "interp/python/user_dunders.h"

namespace nkic::interp {

namespace {

// hash() as CPython computes it for ints, integral floats, tuples of them
// and a user __hash__; other values (whose CPython hash varies from run to
// run) get one that is stable within a run.
// Tuples nested deeper than this are refused rather than risking the stack
// (the same bound as printing and comparing them).
constexpr int kMaxHashNesting = 500;

int64_t hash_of(const Value& v, int depth = 0) {
  if (depth > kMaxHashNesting) throw ValueError("maximum recursion depth exceeded while hashing");
  if (auto n = v.get<int64_t>()) return int_hash(*n);
  // An IntEnum member is its int.
  if (auto n = int_enum_value(v)) return int_hash(*n);
  if (auto b = v.get<bool>()) return *b ? 1 : 0;
  if (auto d = v.get<double>(); d && std::floor(*d) == *d && std::fabs(*d) < 9.2e18) {
    return int_hash(static_cast<int64_t>(*d));
  }
  if (auto i = v.get<Value::Instance>(); i && (*i)->cls && hash_kind(*(*i)->cls) == HashKind::user) {
    return user_hash(v);
  }
  if (auto t = v.get<Value::Tuple>()) {
    // CPython's tuple hash (xxHash's mixing of the items' hashes).
    constexpr uint64_t kPrime1 = 11400714785074694791ULL;
    constexpr uint64_t kPrime2 = 14029467366897019727ULL;
    constexpr uint64_t kPrime5 = 2870177450012600261ULL;
    uint64_t acc = kPrime5;
    for (const Value& item : **t) {
      acc += static_cast<uint64_t>(hash_of(item, depth + 1)) * kPrime2;
      acc = (acc << 31) | (acc >> 33);
      acc *= kPrime1;
    }
    acc += (*t)->size() ^ (kPrime5 ^ 3527539ULL);
    return acc == static_cast<uint64_t>(-1) ? 1546275796 : static_cast<int64_t>(acc);
  }
  const int64_t h = static_cast<int64_t>(std::hash<std::string>{}(key_string(v)) >> 2);
  return h == -1 ? -2 : h;
}

Value b_hash(CallArgs& c) {
  return hash_of(c["obj"]);
}

// An int argument as hex() and its kind take it: an int, a bool, an IntEnum member.
int64_t index_argument(const Value& v) {
  if (!v.is<int64_t>() && !v.is<bool>() && !int_enum_value(v)) {
    throw ValueError("'" + type_name(v) + "' object cannot be interpreted as an integer",
                     "TypeError");
  }
  return to_int(v, "");
}

Value b_hex(CallArgs& c) {
  return int_to_prefixed(index_argument(c["x"]), 16, "0x");
}
Value b_oct(CallArgs& c) {
  return int_to_prefixed(index_argument(c["x"]), 8, "0o");
}
Value b_bin(CallArgs& c) {
  return int_to_prefixed(index_argument(c["x"]), 2, "0b");
}

// slice(stop) or slice(start, stop[, step]), of ints or None: CPython takes
// any value, but indexes only with these; others are not supported here.
Value b_slice(CallArgs& c) {
  const ValueList& args = tuple_items(c["args"]);
  if (args.empty() || args.size() > 3) {
    throw ValueError(std::string("slice expected at ") + (args.empty() ? "least 1 argument" : "most 3 arguments") +
                         ", got " + std::to_string(args.size()),
                     "TypeError");
  }
  auto bound = [](const Value& v) -> std::optional<int64_t> {
    if (v.is_none()) return std::nullopt;
    if (!v.is<int64_t>() && !v.is<bool>() && !int_enum_value(v)) {
      throw ValueError("slice() of a '" + type_name(v) + "': only ints and None are supported");
    }
    return to_int(v, "");
  };
  SliceValue out;
  if (args.size() == 1) {
    out.upper = bound(args[0]);
  } else {
    out.lower = bound(args[0]);
    out.upper = bound(args[1]);
    if (args.size() == 3) out.step = bound(args[2]);
  }
  return out;
}

Value b_map(CallArgs& c) {
  std::vector<ValueList> lists;
  for (const Value& v : tuple_items(c["iterables"])) lists.push_back(iterate(v));
  if (lists.empty()) throw ValueError("map() must have at least two arguments.", "TypeError");
  size_t n = lists[0].size();
  for (const ValueList& l : lists) n = std::min(n, l.size());
  ValueList out;
  for (size_t i = 0; i < n; ++i) {
    ValueList args;
    for (const ValueList& l : lists) args.push_back(l[i]);
    out.push_back(c.ev.call(c["function"], std::move(args), {}, c.range));
  }
  return make_list(std::move(out));
}

Value b_filter(CallArgs& c) {
  ValueList out;
  for (const Value& v : iterate(c["iterable"])) {
    const bool keep =
        c["function"].is_none() ? truthy(v) : truthy(c.ev.call(c["function"], {v}, {}, c.range));
    if (keep) out.push_back(v);
  }
  return make_list(std::move(out));
}

Value b_callable(CallArgs& c) {
  const Value& v = c["obj"];
  return v.is<Value::Function>() || v.is<Value::Builtin>() || v.is<Value::Method>() ||
         v.is<Value::Class>() || v.is<rt::AluOp>();
}

const std::string& attr_name(CallArgs& c) {
  auto name = c["name"].get<std::string>();
  if (!name) throw ValueError(c.fn.name + "(): attribute name must be string", "TypeError");
  return *name;
}

Value b_setattr(CallArgs& c) {
  const std::string& name = attr_name(c);
  const Value& obj = c["obj"];
  if (obj.is<Value::Instance>() || obj.is<Value::Class>()) {
    // As `obj.name = value`: a user __setattr__, a property's setter.
    c.ev.set_attribute(obj, name, c["value"]);
  } else {
    throw ValueError("'" + type_name(obj) + "' object has no attribute '" + name + "'",
                     "AttributeError");
  }
  return Value();
}

Value b_delattr(CallArgs& c) {
  const std::string& name = attr_name(c);
  c.ev.delete_attribute(c["obj"], name);
  return Value();
}

}  // namespace

void install_more_builtins(Scope& scope) {
  static const std::vector<BuiltinPtr> functions = [] {
    const Value none;
    return std::vector<BuiltinPtr>{
        python_fn("map", {req("function"), rest("iterables")}, b_map),
        python_fn("filter", {req("function"), req("iterable")}, b_filter),
        python_fn("callable", {req("obj")}, b_callable),
        python_fn("setattr", {req("obj"), req("name"), req("value")}, b_setattr),
        python_fn("delattr", {req("obj"), req("name")}, b_delattr),
        python_fn("hash", {req("obj")}, b_hash),
        python_fn("hex", {req("x")}, b_hex),
        python_fn("slice", {rest("args")}, b_slice),
        python_fn("oct", {req("x")}, b_oct),
        python_fn("bin", {req("x")}, b_bin),
    };
  }();
  for (const BuiltinPtr& f : functions) scope.vars[f->name] = Value(unowned(f));
}

}  // namespace nkic::interp
