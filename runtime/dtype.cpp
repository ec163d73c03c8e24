// Element types: names, sizes, NumPy descriptors and the bit-exact
// conversions every data movement goes through (see dtype.h). The per-type
// conversions live in dtype_traits.h so the DMA loops can inline them; this
// file dispatches on the runtime dtype.
#include "runtime/dtype.h"

#include <array>

#include "runtime/dtype_traits.h"

namespace nkic::rt {
namespace {

struct DTypeInfo {
  DType type;
  std::string_view name;
  size_t size;
  std::string_view npy_descr;  // what we write; dtype_from_npy_descr accepts more
};

constexpr std::array<DTypeInfo, kDTypeCount> kInfo = {{
    {DType::float32, "float32", 4, "<f4"},
    {DType::float16, "float16", 2, "<f2"},
    {DType::bfloat16, "bfloat16", 2, "<V2"},
    {DType::int32, "int32", 4, "<i4"},
    {DType::int16, "int16", 2, "<i2"},
    {DType::int8, "int8", 1, "|i1"},
    {DType::uint32, "uint32", 4, "<u4"},
    {DType::uint16, "uint16", 2, "<u2"},
    {DType::uint8, "uint8", 1, "|u1"},
    {DType::bool_, "bool_", 1, "|b1"},
    {DType::float8_e4m3, "float8_e4m3", 1, "|V1"},
    {DType::float8_e4m3fn, "float8_e4m3fn", 1, "|V1"},
    {DType::float8_e5m2, "float8_e5m2", 1, "|V1"},
}};

const DTypeInfo& info(DType t) { return kInfo[static_cast<size_t>(t)]; }

}  // namespace

size_t dtype_size(DType t) { return info(t).size; }

bool is_float8(DType t) {
  return t == DType::float8_e4m3 || t == DType::float8_e4m3fn || t == DType::float8_e5m2;
}

bool is_float(DType t) {
  return t == DType::float32 || t == DType::float16 || t == DType::bfloat16 || is_float8(t);
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
    if (i.npy_descr.substr(1) != code || is_float8(i.type)) continue;
    const bool one_byte = i.size == 1 || i.type == DType::bfloat16;
    if (order == '<' || order == '=' || order == '|') {
      if (order == '|' && !one_byte) return std::nullopt;
      return i.type;
    }
    if (order == '>' && i.size == 1) return i.type;
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
