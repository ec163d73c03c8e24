// The schedule on small programs: what must wait waits, what need not
// overlaps, and a collective starts when its slowest member is ready.
#include <doctest/doctest.h>

#include <string>

#include "cost/schedule.h"

using nkic::cost::Access;
using nkic::cost::DmaQueue;
using nkic::cost::Engine;
using nkic::cost::Schedule;

namespace {

// Two stand-in tensors, by serial.
const uint64_t a = 1;
const uint64_t b = 2;

}  // namespace

TEST_CASE("two DMAs, the second reading what the first wrote, run one after the other") {
  Schedule s(1, 16);
  const auto first = s.dma(0, DmaQueue::sync, 0, 1, 100, {{a, 0, 64}}, {{b, 0, 64}});
  // On other DMA engines, and still it waits for its data.
  const auto second = s.dma(0, DmaQueue::sync, 4, 1, 50, {{b, 32, 96}}, {{a, 128, 192}});
  CHECK(first.start == 0);
  CHECK(second.start == 100);
  CHECK(second.end == 150);
  CHECK(s.end_of(0) == 150);
}

TEST_CASE("independent DMAs on different engines overlap, and ones sharing an engine take turns") {
  Schedule s(1, 16);
  // Partitions 0-7 and 8-15 of a tile: engines 0 and 1.
  const auto x = s.dma(0, DmaQueue::sync, 0, 1, 100, {{a, 0, 64}}, {{b, 0, 64}});
  const auto y = s.dma(0, DmaQueue::sync, 1, 1, 100, {{a, 64, 128}}, {{b, 64, 128}});
  CHECK(x.start == 0);
  CHECK(y.start == 0);
  CHECK(s.track_name(x.track) == "dma 0");
  CHECK(s.track_name(y.track) == "dma 1");
  // A 128-partition transfer needs all 16 engines: after both.
  const auto z = s.dma(0, DmaQueue::sync, 0, 16, 100, {{a, 128, 192}}, {{b, 128, 192}});
  CHECK(z.start == 100);
  CHECK(z.tracks == 16);
  CHECK(s.busy(0)[4] == 200);
  CHECK(s.busy(0)[19] == 100);
  // Asking for more engines than there are keeps to the unit's.
  CHECK(s.dma(0, DmaQueue::sync, 10, 16, 1, {}, {{b, 4096, 4100}}).tracks == 6);
}

TEST_CASE("a queue's transfers keep their order on an engine, and another queue fills the wait") {
  Schedule s(1, 16);
  // The first waits for a vector instruction's result; the second, on the
  // same queue and engine, waits behind it though it needs nothing.
  s.engine_op(0, Engine::vector, 500, {}, {{a, 0, 64}});
  const auto blocked = s.dma(0, DmaQueue::sync, 0, 1, 100, {{a, 0, 64}}, {{b, 0, 64}});
  const auto behind = s.dma(0, DmaQueue::sync, 0, 1, 100, {}, {{b, 64, 128}});
  CHECK(blocked.start == 500);
  CHECK(behind.start == 600);
  // On another queue the same transfer takes the engine while it waits.
  const auto ahead = s.dma(0, DmaQueue::scalar, 0, 1, 100, {}, {{b, 128, 192}});
  CHECK(ahead.start == 0);
  // A gap too short for it: after the transfers it would overlap.
  const auto longer = s.dma(0, DmaQueue::gpsimd, 0, 1, 450, {}, {{b, 192, 256}});
  CHECK(longer.start == 700);
  CHECK(s.busy(0)[4] == 750);
  CHECK(std::string(nkic::cost::dma_queue_name(DmaQueue::prebuilt)) == "prebuilt");
}

TEST_CASE("a write waits for the reads before it, and one engine runs one instruction at a time") {
  Schedule s(1, 16);
  const auto read = s.engine_op(0, Engine::vector, 100, {{a, 0, 64}}, {{b, 0, 64}});
  const auto overwrite = s.dma(0, DmaQueue::sync, 0, 1, 10, {}, {{a, 0, 8}});
  CHECK(overwrite.start == read.end);
  const auto other = s.engine_op(0, Engine::vector, 5, {}, {{b, 512, 520}});
  CHECK(other.start == read.end);  // the engine was busy
  const auto scalar = s.engine_op(0, Engine::scalar, 5, {}, {{b, 1024, 1032}});
  CHECK(scalar.start == 0);  // another engine, nothing shared
  CHECK(s.busy(0)[static_cast<size_t>(Engine::vector)] == 105);
}

TEST_CASE("a collective's members start together, when the slowest is ready") {
  Schedule s(3, 16);
  s.dma(0, DmaQueue::sync, 0, 16, 100, {}, {{a, 0, 64}});
  s.dma(1, DmaQueue::sync, 0, 16, 300, {}, {{a, 0, 64}});
  const auto slices = s.collective(
      {{0, {{a, 0, 64}}, {{b, 0, 64}}}, {1, {{a, 0, 64}}, {{b, 0, 64}}}, {2, {}, {}}}, 40);
  REQUIRE(slices.size() == 3);
  for (const auto& x : slices) {
    CHECK(x.start == 300);
    CHECK(x.end == 340);
    CHECK(s.track_name(x.track) == "collectives");
  }
  CHECK(s.end_of(2) == 340);
}

TEST_CASE("after a barrier nothing of its units starts before all they did has ended") {
  Schedule s(2, 16);
  s.engine_op(0, Engine::vector, 100, {}, {{a, 0, 64}});
  s.engine_op(1, Engine::scalar, 250, {}, {{b, 0, 64}});
  s.barrier({0, 1});
  // Unit 0's tensor engine was idle, and its next instruction touches
  // nothing the other wrote, yet it waits for the barrier.
  CHECK(s.engine_op(0, Engine::tensor, 10, {}, {{a, 512, 520}}).start == 250);
  CHECK(s.engine_op(1, Engine::gpsimd, 10, {}, {}).start == 250);
}
