// Strict mode: which elements were written, and the kernel's reads of the
// others as errors, through every operation that reads or writes.
#include <doctest/doctest.h>

#include <vector>

#include "runtime/collectives.h"
#include "runtime/dma.h"
#include "runtime/fill.h"
#include "runtime/strict.h"
#include "op_harness.h"

using namespace nkic::rt;
using nkic::rt::testing::whole;

namespace {

// Rows [first, first + count) of a 2-D buffer.
AccessPattern rows(Buffer& b, int64_t first, int64_t count) {
  const int64_t cols = b.shape()[1];
  return AccessPattern{&b, first * cols, {{cols, count}, {1, cols}}};
}

std::vector<std::byte> f32(float v) {
  return scalar_bytes(DType::float32, double{v});
}

}  // namespace

TEST_CASE("strict: a DMA reading a never-written element names it") {
  Machine m(1, default_platform());
  m.set_strict(true);
  auto src = m.allocate(0, MemKind::hbm, DType::float32, {3, 4}, "src");
  auto dst = m.allocate(0, MemKind::hbm, DType::float32, {3, 4}, "dst");
  fill(rows(*src, 0, 1), f32(1));
  CHECK_NOTHROW(dma_copy(rows(*dst, 0, 1), rows(*src, 0, 1)));
  CHECK_THROWS_WITH_AS(dma_copy(whole(*dst), whole(*src)),
                       "strict mode: element [1, 0] of 'src' is read but was never written", Error);
  // A strided read finds the first unwritten element in its own order.
  fill(AccessPattern{src.get(), 4, {{1, 2}}}, f32(2));  // [1, 0] and [1, 1]
  CHECK_THROWS_WITH_AS(
      dma_copy(AccessPattern{dst.get(), 0, {{1, 3}}}, AccessPattern{src.get(), 1, {{4, 3}}}),
      "strict mode: element [2, 1] of 'src' is read but was never written", Error);
}

TEST_CASE("strict: a reinterpreted pattern reads and writes the elements its bytes cover") {
  Machine m(1, default_platform());
  m.set_strict(true);
  auto words = m.allocate(0, MemKind::hbm, DType::int32, {4}, "words");
  auto halves = m.allocate(0, MemKind::hbm, DType::int16, {8}, "halves");
  // int16 elements 2..5 are the bytes of int32 elements 1 and 2.
  fill(AccessPattern{words.get(), 2, {{1, 4}}, -1, DType::int16},
       scalar_bytes(DType::int16, int64_t{1}));
  CHECK_NOTHROW(dma_copy(AccessPattern{halves.get(), 0, {{1, 4}}},
                         AccessPattern{words.get(), 2, {{1, 4}}, -1, DType::int16}));
  CHECK_THROWS_WITH_AS(dma_copy(AccessPattern{halves.get(), 0, {{1, 2}}},
                                AccessPattern{words.get(), 5, {{1, 2}}, -1, DType::int16}),
                       "strict mode: element [3] of 'words' is read but was never written", Error);
}

TEST_CASE("strict: what a DMA wrote can be read, the destination of an accumulate is read") {
  Machine m(1, default_platform());
  m.set_strict(true);
  auto a = m.allocate(0, MemKind::hbm, DType::int32, {2, 2}, "a");
  auto b = m.allocate(0, MemKind::hbm, DType::int32, {2, 2}, "b");
  auto c = m.allocate(0, MemKind::hbm, DType::int32, {2, 2}, "c");
  fill(whole(*a), scalar_bytes(DType::int32, int64_t{5}));
  dma_copy(whole(*b), whole(*a));  // the dense fast path
  CHECK_NOTHROW(dma_copy(AccessPattern{c.get(), 0, {{1, 4}}},
                         AccessPattern{b.get(), 0, {{2, 2}, {1, 2}}}));  // and a general one
  auto d = m.allocate(0, MemKind::hbm, DType::int32, {2, 2}, "d");
  CHECK_THROWS_WITH_AS(dma_accumulate(whole(*d), whole(*a), AluOp::add),
                       "strict mode: element [0, 0] of 'd' is read but was never written", Error);
  CHECK_NOTHROW(dma_accumulate(whole(*c), whole(*a), AluOp::add));
}

TEST_CASE("strict: inputs from the host count as written, scalar reads are checked") {
  Machine m(1, default_platform());
  m.set_strict(true);
  auto in = m.allocate(0, MemKind::hbm, DType::int16, {4}, "in", /*io=*/true);
  const std::vector<std::byte> bytes(6, std::byte{1});  // three of four elements
  in->fill_from_host(bytes.data(), bytes.size());
  CHECK_FALSE(in->written());  // the kernel did not write it
  CHECK(read_scalar_i64(AccessPattern{in.get(), 2, {}}) == 0x0101);
  CHECK_THROWS_WITH_AS(read_scalar_i64(AccessPattern{in.get(), 3, {}}),
                       "strict mode: element [3] of 'in' is read but was never written", Error);
  CHECK_THROWS_AS(read_element_i64(*in, 3), Error);
}

TEST_CASE("strict: a collective reading a member's unwritten source fails") {
  Machine m(2, default_platform());
  m.set_strict(true);
  std::vector<std::shared_ptr<Buffer>> keep;
  std::vector<std::vector<AccessPattern>> srcs(2), dsts(2);
  for (int r = 0; r < 2; ++r) {
    keep.push_back(m.allocate(r, MemKind::shared_hbm, DType::float32, {2, 2}, "s"));
    srcs[static_cast<size_t>(r)].push_back(whole(*keep.back()));
    keep.push_back(m.allocate(r, MemKind::shared_hbm, DType::float32, {2, 2}, "d"));
    dsts[static_cast<size_t>(r)].push_back(whole(*keep.back()));
  }
  fill(srcs[0][0], f32(1));
  fill(AccessPattern{keep[2].get(), 0, {{1, 3}}}, f32(1));  // rank 1's source but its last
  CHECK_THROWS_WITH_AS(run_collective(CollectiveOp{}, srcs, dsts),
                       "strict mode: element [1, 1] of 's' is read but was never written", Error);
  fill(srcs[1][0], f32(2));
  CHECK_NOTHROW(run_collective(CollectiveOp{}, srcs, dsts));  // an all_reduce add
  CHECK_NOTHROW(dma_copy(srcs[0][0], dsts[1][0]));  // every member's destination was written
}

TEST_CASE("without strict mode, unwritten elements read as the uninitialized pattern") {
  Machine m(1, default_platform());
  auto a = m.allocate(0, MemKind::hbm, DType::int32, {2}, "a");
  auto b = m.allocate(0, MemKind::hbm, DType::int32, {2}, "b");
  CHECK_NOTHROW(dma_copy(whole(*b), whole(*a)));
  CHECK(read_scalar_i64(AccessPattern{b.get(), 1, {}}) == 4);
  CHECK(b->written_flags() == nullptr);  // no flags kept
}
