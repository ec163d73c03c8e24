// The element-wise operations of the Vector, Scalar and GpSimd Engines
// (nisa.tensor_tensor, nisa.tensor_scalar, nisa.activation,
// nisa.tensor_reduce, nisa.affine_select, nisa.tensor_copy_predicated,
// nisa.exponential), each described as device_ops.h describes an
// operation, and the arithmetic they share: what each row of alu.h and
// activation.h computes. This header is part of device_ops.h, which
// includes it where its DeviceOp list needs these types: include
// device_ops.h, not this one.
//
// Numerics. Arithmetic on float inputs reads every element as float32,
// computes each step as one float32 operation (no fused multiply-add) and
// rounds the result once to the destination's dtype (to nearest, ties to
// even; to an integer dtype rounding to nearest even and saturating, NaN
// becoming 0). Integer arithmetic (bit-vector operators, and tensor_tensor
// on two integer tiles) reads every element as int32 (wrapping a uint32
// above 2^31 - 1) and computes in two's-complement int32, wrapping; the
// result is written to an integer dtype wrapping, to a float dtype through
// float32 as a DMA from int32 would.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <tuple>

#include "runtime/activation.h"
#include "runtime/alu.h"

namespace nkic::rt {

// The bit-vector operators (bitwise_and/or/xor, left_shift, right_shift):
// integer bit patterns in, no float32 conversion.
bool is_bitvec(AluOp op);
// op(a, b) in float32. Comparisons and logical operators give 1 or 0
// (logical ones take nonzero as true); maximum and minimum propagate NaN;
// mod has the divisor's sign, fmod the dividend's; a bit-vector operator
// has no float32 meaning and throws Error.
float alu_f32(AluOp op, float a, float b);
// op(a, b) in int32, wrapping. Shifts by less than 0 or more than 31 shift
// every bit out; right_shift is logical when `logical_shift` (an unsigned
// source), arithmetic otherwise; mod and fmod take their signs as alu_f32
// defines them, and a remainder by 0 is 0. divide and power have no int32
// form here (tensor_tensor computes them in float32) and throw Error.
int32_t alu_i32(AluOp op, int32_t a, int32_t b, bool logical_shift);
// f(x) in float32 (see the README's table for each function's formula).
// Throws Error for a function that is not element-wise arithmetic here
// (prelu, which needs a parameter; invert, a bit-vector operator).
float act_f32(ActFunc f, float x);

// nisa.tensor_tensor: dsts[0] = op(srcs[0], srcs[1]) element by element
// (row-major order on each side; equal partitions and free sizes). In
// integer arithmetic when op is a bit-vector operator, or when both
// sources have integer dtypes and op is not divide or power; in float32
// otherwise.
struct TensorTensor {
  static constexpr const char* kName = "tensor_tensor";
  static constexpr const char* kType = "TensorTensor";
  static constexpr OperandCounts kOperands{1, 2, 0, 0};
  AluOp op = AluOp::add;
  int64_t engine = 0;  // the kernel's nisa.engine member (0: unknown), for the cost model

  auto fields() const { return std::tie(op, engine); }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.tensor_scalar: dsts[0] = (srcs[0] op0 operand0) op1 operand1, where
// an operand is the constant, or (with tensor0 / tensor1) the next source,
// a [P, 1] tile giving each partition its value; `reverse` swaps an
// operator's operands. Both operators are bit-vector (integer arithmetic)
// or neither (float32, the constants rounded to float32).
struct TensorScalar {
  static constexpr const char* kName = "tensor_scalar";
  static constexpr const char* kType = "TensorScalar";
  static constexpr OperandCounts kOperands{1, 3, 0, 0};
  AluOp op0 = AluOp::add;
  Scalar operand0;
  bool tensor0 = false;
  bool reverse0 = false;
  bool has_op1 = false;
  AluOp op1 = AluOp::add;
  Scalar operand1;
  bool tensor1 = false;
  bool reverse1 = false;
  int64_t engine = 0;  // the kernel's nisa.engine member (0: unknown), for the cost model

  auto fields() const {
    return std::tie(op0, operand0, tensor0, reverse0, has_op1, op1, operand1, tensor1, reverse1,
                    engine);
  }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.activation: dsts[0] = func(srcs[0] * scale + bias) in float32, the
// product and the sum each rounded to float32 (no bias: no addition). A
// scale or bias is the constant, or (scale_tensor / bias_tensor) the next
// source after the data (bias first), a [P, 1] tile. `reduce` is the
// reduce_cmd of the Scalar Engine's accumulator registers (Machine::
// accumulators, register p for the tile's partition p): kNoReduce (idle)
// leaves them; kReset sets them to 0; kResetReduce sets them to 0 and
// kReduce keeps them (they must be set), then each partition's activated
// values, float32 before dst's rounding, are added to its register in
// row-major order. dsts[1], when given, a [P, 1] tile, gets the registers
// (which must be set).
struct Activation {
  static constexpr const char* kName = "activation";
  static constexpr const char* kType = "Activation";
  static constexpr OperandCounts kOperands{2, 3, 0, 0};
  // nisa.reduce_cmd's values.
  enum : int64_t { kNoReduce = 0, kReset = 1, kReduce = 2, kResetReduce = 3 };
  ActFunc func = ActFunc::copy;
  bool has_bias = false;
  Scalar bias;
  bool bias_tensor = false;
  Scalar scale = Scalar::of(1.0);
  bool scale_tensor = false;
  int64_t reduce = kNoReduce;

  auto fields() const {
    return std::tie(func, has_bias, bias, bias_tensor, scale, scale_tensor, reduce);
  }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.tensor_reduce: each partition's elements over the last `axes` dims
// of srcs[0] folded with op, in row-major order from the first element
// (acc = x0, then acc = op(acc, x1), ...), into dsts[0] (the same
// partitions, one element per reduced group). Float32 arithmetic (the sign
// flipped when negate) unless op is a bit-vector operator.
struct TensorReduce {
  static constexpr const char* kName = "tensor_reduce";
  static constexpr const char* kType = "TensorReduce";
  static constexpr OperandCounts kOperands{1, 1, 0, 0};
  AluOp op = AluOp::add;
  int64_t axes = 1;
  bool negate = false;

  auto fields() const { return std::tie(op, axes, negate); }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.affine_select: element [p, f] of dsts[0] (p the partition, f the
// row-major index of the free dims) is element [p, f] of srcs[0] where
// cmp_op(affine_value(pattern, offset, channel_multiplier, p, f), 0) holds
// (device_ops.h: the int32 value nisa.iota writes), and on_false (a float32
// constant, as a memset writes it) elsewhere; a selected element keeps its
// bits when the dtypes agree and goes through float32 when they differ.
struct AffineSelect {
  static constexpr const char* kName = "affine_select";
  static constexpr const char* kType = "AffineSelect";
  static constexpr OperandCounts kOperands{1, 1, 0, 0};
  std::array<Dim, Iota::kMaxDims> pattern{};  // [step, count], padded with [0, 1]
  int64_t offset = 0;
  int64_t channel_multiplier = 0;
  AluOp cmp_op = AluOp::equal;
  Scalar on_false = Scalar::of(0.0);

  auto fields() const { return std::tie(pattern, offset, channel_multiplier, cmp_op, on_false); }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.tensor_copy_predicated: dsts[0][i] becomes the source's element i
// where the predicate srcs[0][i] is nonzero (zero, with reverse_pred), and
// keeps its value (written or not) elsewhere. The source is srcs[1]
// (src_tensor; dst's dtype, its bits copied) or the constant, as a memset
// writes it.
struct TensorCopyPredicated {
  static constexpr const char* kName = "tensor_copy_predicated";
  static constexpr const char* kType = "TensorCopyPredicated";
  static constexpr OperandCounts kOperands{1, 2, 0, 0};
  bool src_tensor = false;
  Scalar value;
  bool reverse_pred = false;

  auto fields() const { return std::tie(src_tensor, value, reverse_pred); }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.exponential (trn3 on): dsts[0] = exp(srcs[0] - max_value) in float32,
// the difference rounded to float32. max_value is the constant or
// (max_tensor) the next source, a [P, 1] float32 tile. `reduce` is the
// reduce_cmd of the Vector Engine's accumulator (Machine::accumulators,
// register p for the tile's partition p): kNoReduce (idle) leaves it unset,
// as the ISA leaves it unknown; otherwise it starts from 0 (kResetReduce),
// reduce_init (kLoadReduce: the constant, or with init_tensor the last
// source, a [P, 1] float32 tile) or what it holds (kReduce: it must be set),
// each partition's results (float32, before dst's rounding) are added to it
// in row-major order, and dsts[1], when given, a [P, 1] float tile, gets it.
struct Exponential {
  static constexpr const char* kName = "exponential";
  static constexpr const char* kType = "Exponential";
  static constexpr OperandCounts kOperands{2, 3, 0, 0};
  // nisa.reduce_cmd's values.
  enum : int64_t { kNoReduce = 0, kReduce = 2, kResetReduce = 3, kLoadReduce = 4 };
  Scalar max_value = Scalar::of(0.0);
  bool max_tensor = false;
  int64_t reduce = kNoReduce;
  Scalar reduce_init = Scalar::of(0.0);
  bool init_tensor = false;

  auto fields() const { return std::tie(max_value, max_tensor, reduce, reduce_init, init_tensor); }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

}  // namespace nkic::rt
