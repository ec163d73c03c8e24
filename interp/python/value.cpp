// Values: construction, Python's type names, str/repr, truth and equality.
#include "interp/python/value.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "interp/python/binder.h"
#include "interp/python/exceptions.h"
#include "interp/python/live_iteration.h"
#include "interp/python/operators.h"
#include "interp/python/text.h"
#include "interp/python/user_dunders.h"
#include "interp/tensor_io.h"
#include "interp/work_meter.h"
#include "runtime/block_pool.h"

namespace nkic::interp {

BuiltinFn::BuiltinFn(std::string fn_name, Signature params, BuiltinAction fn_action, OpRole fn_role)
    : name(std::move(fn_name)), signature(std::move(params)), action(fn_action), role(fn_role) {
  by_prefix_.fill(kNoParam);
  all_positional = interp::all_positional(signature);
  for (size_t i = 0; i < signature.size(); ++i) {
    uint8_t& slot = by_prefix_[prefix_slot(signature[i].name.c_str())];
    slot = slot == kNoParam && i < kManyParams ? static_cast<uint8_t>(i) : kManyParams;
  }
}

size_t BuiltinFn::search_param(const char* param) const {
  for (size_t i = 0; i < signature.size(); ++i) {
    if (is_named(signature[i], param)) return i;
  }
  return signature.size();
}

namespace {

// Comparing or printing containers nested deeper than this is refused rather
// than risking the stack (a list that holds itself prints as [...]).
constexpr int kMaxNesting = 500;

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

uint64_t RangeValue::size() const {
  return rt::range_size(start, stop, step);
}

int64_t RangeValue::length() const {
  const uint64_t n = size();
  if (n > uint64_t{INT64_MAX}) {
    throw ValueError("OverflowError: " + std::string(kind) + "() has more than 2**63 - 1 items");
  }
  return static_cast<int64_t>(n);
}

std::optional<Value> ClassObj::lookup(const std::string& name) const {
  for (const ClassObj* c = this; c; c = c->base.get()) {
    auto it = c->attrs.find(name);
    if (it != c->attrs.end()) return it->second;
  }
  return std::nullopt;
}

std::pair<std::string, bool> DictObj::slot(const Value& key, bool* user_hashed_out) const {
  bool user_hashed = false;
  std::string text = key_string(key, &user_hashed);
  if (user_hashed_out) *user_hashed_out = user_hashed;
  if (!user_hashed) return {text, index.count(text) != 0};
  // Equal user hashes need __eq__ to tell the keys apart: entry n of the
  // hash is text#n, the first n holding an equal key or the first free one.
  // The key compared is a copy, and after a user __eq__ said equal the
  // probe is looked up again: the __eq__ may have changed this dict, and
  // then the search starts over, as CPython's does.
  for (size_t n = 0;; ++n) {
    std::string probe = text + "#" + std::to_string(n);
    auto it = index.find(probe);
    if (it == index.end()) return {probe, false};
    const Value other = items[it->second].first;
    if (identical(other, key)) return {probe, true};
    if (!equals(other, key)) continue;
    auto again = index.find(probe);
    if (again != index.end() && identical(items[again->second].first, other)) {
      return {probe, true};
    }
    n = SIZE_MAX;  // changed meanwhile: from the start (n wraps to 0)
  }
}

const Value* DictObj::find(const Value& key) const {
  auto [k, found] = slot(key);
  return found ? &items[index.at(k)].second : nullptr;
}

void DictObj::set(const Value& key, Value v) {
  auto [k, found] = slot(key);
  if (found) {
    items[index.at(k)].second = std::move(v);
    return;
  }
  check_sequence_length(static_cast<int64_t>(items.size()) + 1, "dict");
  index.emplace(std::move(k), items.size());
  items.emplace_back(key, std::move(v));
}

bool DictObj::erase(const Value& key) {
  bool user_hashed = false;
  auto [k, found] = slot(key, &user_hashed);
  if (!found) return false;
  // The entries after the erased one move down by one; their index texts
  // stay, so no key is hashed or compared again (which would run user code
  // while the dict is half updated).
  const size_t at = index.at(k);
  index.erase(k);
  for (auto& [text, position] : index) {
    if (position > at) --position;
  }
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(at));
  if (user_hashed) close_probe_gap(k);
  return true;
}

void DictObj::close_probe_gap(const std::string& erased) {
  // Entry n of a user hash is found by probing text#0, text#1, ... up to
  // the first free one: the entries after an erased one move down a place.
  const size_t hash = erased.rfind('#');
  const std::string text = erased.substr(0, hash + 1);
  for (size_t n = std::stoull(erased.substr(hash + 1)) + 1;; ++n) {
    auto it = index.find(text + std::to_string(n));
    if (it == index.end()) return;
    const size_t position = it->second;
    index.erase(it);
    index.emplace(text + std::to_string(n - 1), position);
  }
}

KeyMissing::KeyMissing(Value k)
    : ValueError("KeyError: " + to_repr(k), "KeyError"), key(std::move(k)) {}

Value::Tuple new_tuple(ValueList items) {
  return std::allocate_shared<const ValueList>(rt::PooledAllocator<ValueList>(), std::move(items));
}
Value make_tuple(ValueList items) {
  return Value(new_tuple(std::move(items)));
}
Value make_list(ValueList items) {
  auto l = std::make_shared<ListObj>();
  l->items = std::move(items);
  ContainerArena::record(l);
  return Value(std::move(l));
}
Value make_dict() {
  return Value(new_dict());
}

Value::Dict new_dict() {
  auto d = std::make_shared<DictObj>();
  ContainerArena::record(d);
  return d;
}
Value::Class new_class() {
  auto c = std::make_shared<ClassObj>();
  ContainerArena::record(c);
  return c;
}
Value::Class new_native_class(std::string name) {
  auto c = std::make_shared<ClassObj>();
  c->name = std::move(name);
  c->native = true;
  return c;
}
Value::Instance new_instance() {
  auto i = std::make_shared<InstanceObj>();
  ContainerArena::record(i);
  return i;
}

thread_local ContainerArena* ContainerArena::current_ = nullptr;

ContainerArena::Use::Use(ContainerArena& arena) : previous_(current_) {
  current_ = &arena;
}
ContainerArena::Use::~Use() {
  current_ = previous_;
}

void ContainerArena::add(std::weak_ptr<void> object, void (*empty)(void*)) {
  if (entries_.size() >= prune_at_) {
    entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                  [](const Entry& e) { return e.object.expired(); }),
                   entries_.end());
    prune_at_ = std::max<size_t>(1024, 2 * entries_.size());
  }
  entries_.push_back(Entry{std::move(object), empty});
}

ContainerArena::~ContainerArena() {
  // Every survivor is held while any is emptied: emptying one may drop the
  // last outside reference to another.
  std::vector<std::pair<std::shared_ptr<void>, void (*)(void*)>> alive;
  for (const Entry& e : entries_) {
    if (auto p = e.object.lock()) alive.emplace_back(std::move(p), e.empty);
  }
  for (auto& [p, empty] : alive) empty(p.get());
}

void ContainerArena::empty(ListObj& l) {
  ValueList().swap(l.items);
}
void ContainerArena::empty(DictObj& d) {
  d.items.clear();
  d.index.clear();
}
void ContainerArena::empty(ClassObj& c) {
  c.attrs.clear();
  c.base.reset();
}
void ContainerArena::empty(InstanceObj& i) {
  i.attrs.clear();
  i.native.reset();
  i.cls.reset();
}
Value make_tensor(rt::TensorView view) {
  return Value(Value::Tensor(std::allocate_shared<const rt::TensorView>(
      rt::PooledAllocator<rt::TensorView>(), std::move(view))));
}

std::string type_name(const Value& v) {
  return std::visit(
      Overloaded{
          [](const NoneType&) -> std::string { return "NoneType"; },
          [](bool) -> std::string { return "bool"; },
          [](int64_t) -> std::string { return "int"; },
          [](double) -> std::string { return "float"; },
          [](const std::string&) -> std::string { return "str"; },
          [](const EllipsisType&) -> std::string { return "ellipsis"; },
          [](const Value::Tuple&) -> std::string { return "tuple"; },
          [](const Value::List&) -> std::string { return "list"; },
          [](const Value::Dict&) -> std::string { return "dict"; },
          [](const Value::Function&) -> std::string { return "function"; },
          [](const Value::Builtin&) -> std::string { return "builtin_function_or_method"; },
          [](const Value::Method&) -> std::string { return "method"; },
          [](const Value::Module&) -> std::string { return "module"; },
          [](const Value::Class&) -> std::string { return "type"; },
          [](const Value::Instance& i) -> std::string { return i->cls->name; },
          [](rt::DType) -> std::string { return "dtype"; },
          [](rt::MemKind) -> std::string { return "buffer"; },
          [](const Value::Tensor&) -> std::string { return "tensor"; },
          [](const Value::Register&) -> std::string { return "register"; },
          [](const Value::Group&) -> std::string { return "ReplicaGroup"; },
          [](const RangeValue&) -> std::string { return "range"; },
          [](rt::AluOp) -> std::string { return "function"; },
          [](rt::ActFunc) -> std::string { return "function"; },
          [](const EnumConst& e) -> std::string { return e.enum_name; },
          [](const SliceValue&) -> std::string { return "slice"; },
      },
      v.data);
}

void register_misuse(const rt::Register& r, const std::string& as_what) {
  throw ValueError(r.name + " is a run-time register: it cannot be used as " + as_what +
                   " at specialization time; pass it as scalar_offset");
}

namespace {

// A non-ASCII code point as repr() shows it: escaped when Python deems it not
// printable (the C1 controls, no-break and other spaces, soft hyphen, line
// and paragraph separators, format characters of the General Punctuation
// block, the byte order mark), else itself.
std::string repr_non_ascii(const std::string& one) {
  const int64_t cp = text::ord(one);
  char buf[16];
  if (cp <= 0xA0 || cp == 0xAD) {
    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
    return buf;
  }
  if (cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) ||
      (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0xFEFF) {
    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
    return buf;
  }
  return one;
}

}  // namespace

std::string repr_string(const std::string& s) {
  const bool has_single = s.find('\'') != std::string::npos;
  const bool has_double = s.find('"') != std::string::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  std::string out(1, quote);
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const size_t n = text::char_bytes(s, i);
      out += repr_non_ascii(s.substr(i, n));
      i += n - 1;
      continue;
    }
    if (c == quote || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += quote;
  return out;
}

// Python's repr of a float: the shortest digits that read back exactly,
// in positional notation for exponents -4..15 and scientific beyond.
std::string repr_float(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  // The shortest scientific digits that read back exactly, the nearest of
  // them when two are as short (printf's rounding of an exact tie may pick
  // one that does not read back: 2**-24 is 5.960464477539063e-08).
  char buf[64];
  const auto end = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific).ptr;
  // buf is [-]D[.DDDD]e[+-]XX
  std::string s(buf, end);
  const bool negative = s[0] == '-';
  if (negative) s.erase(0, 1);
  const size_t e_pos = s.find('e');
  const int exponent = std::atoi(s.c_str() + e_pos + 1);
  std::string digits = s.substr(0, 1) + (e_pos > 2 ? s.substr(2, e_pos - 2) : "");
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  std::string out;
  if (exponent < -4 || exponent >= 16) {
    out = digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char eb[16];
    std::snprintf(eb, sizeof eb, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    out += eb;
  } else if (exponent < 0) {
    out = "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
  } else {
    const size_t int_digits = static_cast<size_t>(exponent) + 1;
    if (digits.size() <= int_digits) {
      out = digits + std::string(int_digits - digits.size(), '0') + ".0";
    } else {
      out = digits.substr(0, int_digits) + "." + digits.substr(int_digits);
    }
  }
  return negative ? "-" + out : out;
}

namespace {

struct Printer {
  std::vector<const void*> active;  // containers being printed, to cut cycles

  // Containers that share their items (`l = [l, l]`, many times over) can
  // print exponentially long: text beyond the longest string is refused.
  // Charged item by item, so that a walk of shared items stops at the step
  // bound as soon as at the length bound.
  static void check_size(const std::string& out) {
    check_string_length(static_cast<int64_t>(out.size()), "printed value");
    charge_work(1);
  }

  std::string seq(const ValueList& items, const void* id, const char* open, const char* close,
                  bool one_tuple) {
    if (std::find(active.begin(), active.end(), id) != active.end()) {
      return std::string(open) + "..." + close;
    }
    if (static_cast<int>(active.size()) >= kMaxNesting) {
      throw ValueError("maximum recursion depth exceeded while printing");
    }
    active.push_back(id);
    std::string out = open;
    // By position over the live list, each item copied: a user __repr__ may
    // change the list being printed.
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) out += ", ";
      const Value item = items[i];
      out += repr(item);
      check_size(out);
    }
    if (one_tuple && items.size() == 1) out += ",";
    active.pop_back();
    return out + close;
  }

  std::string dict(const DictObj& d) {
    if (std::find(active.begin(), active.end(), &d) != active.end()) return "{...}";
    if (static_cast<int>(active.size()) >= kMaxNesting) {
      throw ValueError("maximum recursion depth exceeded while printing");
    }
    active.push_back(&d);
    std::string out = "{";
    for (size_t i = 0; i < d.items.size(); ++i) {
      if (i) out += ", ";
      const Value key = d.items[i].first, value = d.items[i].second;
      out += repr(key) + ": ";
      out += repr(value);
      check_size(out);
    }
    active.pop_back();
    return out + "}";
  }

  std::string repr(const Value& v) {
    if (auto s = v.get<std::string>()) return repr_string(*s);
    if (auto i = v.get<Value::Instance>(); i && (*i)->cls->is_exception) {
      return exception_repr(**i);
    }
    if (auto i = v.get<Value::Instance>()) return instance(v, **i, false);
    return str(v);
  }

  // A user's __str__ / __repr__, else an enum member as Python prints it
  // (`E.x`, `<E.x: 1>`), a dataclass-like class by its fields (`P(x=1)`).
  std::string instance(const Value& v, const InstanceObj& i, bool as_str) {
    for (const char* name : {"__str__", "__repr__"}) {
      if (as_str || std::string_view(name) == "__repr__") {
        if (auto r = UserMethods::call(v, name, {})) {
          auto text = r->get<std::string>();
          if (!text) {
            throw ValueError(std::string(name) + " returned non-string (type " + type_name(*r) +
                             ")");
          }
          return *text;
        }
      }
    }
    const ClassObj& cls = *i.cls;
    auto attr = [&](const char* n) {
      auto it = i.attrs.find(n);
      return it == i.attrs.end() ? Value() : it->second;
    };
    if (cls.is_enum) {
      if (as_str && cls.is_int_enum) return str(attr("value"));
      const std::string name = cls.name + "." + str(attr("name"));
      return as_str ? name : "<" + name + ": " + repr(attr("value")) + ">";
    }
    if (!cls.has_fields()) return "<" + cls.name + " object>";
    if (std::find(active.begin(), active.end(), &i) != active.end()) return "...";
    if (static_cast<int>(active.size()) >= kMaxNesting) {
      throw ValueError("maximum recursion depth exceeded while printing");
    }
    active.push_back(&i);
    std::string out = cls.name + "(";
    bool first = true;
    for (const ClassField& f : cls.fields) {
      // As dataclasses print getattr(): a field never assigned shows its
      // class attribute, the default.
      auto it = i.attrs.find(f.name);
      std::optional<Value> value;
      if (it != i.attrs.end()) {
        value = it->second;
      } else {
        value = cls.lookup(f.name);
      }
      if (!value) continue;
      if (!first) out += ", ";
      first = false;
      out += f.name + "=" + repr(*value);
      check_size(out);
    }
    active.pop_back();
    return out + ")";
  }

  std::string str(const Value& v) {
    return std::visit(
        Overloaded{
            [](const NoneType&) -> std::string { return "None"; },
            [](bool b) -> std::string { return b ? "True" : "False"; },
            [](int64_t i) -> std::string { return std::to_string(i); },
            [](double d) -> std::string { return repr_float(d); },
            [](const std::string& s) -> std::string { return s; },
            [](const EllipsisType&) -> std::string { return "Ellipsis"; },
            [&](const Value::Tuple& t) { return seq(*t, t.get(), "(", ")", true); },
            [&](const Value::List& l) { return seq(l->items, l.get(), "[", "]", false); },
            [&](const Value::Dict& d) { return dict(*d); },
            [](const Value::Function& f) { return "<function " + f->name + ">"; },
            [](const Value::Builtin& b) { return "<built-in function " + b->name + ">"; },
            [](const Value::Method& m) {
              if (auto b = m->func.get<Value::Builtin>()) return "<method " + (*b)->name + ">";
              return "<bound method " + (*m->func.get<Value::Function>())->name + ">";
            },
            [](const Value::Module& m) { return "<module '" + m->name + "'>"; },
            [](const Value::Class& c) { return "<class '" + c->name + "'>"; },
            [&](const Value::Instance& i) {
              if (i->cls->is_exception) return exception_str(*i);
              return instance(v, *i, true);
            },
            [](rt::DType t) { return std::string(rt::dtype_name(t)); },
            [](rt::MemKind k) { return std::string(rt::mem_kind_name(k)); },
            [](const Value::Tensor& t) { return format_tensor(*t); },
            [](const Value::Register& r) -> std::string {
              throw ValueError(r->name +
                               " is a run-time register: its value cannot be printed at "
                               "specialization time");
            },
            [](const Value::Group& g) { return "ReplicaGroup(" + g->describe() + ")"; },
            [](const RangeValue& r) {
              std::string out = std::string(r.kind) + "(" + std::to_string(r.start) + ", " +
                                std::to_string(r.stop);
              if (r.step != 1) out += ", " + std::to_string(r.step);
              return out + ")";
            },
            [](rt::AluOp op) { return std::string("nl.") + std::string(rt::alu_op_name(op)); },
            [](rt::ActFunc f) { return std::string("nl.") + std::string(rt::act_func_name(f)); },
            [](const EnumConst& e) { return std::string(e.enum_name) + "." + e.member; },
            [](const SliceValue& s) {
              auto part = [](const std::optional<int64_t>& x) {
                return x ? std::to_string(*x) : std::string("None");
              };
              if (s.exact) {
                return "nl.ds(" + part(s.lower) + ", " +
                       std::to_string(s.upper.value_or(0) - s.lower.value_or(0)) + ")";
              }
              return "slice(" + part(s.lower) + ", " + part(s.upper) + ", " + part(s.step) + ")";
            },
        },
        v.data);
  }
};

// Items one comparison may visit: containers that share their items can
// make a comparison exponentially long.
constexpr int64_t kMaxComparedItems = 10'000'000;

bool equals_at(const Value& a, const Value& b, int depth, int64_t& visited);
bool equals_plain(const Value& a, const Value& b, int depth, int64_t& visited);

// As CPython's list and tuple ==: the same length, then item by item, the
// same object counting as equal (so a list that holds itself equals
// itself). `a` and `b` hold the sequences, and each pair of items is copied
// before it is compared: a user __eq__ may clear or refill either list, so
// the lengths are read again before every pair.
bool seq_equals(const Value& a, const Value& b, int depth, int64_t& visited) {
  const Value held_a = a, held_b = b;
  const ValueList& x = *sequence_items(held_a);
  const ValueList& y = *sequence_items(held_b);
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
    const Value xi = x[i], yi = y[i];
    if (identical(xi, yi)) continue;
    if (!equals_at(xi, yi, depth + 1, visited)) return false;
  }
  return x.size() == y.size();
}

// As CPython's dict ==: every key of `a` is in `b` with an equal value. The
// items are walked by position over the live dict and copied, since the
// keys' __eq__ / __hash__ and the values' __eq__ may change either dict.
bool dict_equals(const Value::Dict& a, const Value::Dict& b, int depth, int64_t& visited) {
  const Value::Dict held_a = a, held_b = b;
  const DictObj& x = *held_a;
  const DictObj& y = *held_b;
  if (x.items.size() != y.items.size()) return false;
  for (size_t i = 0; i < x.items.size(); ++i) {
    const Value key = x.items[i].first, value = x.items[i].second;
    const Value* found = y.find(key);
    if (!found) return false;
    const Value other = *found;
    if (!identical(value, other) && !equals_at(value, other, depth + 1, visited)) return false;
  }
  return true;
}

// NKI's and dataclasses' structural ==: the same class and equal attributes,
// compared from a copy of `x`'s (a field's __eq__ may change either
// instance).
bool fields_equal(const Value::Instance& a, const Value::Instance& b, int depth,
                  int64_t& visited) {
  const Value::Instance held_a = a, held_b = b;
  const InstanceObj& x = *held_a;
  const InstanceObj& y = *held_b;
  if (x.attrs.size() != y.attrs.size()) return false;
  const std::map<std::string, Value> mine = x.attrs;
  for (const auto& [k, v] : mine) {
    auto it = y.attrs.find(k);
    if (it == y.attrs.end()) return false;
    const Value other = it->second;
    if (!identical(v, other) && !equals_at(v, other, depth + 1, visited)) return false;
  }
  return true;
}

bool equals_at(const Value& a, const Value& b, int depth, int64_t& visited) {
  if (depth > kMaxNesting) throw ValueError("maximum recursion depth exceeded in comparison");
  if (++visited > kMaxComparedItems) {
    throw ValueError("comparison too long (more than " + std::to_string(kMaxComparedItems) +
                     " items compared)");
  }
  charge_work(1);
  if (auto x = int_enum_value(a)) return equals_at(Value(*x), b, depth + 1, visited);
  if (auto y = int_enum_value(b)) return equals_at(a, Value(*y), depth + 1, visited);
  if (a.is<Value::Instance>() || b.is<Value::Instance>()) {
    // Held here: the user's __eq__ may drop the last other reference to
    // either operand (clearing the list it came from).
    const Value x = a, y = b;
    for (const auto& [self, other] : {std::pair(&x, &y), std::pair(&y, &x)}) {
      if (auto r = UserMethods::call(*self, "__eq__", {*other})) {
        if (is_not_implemented(*r)) continue;
        return truthy(*r);
      }
    }
    return equals_plain(x, y, depth, visited);
  }
  return equals_plain(a, b, depth, visited);
}

// == once neither operand's own __eq__ has decided.
bool equals_plain(const Value& a, const Value& b, int depth, int64_t& visited) {
  if (is_number(a) && is_number(b)) {
    if (a.is<double>() || b.is<double>()) {
      return to_number(a, "") == to_number(b, "");
    }
    return to_int(a, "") == to_int(b, "");
  }
  if (auto r = a.get<Value::Register>()) register_misuse(**r, "a Python value");
  if (auto r = b.get<Value::Register>()) register_misuse(**r, "a Python value");
  if (a.data.index() != b.data.index()) return false;
  if (auto s = a.get<std::string>()) {
    charge_work(static_cast<int64_t>(s->size() / kTextBytesPerStep));
    return *s == *b.get<std::string>();
  }
  if (a.is<Value::Tuple>() || a.is<Value::List>()) return seq_equals(a, b, depth, visited);
  if (auto d = a.get<Value::Dict>()) {
    return dict_equals(*d, *b.get<Value::Dict>(), depth, visited);
  }
  if (auto g = a.get<Value::Group>()) return (*g)->groups == (*b.get<Value::Group>())->groups;
  if (auto r = a.get<RangeValue>()) {
    const RangeValue& o = *b.get<RangeValue>();
    return r->size() == o.size() &&
           (r->size() == 0 || (r->start == o.start && (r->size() == 1 || r->step == o.step)));
  }
  if (auto i = a.get<Value::Instance>()) {
    // NKI's equality is structural: the same class and equal attributes.
    const InstanceObj& x = **i;
    const InstanceObj& y = **b.get<Value::Instance>();
    if (&x == &y) return true;
    if (!x.cls || x.cls != y.cls || !x.cls->has_fields()) return false;
    return fields_equal(*i, *b.get<Value::Instance>(), depth, visited);
  }
  if (auto s = a.get<SliceValue>()) {
    const SliceValue& o = *b.get<SliceValue>();
    return s->lower == o.lower && s->upper == o.upper && s->step == o.step && s->exact == o.exact;
  }
  return identical(a, b);
}

}  // namespace

std::string to_str(const Value& v) {
  std::string s = Printer{}.str(v);
  charge_text(s.size());
  return s;
}
std::string to_repr(const Value& v) {
  std::string s = Printer{}.repr(v);
  charge_text(s.size());
  return s;
}

std::string to_ascii(const Value& v) {
  return text::ascii_escape(to_repr(v));
}

bool is_number(const Value& v) {
  return v.is<bool>() || v.is<int64_t>() || v.is<double>();
}

int64_t to_int(const Value& v, std::string_view what) {
  if (auto i = v.get<int64_t>()) return *i;
  if (auto e = int_enum_value(v)) return *e;
  if (auto b = v.get<bool>()) return *b ? 1 : 0;
  if (auto r = v.get<Value::Register>()) register_misuse(**r, "a Python int");
  throw ValueError(std::string(what) + " must be an int, not '" + type_name(v) + "'", "TypeError");
}

double to_number(const Value& v, std::string_view what) {
  if (auto d = v.get<double>()) return *d;
  if (auto i = v.get<int64_t>()) return static_cast<double>(*i);
  if (auto b = v.get<bool>()) return *b ? 1.0 : 0.0;
  if (auto r = v.get<Value::Register>()) register_misuse(**r, "a Python number");
  throw ValueError(std::string(what) + " must be a number, not '" + type_name(v) + "'",
                   "TypeError");
}

bool truthy(const Value& v) {
  return std::visit(
      Overloaded{
          [](const NoneType&) { return false; },
          [](bool b) { return b; },
          [](int64_t i) { return i != 0; },
          [](double d) { return d != 0.0; },
          [](const std::string& s) { return !s.empty(); },
          [](const Value::Tuple& t) { return !t->empty(); },
          [](const Value::List& l) { return !l->items.empty(); },
          [](const Value::Dict& d) { return !d->items.empty(); },
          [](const RangeValue& r) { return r.size() != 0; },
          [](const Value::Register& r) -> bool { register_misuse(*r, "a Python bool"); },
          [&](const Value::Instance&) -> bool {
            if (auto r = UserMethods::call(v, "__bool__", {})) return truthy(*r);
            if (auto n = user_len(v)) return *n != 0;
            return true;
          },
          [](const Value::Tensor&) -> bool {
            throw ValueError(
                "a tensor has no Python truth value at specialization time (its data is only "
                "known when the kernel runs)");
          },
          [](const auto&) { return true; },
      },
      v.data);
}

bool equals(const Value& a, const Value& b) {
  int64_t visited = 0;
  return equals_at(a, b, 0, visited);
}

bool identical(const Value& a, const Value& b) {
  if (a.data.index() != b.data.index()) return false;
  return std::visit(
      [&](const auto& x) -> bool {
        using T = std::decay_t<decltype(x)>;
        const T& y = std::get<T>(b.data);
        if constexpr (std::is_same_v<T, RangeValue> || std::is_same_v<T, SliceValue>) {
          return &x == &y;
        } else {
          return x == y;
        }
      },
      a.data);
}

const ValueList* sequence_items(const Value& v) {
  if (auto t = v.get<Value::Tuple>()) return t->get();
  if (auto l = v.get<Value::List>()) return &(*l)->items;
  return nullptr;
}

std::optional<size_t> sequence_find(const Value& seq, const Value& item, size_t from) {
  const Value held = seq, wanted = item;
  const ValueList& items = *sequence_items(held);
  for (size_t i = from; i < items.size(); ++i) {
    const Value v = items[i];
    if (identical(v, wanted) || equals(v, wanted)) return i;
  }
  return std::nullopt;
}

int64_t sequence_count(const Value& seq, const Value& item) {
  const Value held = seq, wanted = item;
  const ValueList& items = *sequence_items(held);
  int64_t n = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const Value v = items[i];
    if (identical(v, wanted) || equals(v, wanted)) ++n;
  }
  return n;
}

ValueList iterate(const Value& v) {
  if (auto items = sequence_items(v)) {
    charge_work(static_cast<int64_t>(items->size()));
    return *items;
  }
  if (auto s = v.get<std::string>()) {
    ValueList out;
    for (std::string& c : text::characters(*s)) out.emplace_back(std::move(c));
    charge_work(static_cast<int64_t>(out.size()));
    return out;
  }
  if (auto d = v.get<Value::Dict>()) {
    ValueList out;
    for (const auto& kv : (*d)->items) out.push_back(kv.first);
    charge_work(static_cast<int64_t>(out.size()));
    return out;
  }
  if (auto r = v.get<RangeValue>()) {
    ValueList out;
    const uint64_t n = r->size();
    check_sequence_length(n > uint64_t{INT64_MAX} ? INT64_MAX : static_cast<int64_t>(n),
                          "list of a range");
    charge_work(static_cast<int64_t>(n));
    out.reserve(static_cast<size_t>(n));
    for (uint64_t i = 0; i < n; ++i) out.emplace_back(r->at(i));
    return out;
  }
  if (auto c = v.get<Value::Class>(); c && (*c)->is_enum) {
    ValueList out;
    for (const std::string& m : (*c)->members) out.push_back((*c)->attrs.at(m));
    return out;
  }
  if (v.is<Value::Instance>()) {
    if (is_lazy_iterator(v)) return lazy_items(v);
    if (auto r = UserMethods::call(v, "__iter__", {})) return iterate(*r);
  }
  if (auto r = v.get<Value::Register>()) register_misuse(**r, "a Python iterable");
  throw ValueError("'" + type_name(v) + "' object is not iterable", "TypeError");
}

namespace {

std::string key_string_at(const Value& key, int depth, bool* user_hashed) {
  if (depth > kMaxNesting) throw ValueError("maximum recursion depth exceeded while hashing");
  if (auto b = key.get<bool>()) return "n" + std::to_string(*b ? 1 : 0);
  if (auto i = key.get<int64_t>()) return "n" + std::to_string(*i);
  if (auto d = key.get<double>()) {
    if (std::floor(*d) == *d && std::fabs(*d) < 9.2e18) {
      return "n" + std::to_string(static_cast<int64_t>(*d));
    }
    return "f" + repr_float(*d);
  }
  if (auto s = key.get<std::string>()) return "s" + *s;
  if (key.is_none()) return "N";
  if (auto t = key.get<Value::Tuple>()) {
    std::string out = "(";
    for (const Value& item : **t) {
      out += key_string_at(item, depth + 1, user_hashed) + ",";
      charge_work(1);
      check_string_length(static_cast<int64_t>(out.size()), "hashed key");
    }
    return out + ")";
  }
  if (auto dt = key.get<rt::DType>()) return "d" + std::string(rt::dtype_name(*dt));
  if (auto e = key.get<EnumConst>(); e && !e->is_int) {
    return std::string("e") + e->enum_name + "." + e->member;
  }
  // nl's functions and buffers are singletons: their names identify them.
  if (auto op = key.get<rt::AluOp>()) return "a" + std::string(rt::alu_op_name(*op));
  if (auto f = key.get<rt::ActFunc>()) return "u" + std::string(rt::act_func_name(*f));
  if (auto k = key.get<rt::MemKind>()) return "m" + std::string(rt::mem_kind_name(*k));
  if (auto n = int_enum_value(key)) return "n" + std::to_string(*n);
  if (auto i = key.get<Value::Instance>()) {
    const ClassObj* cls = (*i)->cls.get();
    switch (cls ? hash_kind(*cls) : HashKind::identity) {
      case HashKind::identity:
        return "i" + std::to_string(reinterpret_cast<uintptr_t>(i->get()));
      case HashKind::user:
        if (user_hashed) *user_hashed = true;
        return "h" + std::to_string(user_hash(key));
      case HashKind::fields: {
        // A frozen dataclass hashes its fields.
        std::string out = "o" + std::to_string(reinterpret_cast<uintptr_t>(cls)) + "(";
        for (const auto& [k, v] : (*i)->attrs) {
          out += k + "=" + key_string_at(v, depth + 1, user_hashed) + ",";
        }
        return out + ")";
      }
      case HashKind::unhashable:
        break;
    }
    throw ValueError("unhashable type: '" + cls->name + "'", "TypeError");
  }
  if (auto c = key.get<Value::Class>()) {
    return "c" + std::to_string(reinterpret_cast<uintptr_t>(c->get()));
  }
  throw ValueError("unhashable type: '" + type_name(key) + "'", "TypeError");
}

}  // namespace

std::string key_string(const Value& key, bool* user_hashed) {
  std::string s = key_string_at(key, 0, user_hashed);
  charge_text(s.size());
  return s;
}

}  // namespace nkic::interp
