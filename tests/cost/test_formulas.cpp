// Each formula against values computed by hand from the trn2 table's
// figures (the arithmetic is in the comments).
#include <doctest/doctest.h>

#include "cost/formulas.h"

using doctest::Approx;
using namespace nkic::cost;

TEST_CASE("a DMA spreads over one engine per 8 partitions, at most 16") {
  CHECK(dma_engines(platform_params("trn2").dma, 1) == 1);
  CHECK(dma_engines(platform_params("trn2").dma, 8) == 1);
  CHECK(dma_engines(platform_params("trn2").dma, 9) == 2);
  CHECK(dma_engines(platform_params("trn2").dma, 128) == 16);
  CHECK(dma_engines(platform_params("trn2").dma, 4096) == 16);
}

TEST_CASE("DMA time: the fixed cost, then the bytes at the engines' rate for the run length") {
  // 128 x 512 float32 into SBUF: 262144 B over 16 engines, rows of 2048 B:
  // 1300 + 262144 / (16 * 23 * 2048 / 2304) = 1300 + 801.39.
  DmaShape tile{262144, 128, 2048};
  CHECK(dma_ns(platform_params("trn2").dma, tile) ==
        Approx(1300 + 262144.0 / (16 * 23 * 2048.0 / 2304)));
  CHECK(dma_ns(platform_params("trn2").dma, tile) == Approx(2101.39).epsilon(1e-5));
  // 32 KiB on one partition (one engine): 1300 + 32768 / (23 * 32768 / 33024)
  // = 1300 + 1435.8; the documentation measures 1416 ns for the data.
  CHECK(dma_ns(platform_params("trn2").dma, {32768, 1, 32768}) == Approx(2735.83).epsilon(1e-5));
  // A strided copy whose runs are single 4-byte elements moves at 4 / 260
  // of the peak: 1300 + 8192 / (23 * 4 / 260).
  CHECK(dma_ns(platform_params("trn2").dma, {8192, 1, 4}) ==
        Approx(1300 + 8192 / (23 * 4.0 / 260)));
  // Nothing to move still costs the transfer.
  CHECK(dma_ns(platform_params("trn2").dma, {0, 1, 0}) == 1300);
}

TEST_CASE("a DMA transpose runs at 90% of a copy from HBM, 50% within SBUF") {
  DmaShape t{262144, 128, 2048, DmaShape::Kind::transpose_from_hbm};
  const double copy = 262144.0 / (16 * 23 * 2048.0 / 2304);
  CHECK(dma_ns(platform_params("trn2").dma, t) == Approx(1300 + copy / 0.9));
  t.kind = DmaShape::Kind::transpose_in_sbuf;
  CHECK(dma_ns(platform_params("trn2").dma, t) == Approx(1300 + copy / 0.5));
}

TEST_CASE("engine time: static overhead plus the stream, at least the minimum") {
  // Vector, float32, one input of 512 per partition: 256 / 128 = 2 per cycle,
  // (100 + 256) / 0.96 GHz.
  CHECK(engine_ns(platform_params("trn2").vector, {512, 1, Width::bits32}) == Approx(356 / 0.96));
  // Two inputs: (100 + 512) / 0.96; bfloat16 is twice as fast: (100 + 256) / 0.96.
  CHECK(engine_ns(platform_params("trn2").vector, {512, 2, Width::bits32}) == Approx(612 / 0.96));
  CHECK(engine_ns(platform_params("trn2").vector, {512, 2, Width::bits16}) == Approx(356 / 0.96));
  // A short stream takes the minimum 64 cycles: (100 + 64) / 0.96.
  CHECK(engine_ns(platform_params("trn2").vector, {8, 1, Width::bits32}) == Approx(164 / 0.96));
  // Scalar, one element per partition per cycle: (100 + 512) / 1.2.
  CHECK(engine_ns(platform_params("trn2").scalar, {512, 1, Width::bits16}) == Approx(612 / 1.2));
  CHECK(engine_ns(platform_params("trn2").gpsimd, {1024, 1, Width::bits32}) == Approx(1124 / 1.2));
}

TEST_CASE("matmul time: the moving columns, at least 64 cycles, four times for float32") {
  // 128 x 128 x 512 in bfloat16: 512 cycles at 2.4 GHz = 213.3 ns, which is
  // 2 * 128 * 128 * 512 flops at 78.6 TFLOPS.
  CHECK(matmul_ns(platform_params("trn2").tensor, 512, Width::bits16) == Approx(512 / 2.4));
  CHECK(2.0 * 128 * 128 * 512 / matmul_ns(platform_params("trn2").tensor, 512, Width::bits16) /
            1e3 ==
        Approx(78.64).epsilon(1e-3));
  CHECK(matmul_ns(platform_params("trn2").tensor, 512, Width::bits32) == Approx(4 * 512 / 2.4));
  CHECK(matmul_ns(platform_params("trn2").tensor, 16, Width::bits16) == Approx(64 / 2.4));
  CHECK(matmul_ns(platform_params("trn2").tensor, 16, Width::bits8) == Approx(64 / 2.4));
}
