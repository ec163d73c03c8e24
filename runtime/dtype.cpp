// Element types: names, sizes, NumPy descriptors and the bit-exact
// conversions every data movement goes through (see dtype.h). The per-type
// conversions live in dtype_traits.h so the DMA loops can inline them; this
// file dispatches on the runtime dtype.
#include "runtime/dtype.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "runtime/dtype_traits.h"
#include "runtime/machine.h"

namespace nkic::rt {
namespace {

struct DTypeInfo {
  DType type;
  std::string_view name;
  std::string_view npy_descr;  // what we write; dtype_from_npy_descr accepts more
  bool named_only;             // raw bytes others share: a reader must name the dtype
};

constexpr std::array<DTypeInfo, kDTypeCount> kInfo = {{
    {DType::float32, "float32", "<f4", false},
    {DType::float16, "float16", "<f2", false},
    {DType::bfloat16, "bfloat16", "<V2", false},
    {DType::int32, "int32", "<i4", false},
    {DType::int16, "int16", "<i2", false},
    {DType::int8, "int8", "|i1", false},
    {DType::uint32, "uint32", "<u4", false},
    {DType::uint16, "uint16", "<u2", false},
    {DType::uint8, "uint8", "|u1", false},
    {DType::bool_, "bool_", "|b1", false},
    {DType::float8_e4m3, "float8_e4m3", "|V1", true},
    {DType::float8_e4m3fn, "float8_e4m3fn", "|V1", true},
    {DType::float8_e5m2, "float8_e5m2", "|V1", true},
    {DType::float8_e5m2_x4, "float8_e5m2_x4", "|V4", true},
    {DType::float8_e4m3fn_x4, "float8_e4m3fn_x4", "|V4", true},
    {DType::float4_e2m1fn_x4, "float4_e2m1fn_x4", "|V2", true},
    {DType::float8_e8m0fnu, "float8_e8m0fnu", "|V1", true},
}};

const DTypeInfo& info(DType t) { return kInfo[static_cast<size_t>(t)]; }

}  // namespace

bool is_float8(DType t) {
  return t == DType::float8_e4m3 || t == DType::float8_e4m3fn || t == DType::float8_e5m2;
}

bool is_packed(DType t) {
  return t == DType::float8_e5m2_x4 || t == DType::float8_e4m3fn_x4 || t == DType::float4_e2m1fn_x4;
}

IntRange int_range(DType t) {
  switch (t) {
    case DType::int32: return {INT32_MIN, INT32_MAX};
    case DType::int16: return {INT16_MIN, INT16_MAX};
    case DType::int8: return {INT8_MIN, INT8_MAX};
    case DType::uint32: return {0, UINT32_MAX};
    case DType::uint16: return {0, UINT16_MAX};
    case DType::uint8: return {0, UINT8_MAX};
    case DType::bool_: return {0, 1};
    case DType::float32:
    case DType::float16:
    case DType::bfloat16:
    case DType::float8_e4m3:
    case DType::float8_e4m3fn:
    case DType::float8_e5m2:
    case DType::float8_e5m2_x4:
    case DType::float8_e4m3fn_x4:
    case DType::float4_e2m1fn_x4:
    case DType::float8_e8m0fnu:
      break;
  }
  throw Error("internal error: " + std::string(dtype_name(t)) + " is not an integer dtype");
}

bool is_float(DType t) {
  return t == DType::float32 || t == DType::float16 || t == DType::bfloat16 || is_float8(t) ||
         t == DType::float8_e8m0fnu;
}

std::string conversion_problem(DType to, DType from) {
  const bool packed = is_packed(to) || is_packed(from);
  if (to == from || (!packed && to != DType::float8_e8m0fnu)) return "";
  const std::string names =
      "cannot convert " + std::string(dtype_name(from)) + " to " + std::string(dtype_name(to));
  if (packed) {
    const std::string_view t = dtype_name(is_packed(from) ? from : to);
    return names + ": " + std::string(t) +
           " is a packed dtype (four values in one element), which copies only to and from " +
           std::string(t);
  }
  return names +
         ": NKI defines no rounding into float8_e8m0fnu; its data comes from "
         "float8_e8m0fnu tensors and files, or a memset of a power of two";
}

void throw_packed_value(DType t) {
  throw Error(std::string(dtype_name(t)) +
              " is a packed dtype (four values in one element): its elements have no value "
              "to read or write, only bits to copy");
}

void throw_e8m0_value(float v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(v));
  throw Error("float8_e8m0fnu holds the powers of two from 2^-127 to 2^127 and NaN, not " +
              std::string(text));
}

bool is_signed_int(DType t) {
  return t == DType::int32 || t == DType::int16 || t == DType::int8;
}

std::string_view dtype_name(DType t) { return info(t).name; }

std::optional<DType> dtype_from_name(std::string_view name) {
  for (const DTypeInfo& i : kInfo) {
    if (i.name == name) return i.type;
  }
  return std::nullopt;
}

std::string_view dtype_npy_descr(DType t) { return info(t).npy_descr; }

std::optional<DType> dtype_from_npy_descr(std::string_view descr) {
  if (descr.size() < 2) return std::nullopt;
  const char order = descr[0];
  const std::string_view code = descr.substr(1);
  // '<' and '=' mean little-endian here (this machine is little-endian); '|'
  // means "no byte order", which only single-byte types (and void) have.
  // '>' is accepted only where byte order cannot matter.
  for (const DTypeInfo& i : kInfo) {
    if (i.npy_descr.substr(1) != code || i.named_only) continue;
    const bool one_byte = dtype_size(i.type) == 1 || i.type == DType::bfloat16;
    if (order == '<' || order == '=' || order == '|') {
      if (order == '|' && !one_byte) return std::nullopt;
      return i.type;
    }
    if (order == '>' && dtype_size(i.type) == 1) return i.type;
    return std::nullopt;
  }
  return std::nullopt;
}

float half_to_float(uint16_t h) { return detail::half_bits_to_float(h); }
uint16_t float_to_half(float f) { return detail::float_to_half_bits(f); }
float bfloat16_to_float(uint16_t b) { return detail::bf16_bits_to_float(b); }
uint16_t float_to_bfloat16(float f) { return detail::float_to_bf16_bits(f); }

float float8_to_float(DType t, uint8_t bits) {
  return detail::dispatch(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return T::to_f32(static_cast<typename T::storage>(bits));
  });
}

uint8_t float_to_float8(DType t, float f) {
  return detail::dispatch(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return static_cast<uint8_t>(T::from_f32(f));
  });
}

float load_f32(DType t, const std::byte* p) {
  return detail::dispatch(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return T::to_f32(T::load(p));
  });
}

void store_f32(DType t, std::byte* p, float v) {
  detail::dispatch(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T::store(p, T::from_f32(v));
  });
}

int64_t load_i64(DType t, const std::byte* p) {
  return detail::dispatch(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return T::to_i64(T::load(p));
  });
}

double load_f64(DType t, const std::byte* p) {
  return detail::dispatch(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    return T::to_f64(T::load(p));
  });
}

void store_uninit(DType t, std::byte* p) {
  detail::dispatch(t, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T::store(p, T::uninit());
  });
}

}  // namespace nkic::rt
