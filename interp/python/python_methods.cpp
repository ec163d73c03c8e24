// The methods of str, list, dict and tuple values, described like the
// builtins: a name, a signature (self first) for the shared binder, an action.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "interp/evaluator.h"
#include "interp/python/dict_views.h"
#include "interp/python/format.h"
#include "interp/python/operators.h"
#include "interp/python/signature_helpers.h"
#include "interp/python/slices.h"
#include "interp/python/text.h"
#include "interp/work_meter.h"

namespace nkic::interp {

namespace {

// ---- methods -------------------------------------------------------------------

const std::string& self_str(CallArgs& c) {
  return *c["self"].get<std::string>();
}
ListObj& self_list(CallArgs& c) {
  return **c["self"].get<Value::List>();
}
DictObj& self_dict(CallArgs& c) {
  return **c["self"].get<Value::Dict>();
}

const std::string& str_arg(CallArgs& c, const char* param) {
  auto s = c[param].get<std::string>();
  if (!s) {
    throw ValueError(c.fn.name + "() argument must be str, not '" + type_name(c[param]) + "'",
                     "TypeError");
  }
  return *s;
}

Value s_format(CallArgs& c) {
  KwArgs kwargs;
  for (const auto& [k, v] : (*c["kwargs"].get<Value::Dict>())->items)
    kwargs.emplace_back(*k.get<std::string>(), v);
  return format_string(self_str(c), tuple_items(c["args"]), kwargs);
}

Value s_join(CallArgs& c) {
  std::string out;
  bool first = true;
  for (const Value& v : iterate(c["iterable"])) {
    auto s = v.get<std::string>();
    if (!s)
      throw ValueError("sequence item: expected str instance, " + type_name(v) + " found",
                       "TypeError");
    if (!first) out += self_str(c);
    out += *s;
    charge_text(s->size() + self_str(c).size());
    check_string_length(static_cast<int64_t>(out.size()), "str.join result");
    first = false;
  }
  return out;
}

Value s_upper(CallArgs& c) {
  std::string s = self_str(c);
  for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

Value s_lower(CallArgs& c) {
  std::string s = self_str(c);
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

bool str_affix(CallArgs& c, bool prefix) {
  const char* param = prefix ? "prefix" : "suffix";
  const std::string& s = self_str(c);
  auto test = [&](const std::string& a) {
    if (a.size() > s.size()) return false;
    return prefix ? s.compare(0, a.size(), a) == 0
                  : s.compare(s.size() - a.size(), a.size(), a) == 0;
  };
  if (auto t = c[param].get<Value::Tuple>()) {
    for (const Value& a : **t) {
      if (auto as = a.get<std::string>(); as && test(*as)) return true;
    }
    return false;
  }
  return test(str_arg(c, param));
}
Value s_startswith(CallArgs& c) {
  return str_affix(c, true);
}
Value s_endswith(CallArgs& c) {
  return str_affix(c, false);
}

Value s_replace(CallArgs& c) {
  std::string s = self_str(c);
  charge_text(s.size());
  const std::string& from = str_arg(c, "old");
  const std::string& to = str_arg(c, "new");
  int64_t count = to_int(c["count"], "count");
  std::string out;
  size_t pos = 0;
  while (count != 0) {
    const size_t hit =
        from.empty() ? (pos <= s.size() ? pos : std::string::npos) : text::find(s, from, pos);
    if (hit == std::string::npos) break;
    out += s.substr(pos, hit - pos) + to;
    check_string_length(static_cast<int64_t>(out.size()), "str.replace result");
    if (from.empty()) {
      // Between code points, as Python's str is a sequence of them.
      const size_t next = hit < s.size() ? hit + text::char_bytes(s, hit) : hit + 1;
      out += s.substr(hit, next - hit);
      pos = next;
    } else {
      pos = hit + from.size();
    }
    --count;
  }
  if (pos <= s.size()) out += s.substr(pos);
  check_string_length(static_cast<int64_t>(out.size()), "str.replace result");
  charge_text(out.size());
  return out;
}

Value s_split(CallArgs& c) {
  const std::string& s = self_str(c);
  charge_text(s.size());
  int64_t maxsplit = to_int(c["maxsplit"], "maxsplit");
  ValueList out;
  if (c["sep"].is_none()) {
    size_t i = 0;
    while (true) {
      while (i < s.size() && text::space_at(s, i)) i += text::space_at(s, i);
      if (i >= s.size()) break;
      if (maxsplit == 0) {
        // The rest keeps its trailing whitespace, as CPython's does.
        out.emplace_back(s.substr(i));
        break;
      }
      size_t j = i;
      while (j < s.size() && !text::space_at(s, j)) j += text::char_bytes(s, j);
      out.emplace_back(s.substr(i, j - i));
      --maxsplit;
      i = j;
    }
    return make_list(std::move(out));
  }
  const std::string& sep = str_arg(c, "sep");
  if (sep.empty()) throw ValueError("empty separator", "ValueError");
  size_t pos = 0;
  while (maxsplit != 0) {
    const size_t hit = text::find(s, sep, pos);
    if (hit == std::string::npos) break;
    out.emplace_back(s.substr(pos, hit - pos));
    pos = hit + sep.size();
    --maxsplit;
  }
  out.emplace_back(s.substr(pos));
  return make_list(std::move(out));
}

Value strip(CallArgs& c, bool left, bool right) {
  const std::string chars = c["chars"].is_none() ? std::string(text::kWhitespace) : str_arg(c, "chars");
  charge_text(self_str(c).size() * (1 + chars.size()));
  return text::strip(self_str(c), chars, left, right);
}
Value s_strip(CallArgs& c) {
  return strip(c, true, true);
}
Value s_lstrip(CallArgs& c) {
  return strip(c, true, false);
}
Value s_rstrip(CallArgs& c) {
  return strip(c, false, true);
}

Value s_isascii(CallArgs& c) {
  return text::is_ascii(self_str(c));
}

// The items after position i, which an insertion or removal there moves.
int64_t n_after(const ValueList& items, int64_t i) {
  return static_cast<int64_t>(items.size()) - i;
}

Value l_append(CallArgs& c) {
  append_item(self_list(c), c["object"]);
  return Value();
}

Value l_extend(CallArgs& c) {
  const ValueList more = iterate(c["iterable"]);
  auto& items = self_list(c).items;
  if (static_cast<int64_t>(items.size() + more.size()) > kMaxSequenceLength) {
    throw ValueError("list too long");
  }
  items.insert(items.end(), more.begin(), more.end());
  return Value();
}

Value l_pop(CallArgs& c) {
  auto& items = self_list(c).items;
  if (items.empty()) throw ValueError("pop from empty list", "IndexError");
  int64_t i = to_int(c["index"], "pop index");
  if (i < 0) i += static_cast<int64_t>(items.size());
  if (i < 0 || i >= static_cast<int64_t>(items.size()))
    throw ValueError("pop index out of range", "IndexError");
  Value v = items[static_cast<size_t>(i)];
  charge_work(n_after(items, i));
  items.erase(items.begin() + i);
  return v;
}

Value l_insert(CallArgs& c) {
  auto& items = self_list(c).items;
  const int64_t n = static_cast<int64_t>(items.size());
  int64_t i = to_int(c["index"], "insert index");
  if (i < 0) i = std::max<int64_t>(0, i + n);
  i = std::min(i, n);
  check_sequence_length(n + 1, "list");
  charge_work(n - i + 1);
  items.insert(items.begin() + i, c["object"]);
  return Value();
}

Value seq_index(CallArgs& c) {
  if (auto i = sequence_find(c["self"], c["value"])) return static_cast<int64_t>(*i);
  throw ValueError(to_repr(c["value"]) + " is not in " + type_name(c["self"]), "ValueError");
}

Value seq_count(CallArgs& c) {
  return sequence_count(c["self"], c["value"]);
}

// NumPy's scalar.item(): kernels meet NumPy's scalars (np.finfo's fields)
// as Python numbers, so the number is its own item.
Value n_item(CallArgs& c) {
  return c["self"];
}

Value f_is_integer(CallArgs& c) {
  const double x = *c["self"].get<double>();
  return std::isfinite(x) && x == std::trunc(x);
}

Value i_bit_length(CallArgs& c) {
  const Value& self = c["self"];
  const int64_t v = self.is<bool>() ? int64_t{*self.get<bool>()} : *self.get<int64_t>();
  // |v| fits uint64_t even for INT64_MIN.
  uint64_t m = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  int64_t bits = 0;
  for (; m != 0; m >>= 1) ++bits;
  return bits;
}

Value l_copy(CallArgs& c) {
  charge_work(static_cast<int64_t>(self_list(c).items.size()));
  return make_list(self_list(c).items);
}

Value l_reverse(CallArgs& c) {
  auto& items = self_list(c).items;
  charge_work(static_cast<int64_t>(items.size()));
  std::reverse(items.begin(), items.end());
  return Value();
}

Value l_sort(CallArgs& c) {
  // As CPython's: the list is empty while it sorts, and a key function or
  // __lt__ that adds to it meanwhile is an error (the sorted items stay).
  const Value self = c["self"];
  auto& items = self_list(c).items;
  ValueList original;
  original.swap(items);
  ValueList sorted;
  try {
    sorted = sorted_items(c, original, c["key"], truthy(c["reverse"]));
  } catch (...) {
    // An error in a key or __lt__ leaves the items where they were.
    items = std::move(original);
    throw;
  }
  const bool modified = !items.empty();
  items = std::move(sorted);
  if (modified) throw ValueError("list modified during sort", "ValueError");
  return Value();
}

Value l_remove(CallArgs& c) {
  const Value self = c["self"];
  auto found = sequence_find(self, c["value"]);
  if (!found) throw ValueError("list.remove(x): x not in list", "ValueError");
  // The __eq__ that matched may have shortened the list: then, as CPython's
  // deletion of a slice past the end, nothing is removed.
  auto& items = self_list(c).items;
  if (*found < items.size()) {
    charge_work(n_after(items, static_cast<int64_t>(*found)));
    items.erase(items.begin() + static_cast<std::ptrdiff_t>(*found));
  }
  return Value();
}

Value l_clear(CallArgs& c) {
  self_list(c).items.clear();
  return Value();
}

Value self_view(CallArgs& c, DictViewKind kind) {
  return make_dict_view(*c["self"].get<Value::Dict>(), kind);
}
Value d_keys(CallArgs& c) { return self_view(c, DictViewKind::keys); }
Value d_values(CallArgs& c) { return self_view(c, DictViewKind::values); }
Value d_items(CallArgs& c) { return self_view(c, DictViewKind::items); }

Value d_clear(CallArgs& c) {
  DictObj& d = self_dict(c);
  d.items.clear();
  d.index.clear();
  return Value();
}

Value d_get(CallArgs& c) {
  const Value* v = self_dict(c).find(c["key"]);
  return v ? *v : c["default"];
}

Value d_update(CallArgs& c) {
  DictObj& d = self_dict(c);
  if (auto other = c["other"].get<Value::Dict>()) {
    const auto items = (*other)->items;
    for (const auto& [k, v] : items) d.set(k, v);
  } else if (!c["other"].is_none()) {
    for (const Value& pair : iterate(c["other"])) {
      const ValueList kv = iterate(pair);
      if (kv.size() != 2) throw ValueError("dict.update() needs (key, value) pairs");
      d.set(kv[0], kv[1]);
    }
  }
  for (const auto& [k, v] : (*c["kwargs"].get<Value::Dict>())->items) d.set(k, v);
  return Value();
}

Value d_pop(CallArgs& c) {
  DictObj& d = self_dict(c);
  if (const Value* v = d.find(c["key"])) {
    Value out = *v;
    d.erase(c["key"]);
    return out;
  }
  const ValueList& dflt = tuple_items(c["default"]);
  if (dflt.empty()) throw KeyMissing(c["key"]);
  return dflt[0];
}

// The last item, as CPython's (dicts keep insertion order).
Value d_popitem(CallArgs& c) {
  DictObj& d = self_dict(c);
  if (d.items.empty()) throw KeyMissing(Value("popitem(): dictionary is empty"));
  Value key = d.items.back().first;
  Value out = make_tuple({key, d.items.back().second});
  d.erase(key);
  return out;
}

Value d_copy(CallArgs& c) {
  Value::Dict copy = new_dict();
  *copy = self_dict(c);
  return Value(copy);
}

Value d_setdefault(CallArgs& c) {
  DictObj& d = self_dict(c);
  if (const Value* v = d.find(c["key"])) return *v;
  d.set(c["key"], c["default"]);
  return c["default"];
}

// slice.indices(length): the (start, stop, step) the slice walks over that
// many items.
Value sl_indices(CallArgs& c) {
  const SliceValue& s = *c["self"].get<SliceValue>();
  const int64_t length = to_int(c["length"], "slice.indices() length");
  if (length < 0) throw ValueError("length should not be negative", "ValueError");
  const rt::SliceSpan span = python_slice_span(s, length);
  return make_tuple({span.start, span.stop, span.step});
}

struct MethodTable {
  std::vector<BuiltinPtr> str, list, dict, tuple, integer, real, slice;
};

const MethodTable& methods() {
  static const MethodTable table = [] {
    const Value none;
    MethodTable t;
    t.str = {
        python_fn("format", {req("self"), rest("args"), kwrest("kwargs")}, s_format),
        python_fn("join", {req("self"), req("iterable")}, s_join),
        python_fn("upper", {req("self")}, s_upper),
        python_fn("lower", {req("self")}, s_lower),
        python_fn("startswith", {req("self"), req("prefix")}, s_startswith),
        python_fn("endswith", {req("self"), req("suffix")}, s_endswith),
        python_fn("replace", {req("self"), req("old"), req("new"), opt("count", int64_t{-1})},
                  s_replace),
        python_fn("split", {req("self"), opt("sep", none), opt("maxsplit", int64_t{-1})}, s_split),
        python_fn("strip", {req("self"), opt("chars", none)}, s_strip),
        python_fn("lstrip", {req("self"), opt("chars", none)}, s_lstrip),
        python_fn("rstrip", {req("self"), opt("chars", none)}, s_rstrip),
        python_fn("isascii", {req("self")}, s_isascii),
    };
    for (const BuiltinPtr& m : more_str_methods()) t.str.push_back(m);
    t.list = {
        python_fn("append", {req("self"), req("object")}, l_append),
        python_fn("extend", {req("self"), req("iterable")}, l_extend),
        python_fn("pop", {req("self"), opt("index", int64_t{-1})}, l_pop),
        python_fn("insert", {req("self"), req("index"), req("object")}, l_insert),
        python_fn("index", {req("self"), req("value")}, seq_index),
        python_fn("count", {req("self"), req("value")}, seq_count),
        python_fn("copy", {req("self")}, l_copy),
        python_fn("reverse", {req("self")}, l_reverse),
        python_fn("sort", {req("self"), kwonly("key", none), kwonly("reverse", false)}, l_sort),
        python_fn("remove", {req("self"), req("value")}, l_remove),
        python_fn("clear", {req("self")}, l_clear),
    };
    t.dict = {
        python_fn("keys", {req("self")}, d_keys),
        python_fn("values", {req("self")}, d_values),
        python_fn("items", {req("self")}, d_items),
        python_fn("get", {req("self"), req("key"), opt("default", none)}, d_get),
        python_fn("update", {req("self"), opt("other", none), kwrest("kwargs")}, d_update),
        python_fn("pop", {req("self"), req("key"), rest("default")}, d_pop),
        python_fn("popitem", {req("self")}, d_popitem),
        python_fn("copy", {req("self")}, d_copy),
        python_fn("setdefault", {req("self"), req("key"), opt("default", none)}, d_setdefault),
        python_fn("clear", {req("self")}, d_clear),
    };
    t.slice = {
        python_fn("indices", {req("self"), req("length")}, sl_indices),
    };
    t.tuple = {
        python_fn("index", {req("self"), req("value")}, seq_index),
        python_fn("count", {req("self"), req("value")}, seq_count),
    };
    t.integer = {
        python_fn("bit_length", {req("self")}, i_bit_length),
        python_fn("item", {req("self")}, n_item),
    };
    t.real = {
        python_fn("is_integer", {req("self")}, f_is_integer),
        python_fn("item", {req("self")}, n_item),
    };
    return t;
  }();
  return table;
}

}  // namespace

void append_item(ListObj& list, Value item) {
  if (static_cast<int64_t>(list.items.size()) >= kMaxSequenceLength) {
    throw ValueError("list too long");
  }
  list.items.push_back(std::move(item));
}

const BuiltinPtr* python_method_function(const Value& self, const std::string& name) {
  const std::vector<BuiltinPtr>* list = nullptr;
  if (self.is<std::string>()) list = &methods().str;
  if (self.is<Value::List>()) list = &methods().list;
  if (self.is<Value::Dict>()) list = &methods().dict;
  if (self.is<Value::Tuple>()) list = &methods().tuple;
  if (self.is<int64_t>() || self.is<bool>()) list = &methods().integer;
  if (self.is<double>()) list = &methods().real;
  if (self.is<SliceValue>()) list = &methods().slice;
  if (!list) return nullptr;
  for (const BuiltinPtr& m : *list) {
    if (m->name == name) return &m;
  }
  return nullptr;
}

std::optional<Value> python_method(const Value& self, const std::string& name) {
  const BuiltinPtr* m = python_method_function(self, name);
  if (!m) return std::nullopt;
  return Value(
      Value::Method(std::make_shared<const BoundMethodObj>(BoundMethodObj{self, Value(*m)})));
}

}  // namespace nkic::interp
