// The value of another type with the same bits (C++20's std::bit_cast), for
// element conversions and for generated code that writes a NaN's exact bits.
#pragma once

#include <cstring>
#include <type_traits>

namespace nkic::rt {

template <class To, class From>
inline To bit_cast(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "bit_cast between types of one size");
  static_assert(std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>);
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

}  // namespace nkic::rt
