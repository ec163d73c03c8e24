// Element types of the simulated machine and the conversions between them.
// Every conversion goes through float32, as `nisa.dma_copy` does on hardware;
// the interpreter and the generated code share these functions, so their
// outputs agree bit for bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace nkic::rt {

enum class DType : uint8_t {
  float32,
  float16,
  bfloat16,
  int32,
  int16,
  int8,
  uint32,
  uint16,
  uint8,
  bool_,
  float8_e4m3,
  float8_e4m3fn,
  float8_e5m2,
  // Four float8_e5m2 / float8_e4m3fn / float4_e2m1fn values packed in one
  // element (4, 4 and 2 bytes), the operands of nki.isa.nc_matmul_mx. Opaque
  // here: their bits copy between tensors of the same dtype, nothing converts
  // to or from them, and a memset writes only 0.
  float8_e5m2_x4,
  float8_e4m3fn_x4,
  float4_e2m1fn_x4,
  // A power of two, 2^(E - 127) for the byte E (no sign, no mantissa), 0xFF
  // NaN: the MX block scale. It converts exactly to float32; nothing defines
  // rounding into it, so only a memset of a power of two (or NaN) makes one.
  float8_e8m0fnu,
};

constexpr int kDTypeCount = 17;

// Bytes per element, in the enum's order (a float8_e5m2_x4 holds four
// values in its 4 bytes); inline: every view and every transfer asks it.
inline constexpr size_t kDTypeSizes[kDTypeCount] = {4, 2, 2, 4, 2, 1, 4, 2, 1,
                                                    1, 1, 1, 1, 4, 4, 2, 1};
inline size_t dtype_size(DType t) {
  return kDTypeSizes[static_cast<size_t>(t)];
}
bool is_float(DType t);
bool is_signed_int(DType t);
// The lowest and highest value of an integer dtype (neither float nor
// packed; bool_'s are 0 and 1).
struct IntRange {
  int64_t lo = 0, hi = 0;
};
IntRange int_range(DType t);
// The name used in the language (`float32`, `bool_`, ...).
std::string_view dtype_name(DType t);
std::optional<DType> dtype_from_name(std::string_view name);
bool is_float8(DType t);
// float8_e5m2_x4, float8_e4m3fn_x4, float4_e2m1fn_x4.
bool is_packed(DType t);
// Why an element of `from` cannot become one of `to` (a DMA, a collective's
// staging, iota), "" when it can: a packed dtype only copies to itself, and
// nothing converts into float8_e8m0fnu but float8_e8m0fnu.
std::string conversion_problem(DType to, DType from);
// NumPy's descriptor (`<f4`, `|u1`, `<V2` for bfloat16, `|V1` for the float8
// dtypes and float8_e8m0fnu, `|V4` for the packed float8 ones, `|V2` for
// float4_e2m1fn_x4) and back. A raw-bytes descriptor names no dtype of ours
// by itself (`|V2` reads as bfloat16): the reader names the dtype it wants.
std::string_view dtype_npy_descr(DType t);
std::optional<DType> dtype_from_npy_descr(std::string_view descr);

// IEEE half and bfloat16 bits <-> float, round to nearest even.
float half_to_float(uint16_t h);
uint16_t float_to_half(float f);
float bfloat16_to_float(uint16_t b);
uint16_t float_to_bfloat16(float f);

// float8 bits <-> float, as ml_dtypes (NKI's simulator) converts: round to
// nearest even; a value beyond the largest finite one becomes inf
// (float8_e4m3, float8_e5m2) or NaN (float8_e4m3fn, which has no inf);
// NaN becomes the quiet NaN of its sign. `t` is a float8 dtype.
float float8_to_float(DType t, uint8_t bits);
uint8_t float_to_float8(DType t, float f);

// Reads one element as float32 / writes one element from float32. Float to
// integer conversion rounds to nearest even and saturates; NaN becomes 0.
float load_f32(DType t, const std::byte* p);
void store_f32(DType t, std::byte* p, float v);

// Exact reads and writes for integer dtypes and for printing (int64 holds
// every integer dtype; doubles hold every float dtype exactly).
int64_t load_i64(DType t, const std::byte* p);
double load_f64(DType t, const std::byte* p);

// The value new memory holds, as the NKI simulator fills it: NaN for floats,
// a fixed sentinel for integers; for a packed dtype, each value's NaN
// (float4_e2m1fn has none: zero bits). Writes one element of it.
void store_uninit(DType t, std::byte* p);

// Throws Error for reading or writing a value of a packed dtype, which has
// none of its own (dtype_traits.h calls it).
[[noreturn]] void throw_packed_value(DType t);
// Throws Error for a float that float8_e8m0fnu cannot hold exactly.
[[noreturn]] void throw_e8m0_value(float v);

}  // namespace nkic::rt
