// A Python slice over a sequence: rt::slice_span's walk with a zero step as
// Python's ValueError, and the adjusted stop slice.indices() gives.
#pragma once

#include <cstdint>

#include "interp/python/value.h"
#include "runtime/checked_int.h"

namespace nkic::interp {

// The items `s` walks over `length` items.
inline rt::SliceSpan python_slice_span(const SliceValue& s, int64_t length) {
  if (s.step && *s.step == 0) throw ValueError("slice step cannot be zero", "ValueError");
  return rt::slice_span(s.lower, s.upper, s.step, length);
}

// The stop of `s` over `length` items, adjusted as rt::slice_span adjusts it
// (CPython's PySlice_AdjustIndices), in [-1, length]; `span` is its walk.
inline int64_t slice_stop(const SliceValue& s, const rt::SliceSpan& span, int64_t length) {
  const bool down = span.step < 0;
  if (!s.upper) return down ? -1 : length;
  int64_t x = *s.upper;
  if (x < 0) {
    x += length;
    if (x < 0) x = down ? -1 : 0;
  } else if (x >= length) {
    x = down ? length - 1 : length;
  }
  return x;
}

}  // namespace nkic::interp
