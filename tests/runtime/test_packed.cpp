// The packed dtypes (float8_e5m2_x4, float8_e4m3fn_x4, float4_e2m1fn_x4) and
// float8_e8m0fnu: every e8m0 byte decoded against NumPy's reading of the
// format's definition (2^(E - 127), NaN at 0xFF); packed elements copied bit
// for bit (strided too), never converted; their fills, printing and .npy
// files against NumPy.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "python_oracle.h"
#include "runtime/dma.h"
#include "runtime/fill.h"
#include "runtime/npy.h"
#include "runtime/print.h"
#include "runtime/tensor.h"

using namespace nkic::rt;
using nkic::test::ScratchDir;

namespace {

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

const DType kPacked[] = {DType::float8_e5m2_x4, DType::float8_e4m3fn_x4, DType::float4_e2m1fn_x4};

// A buffer of `n` elements holding random bytes; the bytes are returned too.
std::shared_ptr<Buffer> random_bytes(Machine& m, DType t, int64_t n, std::mt19937& gen,
                                     std::vector<uint8_t>& bytes) {
  auto b = m.allocate(0, MemKind::hbm, t, {n}, "src");
  bytes.resize(static_cast<size_t>(n) * dtype_size(t));
  for (uint8_t& x : bytes) x = static_cast<uint8_t>(gen());
  std::memcpy(b->data_for_write(), bytes.data(), bytes.size());
  return b;
}

}  // namespace

TEST_CASE("float8_e8m0fnu decodes every byte as NumPy reads the format") {
  ScratchDir dir;
  nkic::test::run_python(dir, R"(
e = np.arange(256, dtype=np.float64)
v = np.where(e == 255, np.nan, 2.0 ** (e - 127)).astype(np.float32)
open('values.bin', 'wb').write(v.tobytes())
)");
  const auto want = nkic::test::from_bytes<uint32_t>(nkic::test::read_file(dir.file("values.bin")));
  REQUIRE(want.size() == 256);
  for (uint32_t b = 0; b < 256; ++b) {
    CAPTURE(b);
    std::byte byte{static_cast<unsigned char>(b)};
    const float got = load_f32(DType::float8_e8m0fnu, &byte);
    if (b == 255) {
      CHECK(std::isnan(got));
      continue;
    }
    CHECK(bits(got) == want[b]);
    // Each power of two goes back to its byte.
    std::byte back{};
    store_f32(DType::float8_e8m0fnu, &back, got);
    CHECK(back == byte);
  }
  std::byte nan{};
  store_f32(DType::float8_e8m0fnu, &nan, NAN);
  CHECK(nan == std::byte{0xff});
  store_uninit(DType::float8_e8m0fnu, &nan);
  CHECK(nan == std::byte{0xff});
}

TEST_CASE("float8_e8m0fnu takes nothing but its powers of two and NaN") {
  std::byte out{};
  for (float v : {0.0f, -1.0f, 3.0f, 0.75f, INFINITY, std::ldexp(1.0f, -128), 1e-45f}) {
    CAPTURE(v);
    CHECK_THROWS_AS(store_f32(DType::float8_e8m0fnu, &out, v), Error);
  }
  CHECK_THROWS_WITH(store_f32(DType::float8_e8m0fnu, &out, 3.0f),
                    "float8_e8m0fnu holds the powers of two from 2^-127 to 2^127 and NaN, not 3");
  CHECK(conversion_problem(DType::float8_e8m0fnu, DType::float32) ==
        "cannot convert float32 to float8_e8m0fnu: NKI defines no rounding into "
        "float8_e8m0fnu; its data comes from float8_e8m0fnu tensors and files, or a memset "
        "of a power of two");
  CHECK(conversion_problem(DType::float32, DType::float8_e8m0fnu).empty());
  CHECK(conversion_problem(DType::float8_e8m0fnu, DType::float8_e8m0fnu).empty());
}

TEST_CASE("packed elements copy bit for bit, strided too, and convert to nothing") {
  Machine m(1, default_platform());
  std::mt19937 gen(11);
  for (DType t : kPacked) {
    CAPTURE(dtype_name(t));
    const size_t size = dtype_size(t);
    CHECK(size == (t == DType::float4_e2m1fn_x4 ? 2u : 4u));
    CHECK(is_packed(t));
    CHECK(!is_float(t));
    std::vector<uint8_t> src_bytes;
    auto src = random_bytes(m, t, 24, gen, src_bytes);
    // Whole, then every third element backwards into a strided destination.
    auto dense = m.allocate(0, MemKind::sbuf, t, {4, 6}, "dense");
    dma_copy(AccessPattern{dense.get(), 0, {{6, 4}, {1, 6}}},
             AccessPattern{src.get(), 0, {{1, 24}}});
    CHECK(std::memcmp(dense->data(), src_bytes.data(), src_bytes.size()) == 0);
    auto strided = m.allocate(0, MemKind::hbm, t, {16}, "strided");
    dma_copy(AccessPattern{strided.get(), 1, {{2, 8}}}, AccessPattern{src.get(), 23, {{-3, 8}}});
    for (int64_t k = 0; k < 8; ++k) {
      const uint8_t* want = src_bytes.data() + (23 - 3 * k) * int64_t(size);
      CHECK(std::memcmp(strided->data() + (1 + 2 * k) * int64_t(size), want, size) == 0);
    }
    for (DType other :
         {DType::float32, DType::uint8, DType::float8_e4m3fn, DType::float8_e8m0fnu}) {
      auto o = m.allocate(0, MemKind::hbm, other, {24}, "other");
      CHECK_THROWS_AS(
          dma_copy(AccessPattern{o.get(), 0, {{1, 24}}}, AccessPattern{src.get(), 0, {{1, 24}}}),
          Error);
      CHECK_THROWS_AS(
          dma_copy(AccessPattern{src.get(), 0, {{1, 24}}}, AccessPattern{o.get(), 0, {{1, 24}}}),
          Error);
    }
    for (DType p : kPacked) {
      if (p == t) continue;
      CHECK(conversion_problem(p, t) == "cannot convert " + std::string(dtype_name(t)) + " to " +
                                            std::string(dtype_name(p)) + ": " +
                                            std::string(dtype_name(t)) +
                                            " is a packed dtype (four values in one element), "
                                            "which copies only to and from " +
                                            std::string(dtype_name(t)));
    }
    // No value to read: a located error where a path asks for one.
    CHECK_THROWS_AS(load_f32(t, src->data()), Error);
    CHECK_THROWS_AS(load_i64(t, src->data()), Error);
    CHECK_THROWS_AS(dma_accumulate(AccessPattern{dense.get(), 0, {{1, 24}}},
                                   AccessPattern{src.get(), 0, {{1, 24}}}, AluOp::add),
                    Error);
  }
}

TEST_CASE("packed fills: only 0, as all-zero bits, new memory holds each value's NaN") {
  for (DType t : kPacked) {
    CAPTURE(dtype_name(t));
    CHECK(scalar_bytes(t, int64_t{0}) == std::vector<std::byte>(dtype_size(t)));
    CHECK(scalar_bytes(t, 0.0) == std::vector<std::byte>(dtype_size(t)));
    CHECK_THROWS_WITH(scalar_bytes(t, 1.5), ("a fill of " + std::string(dtype_name(t)) +
                                             " (a packed dtype) can only be 0, not 1.5")
                                                .c_str());
    CHECK_THROWS_AS(scalar_bytes(t, int64_t{2}), Error);
  }
  uint32_t word = 0;
  store_uninit(DType::float8_e4m3fn_x4, reinterpret_cast<std::byte*>(&word));
  CHECK(word == 0x7f7f7f7fu);  // float8_e4m3fn's NaN, four times
  store_uninit(DType::float8_e5m2_x4, reinterpret_cast<std::byte*>(&word));
  CHECK(word == 0x7e7e7e7eu);  // float8_e5m2's quiet NaN
  uint16_t half = 1;
  store_uninit(DType::float4_e2m1fn_x4, reinterpret_cast<std::byte*>(&half));
  CHECK(half == 0);  // float4_e2m1fn has no NaN
}

TEST_CASE("packed elements print as their bits, e8m0 as its values") {
  const uint32_t words[] = {0x7f7f7f7fu, 0x00000001u, 0xa0b0c0d0u, 0u};
  CHECK(format_array(DType::float8_e4m3fn_x4, {2, 2}, reinterpret_cast<const std::byte*>(words)) ==
        "[[0x7f7f7f7f 0x00000001]\n [0xa0b0c0d0 0x00000000]]");
  const uint16_t halves[] = {0x0102u, 0xffffu, 0x00a0u};
  CHECK(format_array(DType::float4_e2m1fn_x4, {3}, reinterpret_cast<const std::byte*>(halves)) ==
        "[0x0102 0xffff 0x00a0]");
  CHECK(format_array(DType::float8_e5m2_x4, {}, reinterpret_cast<const std::byte*>(words)) ==
        "0x7f7f7f7f");
  const uint8_t scales[] = {126, 127, 128, 255};
  CHECK(format_array(DType::float8_e8m0fnu, {4}, reinterpret_cast<const std::byte*>(scales)) ==
        "[0.5 1.  2.  nan]");
}

TEST_CASE("packed and e8m0 .npy files: what NumPy writes and reads, named after the path") {
  ScratchDir dir;
  nkic::test::run_python(dir, R"(
np.save('x4.npy', np.arange(24, dtype=np.uint8).view('V4').reshape(2, 3))
np.save('f4.npy', np.arange(8, dtype=np.uint8).view('V2').reshape(4))
np.save('e8.npy', np.array([[0, 127, 255]], dtype=np.uint8).view('V1'))
)");
  const NpyArray x4 = read_npy(dir.file("x4.npy"), DType::float8_e4m3fn_x4);
  CHECK(x4.dtype == DType::float8_e4m3fn_x4);
  CHECK(x4.shape == std::vector<int64_t>{2, 3});
  for (size_t i = 0; i < 24; ++i) CHECK(x4.data[i] == std::byte(i));
  const NpyArray f4 = read_npy(dir.file("f4.npy"), DType::float4_e2m1fn_x4);
  CHECK(f4.dtype == DType::float4_e2m1fn_x4);
  CHECK(f4.shape == std::vector<int64_t>{4});
  const NpyArray e8 = read_npy(dir.file("e8.npy"), DType::float8_e8m0fnu);
  CHECK(e8.data == std::vector<std::byte>{std::byte{0}, std::byte{127}, std::byte{255}});
  // Unnamed, a |V4 file is refused; named with the wrong width too.
  CHECK_THROWS_AS(read_npy(dir.file("x4.npy")), Error);
  CHECK_THROWS_WITH(read_npy(dir.file("x4.npy"), DType::float4_e2m1fn_x4),
                    (dir.file("x4.npy") + ": holds 4-byte elements ('|V4'), but "
                                          "float4_e2m1fn_x4 has 2-byte elements")
                        .c_str());
  // What we write NumPy reads back as the same raw bytes.
  write_npy(dir.file("out_x4.npy"), x4);
  write_npy(dir.file("out_f4.npy"), f4);
  write_npy(dir.file("out_e8.npy"), e8);
  CHECK(nkic::test::run_python(dir, R"(
for name, src in (('out_x4', 'x4'), ('out_f4', 'f4'), ('out_e8', 'e8')):
    a, b = np.load(name + '.npy'), np.load(src + '.npy')
    print(name, a.dtype.str, a.shape == b.shape and a.tobytes() == b.tobytes())
)") == "out_x4 |V4 True\nout_f4 |V2 True\nout_e8 |V1 True\n");
}
