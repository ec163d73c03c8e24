// math, functools and itertools as kernel code uses them. math computes
// with the C library's functions, as CPython does; itertools' iterators are
// made eagerly into lists (a meta-program's sequences are small), so
// count() and cycle(), which never end, are not offered.
#include "interp/python/py_modules.h"

#include <cmath>
#include <limits>
#include <numeric>

#include "interp/nki/args.h"
#include "interp/python/operators.h"
#include "interp/python/rounding.h"
#include "interp/python/signature_helpers.h"
#include "interp/work_meter.h"

namespace nkic::interp {

namespace {

using ast::BinOpKind;

double num(CallArgs& c, const char* name) {
  return to_number(c[name], std::string("math argument ") + name);
}

[[noreturn]] void domain_error() {
  throw ValueError("ValueError: math domain error");
}

Value to_integral(double d, const char* who) {
  if (std::isnan(d)) throw ValueError(std::string("cannot convert float NaN to integer in ") + who);
  if (std::isinf(d)) {
    throw ValueError(std::string("OverflowError: cannot convert float infinity to integer in ") +
                     who);
  }
  return truncate_to_int(d);
}

Value m_ceil(CallArgs& c) {
  if (c["x"].is<int64_t>() || c["x"].is<bool>()) return to_int(c["x"], "");
  return to_integral(std::ceil(num(c, "x")), "math.ceil()");
}
Value m_floor(CallArgs& c) {
  if (c["x"].is<int64_t>() || c["x"].is<bool>()) return to_int(c["x"], "");
  return to_integral(std::floor(num(c, "x")), "math.floor()");
}
Value m_trunc(CallArgs& c) {
  if (c["x"].is<int64_t>() || c["x"].is<bool>()) return to_int(c["x"], "");
  return to_integral(std::trunc(num(c, "x")), "math.trunc()");
}
Value m_sqrt(CallArgs& c) {
  const double x = num(c, "x");
  if (x < 0) domain_error();
  return std::sqrt(x);
}
Value m_exp(CallArgs& c) {
  const double r = std::exp(num(c, "x"));
  if (std::isinf(r)) throw ValueError("OverflowError: math range error");
  return r;
}
Value m_log(CallArgs& c) {
  const double x = num(c, "x");
  if (x <= 0) domain_error();
  if (c["base"].is_none()) return std::log(x);
  const double b = to_number(c["base"], "math.log() base");
  if (b <= 0) domain_error();
  const double lb = std::log(b);
  if (lb == 0) throw ValueError("ZeroDivisionError: float division by zero");
  return std::log(x) / lb;
}
Value m_log2(CallArgs& c) {
  const double x = num(c, "x");
  if (x <= 0) domain_error();
  return std::log2(x);
}
Value m_log10(CallArgs& c) {
  const double x = num(c, "x");
  if (x <= 0) domain_error();
  return std::log10(x);
}
Value m_pow(CallArgs& c) {
  const double x = num(c, "x"), y = num(c, "y");
  if (x == 0 && y < 0) domain_error();
  if (x < 0 && std::floor(y) != y && std::isfinite(y)) domain_error();
  return std::pow(x, y);
}
Value m_fabs(CallArgs& c) {
  return std::fabs(num(c, "x"));
}
Value m_copysign(CallArgs& c) {
  return std::copysign(num(c, "x"), num(c, "y"));
}
Value m_isfinite(CallArgs& c) {
  return static_cast<bool>(std::isfinite(num(c, "x")));
}
Value m_isinf(CallArgs& c) {
  return static_cast<bool>(std::isinf(num(c, "x")));
}
Value m_isnan(CallArgs& c) {
  return static_cast<bool>(std::isnan(num(c, "x")));
}
Value m_sin(CallArgs& c) {
  return std::sin(num(c, "x"));
}
Value m_cos(CallArgs& c) {
  return std::cos(num(c, "x"));
}
Value m_tan(CallArgs& c) {
  return std::tan(num(c, "x"));
}
Value m_tanh(CallArgs& c) {
  return std::tanh(num(c, "x"));
}
Value m_atan(CallArgs& c) {
  return std::atan(num(c, "x"));
}
Value m_erf(CallArgs& c) {
  return std::erf(num(c, "x"));
}

int64_t gcd_of(int64_t a, int64_t b) {
  // std::gcd of INT64_MIN overflows: |INT64_MIN| does not fit.
  if (a == std::numeric_limits<int64_t>::min() || b == std::numeric_limits<int64_t>::min()) {
    throw ValueError("integer overflow in math.gcd()");
  }
  return std::gcd(a, b);
}

Value m_gcd(CallArgs& c) {
  int64_t g = 0;
  for (const Value& v : tuple_items(c["integers"])) g = gcd_of(g, to_int(v, "math.gcd() argument"));
  return g;
}
Value m_lcm(CallArgs& c) {
  const ValueList& items = tuple_items(c["integers"]);
  int64_t l = 1;
  for (const Value& v : items) {
    const int64_t x = to_int(v, "math.lcm() argument");
    if (x == 0 || l == 0) {
      l = 0;
      continue;
    }
    const int64_t g = gcd_of(l, x);
    l = rt::checked_mul(l / g, x < 0 ? -x : x, "math.lcm()");
    if (l < 0) l = -l;
  }
  return l;
}
Value m_isqrt(CallArgs& c) {
  const int64_t n = to_int(c["n"], "math.isqrt() argument");
  if (n < 0) throw ValueError("isqrt() argument must be nonnegative");
  int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && r > n / r) --r;
  while ((r + 1) <= n / (r + 1)) ++r;
  return r;
}
Value m_prod(CallArgs& c) {
  Value total = c["start"];
  for (const Value& v : iterate(c["iterable"])) total = binary_op(BinOpKind::Mul, total, v);
  return total;
}
Value m_isclose(CallArgs& c) {
  const double a = num(c, "a"), b = num(c, "b");
  const double rel = to_number(c["rel_tol"], "rel_tol"),
               abs_tol = to_number(c["abs_tol"], "abs_tol");
  if (rel < 0 || abs_tol < 0) throw ValueError("tolerances must be non-negative");
  if (a == b) return true;
  if (std::isinf(a) || std::isinf(b)) return false;
  const double diff = std::fabs(b - a);
  return diff <= std::fabs(rel * b) || diff <= std::fabs(rel * a) || diff <= abs_tol;
}

// ---- functools ------------------------------------------------------------------

Value f_reduce(CallArgs& c) {
  ValueList items = iterate(c["iterable"]);
  const ValueList& initial = tuple_items(c["initial"]);
  size_t i = 0;
  Value acc;
  if (!initial.empty()) {
    acc = initial[0];
  } else if (items.empty()) {
    throw ValueError("reduce() of empty iterable with no initial value");
  } else {
    acc = items[i++];
  }
  for (; i < items.size(); ++i) acc = c.ev.call(c["function"], {acc, items[i]}, {}, c.range);
  return acc;
}

Value bound_builtin(const Value& self, const BuiltinPtr& fn) {
  return Value(Value::Method(std::make_shared<const BoundMethodObj>(BoundMethodObj{self, fn})));
}

Value f_partial_call(CallArgs& c) {
  const ValueList& state = tuple_items(c["self"]);
  ValueList args = tuple_items(state[1]);
  const ValueList& more = tuple_items(c["args"]);
  args.insert(args.end(), more.begin(), more.end());
  auto kw = new_dict();
  for (const Value* d : {&state[2], &c["kwargs"]}) {
    for (const auto& [k, v] : (*d->get<Value::Dict>())->items) kw->set(k, v);
  }
  KwArgs kwargs;
  for (const auto& [k, v] : kw->items) kwargs.emplace_back(*k.get<std::string>(), v);
  return c.ev.call(state[0], std::move(args), std::move(kwargs), c.range);
}

Value f_partial(CallArgs& c) {
  static const BuiltinPtr call =
      python_fn("partial", {req("self"), rest("args"), kwrest("kwargs")}, f_partial_call);
  return bound_builtin(make_tuple({c["func"], c["args"], c["keywords"]}), call);
}

Value identity(CallArgs& c) {
  return c["fn"];
}

Value f_lru_cache(CallArgs& c) {
  // Caching changes nothing a meta-program can see: the decorator is the identity.
  static const BuiltinPtr decorate = python_fn("lru_cache", {req("fn")}, identity);
  if (c["maxsize"].is<Value::Function>()) return c["maxsize"];
  return Value(decorate);
}

Value f_wraps(CallArgs&) {
  static const BuiltinPtr decorate = python_fn("wraps", {req("fn")}, identity);
  return Value(decorate);
}

// ---- itertools --------------------------------------------------------------

Value i_product(CallArgs& c) {
  std::vector<ValueList> pools;
  for (const Value& v : tuple_items(c["iterables"])) pools.push_back(iterate(v));
  const int64_t repeat = to_int(c["repeat"], "repeat");
  if (repeat < 0) throw ValueError("repeat argument cannot be negative");
  std::vector<ValueList> all;
  for (int64_t r = 0; r < repeat; ++r) all.insert(all.end(), pools.begin(), pools.end());
  std::vector<ValueList> rows{{}};
  for (const ValueList& pool : all) {
    std::vector<ValueList> next;
    for (const ValueList& row : rows) {
      for (const Value& v : pool) {
        ValueList r = row;
        r.push_back(v);
        next.push_back(std::move(r));
        check_sequence_length(static_cast<int64_t>(next.size()), "itertools.product()");
      }
    }
    charge_work(static_cast<int64_t>(next.size()));
    rows = std::move(next);
  }
  ValueList out;
  for (ValueList& r : rows) out.push_back(make_tuple(std::move(r)));
  return make_list(std::move(out));
}

Value chain_of(const ValueList& iterables) {
  ValueList out;
  for (const Value& v : iterables) {
    const ValueList items = iterate(v);
    out.insert(out.end(), items.begin(), items.end());
    check_sequence_length(static_cast<int64_t>(out.size()), "itertools.chain()");
  }
  return make_list(std::move(out));
}
Value i_chain(CallArgs& c) {
  return chain_of(tuple_items(c["iterables"]));
}
Value i_chain_from_iterable(CallArgs& c) {
  return chain_of(iterate(c["iterable"]));
}

Value i_accumulate(CallArgs& c) {
  ValueList out;
  Value acc;
  bool have = false;
  if (!c["initial"].is_none()) {
    acc = c["initial"];
    have = true;
    out.push_back(acc);
  }
  for (const Value& v : iterate(c["iterable"])) {
    if (!have) {
      acc = v;
      have = true;
    } else if (c["func"].is_none()) {
      acc = binary_op(BinOpKind::Add, acc, v);
    } else {
      acc = c.ev.call(c["func"], {acc, v}, {}, c.range);
    }
    out.push_back(acc);
  }
  return make_list(std::move(out));
}

// Index tuples of r of n items, in itertools' order; `repeat_free` for
// permutations (every order), otherwise combinations (increasing).
void choose(size_t n, size_t r, bool permutations, std::vector<size_t>& row,
            std::vector<bool>& used, const ValueList& pool, ValueList& out) {
  if (row.size() == r) {
    ValueList t;
    for (size_t i : row) t.push_back(pool[i]);
    out.push_back(make_tuple(std::move(t)));
    check_sequence_length(static_cast<int64_t>(out.size()), "itertools result");
    charge_work(1);
    return;
  }
  const size_t from = permutations || row.empty() ? 0 : row.back() + 1;
  for (size_t i = from; i < n; ++i) {
    if (permutations && used[i]) continue;
    used[i] = true;
    row.push_back(i);
    choose(n, r, permutations, row, used, pool, out);
    row.pop_back();
    used[i] = false;
  }
}

Value choose_all(const Value& iterable, const Value& r_value, bool permutations) {
  const ValueList pool = iterate(iterable);
  const int64_t r = r_value.is_none() ? static_cast<int64_t>(pool.size()) : to_int(r_value, "r");
  if (r < 0) throw ValueError("r must be non-negative");
  ValueList out;
  if (static_cast<size_t>(r) > pool.size()) return make_list({});
  std::vector<size_t> row;
  std::vector<bool> used(pool.size(), false);
  choose(pool.size(), static_cast<size_t>(r), permutations, row, used, pool, out);
  return make_list(std::move(out));
}
Value i_combinations(CallArgs& c) {
  return choose_all(c["iterable"], c["r"], false);
}
Value i_permutations(CallArgs& c) {
  return choose_all(c["iterable"], c["r"], true);
}

Value i_islice(CallArgs& c) {
  const ValueList items = iterate(c["iterable"]);
  const ValueList& bounds = tuple_items(c["bounds"]);
  if (bounds.empty() || bounds.size() > 3) throw ValueError("islice() takes 2 to 4 arguments");
  auto bound = [](const Value& v, int64_t dflt) {
    if (v.is_none()) return dflt;
    const int64_t x = to_int(v, "islice() argument");
    if (x < 0)
      throw ValueError("Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
    return x;
  };
  const int64_t n = static_cast<int64_t>(items.size());
  int64_t start = 0, stop = n, step = 1;
  if (bounds.size() == 1) {
    stop = bound(bounds[0], n);
  } else {
    start = bound(bounds[0], 0);
    stop = bound(bounds[1], n);
    if (bounds.size() == 3) step = bound(bounds[2], 1);
    if (step == 0) throw ValueError("Step for islice() must be a positive integer or None.");
  }
  ValueList out;
  for (int64_t i = start; i < std::min(stop, n); i += step)
    out.push_back(items[static_cast<size_t>(i)]);
  return make_list(std::move(out));
}

Value i_zip_longest(CallArgs& c) {
  std::vector<ValueList> lists;
  size_t n = 0;
  for (const Value& v : tuple_items(c["iterables"])) {
    lists.push_back(iterate(v));
    n = std::max(n, lists.back().size());
  }
  ValueList out;
  for (size_t i = 0; i < n; ++i) {
    ValueList row;
    for (const ValueList& l : lists) row.push_back(i < l.size() ? l[i] : c["fillvalue"]);
    out.push_back(make_tuple(std::move(row)));
  }
  return make_list(std::move(out));
}

Value i_repeat(CallArgs& c) {
  if (c["times"].is_none()) throw ValueError("itertools.repeat() without times never ends");
  const int64_t n = to_int(c["times"], "times");
  check_sequence_length(n, "itertools.repeat()");
  charge_work(std::max<int64_t>(n, 0));
  return make_list(ValueList(static_cast<size_t>(std::max<int64_t>(n, 0)), c["object"]));
}

const BuiltinPtr& chain_from_iterable() {
  static const BuiltinPtr fn = python_fn("from_iterable", {req("iterable")}, i_chain_from_iterable);
  return fn;
}

void add(Value::Module& m, const BuiltinPtr& fn) {
  m->scope->vars[fn->name] = Value(fn);
}

}  // namespace

void add_math_modules(std::map<std::string, Value::Module>& mods) {
  const Value none;
  static const std::vector<BuiltinPtr> math_fns = {
      python_fn("ceil", {req("x")}, m_ceil),
      python_fn("floor", {req("x")}, m_floor),
      python_fn("trunc", {req("x")}, m_trunc),
      python_fn("sqrt", {req("x")}, m_sqrt),
      python_fn("exp", {req("x")}, m_exp),
      python_fn("log", {req("x"), opt("base", Value())}, m_log),
      python_fn("log2", {req("x")}, m_log2),
      python_fn("log10", {req("x")}, m_log10),
      python_fn("pow", {req("x"), req("y")}, m_pow),
      python_fn("fabs", {req("x")}, m_fabs),
      python_fn("copysign", {req("x"), req("y")}, m_copysign),
      python_fn("isfinite", {req("x")}, m_isfinite),
      python_fn("isinf", {req("x")}, m_isinf),
      python_fn("isnan", {req("x")}, m_isnan),
      python_fn("sin", {req("x")}, m_sin),
      python_fn("cos", {req("x")}, m_cos),
      python_fn("tan", {req("x")}, m_tan),
      python_fn("tanh", {req("x")}, m_tanh),
      python_fn("atan", {req("x")}, m_atan),
      python_fn("erf", {req("x")}, m_erf),
      python_fn("gcd", {rest("integers")}, m_gcd),
      python_fn("lcm", {rest("integers")}, m_lcm),
      python_fn("isqrt", {req("n")}, m_isqrt),
      python_fn("prod", {req("iterable"), kwonly("start", int64_t{1})}, m_prod),
      python_fn("isclose", {req("a"), req("b"), kwonly("rel_tol", 1e-9), kwonly("abs_tol", 0.0)},
                m_isclose),
  };
  auto math = nki::new_module("math");
  for (const BuiltinPtr& f : math_fns) add(math, f);
  math->scope->vars["pi"] = Value(M_PI);
  math->scope->vars["e"] = Value(M_E);
  math->scope->vars["tau"] = Value(2 * M_PI);
  math->scope->vars["inf"] = Value(std::numeric_limits<double>::infinity());
  math->scope->vars["nan"] = Value(std::numeric_limits<double>::quiet_NaN());
  mods["math"] = math;

  static const std::vector<BuiltinPtr> functools_fns = {
      python_fn("reduce", {req("function"), req("iterable"), rest("initial")}, f_reduce),
      python_fn("partial", {req("func"), rest("args"), kwrest("keywords")}, f_partial),
      python_fn("lru_cache", {opt("maxsize", int64_t{128}), kwrest("options")}, f_lru_cache),
      python_fn("cache", {req("fn")}, identity),
      python_fn("wraps", {req("wrapped"), kwrest("options")}, f_wraps),
  };
  auto functools = nki::new_module("functools");
  for (const BuiltinPtr& f : functools_fns) add(functools, f);
  mods["functools"] = functools;

  static const std::vector<BuiltinPtr> itertools_fns = {
      python_fn("product", {rest("iterables"), kwonly("repeat", int64_t{1})}, i_product),
      python_fn("chain", {rest("iterables")}, i_chain),
      python_fn("accumulate", {req("iterable"), opt("func", Value()), kwonly("initial", Value())},
                i_accumulate),
      python_fn("combinations", {req("iterable"), req("r")}, i_combinations),
      python_fn("permutations", {req("iterable"), opt("r", Value())}, i_permutations),
      python_fn("islice", {req("iterable"), rest("bounds")}, i_islice),
      python_fn("zip_longest", {rest("iterables"), kwonly("fillvalue", Value())}, i_zip_longest),
      python_fn("repeat", {req("object"), opt("times", Value())}, i_repeat),
  };
  auto itertools = nki::new_module("itertools");
  for (const BuiltinPtr& f : itertools_fns) add(itertools, f);
  mods["itertools"] = itertools;
  (void)none;
}

void add_python_modules(std::map<std::string, Value::Module>& mods) {
  add_class_modules(mods);
  add_math_modules(mods);
}

std::optional<Value> builtin_attribute(const BuiltinFn& fn, const std::string& name) {
  if (name == "__name__" || name == "__qualname__") return Value(fn.name);
  if (fn.action == i_chain && name == "from_iterable") return Value(chain_from_iterable());
  return std::nullopt;
}

}  // namespace nkic::interp
