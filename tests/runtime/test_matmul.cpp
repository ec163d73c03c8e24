// nc_matmul, nc_transpose and dma_transpose on hand-made tiles: float32
// products and sums in k order (each rounded: no fused multiply-add), the
// three accumulate modes, transpose mode, and the tile rules.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "runtime/device_ops.h"
#include "runtime/strided.h"
#include "op_harness.h"

using namespace nkic::rt;
using nkic::rt::testing::whole;

namespace {

void set(Buffer& b, const std::vector<float>& values) {
  detail::scatter_f32(whole(b), values);
}

std::vector<float> get(Buffer& b) {
  return detail::gather_f32(whole(b));
}

void matmul(const NcMatmul& op, Buffer& dst, Buffer& st, Buffer& mv) {
  const AccessPattern d = whole(dst), s = whole(st), m = whole(mv);
  const AccessPattern* dsts[] = {&d};
  const AccessPattern* srcs[] = {&s, &m};
  OpOperands o;
  o.dsts = Span<const AccessPattern*>(dsts, 1);
  o.srcs = Span<const AccessPattern*>(srcs, 2);
  op.run(o);
}

}  // namespace

TEST_CASE("nc_matmul rounds each product and each sum in float32, k ascending") {
  Machine m(1, default_platform());
  auto st = m.allocate(0, MemKind::sbuf, DType::float32, {2, 1}, "st");
  auto mv = m.allocate(0, MemKind::sbuf, DType::float32, {2, 1}, "mv");
  auto dst = m.allocate(0, MemKind::psum, DType::float32, {1, 1}, "dst");
  // a * a = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11; adding c then gives 0,
  // where a fused multiply-add would keep 2^-24.
  const float a = 1.0f + std::ldexp(1.0f, -12), c = -(1.0f + std::ldexp(1.0f, -11));
  set(*st, {a, 1.0f});
  set(*mv, {a, c});
  matmul(NcMatmul{}, *dst, *st, *mv);
  CHECK(get(*dst)[0] == 0.0f);
  // A second product of the other order: sums are not reassociated.
  set(*st, {1.0f, 1.0f});
  set(*mv, {std::ldexp(1.0f, 24), 1.0f});
  matmul(NcMatmul{NcMatmul::kOverwrite}, *dst, *st, *mv);
  CHECK(get(*dst)[0] == std::ldexp(1.0f, 24));  // 2^24 + 1 rounds back to 2^24
}

TEST_CASE("nc_matmul's accumulate: overwrite, add, and automatic from what a matmul wrote") {
  Machine m(1, default_platform());
  auto st = m.allocate(0, MemKind::sbuf, DType::float32, {2, 2}, "st");
  auto mv = m.allocate(0, MemKind::sbuf, DType::float32, {2, 3}, "mv");
  auto dst = m.allocate(0, MemKind::psum, DType::float32, {2, 3}, "acc");
  set(*st, {1, 2, 3, 4});        // st.T = [[1, 3], [2, 4]]
  set(*mv, {1, 0, 1, 0, 1, 1});  // [[1, 0, 1], [0, 1, 1]]
  const std::vector<float> once = {1, 3, 4, 2, 4, 6};
  CHECK_THROWS_WITH_AS(
      matmul(NcMatmul{NcMatmul::kAdd}, *dst, *st, *mv),
      "nc_matmul: accumulate=True adds to PSUM element [0, 0] of 'acc', which no matmul "
      "has written since its allocation; the first matmul into it must overwrite "
      "(accumulate=False)",
      Error);
  matmul(NcMatmul{}, *dst, *st, *mv);  // automatic, nothing written: overwrites
  CHECK(get(*dst) == once);
  matmul(NcMatmul{}, *dst, *st, *mv);  // automatic, written: adds
  std::vector<float> twice = once;
  for (float& v : twice) v *= 2;
  CHECK(get(*dst) == twice);
  matmul(NcMatmul{NcMatmul::kAdd}, *dst, *st, *mv);
  std::vector<float> thrice = once;
  for (float& v : thrice) v *= 3;
  CHECK(get(*dst) == thrice);
  matmul(NcMatmul{NcMatmul::kOverwrite}, *dst, *st, *mv);
  CHECK(get(*dst) == once);
}

TEST_CASE("transpose mode moves every value exactly, the moving tile must be an identity") {
  Machine m(1, default_platform());
  auto st = m.allocate(0, MemKind::sbuf, DType::float32, {2, 3}, "st");
  auto eye = m.allocate(0, MemKind::sbuf, DType::float32, {2, 2}, "eye");
  auto dst = m.allocate(0, MemKind::psum, DType::float32, {3, 2}, "dst");
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  set(*st, {1, nan, -inf, 4, 5, -0.0f});
  set(*eye, {1, 0, 0, 1});
  matmul(NcMatmul{NcMatmul::kAutomatic, true}, *dst, *st, *eye);
  const std::vector<float> t = get(*dst);
  CHECK(t[0] == 1);
  CHECK(t[1] == 4);
  CHECK(std::isnan(t[2]));
  CHECK(t[3] == 5);
  CHECK(t[4] == -inf);
  CHECK(std::signbit(t[5]));
  set(*eye, {1, 0, 2, 1});
  CHECK_THROWS_WITH_AS(matmul(NcMatmul{NcMatmul::kAutomatic, true}, *dst, *st, *eye),
                       "nc_matmul: is_transpose needs an identity matrix as the moving tile, and "
                       "'eye' (float32, sbuf, [2, 2]) holds 2 at [1, 0]",
                       Error);
}

TEST_CASE("nc_matmul's tile rules") {
  Machine m(1, default_platform());
  auto st = m.allocate(0, MemKind::sbuf, DType::float32, {4, 8}, "st");
  auto mv = m.allocate(0, MemKind::sbuf, DType::bfloat16, {4, 16}, "mv");
  auto hbm = m.allocate(0, MemKind::hbm, DType::float32, {4, 16}, "h");
  auto dst = m.allocate(0, MemKind::psum, DType::float32, {8, 16}, "dst");
  auto wide = m.allocate(0, MemKind::sbuf, DType::float32, {4, 513}, "wide");
  auto dst_bf16 = m.allocate(0, MemKind::psum, DType::bfloat16, {8, 16}, "d16");
  CHECK_THROWS_WITH_AS(matmul(NcMatmul{}, *dst, *st, *hbm),
                       "nc_matmul: the moving tile must be in sbuf, 'h' (float32, hbm, [4, 16]) "
                       "is not",
                       Error);
  CHECK_THROWS_WITH_AS(matmul(NcMatmul{}, *dst, *st, *mv),
                       "nc_matmul: a float32 tile multiplies only a float32 tile, and the "
                       "stationary is float32 where the moving is bfloat16",
                       Error);
  CHECK_THROWS_WITH_AS(matmul(NcMatmul{}, *dst, *st, *wide),
                       "nc_matmul: the moving tile's free size 513 exceeds 512 (one PSUM bank of "
                       "float32, nl.tile_size.gemm_moving_fmax)",
                       Error);
  CHECK_THROWS_WITH_AS(matmul(NcMatmul{}, *dst_bf16, *st, *st),
                       "nc_matmul: dst 'd16' (bfloat16, psum, [8, 16]) must be float32 (bfloat16 "
                       "from trn3 on): the Tensor Engine accumulates in float32",
                       Error);
  NcMatmul tiled;
  tiled.row_size = 32;
  tiled.column_size = 32;
  auto tall = m.allocate(0, MemKind::sbuf, DType::float32, {64, 8}, "tall");
  auto tall_mv = m.allocate(0, MemKind::sbuf, DType::float32, {64, 16}, "tall_mv");
  CHECK_THROWS_WITH_AS(matmul(tiled, *dst, *tall, *tall_mv),
                       "nc_matmul: the contraction (partition) dim of 64 exceeds the 32 rows of "
                       "the Tensor Engine tile",
                       Error);
}

TEST_CASE("the transposes permute as the ISA says") {
  Machine m(1, default_platform());
  auto src = m.allocate(0, MemKind::sbuf, DType::float32, {2, 3, 4}, "src");
  std::vector<float> v(24);
  for (size_t i = 0; i < v.size(); ++i) v[i] = float(i);
  set(*src, v);
  auto dst = m.allocate(0, MemKind::sbuf, DType::float32, {4, 3, 2}, "dst");
  const AccessPattern d = whole(*dst), s = whole(*src);
  const AccessPattern* dsts[] = {&d};
  const AccessPattern* srcs[] = {&s};
  OpOperands o;
  o.dsts = Span<const AccessPattern*>(dsts, 1);
  o.srcs = Span<const AccessPattern*>(srcs, 1);
  DmaTranspose{}.run(o);  // (2, 1, 0): dst[k, j, i] = src[i, j, k]
  const std::vector<float> t = get(*dst);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        CHECK(t[size_t(k * 6 + j * 2 + i)] == v[size_t(i * 12 + j * 4 + k)]);
  // nc_transpose flattens the free dims: [2, 12] -> [12, 2].
  auto flat = m.allocate(0, MemKind::psum, DType::float32, {12, 2}, "flat");
  const AccessPattern f = whole(*flat);
  dsts[0] = &f;
  NcTranspose{}.run(o);
  const std::vector<float> ft = get(*flat);
  for (int p = 0; p < 2; ++p)
    for (int x = 0; x < 12; ++x) CHECK(ft[size_t(x * 2 + p)] == v[size_t(p * 12 + x)]);
}
