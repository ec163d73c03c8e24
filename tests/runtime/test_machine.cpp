// The machine: platforms, shape checks, capacity accounting, lazy storage.
#include <doctest/doctest.h>

#include <cmath>

#include "runtime/machine.h"

using namespace nkic::rt;

TEST_CASE("platforms carry the documented sizes") {
  const Platform* trn2 = find_platform("trn2");
  const Platform* trn3 = find_platform("trn3");
  REQUIRE(trn2 != nullptr);
  REQUIRE(trn3 != nullptr);
  CHECK(find_platform("trn9") == nullptr);
  CHECK(&default_platform() == trn2);
  CHECK(trn2->partitions == 128);
  CHECK(trn2->sbuf_partition_bytes == 224 * 1024);
  CHECK(trn3->sbuf_partition_bytes == 256 * 1024);
  CHECK(trn2->psum_partition_bytes == 16 * 1024);
  CHECK(trn2->hbm_bytes_per_rank == 96LL * 1024 * 1024 * 1024 / 8);
  CHECK(trn3->hbm_bytes_per_rank == 144LL * 1024 * 1024 * 1024 / 8);
}

TEST_CASE("on-chip shapes are checked") {
  Machine m(1, default_platform());
  CHECK_THROWS_WITH_AS(m.allocate(0, MemKind::sbuf, DType::float32, {256, 4}, "t"),
                       "partition dimension 256 exceeds the 128 SBUF partitions", Error);
  CHECK_THROWS_WITH_AS(m.allocate(0, MemKind::psum, DType::float32, {129, 4}, "t"),
                       "partition dimension 129 exceeds the 128 PSUM partitions", Error);
  CHECK_THROWS_WITH_AS(
      m.allocate(0, MemKind::sbuf, DType::float32, {128}, "t"),
      "an sbuf tensor needs at least 2 dimensions (partition first), got shape [128]", Error);
  CHECK_THROWS_WITH_AS(m.allocate(0, MemKind::hbm, DType::float32, {4, -1}, "t"),
                       "negative dimension -1 in shape [4, -1]", Error);
  CHECK_NOTHROW(m.allocate(0, MemKind::hbm, DType::float32, {7}, "t"));
  CHECK_NOTHROW(m.allocate(0, MemKind::hbm, DType::float32, {}, "scalar"));
}

TEST_CASE("SBUF capacity is per partition and per rank, released on destruction") {
  Machine m(2, default_platform());
  // 25600 float32 per partition = 100 KiB; 51200 = 200 KiB; capacity 224 KiB.
  auto a = m.allocate(1, MemKind::sbuf, DType::float32, {128, 25600}, "a");
  CHECK(m.live_bytes(1, MemKind::sbuf) == 100 * 1024);
  CHECK(m.live_bytes(0, MemKind::sbuf) == 0);
  CHECK_THROWS_WITH_AS(m.allocate(1, MemKind::sbuf, DType::float32, {128, 51200}, "x"),
                       "SBUF overflow: allocating 'x' needs 200 KiB per partition, "
                       "100 KiB of 224 KiB already live",
                       Error);
  // The partition count does not change the per-partition charge.
  CHECK_NOTHROW(m.allocate(0, MemKind::sbuf, DType::float32, {1, 51200}, "y"));
  a.reset();
  CHECK(m.live_bytes(1, MemKind::sbuf) == 0);
  auto x = m.allocate(1, MemKind::sbuf, DType::float32, {128, 51200}, "x");
  CHECK(m.live_bytes(1, MemKind::sbuf) == 200 * 1024);
}

TEST_CASE("PSUM and HBM capacity") {
  Machine m(1, default_platform());
  CHECK_THROWS_WITH_AS(m.allocate(0, MemKind::psum, DType::float32, {128, 4097}, "p"),
                       "PSUM overflow: allocating 'p' needs 16388 bytes per partition, "
                       "0 bytes of 16 KiB already live",
                       Error);
  // hbm and shared_hbm draw on the same 12 GiB per rank (96 GiB / 8).
  auto h = m.allocate(0, MemKind::hbm, DType::uint8, {8LL << 30}, "h");
  CHECK_THROWS_WITH_AS(m.allocate(0, MemKind::shared_hbm, DType::int32, {5LL << 28}, "s"),
                       "HBM overflow: allocating 's' needs 5 GiB, 8 GiB of 12 GiB "
                       "already live",
                       Error);
  CHECK(m.live_bytes(0, MemKind::shared_hbm) == (8LL << 30));
}

TEST_CASE("trn3 has 256 KiB of SBUF per partition") {
  Machine m3(1, *find_platform("trn3"));
  CHECK_NOTHROW(m3.allocate(0, MemKind::sbuf, DType::float32, {128, 65536}, "t"));
  Machine m2(1, *find_platform("trn2"));
  CHECK_THROWS_AS(m2.allocate(0, MemKind::sbuf, DType::float32, {128, 65536}, "t"), Error);
}

TEST_CASE("storage is lazy, starts uninitialized, and tracks writes") {
  Machine m(1, default_platform());
  auto f = m.allocate(0, MemKind::hbm, DType::bfloat16, {3, 2}, "f");
  CHECK_FALSE(f->touched());
  const std::byte* p = f->data();
  CHECK(f->touched());
  CHECK_FALSE(f->written());
  for (int i = 0; i < 6; ++i) CHECK(std::isnan(load_f32(DType::bfloat16, p + 2 * i)));
  auto n = m.allocate(0, MemKind::sbuf, DType::int16, {2, 2}, "n");
  store_f32(DType::int16, n->data_for_write(), 9.0f);
  CHECK(n->written());
  CHECK(load_i64(DType::int16, n->data()) == 9);
  CHECK(load_i64(DType::int16, n->data() + 2) == 4);
}

TEST_CASE("rank counts are bounded") {
  CHECK_THROWS_AS(Machine(0, default_platform()), Error);
  CHECK_THROWS_AS(Machine(Machine::kMaxRanks + 1, default_platform()), Error);
  CHECK_NOTHROW(Machine(128, default_platform()));
}
