// The thread pool (thread_pool.h): every piece runs once, whatever the
// thread count; large transfers split into pieces give the bytes a serial
// loop computes; a pool busy with one job runs another caller's pieces on
// that caller.
#include <doctest/doctest.h>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "runtime/collectives.h"
#include "runtime/dma.h"
#include "runtime/thread_pool.h"
#include "scoped_threads.h"

using namespace nkic::rt;

namespace {

// Sets the pool's size for one test case and puts the previous one back.
// Large enough to be split: several pieces, the last one short.
constexpr int64_t kElements = 5 * kPieceBytes / 4 + 37;

std::shared_ptr<Buffer> pattern_buffer(Machine& m, int rank, int64_t seed) {
  auto b = m.allocate(rank, MemKind::hbm, DType::float32, {kElements}, "b");
  auto* p = reinterpret_cast<float*>(b->data_for_write());
  // Values whose sums round: the order of the additions shows in the bits.
  for (int64_t i = 0; i < kElements; ++i) {
    p[i] = static_cast<float>((i * 2654435761LL + seed) % 100003) / 7.0f + 1e-3f * seed;
  }
  return b;
}

std::vector<float> contents(Buffer& b) {
  std::vector<float> out(static_cast<size_t>(b.elements()));
  std::memcpy(out.data(), b.data(), out.size() * sizeof(float));
  return out;
}

AccessPattern whole(Buffer& b) {
  return AccessPattern{&b, 0, {{1, b.elements()}}};
}

}  // namespace

TEST_CASE("every piece runs exactly once, on 1 to 5 threads") {
  for (int threads = 1; threads <= 5; ++threads) {
    ScopedThreads pool(threads);
    CHECK(thread_count() == threads);
    std::vector<std::atomic<int>> runs(103);
    parallel_pieces(103, [&](int64_t i) { runs[static_cast<size_t>(i)].fetch_add(1); });
    for (const auto& r : runs) CHECK(r.load() == 1);
  }
}

TEST_CASE("split_dense covers the run in order-free ranges, once each") {
  ScopedThreads pool(3);
  const int64_t n = 3 * kPieceBytes + 5;  // bytes of 1-byte elements
  std::vector<std::atomic<int>> seen(static_cast<size_t>(n));
  std::atomic<int> calls{0};
  split_dense(n, 1, [&](int64_t first, int64_t count) {
    calls.fetch_add(1);
    for (int64_t i = first; i < first + count; ++i) seen[static_cast<size_t>(i)].fetch_add(1);
  });
  CHECK(calls.load() == 4);  // three whole pieces and 5 bytes
  for (const auto& s : seen) CHECK(s.load() == 1);
  calls = 0;
  split_dense(kPieceBytes, 1, [&](int64_t first, int64_t count) {  // under two pieces: one call
    calls.fetch_add(1);
    CHECK(first == 0);
    CHECK(count == kPieceBytes);
  });
  CHECK(calls.load() == 1);
}

TEST_CASE("a large copy and a large fold give a serial loop's bits on any thread count") {
  std::vector<float> expected_sum;
  for (int threads : {1, 2, 3, 4}) {
    ScopedThreads pool(threads);
    Machine m(3, default_platform());
    auto a = pattern_buffer(m, 0, 1), b = pattern_buffer(m, 1, 2), c = pattern_buffer(m, 2, 3);
    const std::vector<float> av = contents(*a), bv = contents(*b), cv = contents(*c);
    if (expected_sum.empty()) {
      for (size_t i = 0; i < av.size(); ++i) expected_sum.push_back((av[i] + bv[i]) + cv[i]);
    }
    auto dst = m.allocate(0, MemKind::hbm, DType::float32, {kElements}, "dst");
    dma_copy(whole(*dst), whole(*a));
    CHECK(contents(*dst) == av);
    dma_accumulate(whole(*dst), whole(*b), AluOp::add);
    dma_accumulate(whole(*dst), whole(*c), AluOp::add);
    const std::vector<float> got = contents(*dst);
    CHECK(std::memcmp(got.data(), expected_sum.data(), got.size() * sizeof(float)) == 0);

    // The same fold as an all-reduce over three ranks: every member's result.
    std::vector<std::shared_ptr<Buffer>> outs;
    for (int r = 0; r < 3; ++r) {
      outs.push_back(m.allocate(r, MemKind::hbm, DType::float32, {kElements}, "out"));
    }
    run_collective(CollectiveOp{CollectiveKind::all_reduce, AluOp::add, 0, {}, {}},
                   {{whole(*a)}, {whole(*b)}, {whole(*c)}},
                   {{whole(*outs[0])}, {whole(*outs[1])}, {whole(*outs[2])}});
    for (auto& out : outs) {
      const std::vector<float> v = contents(*out);
      CHECK(std::memcmp(v.data(), expected_sum.data(), v.size() * sizeof(float)) == 0);
    }
  }
}

TEST_CASE("an overlapping copy within one buffer stays a memmove") {
  ScopedThreads pool(4);
  Machine m(1, default_platform());
  auto b = pattern_buffer(m, 0, 5);
  const std::vector<float> before = contents(*b);
  const int64_t n = kElements - 1000;
  dma_copy(AccessPattern{b.get(), 1000, {{1, n}}}, AccessPattern{b.get(), 0, {{1, n}}});
  const std::vector<float> after = contents(*b);
  for (int64_t i = 0; i < n; i += 997)
    CHECK(after[static_cast<size_t>(i + 1000)] == before[static_cast<size_t>(i)]);
  CHECK(after[static_cast<size_t>(kElements - 1)] == before[static_cast<size_t>(n - 1)]);
}

TEST_CASE("a caller that finds the pool busy runs its pieces itself") {
  ScopedThreads pool(2);
  std::atomic<bool> inside{false}, release{false};
  std::thread first([&] {
    parallel_pieces(2, [&](int64_t) {
      inside = true;
      while (!release) std::this_thread::yield();
    });
  });
  while (!inside) std::this_thread::yield();
  const std::thread::id me = std::this_thread::get_id();
  int mine = 0;
  parallel_pieces(3, [&](int64_t) { mine += std::this_thread::get_id() == me; });
  CHECK(mine == 3);
  release = true;
  first.join();
}

TEST_CASE("a piece that starts a job runs that job's pieces itself") {
  ScopedThreads pool(3);
  std::vector<std::atomic<int>> inner(4 * 5);
  std::atomic<int> elsewhere{0};
  parallel_pieces(4, [&](int64_t i) {
    const std::thread::id me = std::this_thread::get_id();
    parallel_pieces(5, [&](int64_t j) {
      inner[static_cast<size_t>(i * 5 + j)].fetch_add(1);
      if (std::this_thread::get_id() != me) elsewhere.fetch_add(1);
    });
  });
  for (const auto& n : inner) CHECK(n.load() == 1);
  CHECK(elsewhere.load() == 0);
}
