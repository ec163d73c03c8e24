// Python's builtin functions (len, range, print, ...) and the builtin
// exception classes, described like the NKI operations: a name, a signature
// for the shared binder, an action.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "interp/evaluator.h"
#include "interp/nki/modules.h"
#include "interp/python/exceptions.h"
#include "interp/python/format.h"
#include "interp/python/int_text.h"
#include "interp/python/live_iteration.h"
#include "interp/python/operators.h"
#include "interp/python/os_sys.h"
#include "interp/python/rounding.h"
#include "interp/python/signature_helpers.h"
#include "interp/python/text.h"
#include "interp/python/user_dunders.h"
#include "interp/work_meter.h"

namespace nkic::interp {

namespace {

// ---- builtin functions ---------------------------------------------------------

Value b_len(CallArgs& c) {
  const Value& v = c["obj"];
  if (auto s = v.get<std::string>()) return text::length(*s);
  if (auto items = sequence_items(v)) return static_cast<int64_t>(items->size());
  if (auto d = v.get<Value::Dict>()) return static_cast<int64_t>((*d)->items.size());
  if (auto r = v.get<RangeValue>()) return r->length();
  if (auto k = v.get<Value::Class>(); k && (*k)->is_enum) {
    return static_cast<int64_t>((*k)->members.size());
  }
  if (v.is<Value::Instance>()) {
    if (auto n = user_len(v)) return *n;
  }
  if (auto t = v.get<Value::Tensor>()) {
    if ((*t)->ndim() == 0) throw ValueError("len() of a 0-d tensor");
    return (*t)->shape()[0];
  }
  if (auto r = v.get<Value::Register>()) register_misuse(**r, "a Python container");
  throw ValueError("object of type '" + type_name(v) + "' has no len()", "TypeError");
}

Value b_ascii(CallArgs& c) {
  return to_ascii(c["obj"]);
}

Value b_range(CallArgs& c) {
  return make_range(c, "range");
}

Value min_max(CallArgs& c, bool is_max) {
  const ValueList& args = tuple_items(c["args"]);
  const char* name = is_max ? "max" : "min";
  ValueList items = args.size() == 1 ? iterate(args[0]) : args;
  // `default=` is the only other keyword (a kwargs dict, since its absence
  // and None differ).
  const DictObj& kwargs = **c["kwargs"].get<Value::Dict>();
  for (const auto& kv : kwargs.items) {
    if (to_str(kv.first) != "default") {
      throw ValueError(
          std::string(name) + "() got an unexpected keyword argument '" + to_str(kv.first) + "'",
          "TypeError");
    }
  }
  const Value* dflt = kwargs.find(Value("default"));
  if (items.empty()) {
    if (args.size() == 1 && dflt) return *dflt;
    if (args.size() == 1)
      throw ValueError(std::string(name) + "() arg is an empty sequence", "ValueError");
    throw ValueError(std::string(name) + " expected at least 1 argument, got 0", "TypeError");
  }
  const Value& key = c["key"];
  auto key_of = [&](const Value& v) {
    return key.is_none() ? v : c.ev.call(key, {v}, {}, c.range);
  };
  Value best = items[0];
  Value best_key = key_of(best);
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = key_of(items[i]);
    const bool better = is_max ? compare(ast::CmpOpKind::Gt, k, best_key)
                               : compare(ast::CmpOpKind::Lt, k, best_key);
    if (better) {
      best = items[i];
      best_key = std::move(k);
    }
  }
  return best;
}
Value b_min(CallArgs& c) {
  return min_max(c, false);
}
Value b_max(CallArgs& c) {
  return min_max(c, true);
}

Value b_abs(CallArgs& c) {
  if (auto r = user_abs(c["x"])) return *r;
  if (auto d = c["x"].get<double>()) return std::fabs(*d);
  const int64_t x = to_int(c["x"], "abs() argument");
  if (x == std::numeric_limits<int64_t>::min()) throw ValueError("integer overflow in abs()");
  return x < 0 ? -x : x;
}

Value b_sum(CallArgs& c) {
  Value total = c["start"];
  for (const Value& v : iterate(c["iterable"])) total = binary_op(ast::BinOpKind::Add, total, v);
  return total;
}

Value b_int(CallArgs& c) {
  const Value& v = c["x"];
  if (!c["base"].is_none()) {
    const int64_t base = to_int(c["base"], "int() base");
    auto s = v.get<std::string>();
    if (!s) throw ValueError("int() can't convert non-string with explicit base", "TypeError");
    return parse_int_text(*s, base);
  }
  if (auto s = v.get<std::string>()) return parse_int_text(*s, 10);
  if (auto d = v.get<double>()) return truncate_to_int(*d);
  if (v.is<Value::Tensor>()) {
    throw ValueError("int() of a tensor: its data is only known when the kernel runs");
  }
  return to_int(v, "int() argument");
}

Value b_float(CallArgs& c) {
  if (auto s = c["x"].get<std::string>()) {
    std::string t = *s;
    for (auto& ch : t) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    t.erase(0, t.find_first_not_of(" \t\n"));
    t.erase(t.find_last_not_of(" \t\n") + 1);
    if (t == "inf" || t == "+inf" || t == "infinity")
      return std::numeric_limits<double>::infinity();
    if (t == "-inf" || t == "-infinity") return -std::numeric_limits<double>::infinity();
    if (t == "nan" || t == "+nan" || t == "-nan") return std::numeric_limits<double>::quiet_NaN();
    char* end = nullptr;
    const double d = std::strtod(t.c_str(), &end);
    if (t.empty() || *end != '\0') {
      throw ValueError("could not convert string to float: " + repr_string(*s), "ValueError");
    }
    return d;
  }
  if (c["x"].is<Value::Tensor>()) {
    throw ValueError("float() of a tensor: its data is only known when the kernel runs");
  }
  return to_number(c["x"], "float() argument");
}

Value b_bool(CallArgs& c) {
  return truthy(c["x"]);
}
Value b_str(CallArgs& c) {
  return to_str(c["object"]);
}
Value b_repr(CallArgs& c) {
  return to_repr(c["obj"]);
}
Value b_list(CallArgs& c) {
  return make_list(iterate(c["iterable"]));
}
Value b_tuple(CallArgs& c) {
  return make_tuple(iterate(c["iterable"]));
}

Value b_dict(CallArgs& c) {
  auto d = new_dict();
  if (auto other = c["mapping"].get<Value::Dict>()) {
    *d = **other;
  } else if (!c["mapping"].is_none()) {
    for (const Value& pair : iterate(c["mapping"])) {
      const ValueList kv = iterate(pair);
      if (kv.size() != 2) throw ValueError("dict() needs (key, value) pairs");
      d->set(kv[0], kv[1]);
    }
  }
  for (const auto& [k, v] : (*c["kwargs"].get<Value::Dict>())->items) d->set(k, v);
  return Value(d);
}

// Lazy, as Python's: a loop over them walks live lists (live_iteration.h).
Value b_enumerate(CallArgs& c) {
  return make_enumerate(c["iterable"], to_int(c["start"], "enumerate() start"));
}

Value b_zip(CallArgs& c) {
  return make_zip(tuple_items(c["iterables"]));
}

Value b_print(CallArgs& c) {
  const auto sep = c["sep"].get<std::string>();
  const auto end = c["end"].get<std::string>();
  if ((!sep && !c["sep"].is_none()) || (!end && !c["end"].is_none())) {
    throw ValueError("print(): sep and end must be strings");
  }
  std::string line;
  const ValueList& args = tuple_items(c["args"]);
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) line += sep ? *sep : " ";
    line += to_str(args[i]);
  }
  line += end ? *end : "\n";
  const Value& file = c["file"];
  int stream = 1;
  if (!file.is_none()) {
    stream = stream_number(file);
    if (stream == 0) {
      // Another file-like object: whatever its write() does.
      c.ev.call(c.ev.get_attribute(file, "write"), {Value(line)}, {}, c.range);
      return Value();
    }
  }
  c.ev.write_stream(stream, line);
  return Value();
}

bool is_instance(CallArgs& c, const Value& v, const Value& cls) {
  if (auto items = cls.get<Value::Tuple>()) {
    for (const Value& k : **items) {
      if (is_instance(c, v, k)) return true;
    }
    return false;
  }
  if (cls.is_none()) return v.is_none();
  if (auto k = cls.get<Value::Class>()) {
    auto inst = v.get<Value::Instance>();
    return inst && (*inst)->cls && (*inst)->cls->derives_from(k->get());
  }
  if (auto b = cls.get<Value::Builtin>()) {
    const std::string& n = (*b)->name;
    const std::string t = type_name(v);
    if (n == "object") return true;
    if (n == "type") return v.is<Value::Class>() || (v.is<Value::Builtin>() && is_type_value(v));
    if (n == "int" && int_enum_value(v)) return true;
    if (n == "int") return t == "int" || t == "bool";
    if (n == "float" || n == "str" || n == "bool" || n == "list" || n == "tuple" || n == "dict" ||
        n == "range") {
      return t == n;
    }
    if (n == "ndarray") return v.is<Value::Tensor>();
    if (n == "ReplicaGroup") return v.is<Value::Group>();
  }
  throw ValueError(
      "isinstance() arg 2 must be a type or tuple of types, not '" + type_name(cls) + "'",
      "TypeError");
}

Value b_issubclass(CallArgs& c) {
  auto cls = c["cls"].get<Value::Class>();
  if (!cls) throw ValueError("issubclass() arg 1 must be a class", "TypeError");
  auto is_sub = [&](const Value& k) {
    auto base = k.get<Value::Class>();
    if (!base)
      throw ValueError("issubclass() arg 2 must be a class or tuple of classes", "TypeError");
    return derives_from(**cls, **base);
  };
  if (auto items = c["classinfo"].get<Value::Tuple>()) {
    for (const Value& k : **items) {
      if (is_sub(k)) return true;
    }
    return false;
  }
  return is_sub(c["classinfo"]);
}

Value b_isinstance(CallArgs& c) {
  return is_instance(c, c["obj"], c["classinfo"]);
}

Value b_ord(CallArgs& c) {
  auto s = c["c"].get<std::string>();
  if (!s)
    throw ValueError("ord() expected string of length 1, but " + type_name(c["c"]) + " found",
                     "TypeError");
  if (text::length(*s) != 1) {
    throw ValueError("ord() expected a character, but string of length " +
                         std::to_string(text::length(*s)) + " found",
                     "TypeError");
  }
  return text::ord(*s);
}

Value b_chr(CallArgs& c) {
  return text::chr(to_int(c["i"], "chr() argument"));
}

Value b_round(CallArgs& c) {
  const bool is_int = c["number"].is<int64_t>() || c["number"].is<bool>();
  if (c["ndigits"].is_none()) {
    if (is_int) return to_int(c["number"], "");
    return round_to_int(to_number(c["number"], "round() argument"));
  }
  const int64_t n = to_int(c["ndigits"], "ndigits");
  if (is_int) return round_int(to_int(c["number"], ""), n);
  return round_float(to_number(c["number"], "round() argument"), n);
}

}  // namespace

namespace {

using Keyed = std::vector<std::pair<Value, Value>>;

// A stable merge sort of `keyed` by its keys under `before`. Not
// std::stable_sort: the order is the user's __lt__, which may be
// inconsistent (random, or changing as it runs), and the standard's sorts
// may then read outside the range; this one only ever moves whole items
// between two buffers by checked positions, so any answers give some order.
template <class Before>
void merge_sort(Keyed& keyed, Before before) {
  const size_t n = keyed.size();
  Keyed buffer(n);
  for (size_t width = 1; width < n; width *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * width) {
      const size_t mid = std::min(n, lo + width), hi = std::min(n, lo + 2 * width);
      size_t i = lo, j = mid, out = lo;
      // The right item goes first only when it is strictly before the left.
      while (i < mid && j < hi) {
        buffer[out++] = std::move(before(keyed[j], keyed[i]) ? keyed[j++] : keyed[i++]);
      }
      while (i < mid) buffer[out++] = std::move(keyed[i++]);
      while (j < hi) buffer[out++] = std::move(keyed[j++]);
    }
    keyed.swap(buffer);
  }
}

}  // namespace

ValueList sorted_items(CallArgs& c, ValueList items, const Value& key, bool reverse) {
  Keyed keyed;
  for (Value& v : items) {
    Value k = key.is_none() ? v : c.ev.call(key, {v}, {}, c.range);
    keyed.emplace_back(std::move(k), std::move(v));
  }
  // A sort compares about n log2(n) times.
  int64_t log2n = 1;
  while ((int64_t{1} << log2n) < static_cast<int64_t>(keyed.size())) ++log2n;
  charge_work(static_cast<int64_t>(keyed.size()) * log2n);
  merge_sort(keyed, [&](const auto& a, const auto& b) {
    return reverse ? compare(ast::CmpOpKind::Lt, b.first, a.first)
                   : compare(ast::CmpOpKind::Lt, a.first, b.first);
  });
  ValueList out;
  for (auto& kv : keyed) out.push_back(std::move(kv.second));
  return out;
}

namespace {

Value b_sorted(CallArgs& c) {
  return make_list(sorted_items(c, iterate(c["iterable"]), c["key"], truthy(c["reverse"])));
}

Value b_reversed(CallArgs& c) { return make_reversed(c["sequence"]); }

Value b_any(CallArgs& c) {
  for (const Value& v : iterate(c["iterable"])) {
    if (truthy(v)) return true;
  }
  return false;
}

Value b_all(CallArgs& c) {
  for (const Value& v : iterate(c["iterable"])) {
    if (!truthy(v)) return false;
  }
  return true;
}

Value b_divmod(CallArgs& c) {
  return make_tuple({binary_op(ast::BinOpKind::FloorDiv, c["a"], c["b"]),
                     binary_op(ast::BinOpKind::Mod, c["a"], c["b"])});
}

Value b_pow(CallArgs& c) {
  if (c["mod"].is_none()) return binary_op(ast::BinOpKind::Pow, c["base"], c["exp"]);
  auto is_int = [](const Value& v) { return v.is<int64_t>() || v.is<bool>() || int_enum_value(v); };
  if (!is_int(c["base"]) || !is_int(c["exp"]) || !is_int(c["mod"])) {
    throw ValueError("pow() 3rd argument not allowed unless all arguments are integers",
                     "TypeError");
  }
  return modular_pow(to_int(c["base"], ""), to_int(c["exp"], ""), to_int(c["mod"], ""));
}

Value b_type(CallArgs& c) {
  const Value& v = c["obj"];
  if (auto i = v.get<Value::Instance>()) return Value((*i)->cls);
  const std::string t = type_name(v);
  if (auto b = c.ev.builtin(t)) return *b;
  throw ValueError("type() of a '" + t + "' value is not supported");
}

Value b_getattr(CallArgs& c) {
  auto name = c["name"].get<std::string>();
  if (!name) throw ValueError("getattr(): attribute name must be a string");
  const ValueList& dflt = tuple_items(c["default"]);
  try {
    return c.ev.get_attribute(c["obj"], *name);
  } catch (const ValueError& e) {
    // Only a missing attribute takes the default, as in Python; a
    // property's own error (its recursion) goes on.
    if (dflt.empty() || !is_python_error(e, "AttributeError")) throw;
    return dflt[0];
  }
}

Value b_hasattr(CallArgs& c) {
  auto name = c["name"].get<std::string>();
  if (!name) throw ValueError("hasattr(): attribute name must be a string");
  try {
    c.ev.get_attribute(c["obj"], *name);
    return true;
  } catch (const ValueError& e) {
    if (!is_python_error(e, "AttributeError")) throw;
    return false;
  }
}

Value b_format(CallArgs& c) {
  auto spec = c["format_spec"].get<std::string>();
  if (!spec) throw ValueError("format(): format_spec must be a string");
  return format_value(c["value"], *spec);
}

}  // namespace

void install_python_builtins(Scope& scope) {
  static const std::vector<BuiltinPtr> functions = [] {
    const Value none;
    return std::vector<BuiltinPtr>{
        python_fn("len", {req("obj")}, b_len),
        python_fn("range", {req("start"), opt("stop", none), opt("step", int64_t{1})}, b_range),
        python_fn("min", {rest("args"), kwonly("key", none), kwrest("kwargs")}, b_min),
        python_fn("max", {rest("args"), kwonly("key", none), kwrest("kwargs")}, b_max),
        python_fn("abs", {req("x")}, b_abs),
        python_fn("sum", {req("iterable"), opt("start", int64_t{0})}, b_sum),
        python_fn("int", {opt("x", int64_t{0}), opt("base", none)}, b_int),
        python_fn("float", {opt("x", 0.0)}, b_float),
        python_fn("bool", {opt("x", false)}, b_bool),
        python_fn("str", {opt("object", std::string())}, b_str),
        python_fn("repr", {req("obj")}, b_repr),
        python_fn("list", {opt("iterable", make_tuple({}))}, b_list),
        python_fn("tuple", {opt("iterable", make_tuple({}))}, b_tuple),
        python_fn("dict", {opt("mapping", none), kwrest("kwargs")}, b_dict),
        python_fn("ascii", {req("obj")}, b_ascii),
        python_fn("enumerate", {req("iterable"), opt("start", int64_t{0})}, b_enumerate),
        python_fn("zip", {rest("iterables")}, b_zip),
        python_fn("print",
                  {rest("args"), kwonly("sep", none), kwonly("end", none), kwonly("file", none),
                   kwonly("flush", false)},
                  b_print),
        python_fn("isinstance", {req("obj"), req("classinfo")}, b_isinstance),
        python_fn("issubclass", {req("cls"), req("classinfo")}, b_issubclass),
        python_fn("round", {req("number"), opt("ndigits", none)}, b_round),
        python_fn("ord", {req("c")}, b_ord),
        python_fn("chr", {req("i")}, b_chr),
        python_fn("sorted", {req("iterable"), kwonly("key", none), kwonly("reverse", false)},
                  b_sorted),
        python_fn("reversed", {req("sequence")}, b_reversed),
        python_fn("any", {req("iterable")}, b_any),
        python_fn("all", {req("iterable")}, b_all),
        python_fn("divmod", {req("a"), req("b")}, b_divmod),
        python_fn("pow", {req("base"), req("exp"), opt("mod", none)}, b_pow),
        python_fn("type", {req("obj")}, b_type),
        python_fn("getattr", {req("obj"), req("name"), rest("default")}, b_getattr),
        python_fn("hasattr", {req("obj"), req("name")}, b_hasattr),
        python_fn("format", {req("value"), opt("format_spec", std::string())}, b_format),
    };
  }();
  for (const BuiltinPtr& f : functions) scope.vars[f->name] = Value(unowned(f));
  install_class_builtins(scope);
  install_exception_classes(scope);
  install_more_builtins(scope);
}

}  // namespace nkic::interp
