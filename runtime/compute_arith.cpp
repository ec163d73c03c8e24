// The element-wise engines' arithmetic (compute_ops.h): what each operator
// of alu.h and each function of activation.h computes on one element, in
// float32 or in int32. Built, as compute_ops.cpp is, with floating-point
// contraction off (runtime/CMakeLists.txt): a fused multiply-add would round
// once where these round twice.
#include <cmath>
#include <cstdlib>
#include <string>

#include "runtime/device_ops.h"

namespace nkic::rt {

bool is_bitvec(AluOp op) {
  return op == AluOp::bitwise_and || op == AluOp::bitwise_or || op == AluOp::bitwise_xor ||
         op == AluOp::left_shift || op == AluOp::right_shift;
}

namespace {

[[noreturn]] void no_form(AluOp op, const char* form) {
  throw Error("nl." + std::string(alu_op_name(op)) + " has no " + form + " form here");
}

float truth(bool b) {
  return b ? 1.0f : 0.0f;
}

}  // namespace

float alu_f32(AluOp op, float a, float b) {
  switch (op) {
    case AluOp::add:
      return a + b;
    case AluOp::subtract:
      return a - b;
    case AluOp::multiply:
      return a * b;
    case AluOp::divide:
      return a / b;
    // NumPy's: the first operand when it compares >= (<=) or is NaN.
    case AluOp::maximum:
      return (a >= b || a != a) ? a : b;
    case AluOp::minimum:
      return (a <= b || a != a) ? a : b;
    case AluOp::abs_max:
      return std::fabs(a) > std::fabs(b) ? a : b;
    case AluOp::abs_min:
      return std::fabs(a) < std::fabs(b) ? a : b;
    case AluOp::power:
      return std::pow(a, b);
    case AluOp::mod: {
      float r = std::fmod(a, b);
      if (r != 0.0f && ((r < 0.0f) != (b < 0.0f))) r = r + b;
      return r;
    }
    case AluOp::fmod:
      return std::fmod(a, b);
    case AluOp::equal:
      return truth(a == b);
    case AluOp::not_equal:
      return truth(a != b);
    case AluOp::less:
      return truth(a < b);
    case AluOp::less_equal:
      return truth(a <= b);
    case AluOp::greater:
      return truth(a > b);
    case AluOp::greater_equal:
      return truth(a >= b);
    case AluOp::logical_and:
      return truth(a != 0.0f && b != 0.0f);
    case AluOp::logical_or:
      return truth(a != 0.0f || b != 0.0f);
    case AluOp::logical_xor:
      return truth((a != 0.0f) != (b != 0.0f));
    case AluOp::bitwise_and:
    case AluOp::bitwise_or:
    case AluOp::bitwise_xor:
    case AluOp::left_shift:
    case AluOp::right_shift:
      no_form(op, "float32");
  }
  no_form(op, "float32");
}

int32_t alu_i32(AluOp op, int32_t a, int32_t b, bool logical_shift) {
  const auto wrap = [](int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(v)); };
  const int64_t x = a, y = b;
  switch (op) {
    case AluOp::add:
      return wrap(x + y);
    case AluOp::subtract:
      return wrap(x - y);
    case AluOp::multiply:
      return wrap(static_cast<int64_t>(static_cast<uint64_t>(x) * static_cast<uint64_t>(y)));
    case AluOp::maximum:
      return a >= b ? a : b;
    case AluOp::minimum:
      return a <= b ? a : b;
    case AluOp::abs_max:
      return std::llabs(x) > std::llabs(y) ? a : b;
    case AluOp::abs_min:
      return std::llabs(x) < std::llabs(y) ? a : b;
    case AluOp::mod: {
      if (y == 0) return 0;
      int64_t r = x % y;
      if (r != 0 && ((r < 0) != (y < 0))) r += y;
      return wrap(r);
    }
    case AluOp::fmod:
      return y == 0 ? 0 : wrap(x % y);
    case AluOp::equal:
      return a == b;
    case AluOp::not_equal:
      return a != b;
    case AluOp::less:
      return a < b;
    case AluOp::less_equal:
      return a <= b;
    case AluOp::greater:
      return a > b;
    case AluOp::greater_equal:
      return a >= b;
    case AluOp::logical_and:
      return a != 0 && b != 0;
    case AluOp::logical_or:
      return a != 0 || b != 0;
    case AluOp::logical_xor:
      return (a != 0) != (b != 0);
    case AluOp::bitwise_and:
      return a & b;
    case AluOp::bitwise_or:
      return a | b;
    case AluOp::bitwise_xor:
      return a ^ b;
    case AluOp::left_shift:
      if (b < 0 || b > 31) return 0;
      return wrap(static_cast<int64_t>(static_cast<uint32_t>(a) << b));
    case AluOp::right_shift:
      if (b < 0 || b > 31) return logical_shift || a >= 0 ? 0 : -1;
      if (logical_shift) return wrap(static_cast<int64_t>(static_cast<uint32_t>(a) >> b));
      return a >= 0 ? a >> b : ~(~a >> b);  // arithmetic, without implementation-defined shifts
    case AluOp::divide:
    case AluOp::power:
      no_form(op, "int32");
  }
  no_form(op, "int32");
}

namespace {

constexpr float kSqrt2 = 1.41421356237309505f;
constexpr float kSqrt2OverPi = 0.797884560802865356f;   // sqrt(2 / pi)
constexpr float kInvSqrt2Pi = 0.398942280401432678f;    // 1 / sqrt(2 pi)
constexpr float kTwoOverSqrtPi = 1.12837916709551257f;  // 2 / sqrt(pi)
constexpr float kGeluTanhCubic = 0.044715f;
constexpr float kGeluSigmoidScale = 1.702f;

float sigmoid(float x) {
  return 1.0f / (1.0f + std::exp(-x));
}
// log(1 + e^x) without overflow: max(x, 0) + log1p(e^-|x|).
float softplus(float x) {
  return (x > 0.0f ? x : 0.0f) + std::log1p(std::exp(-std::fabs(x)));
}

}  // namespace

float act_f32(ActFunc f, float x) {
  switch (f) {
    case ActFunc::copy:
    case ActFunc::bypass:
      return x;
    case ActFunc::abs:
      return std::fabs(x);
    case ActFunc::square:
      return x * x;
    case ActFunc::negative:
      return -x;
    case ActFunc::sign:
      return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x;
    case ActFunc::reciprocal:
      return 1.0f / x;
    case ActFunc::exp:
      return std::exp(x);
    case ActFunc::log:
      return std::log(x);
    case ActFunc::sqrt:
      return std::sqrt(x);
    case ActFunc::rsqrt:
      return 1.0f / std::sqrt(x);
    case ActFunc::tanh:
      return std::tanh(x);
    case ActFunc::sigmoid:
      return sigmoid(x);
    case ActFunc::relu:
      return x > 0.0f || x != x ? x : 0.0f;
    case ActFunc::gelu:
      return 0.5f * x * (1.0f + std::erf(x / kSqrt2));
    case ActFunc::gelu_dx:
      return 0.5f * (1.0f + std::erf(x / kSqrt2)) + x * kInvSqrt2Pi * std::exp(-0.5f * x * x);
    case ActFunc::gelu_apprx_tanh:
      return 0.5f * x * (1.0f + std::tanh(kSqrt2OverPi * (x + kGeluTanhCubic * x * x * x)));
    case ActFunc::gelu_apprx_sigmoid:
      return x * sigmoid(kGeluSigmoidScale * x);
    case ActFunc::gelu_apprx_sigmoid_dx: {
      const float s = sigmoid(kGeluSigmoidScale * x);
      return s + kGeluSigmoidScale * x * s * (1.0f - s);
    }
    case ActFunc::silu:
      return x * sigmoid(x);
    case ActFunc::silu_dx: {
      const float s = sigmoid(x);
      return s * (1.0f + x * (1.0f - s));
    }
    case ActFunc::softplus:
      return softplus(x);
    case ActFunc::mish:
      return x * std::tanh(softplus(x));
    case ActFunc::erf:
      return std::erf(x);
    case ActFunc::erf_dx:
      return kTwoOverSqrtPi * std::exp(-x * x);
    case ActFunc::sin:
      return std::sin(x);
    case ActFunc::cos:
      return std::cos(x);
    case ActFunc::tan:
      return std::tan(x);
    case ActFunc::arctan:
      return std::atan(x);
    case ActFunc::ceil:
      return std::ceil(x);
    case ActFunc::floor:
      return std::floor(x);
    case ActFunc::trunc:
      return std::trunc(x);
    case ActFunc::logical_not:
      return truth(x == 0.0f);
    case ActFunc::prelu:
    case ActFunc::invert:
      break;
  }
  throw Error("nl." + std::string(act_func_name(f)) + " is not an activation function here");
}

}  // namespace nkic::rt
