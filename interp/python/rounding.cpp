// See rounding.h.
#include "interp/python/rounding.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "interp/python/format.h"
#include "interp/python/value.h"

namespace nkic::interp {
namespace {

// Beyond these, round(x, ndigits) is x itself or a zero of x's sign: a double
// has no decimal digit past the 323rd place and none above 10**308 (CPython's
// NDIGITS_MAX and NDIGITS_MIN).
constexpr int64_t kMostDigits = 323;
constexpr int64_t kFewestDigits = -308;

// 2**63 as a double: the int64 range is [-2**63, 2**63).
constexpr double kTwoTo63 = 9223372036854775808.0;

int64_t to_int64(double whole, double x) {
  if (std::isnan(x))
    throw ValueError("ValueError: cannot convert float NaN to integer", "ValueError");
  if (std::isinf(x))
    throw ValueError("OverflowError: cannot convert float infinity to integer", "OverflowError");
  if (whole < -kTwoTo63 || whole >= kTwoTo63) {
    throw ValueError("integer overflow: " + repr_float(x) + " as an int does not fit in 64 bits");
  }
  return static_cast<int64_t>(whole);
}

std::string printed(const char* fmt, int precision, double x) {
  const int n = std::snprintf(nullptr, 0, fmt, precision, x);
  std::string s(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(s.data(), s.size(), fmt, precision, x);
  s.resize(static_cast<size_t>(n));
  return s;
}

// |x| rounded to a multiple of 10**k (k >= 1), ties to even, in decimal:
// the exact integer digits of |x| (glibc prints them exactly), then the
// digits below 10**k decide, the fraction breaking a tie.
double round_to_power_of_ten(double x, int64_t k) {
  const double whole = std::trunc(std::fabs(x));
  const bool fraction = whole != std::fabs(x);
  std::string digits = printed("%.*f", 0, whole);
  const size_t kk = static_cast<size_t>(k);
  if (digits.size() < kk) digits.insert(0, kk - digits.size(), '0');
  std::string head = digits.substr(0, digits.size() - kk);
  const std::string tail = digits.substr(digits.size() - kk);
  const std::string half = "5" + std::string(kk - 1, '0');
  const int last = head.empty() ? 0 : head.back() - '0';
  const bool up = tail > half || (tail == half && (fraction || last % 2 == 1));
  if (up) {  // add one to the decimal digits of head
    size_t i = head.size();
    while (i > 0 && head[i - 1] == '9') head[--i] = '0';
    if (i == 0) {
      head.insert(0, 1, '1');
    } else {
      ++head[i - 1];
    }
  }
  const double r = std::strtod((head.empty() ? "0" : head + std::string(kk, '0')).c_str(), nullptr);
  return std::copysign(r, x);
}

}  // namespace

int64_t truncate_to_int(double x) {
  return to_int64(std::trunc(x), x);
}

int64_t round_to_int(double x) {
  return to_int64(std::nearbyint(x), x);
}  // ties to even

int64_t round_int(int64_t x, int64_t ndigits) {
  if (ndigits >= 0) return x;
  if (ndigits < -19) return 0;  // 10**20 > 2 * |x|
  __int128 p = 1;
  for (int64_t k = 0; k < -ndigits; ++k) p *= 10;
  __int128 q = x / p, r = x % p;
  if (r < 0) {  // floor division, so that 0 <= r < p
    r += p;
    --q;
  }
  if (2 * r > p || (2 * r == p && q % 2 != 0)) ++q;
  const __int128 result = q * p;
  if (result < INT64_MIN || result > INT64_MAX) {
    throw ValueError("integer overflow: round(" + std::to_string(x) + ", " +
                     std::to_string(ndigits) + ") does not fit in 64 bits");
  }
  return static_cast<int64_t>(result);
}

double round_float(double x, int64_t ndigits) {
  if (!std::isfinite(x) || x == 0.0 || ndigits > kMostDigits) return x;
  if (ndigits < kFewestDigits) return std::copysign(0.0, x);
  if (ndigits < 0) {
    const double r = round_to_power_of_ten(x, -ndigits);
    if (std::isinf(r))
      throw ValueError("OverflowError: rounded value too large to represent", "OverflowError");
    return r;
  }
  // %.*f rounds the exact binary value, half to even: 2.675 -> 2.67, as Python.
  const double r = std::strtod(printed("%.*f", static_cast<int>(ndigits), x).c_str(), nullptr);
  return r == 0.0 ? std::copysign(0.0, x) : r;
}

}  // namespace nkic::interp
