// RankQueues (rank_queues.h): what is held back and what runs at once, and
// that every access to a tensor an operation waits on (a read, a write)
// first runs the queues, and its release keeps its storage for them, on any
// thread count.
#include <doctest/doctest.h>

#include <cstring>
#include <vector>

#include "runtime/machine.h"
#include "runtime/rank_queues.h"
#include "runtime/thread_pool.h"
#include "scoped_threads.h"

using namespace nkic::rt;

namespace {

// Elements of float32 that make a copy large enough to be held back.
constexpr int64_t kHeld = kMinHeldBytes / 4;

std::shared_ptr<Buffer> counting(Machine& m, int rank, int64_t n, float base) {
  auto b = m.allocate(rank, MemKind::hbm, DType::float32, {n}, "src");
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = base + static_cast<float>(i);
  b->fill_from_host(reinterpret_cast<const std::byte*>(v.data()), v.size() * sizeof(float));
  return b;
}

float at(Buffer& b, int64_t i) {
  float f;
  std::memcpy(&f, b.data() + i * 4, 4);
  return f;
}

// Holds dst[dst_at : dst_at + n] = src[src_at : src_at + n] back.
bool hold_copy(RankQueues& q, int rank, Buffer& dst, Buffer& src, int64_t n, int64_t dst_at = 0,
               int64_t src_at = 0) {
  AccessPattern d{&dst, dst_at, {Dim{1, n}}};
  AccessPattern s{&src, src_at, {Dim{1, n}}};
  const AccessPattern* dp = &d;
  const AccessPattern* sp = &s;
  OpOperands o;
  o.dsts = Span<const AccessPattern*>(&dp, 1);
  o.srcs = Span<const AccessPattern*>(&sp, 1);
  o.rank = rank;
  return q.hold(rank, DeviceOp(DmaCopy{}), o);
}

}  // namespace

TEST_CASE("rank queues hold a rank's own large copies and run them before anyone reads") {
  for (int threads : {1, 3}) {
    ScopedThreads pool(threads);
    Machine m(3, default_platform());
    RankQueues q(m);
    std::vector<std::shared_ptr<Buffer>> src, mid, dst;
    for (int r = 0; r < 3; ++r) {
      src.push_back(counting(m, r, kHeld, 100.0f * static_cast<float>(r)));
      mid.push_back(m.allocate(r, MemKind::hbm, DType::float32, {kHeld}, "mid"));
      dst.push_back(m.allocate(r, MemKind::hbm, DType::float32, {kHeld}, "dst"));
    }
    for (int r = 0; r < 3; ++r) {
      CHECK(hold_copy(q, r, *mid[static_cast<size_t>(r)], *src[static_cast<size_t>(r)], kHeld));
      // A small copy waits behind the large one, in order.
      CHECK(hold_copy(q, r, *dst[static_cast<size_t>(r)], *mid[static_cast<size_t>(r)], 4));
    }
    CHECK(dst[1]->written());  // marked when held, as a serial run would have
    // Another rank's tensor runs at once.
    auto other = m.allocate(0, MemKind::hbm, DType::float32, {kHeld}, "other");
    CHECK_FALSE(hold_copy(q, 1, *other, *src[1], kHeld));
    // Reading rank 2's destination runs every queue first.
    CHECK(at(*dst[2], 3) == 203.0f);
    CHECK(at(*dst[0], 0) == 0.0f);
    CHECK(at(*mid[1], kHeld - 1) == 100.0f + static_cast<float>(kHeld - 1));
    // With nothing waiting, a small copy runs at once.
    auto small = m.allocate(2, MemKind::hbm, DType::float32, {4}, "small");
    auto small_src = counting(m, 2, 4, 7.0f);
    CHECK_FALSE(hold_copy(q, 2, *small, *small_src, 4));
  }
}

TEST_CASE(
    "a tensor released while held copies use it is released at once, its storage kept for them") {
  for (int threads : {1, 3}) {
    ScopedThreads pool(threads);
    Machine m(2, default_platform());
    RankQueues q(m);
    auto out = m.allocate(1, MemKind::hbm, DType::float32, {kHeld}, "out");
    const int64_t before = m.total_bytes();
    {
      // The usual tile: filled, copied on, and dropped, all while held.
      auto src = counting(m, 1, kHeld, 5.0f);
      auto stage = m.allocate(1, MemKind::hbm, DType::float32, {kHeld}, "stage");
      CHECK(hold_copy(q, 1, *stage, *src, kHeld));
      CHECK(hold_copy(q, 1, *out, *stage, kHeld));
    }  // released here, as a serial run releases them
    CHECK(m.total_bytes() == before);
    CHECK(m.live_bytes(1, MemKind::hbm) == kHeld * 4);
    CHECK(q.kept_bytes() == 2 * kHeld * 4);
    CHECK(at(*out, 0) == 5.0f);  // runs the queues
    CHECK(at(*out, kHeld - 1) == 5.0f + static_cast<float>(kHeld - 1));
    CHECK(q.kept_bytes() == 0);
  }
}

TEST_CASE("a kept tile's storage serves the next tile once its copies ran") {
  for (int threads : {1, 3}) {
    ScopedThreads pool(threads);
    Machine m(3, default_platform());
    RankQueues q(m);
    std::vector<std::shared_ptr<Buffer>> out, src;
    for (int r = 0; r < 3; ++r) {
      out.push_back(m.allocate(r, MemKind::hbm, DType::float32, {kHeld}, "out"));
      src.push_back(counting(m, r, kHeld, 10.0f * static_cast<float>(r)));
    }
    for (int i = 0; i < 4; ++i) {
      for (int r = 0; r < 3; ++r) {
        const size_t k = static_cast<size_t>(r);
        auto stage = m.allocate(r, MemKind::hbm, DType::float32, {kHeld}, "stage");
        CHECK(hold_copy(q, r, *stage, *src[k], kHeld));
        CHECK(hold_copy(q, r, *out[k], *stage, kHeld));
      }
    }
    CHECK(at(*out[2], 1) == 21.0f);
    CHECK(at(*out[0], kHeld - 1) == static_cast<float>(kHeld - 1));
    // A storage went round each rank's four tiles, as in a serial run: at
    // most one a queue running at once, where keeping them to the end would
    // have left twelve.
    CHECK(m.pooled_bytes() >= kHeld * 4);
    CHECK(m.pooled_bytes() <= 3 * kHeld * 4);
  }
}

TEST_CASE("a released tile a held copy both reads and writes moves to one stand-in") {
  ScopedThreads pool(2);
  Machine m(2, default_platform());
  RankQueues q(m);
  auto out = m.allocate(1, MemKind::hbm, DType::float32, {kHeld}, "out");
  {
    auto src = counting(m, 1, kHeld, 7.0f);
    auto tile = m.allocate(1, MemKind::hbm, DType::float32, {2 * kHeld}, "tile");
    CHECK(hold_copy(q, 1, *tile, *src, kHeld));
    CHECK(hold_copy(q, 1, *tile, *tile, kHeld, kHeld, 0));  // its second half from its first
    CHECK(hold_copy(q, 1, *out, *tile, kHeld, 0, kHeld));
  }
  CHECK(q.kept_bytes() == 3 * kHeld * 4);
  CHECK(at(*out, 0) == 7.0f);
  CHECK(at(*out, kHeld - 1) == 7.0f + static_cast<float>(kHeld - 1));
}

TEST_CASE("an allocation the kept storage would push past the memory limit runs the queues first") {
  Machine m(1, default_platform());
  m.set_memory_limit(3 * kHeld * 4);
  RankQueues q(m);
  auto out = m.allocate(0, MemKind::hbm, DType::float32, {kHeld}, "out");
  {
    auto src = counting(m, 0, kHeld, 1.0f);
    CHECK(hold_copy(q, 0, *out, *src, kHeld));
  }
  CHECK(q.kept_bytes() == kHeld * 4);
  // Within the limit as a serial run counts it (out alone is live), not
  // with the kept storage: the queues run and free it.
  auto next = m.allocate(0, MemKind::hbm, DType::float32, {2 * kHeld}, "next");
  CHECK(q.kept_bytes() == 0);
  CHECK(at(*out, 2) == 3.0f);
  // Beyond the limit either way: refused, as a serial run refuses it.
  CHECK_THROWS_WITH_AS(m.allocate(0, MemKind::hbm, DType::float32, {1}, "more"),
                       doctest::Contains("memory limit exceeded: 'more'"), Error);
}

TEST_CASE("a strict machine holds nothing back") {
  Machine m(1, default_platform());
  m.set_strict(true);
  RankQueues q(m);
  auto src = counting(m, 0, kHeld, 0.0f);
  auto dst = m.allocate(0, MemKind::hbm, DType::float32, {kHeld}, "dst");
  CHECK_FALSE(hold_copy(q, 0, *dst, *src, kHeld));
}
