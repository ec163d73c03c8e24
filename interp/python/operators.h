// Python's operators on Values: arithmetic with floor division and modulo,
// integer overflow as an error (ints are 64-bit here), true division, powers,
// bitwise operations, sequence concatenation and repetition, comparisons and
// membership. Registers and tensors are refused with the reason.
#pragma once

#include "frontend/ast.h"
#include "interp/python/value.h"

namespace nkic::interp {

// Sequences (and strings) longer than this are refused: a kernel's lists
// are small, and a typo like `[0] * 10**12`, or a loop doubling a list, must
// not exhaust memory (a list of this many items takes about 0.5 GB).
constexpr int64_t kMaxSequenceLength = 10'000'000;

// Throws ValueError when a sequence of `n` items (a string of `n`
// characters) would be too long.
void check_sequence_length(int64_t n, const char* what);
void check_string_length(int64_t n, const char* what);

// Python's a // b and a % b of ints, for b other than 0 and -1 (where a //
// b can overflow): the quotient rounded down, the remainder taking b's sign.
inline int64_t floor_quotient(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0) && ((a < 0) != (b < 0)) ? q - 1 : q;
}
inline int64_t floor_remainder(int64_t a, int64_t b) {
  const int64_t m = a % b;
  return m != 0 && ((m < 0) != (b < 0)) ? m + b : m;
}

// x OP y of two ints by the rules that need no call: added, subtracted or
// multiplied without overflow, or divided (//, %) by a positive int. True
// with the result in `r`; false for every other case, which binary_op_any
// decides (the errors among them).
inline bool int_binary_op(ast::BinOpKind op, int64_t x, int64_t y, int64_t& r) {
  switch (op) {
    case ast::BinOpKind::Add:
      return !__builtin_add_overflow(x, y, &r);
    case ast::BinOpKind::Sub:
      return !__builtin_sub_overflow(x, y, &r);
    case ast::BinOpKind::Mul:
      return !__builtin_mul_overflow(x, y, &r);
    case ast::BinOpKind::FloorDiv:
      if (y <= 0) return false;
      r = floor_quotient(x, y);
      return true;
    case ast::BinOpKind::Mod:
      if (y <= 0) return false;
      r = floor_remainder(x, y);
      return true;
    default:
      return false;
  }
}

// a OP b. Two ints by int_binary_op, the meta-program's commonest
// operations, take no call; every other case is binary_op_any's.
Value binary_op_any(ast::BinOpKind op, const Value& a, const Value& b);

// pow(base, exp, mod) of ints: exact for any 64-bit operands; a negative exp
// takes the inverse of base modulo mod, as CPython's.
int64_t modular_pow(int64_t base, int64_t exp, int64_t mod);
inline Value binary_op(ast::BinOpKind op, const Value& a, const Value& b) {
  const int64_t* x = a.get<int64_t>();
  const int64_t* y = b.get<int64_t>();
  int64_t r = 0;
  if (x && y && int_binary_op(op, *x, *y, r)) return r;
  return binary_op_any(op, a, b);
}
Value unary_op(ast::UnaryOpKind op, const Value& v);
bool compare(ast::CmpOpKind op, const Value& a, const Value& b);
// a OP b as the expression's value: what a user's __lt__ (...) returned.
Value compare_value(ast::CmpOpKind op, const Value& a, const Value& b);

// nl.add(2, 3) and friends on Python numbers.
Value apply_op_token(rt::AluOp op, const Value& a, const Value& b);

}  // namespace nkic::interp
