// The element-wise engines' arithmetic at its edges: int32 wrapping, shift
// counts, remainders' signs and by zero, NaN in maximum and minimum, and
// the float32 rounding of a fused-looking multiply and add.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "runtime/device_ops.h"

using namespace nkic::rt;

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
