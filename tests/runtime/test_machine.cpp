// The machine: platforms, shape checks, capacity accounting, lazy storage.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "runtime/format_util.h"
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
  m.set_memory_limit(0);  // the HBM check, whatever this host's memory
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

TEST_CASE("storage of a dead buffer is reused, refilled, and the pool is trimmed") {
  Machine m(2, default_platform());
  const std::byte* first = nullptr;
  {
    auto a = m.allocate(0, MemKind::sbuf, DType::int32, {2, 8}, "a");
    std::byte* p = a->data_for_write();
    for (int k = 0; k < 16; ++k) store_f32(DType::int32, p + 4 * k, 7.0f);
    first = p;
    CHECK(m.live_bytes(0, MemKind::sbuf) == 32);
  }
  CHECK(m.live_bytes(0, MemKind::sbuf) == 0);
  CHECK(m.pooled_bytes() == 64);
  // 64 bytes again, on another rank, kind and dtype: the same storage, shown
  // as uninitialized again rather than as the 7s of the dead buffer.
  auto b = m.allocate(1, MemKind::hbm, DType::float16, {32}, "b");
  CHECK(m.live_bytes(1, MemKind::hbm) == 64);
  CHECK_FALSE(b->touched());
  CHECK(b->data() == first);
  CHECK(m.pooled_bytes() == 0);
  for (int k = 0; k < 32; ++k) CHECK(std::isnan(load_f32(DType::float16, b->data() + 2 * k)));
  b.reset();
  {
    auto c = m.allocate(0, MemKind::hbm, DType::uint8, {10}, "c");
    c->data();
  }
  CHECK(m.pooled_bytes() == 74);
  // Since the last trim, one 64-byte and one 10-byte storage were taken: both stay.
  m.trim_pool();
  CHECK(m.pooled_bytes() == 74);
  // Nothing taken since: the next trim frees everything.
  m.trim_pool();
  CHECK(m.pooled_bytes() == 0);
  // A buffer never touched has no storage to give back.
  { auto d = m.allocate(0, MemKind::hbm, DType::uint8, {10}, "d"); }
  CHECK(m.pooled_bytes() == 0);
}

TEST_CASE("a first write over the whole buffer skips the fill, others keep the sentinel") {
  Machine m(1, default_platform());
  {
    auto a = m.allocate(0, MemKind::hbm, DType::int32, {4}, "a");
    std::byte* p = a->data_for_overwrite();
    for (int k = 0; k < 4; ++k) store_f32(DType::int32, p + 4 * k, 9.0f);
    CHECK(a->written());
    CHECK(a->touched());
    CHECK(load_i64(DType::int32, a->data() + 12) == 9);
  }
  // The pooled storage still holds 9s; a partial write must not expose them.
  auto b = m.allocate(0, MemKind::hbm, DType::int32, {4}, "b");
  std::byte* q = b->data_for_write();
  store_f32(DType::int32, q, 1.0f);
  CHECK(load_i64(DType::int32, b->data()) == 1);
  for (int k = 1; k < 4; ++k) CHECK(load_i64(DType::int32, b->data() + 4 * k) == 4);
}

TEST_CASE("the memory limit counts every rank's storage and refuses before allocating") {
  Machine m(2, default_platform());
  CHECK(m.memory_limit() == Machine::default_memory_limit());
  CHECK(Machine::default_memory_limit() % (1024 * 1024) == 0);
  m.set_memory_limit(64 * 1024);
  auto a = m.allocate(0, MemKind::hbm, DType::float32, {8, 1024}, "a");  // 32 KiB
  auto b = m.allocate(1, MemKind::sbuf, DType::int16, {4, 2048}, "b");   // 16 KiB
  CHECK(m.total_bytes() == 48 * 1024);
  CHECK_THROWS_WITH_AS(m.allocate(1, MemKind::hbm, DType::float32, {4097, 1}, "c"),
                       "memory limit exceeded: 'c' needs 16388 bytes, the tensors of all ranks "
                       "hold 48 KiB already, and the limit is 64 KiB (--memory-limit)",
                       Error);
  CHECK(m.total_bytes() == 48 * 1024);  // nothing was charged for the refused tensor
  // A collective's scratch counts too, and host copies can be charged.
  CHECK_THROWS_AS(m.allocate_scratch(0, DType::float32, {4097, 1}, "acc"), Error);
  m.charge_host("reading back 'x'", 16 * 1024);
  CHECK_THROWS_WITH_AS(m.charge_host("reading back 'y'", 1),
                       "memory limit exceeded: reading back 'y' needs 1 bytes, the tensors of "
                       "all ranks hold 64 KiB already, and the limit is 64 KiB (--memory-limit)",
                       Error);
  m.discharge_host(16 * 1024);
  a.reset();
  CHECK(m.total_bytes() == 16 * 1024);
  CHECK_NOTHROW(m.allocate(1, MemKind::hbm, DType::float32, {12 * 1024}, "d"));
  m.set_memory_limit(0);  // no limit
  CHECK_NOTHROW(m.allocate(0, MemKind::hbm, DType::uint8, {int64_t{1} << 33}, "huge"));
}

TEST_CASE("byte sizes parse with binary units") {
  CHECK(parse_bytes("0") == 0);
  CHECK(parse_bytes("4096") == 4096);
  CHECK(parse_bytes("4096B") == 4096);
  CHECK(parse_bytes("512k") == 512 * 1024);
  CHECK(parse_bytes("512M") == 512 * 1024 * 1024);
  CHECK(parse_bytes("8GiB") == int64_t{8} << 30);
  CHECK(parse_bytes("2gb") == int64_t{2} << 30);
  CHECK(parse_bytes("1T") == int64_t{1} << 40);
  for (const char* bad :
       {"", "G", "-1", "1.5G", "8X", "8 G", "8GiBs", "99999999999T", "1234567890123456789"}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_bytes(bad).has_value());
  }
  CHECK(byte_size_error("8G").empty());
  CHECK(byte_size_error("8X") ==
        "'8X' is not a byte size (examples: 4096, 512M, 8GiB; 0: no limit)");
}

TEST_CASE("a machine tracing one rank for many charges each allocation once per rank") {
  Machine m(4, default_platform(), /*has_data=*/false);
  m.set_memory_limit(100 * 1024);
  m.set_alike_ranks(4);
  auto a = m.allocate(0, MemKind::hbm, DType::float32, {16, 256}, "a");  // 16 KiB per rank
  CHECK(m.total_bytes() == 64 * 1024);
  CHECK_THROWS_WITH_AS(m.allocate(0, MemKind::hbm, DType::float32, {12, 256}, "b"),
                       "memory limit exceeded: 'b' needs 48 KiB (12 KiB on each of 4 ranks), the "
                       "tensors of all ranks hold 64 KiB already, and the limit is 100 KiB "
                       "(--memory-limit)",
                       Error);
  a.reset();
  CHECK(m.total_bytes() == 0);
}

TEST_CASE("ranks are shared out among processes in contiguous runs, and each rank has one holder") {
  for (int ranks : {1, 2, 3, 7, 8, 1024}) {
    for (int processes = 1; processes <= std::min(ranks, 9); ++processes) {
      int next = 0;
      for (int p = 0; p < processes; ++p) {
        const RankShare share = share_of(ranks, processes, p);
        CHECK(share.first == next);
        const int size = share.end - share.first;
        CHECK((size == ranks / processes || size == ranks / processes + 1));
        for (int r = share.first; r < share.end; ++r) CHECK(process_of(r, ranks, processes) == p);
        next = share.end;
      }
      CHECK(next == ranks);
    }
  }
}
