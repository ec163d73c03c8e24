// The instruction table walker (runtime/instr_table.h) on hand-made tables:
// each record does what its statement would, rank by rank; allocate and
// release follow the machine's accounting; failures are located at the
// record's place and rank; run-time offsets are checked for overflow.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstring>
#include <limits>

#include "runtime/fill.h"
#include "runtime/instr_table.h"

using namespace nkic::rt;

namespace {

constexpr OperandRecord kNone = {-1, 0, 0, 0, 0, 0, -1};

const Dim kDims[] = {{1, 4}, {1, 1}, {2, 4}};
const DynamicRecord kDynamic[] = {{0, -1, 0, 1}, {0, -1, 0, std::numeric_limits<int64_t>::max()}};
const SourcePlace kPlaces[] = {{"k.py", 3, 5, 9, "    copy(x)"}, {"k.py", 4, 5, 9, "    make(t)"}};
// The operations the rows name by index.
const DeviceOp kOps[] = {Memset{Scalar::of(int64_t{7})}, Memset{Scalar::of(2.5)}, RankId{},
                         DmaCopy{}, RegisterMove{3}, RegisterStore{}, DmaCopy{true},
                         RegisterMove{2}, LncExchange{}};
enum : int32_t { kSeven, kHalves, kRank, kCopy, kThree, kStore, kCopySkip, kTwo, kSwap };
const int64_t kShapes[] = {4, 2, 4};
const BufferRecord kBuffers[] = {{MemKind::hbm, DType::float32, 0, 1, "x", 0},
                                 {MemKind::sbuf, DType::float32, 1, 2, "t", 0}};

float element(Buffer& b, int64_t k) {
  float v = 0;
  std::memcpy(&v, b.data() + k * 4, 4);
  return v;
}

struct Fixture {
  Machine machine{2, default_platform()};
  std::shared_ptr<Buffer> slots[2][2];  // [slot][rank]
  std::shared_ptr<Buffer>* x = slots[0];
  std::shared_ptr<Buffer>* t = slots[1];
  int64_t regs[2] = {0, 0};
  TableState state{machine, 2, &slots[0][0], regs, 1};

  InstrTable table(const InstrRecord* instrs) const {
    return {instrs, kOps, kDims, kDynamic, kPlaces, kBuffers, kShapes};
  }
};

}  // namespace

TEST_CASE("table rows allocate, fill, copy with run-time offsets and release, rank by rank") {
  Fixture f;
  const InstrRecord rows[] = {
      {RowKind::allocate, 1, kNone, kNone, -1, -1, 0},
      {RowKind::allocate, 1, kNone, kNone, -1, -1, 1},
      {RowKind::op, 0, {0, 0, 1, 0, 0, 0, -1}, kNone, -1, -1, kHalves},                // x <- 2.5
      {RowKind::op, 0, {1, 0, 1, 4, 0, 0, -1}, kNone, -1, -1, kSeven},                 // t[1, :] <- 7
      {RowKind::op, 0, kNone, kNone, 0, -1, kRank},                                // r0 <- rank
      {RowKind::op, 0, {1, 1, 1, 0, 0, 1, -1}, {0, 1, 1, 0, 0, 0, -1}, -1, -1, kCopy},     // t[r0] <- x[0]
      {RowKind::op, 0, kNone, kNone, 0, -1, kThree},                               // r0 <- 3
      {RowKind::op, 0, {0, 1, 1, 0, 0, 1, -1}, kNone, -1, 0, kStore},                  // x[r0] <- r0
  };
  const InstrTable table = f.table(rows);
  run_table(table, 0, 8, f.state);
  for (int r = 0; r < 2; ++r) {
    CHECK(element(*f.x[r], 0) == 2.5f);
    CHECK(element(*f.x[r], 3) == 3.0f);
    CHECK(element(*f.t[r], r) == 2.5f);  // the rank's own run-time offset
    CHECK(element(*f.t[r], 4) == 7.0f);
  }
  CHECK(f.machine.live_bytes(0, MemKind::sbuf) == 16);
  const InstrRecord release[] = {{RowKind::release, 1, kNone, kNone, -1, -1, 1}};
  run_table(f.table(release), 0, 1, f.state);
  CHECK(!f.t[0]);
  CHECK(!f.t[1]);
  CHECK(f.machine.live_bytes(0, MemKind::sbuf) == 0);
}

TEST_CASE("a failing row is located at its place, on the rank that failed") {
  Fixture f;
  const InstrRecord rows[] = {
      {RowKind::allocate, 1, kNone, kNone, -1, -1, 0},
      {RowKind::op, 0, kNone, kNone, 0, -1, kRank},
      // x[r0 + 3 ..] of 4 elements: in bounds on no rank; rank 0 fails first
      {RowKind::op, 0, {0, 0, 1, 3, 0, 1, -1}, {0, 0, 1, 0, 0, 0, -1}, -1, -1, kCopy},
  };
  try {
    run_table(f.table(rows), 0, 3, f.state);
    FAIL("no error");
  } catch (const LocatedError& e) {
    CHECK(e.ranks == std::vector<int>{0});
    CHECK(e.place.line == 3);
    CHECK(std::string(e.what()).find("out of bounds") != std::string::npos);
  }
  const InstrRecord skip[] = {
      {RowKind::op, 0, {0, 0, 1, 3, 0, 1, -1}, {0, 0, 1, 0, 0, 0, -1}, -1, -1, kCopySkip}};
  CHECK_NOTHROW(run_table(f.table(skip), 0, 1, f.state));
}

TEST_CASE("a row's operand may read its buffer as another dtype") {
  Fixture f;
  const int32_t bf16 = static_cast<int32_t>(DType::bfloat16);
  // 2.5f is 0x40200000: the high half of each element (little-endian, the
  // odd bfloat16 elements) is bfloat16 2.5, the low half 0.
  const InstrRecord rows[] = {
      {RowKind::allocate, 1, kNone, kNone, -1, -1, 0},
      {RowKind::allocate, 1, kNone, kNone, -1, -1, 1},
      {RowKind::op, 0, {0, 0, 1, 0, 0, 0, -1}, kNone, -1, -1, kHalves},  // x <- 2.5
      {RowKind::op, 0, {1, 0, 1, 0, 0, 0, -1}, {0, 2, 1, 1, 0, 0, bf16}, -1, -1,
       kCopy},  // t[0, :] <- x as bf16 [1::2]
      {RowKind::op, 0, {1, 0, 1, 4, 0, 0, -1}, {0, 2, 1, 0, 0, 0, bf16}, -1, -1,
       kCopy},  // t[1, :] <- x as bf16 [0::2]
  };
  run_table(f.table(rows), 0, 5, f.state);
  for (int r = 0; r < 2; ++r) {
    for (int64_t k = 0; k < 4; ++k) {
      CHECK(element(*f.t[r], k) == 2.5f);
      CHECK(element(*f.t[r], 4 + k) == 0.0f);
    }
  }
}

TEST_CASE("run-time offsets overflow as an error, not a wrapped offset") {
  Fixture f;
  const InstrRecord rows[] = {
      {RowKind::allocate, 1, kNone, kNone, -1, -1, 0},
      {RowKind::op, 0, kNone, kNone, 0, -1, kTwo},
      {RowKind::op, 0, {0, 1, 1, 0, 1, 1, -1}, kNone, -1, -1, kSeven},  // x[2 * INT64_MAX]
  };
  try {
    run_table(f.table(rows), 0, 3, f.state);
    FAIL("no error");
  } catch (const LocatedError& e) {
    CHECK(std::string(e.what()).find("integer overflow in a tensor view's offset") !=
          std::string::npos);
  }
}

TEST_CASE("allocating past a capacity is located at the allocation") {
  Fixture f;
  f.machine.set_memory_limit(40);  // one x (16 bytes) per rank, and not t twice
  const InstrRecord rows[] = {
      {RowKind::allocate, 1, kNone, kNone, -1, -1, 0},
      {RowKind::allocate, 1, kNone, kNone, -1, -1, 1},
  };
  try {
    run_table(f.table(rows), 0, 2, f.state);
    FAIL("no error");
  } catch (const LocatedError& e) {
    // Rank 0's t is refused, so rank 1's is refused alike: one error, both ranks.
    CHECK(e.ranks == std::vector<int>{0, 1});
    CHECK(e.place.line == 4);
    CHECK(std::string(e.what()).find("memory limit exceeded: 't'") != std::string::npos);
  }
}

TEST_CASE("a row of two tensors of each kind takes the second ones from the operands pool") {
  // sendrecv's exchange: x <- t[1, :] and t[0, :] <- x, both sources read
  // before either destination is written.
  Fixture f;
  const OperandRecord whole_x = {0, 0, 1, 0, 0, 0, -1};
  const OperandRecord pool[] = {{1, 0, 1, 0, 0, 0, -1}, {1, 0, 1, 4, 0, 0, -1}};  // t[0, :], t[1, :]
  const InstrRecord rows[] = {
      {RowKind::allocate, 1, kNone, kNone, -1, -1, 0},
      {RowKind::allocate, 1, kNone, kNone, -1, -1, 1},
      {RowKind::op, 0, whole_x, kNone, -1, -1, kHalves},             // x <- 2.5
      {RowKind::op, 0, {1, 0, 1, 4, 0, 0, -1}, kNone, -1, -1, kSeven},  // t[1, :] <- 7
      {RowKind::op, 0, whole_x, whole_x, -1, -1, kSwap, 0, 1, 1},
  };
  const InstrTable table = {rows, kOps, kDims, kDynamic, kPlaces, kBuffers, kShapes, pool};
  run_table(table, 0, 5, f.state);
  for (int r = 0; r < 2; ++r) {
    for (int64_t k = 0; k < 4; ++k) {
      CHECK(element(*f.x[r], k) == 7.0f);
      CHECK(element(*f.t[r], k) == 2.5f);
      CHECK(element(*f.t[r], 4 + k) == 7.0f);
    }
  }
}
