// Checked 64-bit integer arithmetic for every computation of shapes, strides,
// offsets, slices, ranges and sizes, in the interpreter, the runtime and the
// generated code. Kernel values are 64-bit integers: a result that does not
// fit is an error (rt::Error, which the caller locates), never a wrapped value
// that slips past a bounds check.
//
// Slices and ranges follow CPython exactly, at the int64 limits included:
// intermediate values are computed in 128 bits, where they cannot overflow.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/machine.h"

namespace nkic::rt {

// a + b, a - b, a * b; `what` completes "integer overflow in ..." when the
// result does not fit in 64 bits.
int64_t checked_add(int64_t a, int64_t b, const char* what);
int64_t checked_sub(int64_t a, int64_t b, const char* what);
int64_t checked_mul(int64_t a, int64_t b, const char* what);

// offset + value * multiplier: a run-time offset (a register's value, or a
// tensor element's) added to a view's offset. The interpreter, instruction
// tables and generated statements all add it here, so an overflow reads the
// same in each ("integer overflow in a tensor view's offset").
int64_t add_run_time_offset(int64_t offset, int64_t value, int64_t multiplier);

// scale * the product of v[from:], or nullopt when it does not fit. Inline:
// an optional returned from a call is stored in pieces and read back whole,
// a stall on every allocation's shape.
inline std::optional<int64_t> product_if_fits(const int64_t* v, size_t count, size_t from = 0,
                                              int64_t scale = 1) {
  int64_t p = scale;
  for (size_t i = from; i < count; ++i) {
    if (__builtin_mul_overflow(p, v[i], &p)) return std::nullopt;
  }
  return p;
}
inline std::optional<int64_t> product_if_fits(const std::vector<int64_t>& v, size_t from = 0,
                                              int64_t scale = 1) {
  return product_if_fits(v.data(), v.size(), from, scale);
}
// The product of v[from:], checked.
int64_t checked_product(const int64_t* v, size_t count, const char* what, size_t from = 0);
inline int64_t checked_product(const std::vector<int64_t>& v, const char* what, size_t from = 0) {
  return checked_product(v.data(), v.size(), what, from);
}

// Row-major strides of a shape (the last dim has stride 1), checked, into
// strides[0, count).
void checked_row_major_strides(const int64_t* shape, size_t count, int64_t* strides,
                               const char* what);
inline std::vector<int64_t> checked_row_major_strides(const std::vector<int64_t>& shape,
                                                      const char* what) {
  std::vector<int64_t> strides(shape.size());
  checked_row_major_strides(shape.data(), shape.size(), strides.data(), what);
  return strides;
}

// The lowest and highest of offset + sum(i * d.step) over 0 <= i < d.count
// for each dim d of `dims` (any range of values with int64 `step` and
// `count`, counts >= 1), or nullopt when either leaves int64. Dims of count 1
// contribute nothing, whatever their step.
struct Extent {
  int64_t lo = 0, hi = 0;
};
template <typename Dims>
std::optional<Extent> extent_if_fits(int64_t offset, const Dims& dims) {
  using Wide = __int128;  // a sum of a few int64 products stays far inside 128 bits
  Wide lo = offset, hi = offset;
  for (const auto& d : dims) {
    const Wide reach = Wide{d.step} * (d.count - 1);
    (reach < 0 ? lo : hi) += reach;
  }
  constexpr Wide kMin = INT64_MIN, kMax = INT64_MAX;
  if (lo < kMin || hi > kMax) return std::nullopt;
  return Extent{static_cast<int64_t>(lo), static_cast<int64_t>(hi)};
}

// What a slice walks over a sequence of `length` items (CPython's
// PySlice_Unpack and PySlice_AdjustIndices): the first index, the step and
// the number of items. A step of 0 is an error; a step below -(2**63 - 1) is
// taken as -(2**63 - 1), as CPython does.
struct SliceSpan {
  int64_t start = 0;
  int64_t step = 1;
  int64_t count = 0;
  // The stop adjusted to [-1, length], as CPython's slice.indices() gives it.
  int64_t stop = 0;
  // The index of item i (< count), which always lies in [0, length).
  int64_t at(int64_t i) const { return start + i * step; }
};
SliceSpan slice_span(std::optional<int64_t> start, std::optional<int64_t> stop,
                     std::optional<int64_t> step, int64_t length);

// The number of items of range(start, stop, step), which can exceed 2**63 - 1
// (range(-2**63, 2**63 - 1) has 2**64 - 1); step != 0.
uint64_t range_size(int64_t start, int64_t stop, int64_t step);
// Item i of that range (i < range_size(...)); always a valid int64.
inline int64_t range_at(int64_t start, int64_t step, uint64_t i) {
  return static_cast<int64_t>(static_cast<uint64_t>(start) + i * static_cast<uint64_t>(step));
}
// Whether `x` is an item of the range.
bool range_contains(int64_t start, int64_t stop, int64_t step, int64_t x);

}  // namespace nkic::rt
