// The schedule on small programs: what must wait waits, what need not
// overlaps, and a collective starts when its slowest member is ready.
#include <doctest/doctest.h>

#include "cost/schedule.h"

using nkic::cost::Access;
using nkic::cost::Engine;
using nkic::cost::Schedule;

namespace {

// Two stand-in tensors; only their addresses matter.
const int kA = 0, kB = 0;
const void* a = &kA;
const void* b = &kB;

}  // namespace

TEST_CASE("two DMAs, the second reading what the first wrote, run one after the other") {
  Schedule s(1, 16);
  const auto first = s.dma(0, 100, {{a, 0, 64}}, {{b, 0, 64}});
  const auto second = s.dma(0, 50, {{b, 32, 96}}, {{a, 128, 192}});
  CHECK(first.start == 0);
  CHECK(second.start == 100);
  CHECK(second.end == 150);
  // Every queue could start it at 100: it takes the lowest, the first's.
  CHECK(second.track == first.track);
  CHECK(s.end_of(0) == 150);
}

TEST_CASE("independent DMAs go to different queues and overlap") {
  Schedule s(1, 2);
  const auto x = s.dma(0, 100, {{a, 0, 64}}, {{b, 0, 64}});
  const auto y = s.dma(0, 100, {{a, 64, 128}}, {{b, 64, 128}});
  const auto z = s.dma(0, 100, {{a, 128, 192}}, {{b, 128, 192}});
  CHECK(x.start == 0);
  CHECK(y.start == 0);
  CHECK(x.track != y.track);
  CHECK(s.track_name(x.track) == "dma 0");
  CHECK(s.track_name(y.track) == "dma 1");
  // Both queues busy until 100: the third waits for the first free one.
  CHECK(z.start == 100);
  CHECK(z.track == x.track);
}

TEST_CASE("a write waits for the reads before it, and one engine runs one instruction at a time") {
  Schedule s(1, 16);
  const auto read = s.engine_op(0, Engine::vector, 100, {{a, 0, 64}}, {{b, 0, 64}});
  const auto overwrite = s.dma(0, 10, {}, {{a, 0, 8}});
  CHECK(overwrite.start == read.end);
  const auto other = s.engine_op(0, Engine::vector, 5, {}, {{b, 512, 520}});
  CHECK(other.start == read.end);  // the engine was busy
  const auto scalar = s.engine_op(0, Engine::scalar, 5, {}, {{b, 1024, 1032}});
  CHECK(scalar.start == 0);  // another engine, nothing shared
  CHECK(s.busy(0)[static_cast<size_t>(Engine::vector)] == 105);
}

TEST_CASE("a collective's members start together, when the slowest is ready") {
  Schedule s(3, 16);
  s.dma(0, 100, {}, {{a, 0, 64}});
  s.dma(1, 300, {}, {{a, 0, 64}});
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
