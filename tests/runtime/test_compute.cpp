// The element-wise engines' arithmetic at its edges: int32 wrapping, shift
// counts, remainders' signs and by zero, NaN in maximum and minimum, and
// the float32 rounding of a fused-looking multiply and add; then the
// selections and reductions on hand-made tiles: affine values wrapping,
// dtype conversions, strict mode's written elements, sums in order.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "runtime/device_ops.h"
#include "runtime/strict.h"
#include "runtime/strided.h"
#include "op_harness.h"

using namespace nkic::rt;
using nkic::rt::testing::whole;
using nkic::rt::testing::run_on;

namespace {
constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
}  // namespace

TEST_CASE("int32 arithmetic wraps") {
  CHECK(alu_i32(AluOp::add, kMax, 1, false) == kMin);
  CHECK(alu_i32(AluOp::subtract, kMin, 1, false) == kMax);
  CHECK(alu_i32(AluOp::multiply, 65536, 65536, false) == 0);
  CHECK(alu_i32(AluOp::multiply, kMin, -1, false) == kMin);
  CHECK(alu_i32(AluOp::abs_max, -5, 3, false) == -5);
  CHECK(alu_i32(AluOp::abs_min, -5, 3, false) == 3);
}

TEST_CASE("int32 shifts: counts outside 0..31 shift every bit out") {
  CHECK(alu_i32(AluOp::left_shift, 1, 31, false) == kMin);
  CHECK(alu_i32(AluOp::left_shift, 1, 32, false) == 0);
  CHECK(alu_i32(AluOp::left_shift, 1, -1, false) == 0);
  CHECK(alu_i32(AluOp::right_shift, -8, 1, false) == -4);
  CHECK(alu_i32(AluOp::right_shift, -8, 40, false) == -1);
  CHECK(alu_i32(AluOp::right_shift, -8, 1, true) == 0x7ffffffc);
  CHECK(alu_i32(AluOp::right_shift, -8, 40, true) == 0);
}

TEST_CASE("remainders: mod takes the divisor's sign, fmod the dividend's, by zero 0") {
  CHECK(alu_i32(AluOp::mod, -7, 3, false) == 2);
  CHECK(alu_i32(AluOp::fmod, -7, 3, false) == -1);
  CHECK(alu_i32(AluOp::mod, 7, -3, false) == -2);
  CHECK(alu_i32(AluOp::mod, 7, 0, false) == 0);
  CHECK(alu_i32(AluOp::mod, kMin, -1, false) == 0);
  CHECK(alu_f32(AluOp::mod, -7.5f, 2.0f) == 0.5f);
  CHECK(alu_f32(AluOp::fmod, -7.5f, 2.0f) == -1.5f);
}

TEST_CASE("float32 maximum and minimum propagate NaN, comparisons give 1 or 0") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  CHECK(std::isnan(alu_f32(AluOp::maximum, nan, 1.0f)));
  CHECK(std::isnan(alu_f32(AluOp::maximum, 1.0f, nan)));
  CHECK(std::isnan(alu_f32(AluOp::minimum, 1.0f, nan)));
  CHECK(alu_f32(AluOp::less, 1.0f, 2.0f) == 1.0f);
  CHECK(alu_f32(AluOp::greater_equal, 1.0f, 2.0f) == 0.0f);
  CHECK(alu_f32(AluOp::logical_and, nan, 2.0f) == 1.0f);
  CHECK_THROWS_AS(alu_f32(AluOp::bitwise_and, 1.0f, 2.0f), Error);
  CHECK_THROWS_AS(alu_i32(AluOp::divide, 1, 2, false), Error);
}

TEST_CASE("activation functions in float32") {
  CHECK(act_f32(ActFunc::relu, -0.0f) == 0.0f);
  CHECK(!std::signbit(act_f32(ActFunc::relu, -0.0f)));
  CHECK(std::isnan(act_f32(ActFunc::relu, std::numeric_limits<float>::quiet_NaN())));
  CHECK(act_f32(ActFunc::softplus, 100.0f) == 100.0f);
  CHECK(act_f32(ActFunc::sign, -3.0f) == -1.0f);
  CHECK(act_f32(ActFunc::logical_not, 0.0f) == 1.0f);
  CHECK_THROWS_AS(act_f32(ActFunc::prelu, 1.0f), Error);
}

// ---- affine_select, tensor_copy_predicated, exponential, activation's sum ----

namespace {

void set_f32(Buffer& b, const std::vector<float>& values) {
  detail::scatter_f32(whole(b), values);
  note_write(whole(b));
}

void set_i64(Buffer& b, const std::vector<int64_t>& values) {
  detail::scatter_i64(whole(b), values);
  note_write(whole(b));
}

std::vector<float> get_f32(Buffer& b) {
  return detail::gather_f32(whole(b));
}

std::vector<int64_t> get_i64(Buffer& b) {
  return detail::gather_i64(whole(b));
}

}  // namespace

TEST_CASE("affine_select: the affine value wraps in int32, int32 keeps its bits") {
  Machine m(1, default_platform());
  auto src = m.allocate(0, MemKind::sbuf, DType::int32, {2, 4}, "src");
  auto dst = m.allocate(0, MemKind::sbuf, DType::int32, {2, 4}, "dst");
  set_i64(*src, {kMax, kMax - 1, 1, 2, 3, 4, 5, 6});
  AffineSelect op;
  op.pattern.fill(Dim{0, 1});
  op.pattern[0] = Dim{1, 4};
  op.offset = kMax - 1;           // row 0: kMax - 1, kMax, then kMin, kMin + 1
  op.channel_multiplier = -kMax;  // row 1: -1, 0, 1, 2
  op.cmp_op = AluOp::greater;
  op.on_false = Scalar::of(-7.0);
  run_on(op, {dst.get()}, {src.get()});
  CHECK(get_i64(*dst) == std::vector<int64_t>{kMax, kMax - 1, -7, -7, -7, -7, 5, 6});
}

TEST_CASE("affine_select: another dtype goes through float32, on_false is a float32") {
  Machine m(1, default_platform());
  auto src = m.allocate(0, MemKind::sbuf, DType::int32, {1, 3}, "src");
  auto dst = m.allocate(0, MemKind::sbuf, DType::float32, {1, 3}, "dst");
  auto hbm = m.allocate(0, MemKind::hbm, DType::float32, {1, 3}, "hbm");
  set_i64(*src, {16777217, 3, 4});
  AffineSelect op;
  op.pattern.fill(Dim{0, 1});
  op.pattern[3] = Dim{1, 3};  // the innermost dim: values 0, 1, 2
  op.cmp_op = AluOp::not_equal;
  op.on_false = Scalar::of(0.1);
  op.offset = -1;  // -1, 0, 1: the middle one is false
  run_on(op, {dst.get()}, {src.get()});
  CHECK(get_f32(*dst) == std::vector<float>{16777216.0f, 0.1f, 4.0f});
  op.cmp_op = AluOp::add;
  CHECK_THROWS_WITH_AS(run_on(op, {dst.get()}, {src.get()}),
                       "affine_select: cmp_op must be a comparison (nl.equal, nl.not_equal, "
                       "nl.less, nl.less_equal, nl.greater or nl.greater_equal), not nl.add",
                       Error);
  op.cmp_op = AluOp::equal;
  CHECK_THROWS_WITH_AS(run_on(op, {hbm.get()}, {src.get()}),
                       "affine_select: dst must be in SBUF, 'hbm' (float32, hbm, [1, 3]) is not",
                       Error);
}

TEST_CASE("tensor_copy_predicated: copies where nonzero, and only those elements become written") {
  Machine m(1, default_platform());
  m.set_strict(true);
  auto pred = m.allocate(0, MemKind::sbuf, DType::uint32, {1, 4}, "pred");
  auto src = m.allocate(0, MemKind::sbuf, DType::float32, {1, 4}, "src");
  auto dst = m.allocate(0, MemKind::sbuf, DType::float32, {1, 4}, "dst");
  auto out = m.allocate(0, MemKind::hbm, DType::float32, {1, 4}, "out");
  set_i64(*pred, {0, 1, 0x80000000, 0});
  set_f32(*src, {1, 2, 3, 4});
  TensorCopyPredicated op;
  op.src_tensor = true;
  run_on(op, {dst.get()}, {pred.get(), src.get()});
  CHECK_THROWS_WITH_AS(dma_copy(whole(*out), whole(*dst)),
                       "strict mode: element [0, 0] of 'dst' is read but was never written", Error);
  TensorCopyPredicated fill_zeros;
  fill_zeros.value = Scalar::of(int64_t{9});
  fill_zeros.reverse_pred = true;
  run_on(fill_zeros, {dst.get()}, {pred.get()});
  CHECK_NOTHROW(dma_copy(whole(*out), whole(*dst)));
  CHECK(get_f32(*out) == std::vector<float>{9, 2, 3, 9});
}

TEST_CASE("exponential: exp(x - max) in float32, the sum in order onto reduce_init") {
  Machine m(1, *find_platform("trn3"));
  auto src = m.allocate(0, MemKind::sbuf, DType::float32, {2, 3}, "src");
  auto max = m.allocate(0, MemKind::sbuf, DType::float32, {2, 1}, "max");
  auto dst = m.allocate(0, MemKind::sbuf, DType::float32, {2, 3}, "dst");
  auto sum = m.allocate(0, MemKind::sbuf, DType::float32, {2, 1}, "sum");
  set_f32(*src, {5, 5, 5, 0.5f, 0.5f, 0.5f});
  set_f32(*max, {5, 0.5f});
  Exponential op;
  op.max_tensor = true;
  op.reduce = Exponential::kLoadReduce;
  // 2^24 + 1 rounds back to 2^24 each time, in order; a sum of the ones
  // first would give 2^24 + 4.
  op.reduce_init = Scalar::of(16777216.0);
  run_on(op, {dst.get(), sum.get()}, {src.get(), max.get()});
  CHECK(get_f32(*dst) == std::vector<float>(6, 1.0f));
  CHECK(get_f32(*sum) == std::vector<float>(2, 16777216.0f));
  op.reduce = Exponential::kResetReduce;
  CHECK_THROWS_WITH_AS(run_on(op, {dst.get(), sum.get()}, {src.get(), max.get()}),
                       "exponential: reduce_init must be 0.0 unless reduce_cmd is load_reduce",
                       Error);
  op.reduce_init = Scalar::of(0.0);
  run_on(op, {dst.get(), sum.get()}, {src.get(), max.get()});
  CHECK(get_f32(*sum) == std::vector<float>(2, 3.0f));
}

TEST_CASE("exponential is trn3's") {
  Machine m(1, *find_platform("trn2"));
  auto src = m.allocate(0, MemKind::sbuf, DType::float32, {2, 3}, "src");
  auto dst = m.allocate(0, MemKind::sbuf, DType::float32, {2, 3}, "dst");
  set_f32(*src, {0, 0, 0, 0, 0, 0});
  CHECK_THROWS_WITH_AS(
      run_on(Exponential{}, {dst.get()}, {src.get()}),
      "exponential: the instruction is NeuronCore-v4's (trn3 on); the platform is trn2", Error);
}

TEST_CASE("activation's reset_reduce sums the float32 results before dst's rounding") {
  Machine m(1, default_platform());
  auto data = m.allocate(0, MemKind::sbuf, DType::float32, {1, 2}, "data");
  auto dst = m.allocate(0, MemKind::sbuf, DType::bfloat16, {1, 2}, "dst");
  auto sum = m.allocate(0, MemKind::sbuf, DType::float32, {1, 1}, "sum");
  const float x = 1.0f + std::ldexp(1.0f, -10);  // rounds to 1 in bfloat16
  set_f32(*data, {x, x});
  Activation op;
  op.reduce = Activation::kResetReduce;
  run_on(op, {dst.get(), sum.get()}, {data.get()});
  CHECK(get_f32(*dst) == std::vector<float>{1.0f, 1.0f});
  CHECK(get_f32(*sum) == std::vector<float>{x + x});
  op.reduce = Activation::kReset;
  run_on(op, {dst.get(), sum.get()}, {data.get()});
  CHECK(get_f32(*sum) == std::vector<float>{0.0f});
  op.reduce = Activation::kNoReduce;  // idle: reads the registers as they are
  set_f32(*sum, {5.0f});
  run_on(op, {dst.get(), sum.get()}, {data.get()});
  CHECK(get_f32(*sum) == std::vector<float>{0.0f});
}

TEST_CASE("the accumulator registers are kept across instructions, per engine and per rank") {
  Machine m(2, *find_platform("trn3"));
  auto data = m.allocate(0, MemKind::sbuf, DType::float32, {2, 2}, "data");
  auto dst = m.allocate(0, MemKind::sbuf, DType::float32, {2, 2}, "dst");
  auto sum = m.allocate(0, MemKind::sbuf, DType::float32, {2, 1}, "sum");
  auto other = m.allocate(1, MemKind::sbuf, DType::float32, {2, 2}, "other");
  set_f32(*data, {1, 2, 3, 4});
  set_f32(*other, {1, 2, 3, 4});
  Activation reset, add;
  reset.reduce = Activation::kResetReduce;
  add.reduce = Activation::kReduce;
  run_on(reset, {dst.get()}, {data.get()});
  run_on(add, {dst.get(), sum.get()}, {data.get()});
  CHECK(get_f32(*sum) == std::vector<float>{6, 14});
  // Rank 1's registers and the Vector Engine's are their own: never set.
  CHECK_THROWS_WITH_AS(run_on(add, {dst.get()}, {other.get()}),
                       "activation: reduce_cmd.reduce adds to the accumulator register of "
                       "partition 0, which is not set (an activation with reduce_cmd.reset or "
                       "reset_reduce sets it)",
                       Error);
  Exponential more;
  more.reduce = Exponential::kReduce;
  CHECK_THROWS_WITH_AS(run_on(more, {dst.get()}, {data.get()}),
                       "exponential: reduce_cmd.reduce adds to the accumulator register of "
                       "partition 0, which is not set (an exponential with "
                       "reduce_cmd.reset_reduce or load_reduce sets it)",
                       Error);
  // An idle exponential leaves its accumulator unknown.
  Exponential start;
  start.reduce = Exponential::kResetReduce;
  run_on(start, {dst.get()}, {data.get()});
  CHECK_NOTHROW(run_on(more, {dst.get()}, {data.get()}));
  run_on(Exponential{}, {dst.get()}, {data.get()});
  CHECK_THROWS_AS(run_on(more, {dst.get()}, {data.get()}), Error);
}
