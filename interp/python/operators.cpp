// Python's operators on Values.
#include "interp/python/operators.h"

#include <cmath>
#include <limits>

#include "interp/python/percent_format.h"
#include "interp/python/text.h"
#include "interp/python/user_dunders.h"
#include "interp/work_meter.h"

namespace nkic::interp {

namespace {

using ast::BinOpKind;
using ast::CmpOpKind;

[[noreturn]] void unsupported(BinOpKind op, const Value& a, const Value& b) {
  throw ValueError(std::string("unsupported operand type(s) for ") + ast::op_symbol(op) + ": '" +
                       type_name(a) + "' and '" + type_name(b) + "'",
                   "TypeError");
}

[[noreturn]] void overflow(BinOpKind op) {
  throw ValueError(std::string("integer overflow: the result of ") + ast::op_symbol(op) +
                   " does not fit in 64 bits");
}

bool is_int_like(const Value& v) {
  return v.is<int64_t>() || v.is<bool>();
}

void check_operand(const Value& v, const char* symbol) {
  if (auto r = v.get<Value::Register>()) {
    register_misuse(**r, std::string("an operand of ") + symbol);
  }
}

int64_t floor_div(int64_t a, int64_t b) {
  if (b == -1) {
    if (a == std::numeric_limits<int64_t>::min()) overflow(BinOpKind::FloorDiv);
    return -a;
  }
  return floor_quotient(a, b);
}

int64_t floor_mod(int64_t a, int64_t b) {
  return b == -1 ? 0 : floor_remainder(a, b);
}

Value int_pow(int64_t base, int64_t exp) {
  int64_t result = 1;
  while (exp > 0) {
    if (exp & 1) {
      if (__builtin_mul_overflow(result, base, &result)) overflow(BinOpKind::Pow);
    }
    exp >>= 1;
    if (exp > 0 && __builtin_mul_overflow(base, base, &base)) overflow(BinOpKind::Pow);
  }
  return result;
}

// The inverse of a modulo m (0 <= a < m), by the extended Euclidean algorithm.
uint64_t inverse_mod(uint64_t a, uint64_t m) {
  __int128 r0 = m, r1 = a, t0 = 0, t1 = 1;
  while (r1 != 0) {
    const __int128 q = r0 / r1;
    __int128 next = r0 - q * r1;
    r0 = r1;
    r1 = next;
    next = t0 - q * t1;
    t0 = t1;
    t1 = next;
  }
  if (r0 != 1) throw ValueError("base is not invertible for the given modulus", "ValueError");
  if (t0 < 0) t0 += m;
  return static_cast<uint64_t>(t0);
}

}  // namespace

int64_t modular_pow(int64_t base, int64_t exp, int64_t mod) {
  if (mod == 0) throw ValueError("pow() 3rd argument cannot be 0", "ValueError");
  // Work modulo |mod| on unsigned values (|-2**63| has no int64).
  const uint64_t m = mod < 0 ? uint64_t{0} - static_cast<uint64_t>(mod) : static_cast<uint64_t>(mod);
  const __int128 reduced = static_cast<__int128>(base) % m;
  uint64_t b = static_cast<uint64_t>(reduced < 0 ? reduced + m : reduced);
  uint64_t e = exp < 0 ? uint64_t{0} - static_cast<uint64_t>(exp) : static_cast<uint64_t>(exp);
  if (exp < 0) b = inverse_mod(b, m);
  unsigned __int128 result = 1 % m;
  while (e) {
    if (e & 1) result = result * b % m;
    b = static_cast<uint64_t>(static_cast<unsigned __int128>(b) * b % m);
    e >>= 1;
  }
  // The result has the sign of mod, as Python's %.
  __int128 r = static_cast<__int128>(result);
  if (mod < 0 && r != 0) r -= m;
  return static_cast<int64_t>(r);
}

namespace {

Value int_op(BinOpKind op, int64_t x, int64_t y) {
  int64_t r = 0;
  switch (op) {
    case BinOpKind::Add:
      if (__builtin_add_overflow(x, y, &r)) overflow(op);
      return r;
    case BinOpKind::Sub:
      if (__builtin_sub_overflow(x, y, &r)) overflow(op);
      return r;
    case BinOpKind::Mul:
      if (__builtin_mul_overflow(x, y, &r)) overflow(op);
      return r;
    case BinOpKind::Div:
      if (y == 0) throw ValueError("division by zero", "ZeroDivisionError");
      return static_cast<double>(x) / static_cast<double>(y);
    case BinOpKind::FloorDiv:
      if (y == 0) throw ValueError("division by zero", "ZeroDivisionError");
      return floor_div(x, y);
    case BinOpKind::Mod:
      if (y == 0) throw ValueError("division by zero", "ZeroDivisionError");
      return floor_mod(x, y);
    case BinOpKind::Pow:
      if (y < 0) {
        if (x == 0)
          throw ValueError("0.0 cannot be raised to a negative power", "ZeroDivisionError");
        return std::pow(static_cast<double>(x), static_cast<double>(y));
      }
      return int_pow(x, y);
    case BinOpKind::LShift:
      if (y < 0) throw ValueError("negative shift count", "ValueError");
      if (x == 0) return int64_t{0};
      // (-1) << 63 is -2**63, which fits; every other nonzero x at 63 or more overflows.
      if (y >= 64) overflow(op);
      r = static_cast<int64_t>(static_cast<uint64_t>(x) << y);
      if ((r >> y) != x) overflow(op);
      return r;
    case BinOpKind::RShift:
      if (y < 0) throw ValueError("negative shift count", "ValueError");
      return y >= 63 ? (x < 0 ? -1 : 0) : (x >> y);
    case BinOpKind::BitOr:
      return x | y;
    case BinOpKind::BitXor:
      return x ^ y;
    case BinOpKind::BitAnd:
      return x & y;
    case BinOpKind::MatMul:
      break;
  }
  throw ValueError("unsupported operator");
}

Value float_op(BinOpKind op, double x, double y, const Value& a, const Value& b) {
  switch (op) {
    case BinOpKind::Add:
      return x + y;
    case BinOpKind::Sub:
      return x - y;
    case BinOpKind::Mul:
      return x * y;
    case BinOpKind::Div:
      if (y == 0) throw ValueError("division by zero", "ZeroDivisionError");
      return x / y;
    case BinOpKind::FloorDiv:
      if (y == 0) throw ValueError("division by zero", "ZeroDivisionError");
      return std::floor(x / y);
    case BinOpKind::Mod: {
      if (y == 0) throw ValueError("division by zero", "ZeroDivisionError");
      double m = std::fmod(x, y);
      if (m != 0 && ((m < 0) != (y < 0))) m += y;
      return m;
    }
    case BinOpKind::Pow:
      if (x == 0 && y < 0)
        throw ValueError("0.0 cannot be raised to a negative power", "ZeroDivisionError");
      if (x < 0 && std::floor(y) != y) {
        throw ValueError("a negative number cannot be raised to a fractional power here");
      }
      return std::pow(x, y);
    default:
      unsupported(op, a, b);
  }
}

}  // namespace

namespace {

void check_length(int64_t n, const char* what, const char* unit) {
  if (n <= kMaxSequenceLength) return;
  throw ValueError(std::string(what) + " too long (more than " +
                   std::to_string(kMaxSequenceLength) + " " + unit + ")");
}

}  // namespace

void check_sequence_length(int64_t n, const char* what) {
  check_length(n, what, "items");
}
void check_string_length(int64_t n, const char* what) {
  check_length(n, what, "characters");
}

namespace {

// The length of `n` copies of `size` items, or just above the longest a
// sequence may be when it is longer (so that it cannot overflow).
int64_t repeated_length(size_t size, int64_t n) {
  if (size > 0 && n > kMaxSequenceLength / static_cast<int64_t>(size))
    return kMaxSequenceLength + 1;
  return static_cast<int64_t>(size) * n;
}

Value repeat(const ValueList& items, int64_t n, bool as_list) {
  ValueList out;
  if (n > 0) {
    check_sequence_length(repeated_length(items.size(), n), "sequence repetition");
    charge_work(repeated_length(items.size(), n));
    out.reserve(items.size() * static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) out.insert(out.end(), items.begin(), items.end());
  }
  return as_list ? make_list(std::move(out)) : make_tuple(std::move(out));
}

std::optional<Value> sequence_op(BinOpKind op, const Value& a, const Value& b) {
  if (op == BinOpKind::Add) {
    if (a.is<std::string>() && b.is<std::string>()) {
      const std::string& x = *a.get<std::string>();
      const std::string& y = *b.get<std::string>();
      check_string_length(static_cast<int64_t>(x.size() + y.size()), "string concatenation");
      charge_text(x.size() + y.size());
      return Value(x + y);
    }
    const bool lists = a.is<Value::List>() && b.is<Value::List>();
    const bool tuples = a.is<Value::Tuple>() && b.is<Value::Tuple>();
    if (lists || tuples) {
      const ValueList& more = *sequence_items(b);
      check_sequence_length(static_cast<int64_t>(sequence_items(a)->size() + more.size()),
                            "sequence concatenation");
      charge_work(static_cast<int64_t>(sequence_items(a)->size() + more.size()));
      ValueList out = *sequence_items(a);
      out.insert(out.end(), more.begin(), more.end());
      return lists ? make_list(std::move(out)) : make_tuple(std::move(out));
    }
    return std::nullopt;
  }
  if (op != BinOpKind::Mul) return std::nullopt;
  const Value* seq = is_int_like(b) ? &a : &b;
  const Value* count = is_int_like(b) ? &b : &a;
  if (!is_int_like(*count)) return std::nullopt;
  const int64_t n = to_int(*count, "count");
  if (auto s = seq->get<std::string>()) {
    if (n <= 0) return Value(std::string());
    check_string_length(repeated_length(s->size(), n), "string repetition");
    charge_text(static_cast<size_t>(repeated_length(s->size(), n)));
    std::string out;
    for (int64_t i = 0; i < n; ++i) out += *s;
    return Value(std::move(out));
  }
  if (seq->is<Value::List>() || seq->is<Value::Tuple>()) {
    return repeat(*sequence_items(*seq), n, seq->is<Value::List>());
  }
  return std::nullopt;
}

int compare_order(const Value& a, const Value& b, CmpOpKind op);

// As CPython's: the first pair of items that differ orders the sequences,
// else their lengths. The sequences are held and each pair copied, the
// lengths read again before every pair: a user __eq__ or __lt__ may change
// either list.
int compare_sequences(const Value& a, const Value& b, CmpOpKind op) {
  const Value held_a = a, held_b = b;
  const ValueList& x = *sequence_items(held_a);
  const ValueList& y = *sequence_items(held_b);
  for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
    const Value xi = x[i], yi = y[i];
    if (identical(xi, yi) || equals(xi, yi)) continue;
    // The __eq__ may have shortened a list past i: then the lengths decide.
    if (i >= x.size() || i >= y.size()) break;
    return compare_order(xi, yi, op);
  }
  return x.size() < y.size() ? -1 : (x.size() > y.size() ? 1 : 0);
}

// <0, 0, >0 like strcmp; throws for unorderable types.
int compare_order(const Value& a, const Value& b, CmpOpKind op) {
  if (a.is<Value::Instance>() || b.is<Value::Instance>()) {
    if (auto holds = user_compare(op, a, b)) {
      const bool less = op == CmpOpKind::Lt || op == CmpOpKind::LtE;
      return truthy(*holds) == less ? -1 : 1;
    }
  }
  if (auto x = int_enum_value(a)) return compare_order(Value(*x), b, op);
  if (auto y = int_enum_value(b)) return compare_order(a, Value(*y), op);
  check_operand(a, ast::op_symbol(op));
  check_operand(b, ast::op_symbol(op));
  if (is_number(a) && is_number(b)) {
    if (is_int_like(a) && is_int_like(b)) {
      const int64_t x = to_int(a, ""), y = to_int(b, "");
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    const double x = to_number(a, ""), y = to_number(b, "");
    return x < y ? -1 : (x > y ? 1 : 0);
  }
  if (a.is<std::string>() && b.is<std::string>()) {
    charge_text(a.get<std::string>()->size());
    return a.get<std::string>()->compare(*b.get<std::string>());
  }
  const bool lists = a.is<Value::List>() && b.is<Value::List>();
  const bool tuples = a.is<Value::Tuple>() && b.is<Value::Tuple>();
  if (lists || tuples) return compare_sequences(a, b, op);
  throw ValueError(std::string("'") + ast::op_symbol(op) +
                   "' not supported between instances of '" + type_name(a) + "' and '" +
                   type_name(b) + "'",
                   "TypeError");
}

bool contains(const Value& container, const Value& item) {
  if (auto s = container.get<std::string>()) {
    auto sub = item.get<std::string>();
    if (!sub) {
      throw ValueError("'in <string>' requires string as left operand, not " + type_name(item),
                       "TypeError");
    }
    charge_text(s->size());
    return text::find(*s, *sub) != std::string::npos;
  }
  if (auto d = container.get<Value::Dict>()) return (*d)->find(item) != nullptr;
  if (auto r = container.get<RangeValue>()) {
    if (!is_int_like(item)) return false;
    return rt::range_contains(r->start, r->stop, r->step, to_int(item, ""));
  }
  if (sequence_items(container)) return sequence_find(container, item).has_value();
  if (container.is<Value::Instance>()) {
    if (auto r = UserMethods::call(container, "__contains__", {item})) return truthy(*r);
  }
  if (auto c = container.get<Value::Class>(); c && (*c)->is_enum) {
    for (const Value& m : iterate(container)) {
      if (identical(m, item)) return true;
    }
    return false;
  }
  if (container.is<Value::Instance>()) {
    for (const Value& v : iterate(container)) {
      if (identical(v, item) || equals(v, item)) return true;
    }
    return false;
  }
  if (auto r = container.get<Value::Register>()) register_misuse(**r, "a Python container");
  throw ValueError("argument of type '" + type_name(container) + "' is not iterable", "TypeError");
}

void refuse_tensor_equality(const Value& a, const Value& b) {
  if (a.is<Value::Tensor>() && b.is<Value::Tensor>()) {
    throw ValueError(
        "comparing tensors with == is not supported at specialization time; use `is` to test "
        "identity");
  }
}

}  // namespace

Value binary_op_any(BinOpKind op, const Value& a, const Value& b) {
  // Two ints, the meta-program's commonest case, before every other.
  if (auto x = a.get<int64_t>(); x && op != BinOpKind::MatMul) {
    if (auto y = b.get<int64_t>()) return int_op(op, *x, *y);
  }
  if (auto x = int_enum_value(a)) return binary_op(op, Value(*x), b);
  if (auto y = int_enum_value(b)) return binary_op(op, a, Value(*y));
  if (op == BinOpKind::BitOr && is_type_value(a) && is_type_value(b)) {
    // `int | None`: the types' tuple, which isinstance() takes as the union.
    ValueList types;
    for (const Value* t : {&a, &b}) {
      if (auto items = t->get<Value::Tuple>()) {
        types.insert(types.end(), (*items)->begin(), (*items)->end());
      } else {
        types.push_back(*t);
      }
    }
    return make_tuple(std::move(types));
  }
  if (op == BinOpKind::Mod && a.is<std::string>()) {
    std::string text = percent_format(*a.get<std::string>(), b);
    check_string_length(static_cast<int64_t>(text.size()), "formatted string");
    return Value(std::move(text));
  }
  if (a.is<Value::Instance>() || b.is<Value::Instance>()) {
    if (auto r = user_binary(op, a, b)) return *r;
  }
  check_operand(a, ast::op_symbol(op));
  check_operand(b, ast::op_symbol(op));
  if (is_int_like(a) && is_int_like(b)) {
    const bool bitwise =
        op == BinOpKind::BitAnd || op == BinOpKind::BitOr || op == BinOpKind::BitXor;
    if (bitwise && a.is<bool>() && b.is<bool>()) {
      return to_int(int_op(op, to_int(a, ""), to_int(b, "")), "") != 0;
    }
    if (op == BinOpKind::MatMul) unsupported(op, a, b);
    return int_op(op, to_int(a, ""), to_int(b, ""));
  }
  if (is_number(a) && is_number(b)) {
    return float_op(op, to_number(a, ""), to_number(b, ""), a, b);
  }
  if (auto r = sequence_op(op, a, b)) return *r;
  unsupported(op, a, b);
}

Value unary_op(ast::UnaryOpKind op, const Value& v) {
  using ast::UnaryOpKind;
  if (op == UnaryOpKind::Not) return !truthy(v);
  if (auto r = user_unary(op, v)) return *r;
  if (auto r = v.get<Value::Register>()) register_misuse(**r, "an operand of a unary operator");
  if (is_int_like(v)) {
    const int64_t x = to_int(v, "");
    if (op == UnaryOpKind::Pos) return x;
    if (op == UnaryOpKind::Invert) return ~x;
    if (x == std::numeric_limits<int64_t>::min()) overflow(BinOpKind::Sub);
    return -x;
  }
  if (auto d = v.get<double>()) {
    if (op == UnaryOpKind::Pos) return *d;
    if (op == UnaryOpKind::Neg) return -*d;
  }
  const char* symbol = op == UnaryOpKind::Neg ? "-" : (op == UnaryOpKind::Pos ? "+" : "~");
  throw ValueError(std::string("bad operand type for unary ") + symbol + ": '" + type_name(v) + "'",
                   "TypeError");
}

bool compare(CmpOpKind op, const Value& a, const Value& b) {
  switch (op) {
    case CmpOpKind::Eq:
      refuse_tensor_equality(a, b);
      return equals(a, b);
    case CmpOpKind::NotEq:
      refuse_tensor_equality(a, b);
      if (auto r = user_compare(op, a, b)) return truthy(*r);
      return !equals(a, b);
    case CmpOpKind::Lt:
      return compare_order(a, b, op) < 0;
    case CmpOpKind::LtE:
      return compare_order(a, b, op) <= 0;
    case CmpOpKind::Gt:
      return compare_order(a, b, op) > 0;
    case CmpOpKind::GtE:
      return compare_order(a, b, op) >= 0;
    case CmpOpKind::Is:
      return identical(a, b);
    case CmpOpKind::IsNot:
      return !identical(a, b);
    case CmpOpKind::In:
      return contains(b, a);
    case CmpOpKind::NotIn:
      return !contains(b, a);
  }
  return false;
}

Value compare_value(CmpOpKind op, const Value& a, const Value& b) {
  if (auto x = a.get<int64_t>()) {
    if (auto y = b.get<int64_t>()) {
      switch (op) {
        case CmpOpKind::Lt:
          return *x < *y;
        case CmpOpKind::LtE:
          return *x <= *y;
        case CmpOpKind::Gt:
          return *x > *y;
        case CmpOpKind::GtE:
          return *x >= *y;
        default:
          break;
      }
    }
  }
  const bool rich = op != CmpOpKind::Is && op != CmpOpKind::IsNot && op != CmpOpKind::In &&
                    op != CmpOpKind::NotIn;
  if (rich && (a.is<Value::Instance>() || b.is<Value::Instance>()) && !int_enum_value(a) &&
      !int_enum_value(b)) {
    if (auto r = user_compare(op, a, b)) return *r;
  }
  return compare(op, a, b);
}

namespace {

Value abs_number(const Value& v) {
  return compare(CmpOpKind::Lt, v, Value(int64_t{0})) ? binary_op(BinOpKind::Sub, Value(int64_t{0}), v)
                                                      : v;
}

}  // namespace

Value apply_op_token(rt::AluOp op, const Value& a, const Value& b) {
  const std::string name = "nl." + std::string(rt::alu_op_name(op));
  if (!is_number(a) || !is_number(b)) {
    throw ValueError(name +
                     " is only evaluated here on Python numbers (tile arithmetic is not "
                     "supported), not on '" +
                     type_name(a) + "' and '" + type_name(b) + "'");
  }
  switch (op) {
    case rt::AluOp::add: return binary_op(BinOpKind::Add, a, b);
    case rt::AluOp::subtract: return binary_op(BinOpKind::Sub, a, b);
    case rt::AluOp::multiply: return binary_op(BinOpKind::Mul, a, b);
    case rt::AluOp::divide: return binary_op(BinOpKind::Div, a, b);
    case rt::AluOp::maximum: return compare(CmpOpKind::Lt, a, b) ? b : a;
    case rt::AluOp::minimum: return compare(CmpOpKind::Lt, b, a) ? b : a;
    case rt::AluOp::abs_max: {
      const Value x = abs_number(a), y = abs_number(b);
      return compare(CmpOpKind::Lt, x, y) ? y : x;
    }
    case rt::AluOp::abs_min: {
      const Value x = abs_number(a), y = abs_number(b);
      return compare(CmpOpKind::Lt, y, x) ? y : x;
    }
    case rt::AluOp::power: return binary_op(BinOpKind::Pow, a, b);
    case rt::AluOp::mod: return binary_op(BinOpKind::Mod, a, b);
    case rt::AluOp::equal: return Value(compare(CmpOpKind::Eq, a, b));
    case rt::AluOp::not_equal: return Value(compare(CmpOpKind::NotEq, a, b));
    case rt::AluOp::less: return Value(compare(CmpOpKind::Lt, a, b));
    case rt::AluOp::less_equal: return Value(compare(CmpOpKind::LtE, a, b));
    case rt::AluOp::greater: return Value(compare(CmpOpKind::Gt, a, b));
    case rt::AluOp::greater_equal: return Value(compare(CmpOpKind::GtE, a, b));
    case rt::AluOp::bitwise_and: return binary_op(BinOpKind::BitAnd, a, b);
    case rt::AluOp::bitwise_or: return binary_op(BinOpKind::BitOr, a, b);
    case rt::AluOp::bitwise_xor: return binary_op(BinOpKind::BitXor, a, b);
    case rt::AluOp::left_shift: return binary_op(BinOpKind::LShift, a, b);
    case rt::AluOp::right_shift: return binary_op(BinOpKind::RShift, a, b);
    case rt::AluOp::logical_and: return Value(truthy(a) && truthy(b));
    case rt::AluOp::logical_or: return Value(truthy(a) || truthy(b));
    case rt::AluOp::logical_xor: return Value(truthy(a) != truthy(b));
    case rt::AluOp::fmod: break;  // C's fmod on floats: not evaluated at specialization time
  }
  throw ValueError(name + " is not evaluated at specialization time");
}

}  // namespace nkic::interp
