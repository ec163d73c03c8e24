// The float8 dtypes against values NumPy computes from the formats' own
// definitions (not from our code): every one of the 256 bit patterns of
// each format decoded by the formula sign * 2^(e - bias) * (1 + m / 2^M)
// (subnormals m * 2^(1 - bias - M)), and float32 -> float8 as the nearest
// finite value with ties to the even bit pattern, where rounding past the
// largest finite value gives inf (formats with inf) or NaN (float8_e4m3fn).
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

struct Format {
  DType type;
  const char* params;  // E, M, bias, has_inf, as the Python oracle takes them
};

const Format kFormats[] = {
    {DType::float8_e4m3, "4, 3, 7, True"},
    {DType::float8_e4m3fn, "4, 3, 7, False"},
    {DType::float8_e5m2, "5, 2, 15, True"},
};

// The oracle: values.bin (float32 of every pattern) and encoded.bin (the
// float8 of every input of in.bin).
const char* kOracle = R"(
import sys
E, M, bias, has_inf = FORMAT
b = np.arange(256)
s, e, m = (b >> 7) & 1, (b >> M) & ((1 << E) - 1), b & ((1 << M) - 1)
top = (1 << E) - 1
mag = np.where(e == 0, m * 2.0 ** (1 - bias - M), (1 + m / 2.0 ** M) * 2.0 ** (e - bias))
nan = (e == top) & (m != 0) if has_inf else (e == top) & (m == (1 << M) - 1)
inf = (e == top) & (m == 0) if has_inf else np.zeros(256, bool)
val = np.where(s == 1, -mag, mag)
val[inf] = np.where(s[inf] == 1, -np.inf, np.inf)
val[nan] = np.nan
open('values.bin', 'wb').write(val.astype(np.float32).tobytes())
# Encoding: the finite magnitudes in order, then one step past the largest.
finite = mag[:128][~(nan[:128] | inf[:128])]
count = len(finite)
past = finite[-1] + (finite[-1] - finite[-2])
cand = np.append(finite, past)
x = np.fromfile('in.bin', dtype=np.uint32).view(np.float32).astype(np.float64)
sign = np.where(np.signbit(x), 0x80, 0)
a = np.abs(x)
fin = np.isfinite(a)
av = np.where(fin, a, 0)
hi = np.clip(np.searchsorted(cand, av), 1, count)
lo = hi - 1
dlo, dhi = av - cand[lo], cand[hi] - av
pick = np.where(dlo < dhi, lo, np.where(dhi < dlo, hi, np.where(lo % 2 == 0, lo, hi)))
pick = np.where(av >= past, count, pick)
inf_bits = top << M
nan_bits = (inf_bits | (1 << (M - 1))) if has_inf else 0x7f
over = inf_bits if has_inf else nan_bits
out = np.where(pick == count, over, pick)
out = np.where(np.isinf(a), over, out)
out = np.where(np.isnan(a), nan_bits, out)
open('encoded.bin', 'wb').write((out | sign).astype(np.uint8).tobytes())
)";

// Inputs: special values, every float8 value of every format, the midpoints
// between neighbours and the float32 values next to them, and random floats
// across and beyond the formats' ranges.
std::vector<uint32_t> inputs() {
  std::vector<uint32_t> v = {0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000,
                             0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
                             0xffc00000, 0x7f800001, 0x3f800000, 0x43700000, 0x43780000,
                             0x43f00000, 0x43e80000, 0x43e00000, 0x47600000, 0x47700000};
  for (const Format& f : kFormats) {
    for (uint32_t b = 0; b < 256; ++b) {
      const float x = float8_to_float(f.type, static_cast<uint8_t>(b));
      const float y = float8_to_float(f.type, static_cast<uint8_t>(b + 1));
      if (!std::isfinite(x)) continue;
      v.push_back(bits(x));
      if (!std::isfinite(y) || (b & 0x7f) == 0x7f) continue;
      const uint32_t mid = bits((x + y) / 2);  // exact: at most 5 significant bits
      v.push_back(mid);
      v.push_back(mid + 1);
      v.push_back(mid - 1);
    }
  }
  std::mt19937 gen(8);
  for (int i = 0; i < 20000; ++i) {
    const uint32_t exp = 100 + gen() % 50;  // 2^-27 .. 2^22
    v.push_back((gen() & 0x80000000u) | (exp << 23) | (gen() & 0x7fffffu));
  }
  return v;
}

}  // namespace

TEST_CASE("float8 conversions follow the formats' definitions bit for bit") {
  const std::vector<uint32_t> input = inputs();
  for (const Format& f : kFormats) {
    CAPTURE(dtype_name(f.type));
    ScratchDir dir;
    nkic::test::write_file(dir.file("in.bin"), nkic::test::as_bytes(input));
    std::string script = kOracle;
    script.replace(script.find("FORMAT"), 6, f.params);
    nkic::test::run_python(dir, script);
    const auto values =
        nkic::test::from_bytes<uint32_t>(nkic::test::read_file(dir.file("values.bin")));
    const auto encoded =
        nkic::test::from_bytes<uint8_t>(nkic::test::read_file(dir.file("encoded.bin")));
    REQUIRE(values.size() == 256);
    REQUIRE(encoded.size() == input.size());
    int decode_bad = 0, round_trip_bad = 0, encode_bad = 0;
    for (uint32_t b = 0; b < 256; ++b) {
      const float got = float8_to_float(f.type, static_cast<uint8_t>(b));
      const float want = from_bits(values[b]);
      const bool same = std::isnan(want) ? std::isnan(got) && std::signbit(got) == ((b & 0x80) != 0)
                                         : bits(got) == values[b];
      if (!same && decode_bad++ < 5) MESSAGE("decode 0x" << std::hex << b << ": " << got);
      // Every value comes back to its pattern; a NaN to its sign's quiet NaN.
      const uint8_t back = float_to_float8(f.type, got);
      const uint8_t want_back = std::isnan(want) ? float_to_float8(f.type, got) : b;
      if (back != want_back || (std::isnan(want) && !std::isnan(float8_to_float(f.type, back)))) {
        ++round_trip_bad;
      }
    }
    for (size_t i = 0; i < input.size(); ++i) {
      const uint8_t got = float_to_float8(f.type, from_bits(input[i]));
      if (got != encoded[i] && encode_bad++ < 5) {
        MESSAGE("encode 0x" << std::hex << input[i] << ": 0x" << int{got} << " vs 0x"
                            << int{encoded[i]});
      }
    }
    CHECK(decode_bad == 0);
    CHECK(round_trip_bad == 0);
    CHECK(encode_bad == 0);
  }
}

TEST_CASE("float8 rounding cases worked by hand") {
  // float8_e4m3: 1 + 1/16 is halfway between 1 and 1.125 (pattern 0x38,
  // even): it stays 1; 1 + 3/16 is halfway between 1.125 (0x39) and 1.25
  // (0x3a): it goes to 1.25. Its largest value is 240; 248 is halfway to
  // the next step and rounds (to even) past it, to inf.
  CHECK(float_to_float8(DType::float8_e4m3, 1.0625f) == 0x38);
  CHECK(float_to_float8(DType::float8_e4m3, 1.1875f) == 0x3a);
  CHECK(float_to_float8(DType::float8_e4m3, 240.0f) == 0x77);
  CHECK(float_to_float8(DType::float8_e4m3, 247.0f) == 0x77);
  CHECK(float_to_float8(DType::float8_e4m3, 248.0f) == 0x78);
  CHECK(std::isinf(float8_to_float(DType::float8_e4m3, 0x78)));
  // float8_e4m3fn: no inf, 448 the largest; 464 (halfway to the NaN
  // pattern's place) rounds to even, 448; anything larger is NaN.
  CHECK(float_to_float8(DType::float8_e4m3fn, 464.0f) == 0x7e);
  CHECK(float_to_float8(DType::float8_e4m3fn, 465.0f) == 0x7f);
  CHECK(float_to_float8(DType::float8_e4m3fn, -1e9f) == 0xff);
  CHECK(float_to_float8(DType::float8_e4m3fn, INFINITY) == 0x7f);
  CHECK(float8_to_float(DType::float8_e4m3fn, 0x7e) == 448.0f);
  // Subnormals: the smallest float8_e4m3 is 2^-9; half of it ties to 0.
  CHECK(float_to_float8(DType::float8_e4m3, std::ldexp(1.0f, -9)) == 0x01);
  CHECK(float_to_float8(DType::float8_e4m3, std::ldexp(1.0f, -10)) == 0x00);
  CHECK(float_to_float8(DType::float8_e4m3, -std::ldexp(1.5f, -10)) == 0x81);
  // float8_e5m2: 57344 the largest, 61440 halfway to inf.
  CHECK(float_to_float8(DType::float8_e5m2, 57344.0f) == 0x7b);
  CHECK(float_to_float8(DType::float8_e5m2, 61439.0f) == 0x7b);
  CHECK(float_to_float8(DType::float8_e5m2, 61440.0f) == 0x7c);
  CHECK(float_to_float8(DType::float8_e5m2, NAN) == 0x7e);
  CHECK(float8_to_float(DType::float8_e5m2, 0x01) == std::ldexp(1.0f, -16));
}
