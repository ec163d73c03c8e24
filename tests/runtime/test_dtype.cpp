// dtype conversions against NumPy: every float16 value, float32 -> float16
// and bfloat16 over special and random bit patterns, float -> integer
// rounding and saturation, names and descriptors.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <ios>
#include <random>

#include "python_oracle.h"
#include "runtime/dtype.h"

using namespace nkic::rt;
using nkic::test::ScratchDir;

namespace {

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float from_bits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// Special float32 patterns: zeros, subnormals, around the half and bfloat16
// rounding boundaries, the largest values, infinities and NaNs.
std::vector<uint32_t> interesting_floats() {
  std::vector<uint32_t> v = {0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000,
                             0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
                             0xffc00000, 0x7f800001, 0x7fbfffff, 0x3f800000, 0x3f808000,
                             0x3f818000, 0x3f7fffff, 0x33000000, 0x33000001, 0x32ffffff,
                             0x33800000, 0x387fc000, 0x387fe000, 0x38800000, 0x477fe000,
                             0x477ff000, 0x477fefff, 0x47800000, 0x7f7f8000, 0x7f7f7fff};
  std::mt19937 gen(1234);
  for (int i = 0; i < 20000; ++i) v.push_back(static_cast<uint32_t>(gen()));
  // Values in half's range, with low bits on and near the rounding point.
  for (int i = 0; i < 20000; ++i) {
    const uint32_t exp = 100 + gen() % 45;
    uint32_t mant = gen() & 0x7fffff;
    if (i % 3 == 0) mant = (mant & ~0x1fffu) | 0x1000u;   // exact half tie for half
    if (i % 3 == 1) mant = (mant & ~0xffffu) | 0x8000u;   // exact tie for bfloat16
    v.push_back((gen() & 0x80000000u) | (exp << 23) | mant);
  }
  return v;
}

}  // namespace

TEST_CASE("half to float matches NumPy for all 65536 patterns") {
  ScratchDir dir;
  const std::string out = nkic::test::run_python(dir, R"(
h = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
open('f.bin', 'wb').write(h.astype(np.float32).tobytes())
)");
  const auto expected = nkic::test::from_bytes<uint32_t>(nkic::test::read_file(dir.file("f.bin")));
  REQUIRE(expected.size() == 65536);
  int mismatches = 0;
  for (uint32_t h = 0; h < 65536; ++h) {
    const float got = half_to_float(static_cast<uint16_t>(h));
    // NaN payloads: NumPy keeps them too; compare bits exactly.
    if (bits(got) != expected[h]) ++mismatches;
  }
  CHECK(mismatches == 0);
}

TEST_CASE("float to half and bfloat16 match NumPy bit for bit") {
  ScratchDir dir;
  const std::vector<uint32_t> input = interesting_floats();
  nkic::test::write_file(dir.file("in.bin"), nkic::test::as_bytes(input));
  // bfloat16 by integer reasoning: add 0x7fff plus the lowest kept bit, keep
  // the top half; NaNs keep their top bits with the quiet bit set.
  nkic::test::run_python(dir, R"(
u = np.fromfile('in.bin', dtype=np.uint32)
f = u.view(np.float32)
with np.errstate(all='ignore'):
    open('half.bin', 'wb').write(f.astype(np.float16).view(np.uint16).tobytes())
u64 = u.astype(np.uint64)
rounded = ((u64 + 0x7fff + ((u64 >> 16) & 1)) >> 16).astype(np.uint16)
nan = np.isnan(f)
rounded[nan] = ((u[nan] >> 16) | 0x40).astype(np.uint16)
open('bf16.bin', 'wb').write(rounded.tobytes())
)");
  const auto half = nkic::test::from_bytes<uint16_t>(nkic::test::read_file(dir.file("half.bin")));
  const auto bf16 = nkic::test::from_bytes<uint16_t>(nkic::test::read_file(dir.file("bf16.bin")));
  REQUIRE(half.size() == input.size());
  int half_bad = 0, bf16_bad = 0;
  for (size_t i = 0; i < input.size(); ++i) {
    const float f = from_bits(input[i]);
    const uint16_t h = float_to_half(f);
    // NaN: NumPy and we both give a quiet NaN of the same sign; payload aside.
    const bool same_half = std::isnan(f) ? ((h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0 &&
                                            (h & 0x8000) == (half[i] & 0x8000))
                                         : h == half[i];
    if (!same_half) {
      if (half_bad++ < 5) MESSAGE("half of 0x" << std::hex << input[i] << ": " << h << " vs " << half[i]);
    }
    if (float_to_bfloat16(f) != bf16[i]) ++bf16_bad;
  }
  CHECK(half_bad == 0);
  CHECK(bf16_bad == 0);
}

TEST_CASE("bfloat16 to float is the top half of the float32 bits") {
  for (uint32_t b = 0; b < 65536; b += 7) {
    CHECK(bits(bfloat16_to_float(static_cast<uint16_t>(b))) == (b << 16));
  }
}

TEST_CASE("float to integer rounds half to even, saturates, and maps NaN to 0") {
  ScratchDir dir;
  const std::vector<float> input = {0.5f,  1.5f,   2.5f,  -0.5f, -1.5f,  -2.5f, 2.4999f, 127.5f,
                                    128.f, -129.f, 300.f, 1e10f, -1e10f, 65535.5f, 3e9f, -3e9f,
                                    NAN,   INFINITY, -INFINITY, 0.0f, -0.0f, 4294967296.0f, 7.5f};
  nkic::test::write_file(dir.file("in.bin"), nkic::test::as_bytes(input));
  nkic::test::run_python(dir, R"(
f = np.fromfile('in.bin', dtype=np.float32).astype(np.float64)
r = np.rint(f)
r[np.isnan(r)] = 0
out = []
for t in [np.int32, np.int16, np.int8, np.uint32, np.uint16, np.uint8]:
    info = np.iinfo(t)
    out.append(np.clip(r, info.min, info.max).astype(np.int64))
open('out.bin', 'wb').write(np.concatenate(out).tobytes())
)");
  const auto expected = nkic::test::from_bytes<int64_t>(nkic::test::read_file(dir.file("out.bin")));
  const DType types[] = {DType::int32,  DType::int16,  DType::int8,
                         DType::uint32, DType::uint16, DType::uint8};
  REQUIRE(expected.size() == input.size() * 6);
  for (size_t t = 0; t < 6; ++t) {
    for (size_t i = 0; i < input.size(); ++i) {
      std::byte buf[8] = {};
      store_f32(types[t], buf, input[i]);
      INFO(dtype_name(types[t]) << " from " << input[i]);
      CHECK(load_i64(types[t], buf) == expected[t * input.size() + i]);
    }
  }
}

TEST_CASE("bool stores nonzero (and NaN) as 1") {
  std::byte b[1];
  for (float v : {0.0f, -0.0f}) {
    store_f32(DType::bool_, b, v);
    CHECK(std::to_integer<int>(b[0]) == 0);
  }
  for (float v : {1.0f, -3.0f, 0.25f, NAN, INFINITY}) {
    store_f32(DType::bool_, b, v);
    CHECK(std::to_integer<int>(b[0]) == 1);
  }
}

TEST_CASE("uninitialized memory is a quiet NaN or the integer sentinel 4") {
  std::byte buf[4];
  store_uninit(DType::float32, buf);
  CHECK(std::isnan(load_f32(DType::float32, buf)));
  store_uninit(DType::float16, buf);
  CHECK(std::isnan(load_f32(DType::float16, buf)));
  store_uninit(DType::bfloat16, buf);
  CHECK(std::isnan(load_f32(DType::bfloat16, buf)));
  for (DType t : {DType::int32, DType::int16, DType::int8, DType::uint32, DType::uint16,
                  DType::uint8}) {
    store_uninit(t, buf);
    CHECK(load_i64(t, buf) == 4);
  }
}

TEST_CASE("names and npy descriptors round trip") {
  for (int i = 0; i < kDTypeCount; ++i) {
    const DType t = static_cast<DType>(i);
    CHECK(dtype_from_name(dtype_name(t)) == t);
    // Raw-bytes descriptors (`|V1` of the float8 dtypes and float8_e8m0fnu,
    // `|V4`, `|V2` of the packed ones) name no dtype: a reader names it.
    const bool raw = is_float8(t) || is_packed(t) || t == DType::float8_e8m0fnu;
    CHECK((dtype_from_npy_descr(dtype_npy_descr(t)) == t) == !raw);
  }
  CHECK(dtype_npy_descr(DType::float8_e5m2) == "|V1");
  CHECK(dtype_npy_descr(DType::float8_e8m0fnu) == "|V1");
  CHECK(dtype_npy_descr(DType::float8_e4m3fn_x4) == "|V4");
  CHECK(dtype_npy_descr(DType::float8_e5m2_x4) == "|V4");
  CHECK(dtype_npy_descr(DType::float4_e2m1fn_x4) == "|V2");
  CHECK(dtype_from_npy_descr("|V4") == std::nullopt);
  CHECK(dtype_from_npy_descr("=f4") == DType::float32);
  CHECK(dtype_from_npy_descr("<i1") == DType::int8);
  CHECK(dtype_from_npy_descr("<u1") == DType::uint8);
  CHECK(dtype_from_npy_descr("|V2") == DType::bfloat16);
  CHECK(dtype_from_npy_descr(">f4") == std::nullopt);
  CHECK(dtype_from_npy_descr("<f8") == std::nullopt);
  CHECK(dtype_from_npy_descr("|f4") == std::nullopt);
  CHECK(dtype_from_name("float64") == std::nullopt);
  CHECK(dtype_size(DType::bfloat16) == 2);
  CHECK(is_float(DType::bfloat16));
  CHECK(!is_float(DType::int32));
  CHECK(is_signed_int(DType::int8));
  CHECK(!is_signed_int(DType::uint8));
}
