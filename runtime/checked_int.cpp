// See checked_int.h.
#include "runtime/checked_int.h"

#include <limits>

namespace nkic::rt {
namespace {

using Wide = __int128;  // wide enough for any sum, difference or quotient of two int64

[[noreturn]] void overflow(const char* what) {
  throw Error(std::string("integer overflow in ") + what +
              ": the result does not fit in 64 bits");
}

}  // namespace

int64_t checked_add(int64_t a, int64_t b, const char* what) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) overflow(what);
  return r;
}

int64_t checked_sub(int64_t a, int64_t b, const char* what) {
  int64_t r = 0;
  if (__builtin_sub_overflow(a, b, &r)) overflow(what);
  return r;
}

int64_t checked_mul(int64_t a, int64_t b, const char* what) {
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) overflow(what);
  return r;
}

int64_t add_run_time_offset(int64_t offset, int64_t value, int64_t multiplier) {
  constexpr const char* kWhat = "a tensor view's offset";
  return checked_add(offset, checked_mul(value, multiplier, kWhat), kWhat);
}

int64_t checked_product(const int64_t* v, size_t count, const char* what, size_t from) {
  const std::optional<int64_t> p = product_if_fits(v, count, from);
  if (!p) overflow(what);
  return *p;
}

void checked_row_major_strides(const int64_t* shape, size_t count, int64_t* strides,
                               const char* what) {
  int64_t s = 1;
  for (size_t i = count; i-- > 0;) {
    strides[i] = s;
    if (i > 0) s = checked_mul(s, shape[i], what);
  }
}

SliceSpan slice_span(std::optional<int64_t> start, std::optional<int64_t> stop,
                     std::optional<int64_t> step, int64_t length) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  SliceSpan s;
  s.step = step.value_or(1);
  if (s.step == 0) throw Error("slice step cannot be zero");
  if (s.step < -kMax) s.step = -kMax;  // so that -step exists
  const bool down = s.step < 0;
  // Both bounds end up in [-1, length], so their difference cannot overflow.
  auto adjust = [&](std::optional<int64_t> v, int64_t if_none) {
    int64_t x = v.value_or(if_none);
    if (x < 0) {
      x += length;
      if (x < 0) x = down ? -1 : 0;
    } else if (x >= length) {
      x = down ? length - 1 : length;
    }
    return x;
  };
  const int64_t lo = adjust(start, down ? kMax : 0);
  const int64_t hi = adjust(stop, down ? std::numeric_limits<int64_t>::min() : kMax);
  s.start = lo;
  s.stop = hi;
  // Step 1, the commonest, needs no division.
  if (s.step == 1) {
    if (lo < hi) s.count = hi - lo;
    return s;
  }
  if (down && hi < lo) s.count = (lo - hi - 1) / -s.step + 1;
  if (!down && lo < hi) s.count = (hi - lo - 1) / s.step + 1;
  return s;
}

uint64_t range_size(int64_t start, int64_t stop, int64_t step) {
  const Wide a = start, b = stop, c = step;
  if (c > 0 && a < b) return static_cast<uint64_t>((b - a - 1) / c + 1);
  if (c < 0 && a > b) return static_cast<uint64_t>((a - b - 1) / -c + 1);
  return 0;
}

bool range_contains(int64_t start, int64_t stop, int64_t step, int64_t x) {
  if (step > 0 ? (x < start || x >= stop) : (x > start || x <= stop)) return false;
  return (Wide{x} - start) % step == 0;
}

}  // namespace nkic::rt
