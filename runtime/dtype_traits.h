// Compile-time descriptions of each element type, for loops that must not
// switch on the dtype per element: the storage type, the bit-exact
// conversions to and from float32, and exact integer access. `dispatch` turns
// a runtime DType into one of these once, outside the loop. Internal to the
// runtime (dtype.h is the public face).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "runtime/bit_cast.h"
#include "runtime/dtype.h"

namespace nkic::rt::detail {

inline uint32_t float_bits(float f) { return bit_cast<uint32_t>(f); }
inline float bits_float(uint32_t u) { return bit_cast<float>(u); }

// Rounds `value >> shift` to nearest, ties to even.
inline uint32_t shift_round_even(uint32_t value, int shift) {
  const uint32_t kept = value >> shift;
  const uint32_t rest = value & ((1u << shift) - 1);
  const uint32_t half = 1u << (shift - 1);
  return kept + ((rest > half || (rest == half && (kept & 1))) ? 1 : 0);
}

inline float half_bits_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ffu;
  if (exp == 0x1f) return bits_float(sign | 0x7f800000u | (mant << 13));
  if (exp != 0) return bits_float(sign | ((exp + 112) << 23) | (mant << 13));
  if (mant == 0) return bits_float(sign);
  // Subnormal half: normalize into a float32 normal.
  int e = 113;
  while ((mant & 0x400u) == 0) {
    mant <<= 1;
    --e;
  }
  return bits_float(sign | (static_cast<uint32_t>(e) << 23) | ((mant & 0x3ffu) << 13));
}

inline uint16_t float_to_half_bits(float f) {
  const uint32_t x = float_bits(f);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t abs = x & 0x7fffffffu;
  if (abs > 0x7f800000u) {  // NaN: keep the top payload bits, make it quiet
    return static_cast<uint16_t>(sign | 0x7e00u | ((abs >> 13) & 0x3ffu));
  }
  if (abs >= 0x47800000u) return static_cast<uint16_t>(sign | 0x7c00u);  // >= 65536: inf
  if (abs >= 0x38800000u) {  // a half normal (2^-14 and up); rounding may carry to inf
    const uint32_t rebased = abs - (112u << 23);
    return static_cast<uint16_t>(sign | shift_round_even(rebased, 13));
  }
  if (abs <= 0x33000000u) return sign;  // at most 2^-25: rounds to zero (the tie goes to even)
  const uint32_t mant = (abs & 0x7fffffu) | 0x800000u;
  const int shift = 126 - static_cast<int>(abs >> 23);  // 14..24
  return static_cast<uint16_t>(sign | shift_round_even(mant, shift));
}

inline float bf16_bits_to_float(uint16_t b) { return bits_float(static_cast<uint32_t>(b) << 16); }

inline uint16_t float_to_bf16_bits(float f) {
  const uint32_t x = float_bits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
  const uint32_t rounded = x + 0x7fffu + ((x >> 16) & 1u);
  return static_cast<uint16_t>(rounded >> 16);
}

// Float to integer: round to nearest even, saturate, NaN to 0.
template <typename I>
I float_to_int(float v) {
  if (std::isnan(v)) return 0;
  const double r = std::nearbyint(static_cast<double>(v));
  if (r <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (r >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return static_cast<I>(r);
}

inline int64_t float_to_i64(double v) {
  if (std::isnan(v)) return 0;
  const double r = std::nearbyint(v);
  if (r <= -9.2233720368547758e18) return std::numeric_limits<int64_t>::min();
  if (r >= 9.2233720368547758e18) return std::numeric_limits<int64_t>::max();
  return static_cast<int64_t>(r);
}

template <typename S>
struct StorageBase {
  using storage = S;
  static S load(const std::byte* p) {
    S v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  static void store(std::byte* p, S v) { std::memcpy(p, &v, sizeof v); }
};

struct F32 : StorageBase<float> {
  static constexpr DType kType = DType::float32;
  static float to_f32(float v) { return v; }
  static float from_f32(float v) { return v; }
  static double to_f64(float v) { return v; }
  static int64_t to_i64(float v) { return float_to_i64(v); }
  static float from_i64(int64_t v) { return static_cast<float>(v); }
  static float uninit() { return bits_float(0x7fc00000u); }
};

struct F16 : StorageBase<uint16_t> {
  static constexpr DType kType = DType::float16;
  static float to_f32(uint16_t v) { return half_bits_to_float(v); }
  static uint16_t from_f32(float v) { return float_to_half_bits(v); }
  static double to_f64(uint16_t v) { return half_bits_to_float(v); }
  static int64_t to_i64(uint16_t v) { return float_to_i64(half_bits_to_float(v)); }
  static uint16_t from_i64(int64_t v) { return float_to_half_bits(static_cast<float>(v)); }
  static uint16_t uninit() { return 0x7e00u; }
};

struct BF16 : StorageBase<uint16_t> {
  static constexpr DType kType = DType::bfloat16;
  static float to_f32(uint16_t v) { return bf16_bits_to_float(v); }
  static uint16_t from_f32(float v) { return float_to_bf16_bits(v); }
  static double to_f64(uint16_t v) { return bf16_bits_to_float(v); }
  static int64_t to_i64(uint16_t v) { return float_to_i64(bf16_bits_to_float(v)); }
  static uint16_t from_i64(int64_t v) { return float_to_bf16_bits(static_cast<float>(v)); }
  static uint16_t uninit() { return 0x7fc0u; }
};

// An 8-bit float of kExp exponent bits (bias kBias) and kMant mantissa
// bits, as ml_dtypes defines the format: with inf and NaN in the top
// exponent (kHasInf, IEEE-like), or with no inf and NaN only at S.1111.111.
template <DType T, int kExp, int kMant, int kBias, bool kHasInf>
struct Float8Bits {
  static constexpr uint32_t kTopExp = (1u << kExp) - 1;
  static constexpr uint32_t kInf = kTopExp << kMant;                   // kHasInf only
  static constexpr uint32_t kNaN = kHasInf ? kInf | (1u << (kMant - 1))  // quiet
                                           : (kTopExp << kMant) | ((1u << kMant) - 1);
  // The largest finite value's bits.
  static constexpr uint32_t kMax = kHasInf ? kInf - 1 : kNaN - 1;

  static float to_f32(uint8_t b) {
    const uint32_t sign = static_cast<uint32_t>(b & 0x80u) << 24;
    const uint32_t exp = (b >> kMant) & kTopExp;
    const uint32_t mant = b & ((1u << kMant) - 1);
    if ((b & 0x7fu) > kMax) {
      const bool inf = kHasInf && mant == 0;
      return bits_float(sign | (inf ? 0x7f800000u : 0x7fc00000u));
    }
    if (exp == 0) {  // zero or subnormal: mant * 2^(1 - bias - kMant), exact in float32
      const float v = std::ldexp(static_cast<float>(mant), 1 - kBias - kMant);
      return sign ? -v : v;
    }
    return bits_float(sign | ((exp - kBias + 127) << 23) | (mant << (23 - kMant)));
  }

  static uint8_t from_f32(float f) {
    const uint32_t x = float_bits(f);
    const uint8_t sign = static_cast<uint8_t>((x >> 24) & 0x80u);
    const uint32_t abs = x & 0x7fffffffu;
    if (abs > 0x7f800000u) return static_cast<uint8_t>(sign | kNaN);
    if (abs == 0x7f800000u) return static_cast<uint8_t>(sign | (kHasInf ? kInf : kNaN));
    const int exp = static_cast<int>(abs >> 23) - 127 + kBias;  // the float8 biased exponent
    uint32_t bits = 0;
    if (exp >= 1) {  // a float8 normal: rounding may carry into the exponent
      const uint32_t rebased = (static_cast<uint32_t>(exp) << 23) | (abs & 0x7fffffu);
      bits = shift_round_even(rebased, 23 - kMant);
    } else {
      // A float8 subnormal, or zero: float32 subnormals (exp field 0) lie
      // far below half the smallest float8 subnormal.
      const int shift = 1 - exp + 23 - kMant;
      if ((abs >> 23) == 0 || shift > 24) return sign;
      bits = shift_round_even((abs & 0x7fffffu) | 0x800000u, shift);
    }
    if (bits > kMax) return static_cast<uint8_t>(sign | (kHasInf ? kInf : kNaN));
    return static_cast<uint8_t>(sign | bits);
  }
};

template <DType T, int kExp, int kMant, int kBias, bool kHasInf>
struct Float8 : StorageBase<uint8_t> {
  using Bits = Float8Bits<T, kExp, kMant, kBias, kHasInf>;
  static constexpr DType kType = T;
  static float to_f32(uint8_t v) { return Bits::to_f32(v); }
  static uint8_t from_f32(float v) { return Bits::from_f32(v); }
  static double to_f64(uint8_t v) { return Bits::to_f32(v); }
  static int64_t to_i64(uint8_t v) { return float_to_i64(Bits::to_f32(v)); }
  static uint8_t from_i64(int64_t v) { return Bits::from_f32(static_cast<float>(v)); }
  static uint8_t uninit() { return static_cast<uint8_t>(Bits::kNaN); }
};

using F8E4M3 = Float8<DType::float8_e4m3, 4, 3, 7, true>;
using F8E4M3FN = Float8<DType::float8_e4m3fn, 4, 3, 7, false>;
using F8E5M2 = Float8<DType::float8_e5m2, 5, 2, 15, true>;

// float8_e8m0fnu: the byte E is 2^(E - 127), 0xFF is NaN. Every byte but
// 0xFF is a power of two float32 holds exactly (2^-127 as a subnormal); a
// float becomes one only when it is such a power (or NaN), else Error.
struct F8E8M0 : StorageBase<uint8_t> {
  static constexpr DType kType = DType::float8_e8m0fnu;
  static constexpr uint8_t kNaN = 0xff;
  static float to_f32(uint8_t v) {
    if (v == kNaN) return bits_float(0x7fc00000u);
    return v == 0 ? bits_float(0x00400000u) : bits_float(static_cast<uint32_t>(v) << 23);
  }
  static uint8_t from_f32(float v) {
    if (std::isnan(v)) return kNaN;
    const uint32_t x = float_bits(v);
    if (x == 0x00400000u) return 0;  // 2^-127
    if ((x & 0x807fffffu) == 0 && (x >> 23) != 0 && (x >> 23) != 0xff) {
      return static_cast<uint8_t>(x >> 23);
    }
    throw_e8m0_value(v);
  }
  static double to_f64(uint8_t v) { return to_f32(v); }
  static int64_t to_i64(uint8_t v) { return float_to_i64(to_f32(v)); }
  static uint8_t from_i64(int64_t v) { return from_f32(static_cast<float>(v)); }
  static uint8_t uninit() { return kNaN; }
};

// A packed dtype: four values in one element of storage S, opaque. Its bits
// copy; asking for a value throws (the DMA and fill checks come first, so
// only a path without one gets here). kUninit: each packed value's NaN.
template <DType T, typename S, S kUninit>
struct Packed : StorageBase<S> {
  static constexpr DType kType = T;
  [[noreturn]] static float to_f32(S) { throw_packed_value(T); }
  [[noreturn]] static S from_f32(float) { throw_packed_value(T); }
  [[noreturn]] static double to_f64(S) { throw_packed_value(T); }
  [[noreturn]] static int64_t to_i64(S) { throw_packed_value(T); }
  [[noreturn]] static S from_i64(int64_t) { throw_packed_value(T); }
  static S uninit() { return kUninit; }
};

// F8E5M2's quiet NaN (0x7e) and F8E4M3FN's NaN (0x7f) four times; float4_e2m1fn
// has no NaN, so its new memory is zero bits.
using F8E5M2X4 = Packed<DType::float8_e5m2_x4, uint32_t, 0x7e7e7e7eu>;
using F8E4M3FNX4 = Packed<DType::float8_e4m3fn_x4, uint32_t, 0x7f7f7f7fu>;
using F4E2M1FNX4 = Packed<DType::float4_e2m1fn_x4, uint16_t, 0>;

// The NKI simulator fills new integer memory with this value.
constexpr int kIntUninitSentinel = 4;

template <typename I, DType T>
struct Int : StorageBase<I> {
  static constexpr DType kType = T;
  static float to_f32(I v) { return static_cast<float>(v); }
  static I from_f32(float v) { return float_to_int<I>(v); }
  static double to_f64(I v) { return static_cast<double>(v); }
  static int64_t to_i64(I v) { return static_cast<int64_t>(v); }
  // Wraps, as integer arithmetic in the dtype does.
  static I from_i64(int64_t v) { return static_cast<I>(static_cast<uint64_t>(v)); }
  static I uninit() { return static_cast<I>(kIntUninitSentinel); }
};

using I32 = Int<int32_t, DType::int32>;
using I16 = Int<int16_t, DType::int16>;
using I8 = Int<int8_t, DType::int8>;
using U32 = Int<uint32_t, DType::uint32>;
using U16 = Int<uint16_t, DType::uint16>;
using U8 = Int<uint8_t, DType::uint8>;

// One byte, 0 or 1; any nonzero byte reads as true.
struct Bool : StorageBase<uint8_t> {
  static constexpr DType kType = DType::bool_;
  static float to_f32(uint8_t v) { return v != 0 ? 1.0f : 0.0f; }
  static uint8_t from_f32(float v) { return v != 0.0f ? 1 : 0; }  // NaN is nonzero
  static double to_f64(uint8_t v) { return v != 0 ? 1.0 : 0.0; }
  static int64_t to_i64(uint8_t v) { return v != 0 ? 1 : 0; }
  static uint8_t from_i64(int64_t v) { return v != 0 ? 1 : 0; }
  // The integer sentinel converted to bool, as NumPy would store it.
  static uint8_t uninit() { return 1; }
};

template <typename T>
struct Tag {
  using type = T;
};

// Calls f(Tag<Traits>{}) for the traits of `t`.
template <typename F>
decltype(auto) dispatch(DType t, F&& f) {
  switch (t) {
    case DType::float32: return f(Tag<F32>{});
    case DType::float16: return f(Tag<F16>{});
    case DType::bfloat16: return f(Tag<BF16>{});
    case DType::int32: return f(Tag<I32>{});
    case DType::int16: return f(Tag<I16>{});
    case DType::int8: return f(Tag<I8>{});
    case DType::uint32: return f(Tag<U32>{});
    case DType::uint16: return f(Tag<U16>{});
    case DType::uint8: return f(Tag<U8>{});
    case DType::bool_: return f(Tag<Bool>{});
    case DType::float8_e4m3: return f(Tag<F8E4M3>{});
    case DType::float8_e4m3fn: return f(Tag<F8E4M3FN>{});
    case DType::float8_e5m2: return f(Tag<F8E5M2>{});
    case DType::float8_e5m2_x4: return f(Tag<F8E5M2X4>{});
    case DType::float8_e4m3fn_x4: return f(Tag<F8E4M3FNX4>{});
    case DType::float4_e2m1fn_x4: return f(Tag<F4E2M1FNX4>{});
    case DType::float8_e8m0fnu: return f(Tag<F8E8M0>{});
  }
  return f(Tag<F32>{});
}

}  // namespace nkic::rt::detail
