// A Python slice over a sequence: rt::slice_span's walk with a zero step as
// Python's ValueError.
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

}  // namespace nkic::interp
