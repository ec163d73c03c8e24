// See compute_ops.h. Each operation reads its tiles into dense float32 (or
// int32) arrays, computes element by element with the arithmetic of
// compute_arith.cpp and writes the results once: the interpreter and generated programs run this
// same code, so they get the same bits. The file is built with
// floating-point contraction off (runtime/CMakeLists.txt): a fused
// multiply-add would round once where this rounds twice.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "runtime/device_ops.h"
#include "runtime/strict.h"
#include "runtime/strided.h"
#include "runtime/tiles.h"

namespace nkic::rt {

// ---- tile rules ----------------------------------------------------------------

namespace {

constexpr int64_t kMaxPartitions = 128;  // nl.tile_size.pmax

bool is_int(DType t) {
  return !is_float(t) && !is_packed(t);
}

// An operand tile of `op`: on chip, at most 128 partitions, a dtype that
// converts to float32 (a source) or from it (dst).
void need_tile(const char* op, const char* role, const AccessPattern& ap, bool is_dst) {
  if (!is_on_chip(ap.buffer->kind())) {
    throw Error(std::string(op) + ": " + role + " must be in SBUF or PSUM, " + tile_text(ap) +
                " is not");
  }
  need_partition_dim(op, role, ap);
  if (partitions(ap) > kMaxPartitions) {
    throw Error(std::string(op) + ": " + role + " " + tile_text(ap) + " has " +
                std::to_string(partitions(ap)) + " partitions, more than the " +
                std::to_string(kMaxPartitions) + " of the engines");
  }
  const std::string problem = is_dst ? conversion_problem(ap.dtype(), DType::float32)
                                     : conversion_problem(DType::float32, ap.dtype());
  if (!problem.empty()) throw Error(std::string(op) + ": " + problem);
}

// `ap` lays out the elements of `like`: the same partitions, as many per partition.
void need_same_layout(const char* op, const char* role, const AccessPattern& ap,
                      const char* like_role, const AccessPattern& like) {
  if (partitions(ap) == partitions(like) && free_size(ap) == free_size(like)) return;
  throw Error(std::string(op) + ": " + role + " " + tile_text(ap) + " must have the partitions (" +
              std::to_string(partitions(like)) + ") and the elements per partition (" +
              std::to_string(free_size(like)) + ") of " + like_role + " " + tile_text(like));
}

void need_integer(const char* op, const char* why, const char* role, const AccessPattern& ap) {
  if (is_int(ap.dtype())) return;
  throw Error(std::string(op) + ": " + why + " takes integer tiles, and " + role + " " +
              tile_text(ap) + " is not");
}

// A constant the operation writes into dst must be an element of dst's
// dtype (fill.h's rules: never saturated or wrapped into it).
void need_fill_value(const char* op, const char* param, const Scalar& value,
                     const AccessPattern& dst) {
  const std::string problem = value.fill_problem(dst.dtype());
  if (!problem.empty()) {
    throw Error(std::string(op) + ": " + param + " cannot be an element of dst " + tile_text(dst) +
                ": " + problem);
  }
  value.bytes(dst.dtype());  // float8_e8m0fnu's own rule: a power of two
}

std::string bitvec_why(AluOp op) {
  return "the bit-vector operator nl." + std::string(alu_op_name(op));
}

// A per-partition operand (or result, is_dst): a [P, 1] tile of `data`'s
// partitions.
void need_vector(const char* op, const char* role, const AccessPattern& ap,
                 const AccessPattern& data, bool is_dst = false) {
  need_tile(op, role, ap, is_dst);
  if (partitions(ap) == partitions(data) && free_size(ap) == 1) return;
  throw Error(std::string(op) + ": " + role + " " + tile_text(ap) + " must be a [" +
              std::to_string(partitions(data)) + ", 1] tile, one value per partition of " +
              tile_text(data));
}

// An operation on one data tile (srcs[0]) with `sources` source tiles in
// all, data's then its [P, 1] operands': data and dst tiles, dst laid out as
// data.
void need_data_and_operands(const char* op, const OpOperands& o, size_t sources) {
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& data = *o.srcs[0];
  need_tile(op, "data", data, false);
  need_tile(op, "dst", dst, true);
  need_same_layout(op, "dst", dst, "data", data);
  if (o.srcs.size() != sources) {
    throw Error(std::string(op) + ": " + std::to_string(sources) + " source tiles expected, not " +
                std::to_string(o.srcs.size()));
  }
}

// ---- reading and writing -------------------------------------------------------

std::vector<float> read_f32(const AccessPattern& ap) {
  check_bounds(ap);
  check_written(ap);
  return detail::gather_f32(ap);
}

std::vector<int32_t> read_i32(const AccessPattern& ap) {
  check_bounds(ap);
  check_written(ap);
  const std::vector<int64_t> wide = detail::gather_i64(ap);
  std::vector<int32_t> out(wide.size());
  for (size_t i = 0; i < wide.size(); ++i) {
    out[i] = static_cast<int32_t>(static_cast<uint32_t>(wide[i]));
  }
  return out;
}

void write_f32(const AccessPattern& dst, const std::vector<float>& values) {
  detail::scatter_f32(dst, values);
  note_write(dst);
}

void write_i32(const AccessPattern& dst, const std::vector<int32_t>& values) {
  if (is_float(dst.dtype())) {
    std::vector<float> f(values.begin(), values.end());  // int32 -> float32, to nearest even
    write_f32(dst, f);
    return;
  }
  const std::vector<int64_t> wide(values.begin(), values.end());
  detail::scatter_i64(dst, wide);
  note_write(dst);
}

bool is_unsigned(const AccessPattern& ap) {
  return is_int(ap.dtype()) && !is_signed_int(ap.dtype());
}

std::string op_text(AluOp op) {
  return std::string(alu_op_name(op));
}

}  // namespace

// ---- tensor_tensor -------------------------------------------------------------

void TensorTensor::check(const OpOperands& o) const {
  const char* name = kName;
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& a = *o.srcs[0];
  const AccessPattern& b = *o.srcs[1];
  need_tile(name, "data1", a, false);
  need_tile(name, "data2", b, false);
  need_tile(name, "dst", dst, true);
  if (a.buffer->kind() == MemKind::psum && b.buffer->kind() == MemKind::psum) {
    throw Error("tensor_tensor: data1 " + tile_text(a) + " and data2 " + tile_text(b) +
                " cannot both be in PSUM");
  }
  if (op == AluOp::power) {
    for (const AccessPattern* ap : {&a, &b, &dst}) {
      if (ap->buffer->kind() == MemKind::psum) {
        throw Error(
            "tensor_tensor: nl.power runs on the GpSimd Engine, which cannot reach "
            "PSUM, and " +
            tile_text(*ap) + " is in it");
      }
    }
  }
  need_same_layout(name, "data2", b, "data1", a);
  need_same_layout(name, "dst", dst, "data1", a);
  if (is_bitvec(op)) {
    const std::string why = bitvec_why(op);
    need_integer(name, why.c_str(), "data1", a);
    need_integer(name, why.c_str(), "data2", b);
    need_integer(name, why.c_str(), "dst", dst);
  }
}

void TensorTensor::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& a = *o.srcs[0];
  const AccessPattern& b = *o.srcs[1];
  check_bounds(dst);
  const bool integer = is_bitvec(op) || (is_int(a.dtype()) && is_int(b.dtype()) &&
                                         op != AluOp::divide && op != AluOp::power);
  if (integer) {
    std::vector<int32_t> x = read_i32(a);
    const std::vector<int32_t> y = read_i32(b);
    const bool logical = is_unsigned(a);
    for (size_t i = 0; i < x.size(); ++i) x[i] = alu_i32(op, x[i], y[i], logical);
    write_i32(dst, x);
    return;
  }
  std::vector<float> x = read_f32(a);
  const std::vector<float> y = read_f32(b);
  for (size_t i = 0; i < x.size(); ++i) x[i] = alu_f32(op, x[i], y[i]);
  write_f32(dst, x);
}

std::string TensorTensor::text(const OpText& t) const {
  return t.dsts + " <- tensor_tensor " + op_text(op) + "(" + t.srcs + ")";
}

// ---- tensor_scalar -------------------------------------------------------------

namespace {

// One operator's second operand for each partition: the constant's, or the
// [P, 1] tile's values.
template <typename T>
std::vector<T> per_partition(const Scalar& constant, const AccessPattern* tile, int64_t p,
                             std::vector<T> (*read)(const AccessPattern&)) {
  if (tile) return read(*tile);
  const T v = constant.is_float ? static_cast<T>(constant.real) : static_cast<T>(constant.integer);
  return std::vector<T>(static_cast<size_t>(p), v);
}

// Applies `step` to x with each partition's operand, in the given order.
template <typename T, typename F>
void apply(std::vector<T>& x, const std::vector<T>& operand, int64_t per, bool reverse, F&& step) {
  for (size_t i = 0; i < x.size(); ++i) {
    const T v = operand[per == 0 ? 0 : i / static_cast<size_t>(per)];
    x[i] = reverse ? step(v, x[i]) : step(x[i], v);
  }
}

}  // namespace

void TensorScalar::check(const OpOperands& o) const {
  const char* name = kName;
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& data = *o.srcs[0];
  need_data_and_operands(name, o, 1 + (tensor0 ? 1 : 0) + (has_op1 && tensor1 ? 1 : 0));
  const bool bitvec = is_bitvec(op0);
  if (has_op1 && is_bitvec(op1) != bitvec) {
    throw Error("tensor_scalar: op0 nl." + op_text(op0) + " and op1 nl." + op_text(op1) +
                " must both be bit-vector operators or both arithmetic ones");
  }
  size_t next = 1;
  for (int k = 0; k < (has_op1 ? 2 : 1); ++k) {
    const bool tile = k == 0 ? tensor0 : tensor1;
    const char* role = k == 0 ? "operand0" : "operand1";
    const Scalar& constant = k == 0 ? operand0 : operand1;
    if (tile) {
      const AccessPattern& v = *o.srcs[next++];
      need_vector(name, role, v, data);
      if (bitvec) {
        need_integer(name, bitvec_why(op0).c_str(), role, v);
      } else if (v.dtype() != DType::float32) {
        throw Error("tensor_scalar: an arithmetic operator's " + std::string(role) +
                    " tile must be float32, " + tile_text(v) + " is not");
      }
    } else if (bitvec) {
      if (constant.is_float || constant.integer < std::numeric_limits<int32_t>::min() ||
          constant.integer > std::numeric_limits<int32_t>::max()) {
        throw Error("tensor_scalar: a bit-vector operator's " + std::string(role) +
                    " must be an int32 constant, not " + constant.text());
      }
    }
  }
  if (bitvec) {
    const std::string why = bitvec_why(op0);
    need_integer(name, why.c_str(), "data", data);
    need_integer(name, why.c_str(), "dst", dst);
  }
}

void TensorScalar::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& data = *o.srcs[0];
  check_bounds(dst);
  const int64_t p = partitions(data), per = free_size(data);
  const AccessPattern* tile0 = tensor0 ? o.srcs[1] : nullptr;
  const AccessPattern* tile1 = has_op1 && tensor1 ? o.srcs[tensor0 ? 2 : 1] : nullptr;
  if (is_bitvec(op0)) {
    const bool logical = is_unsigned(data);
    const auto step = [logical](AluOp op) {
      return [op, logical](int32_t a, int32_t b) { return alu_i32(op, a, b, logical); };
    };
    std::vector<int32_t> x = read_i32(data);
    apply(x, per_partition<int32_t>(operand0, tile0, p, read_i32), per, reverse0, step(op0));
    if (has_op1) {
      apply(x, per_partition<int32_t>(operand1, tile1, p, read_i32), per, reverse1, step(op1));
    }
    write_i32(dst, x);
    return;
  }
  const auto step = [](AluOp op) { return [op](float a, float b) { return alu_f32(op, a, b); }; };
  std::vector<float> x = read_f32(data);
  apply(x, per_partition<float>(operand0, tile0, p, read_f32), per, reverse0, step(op0));
  if (has_op1)
    apply(x, per_partition<float>(operand1, tile1, p, read_f32), per, reverse1, step(op1));
  write_f32(dst, x);
}

std::string TensorScalar::text(const OpText& t) const {
  const auto operand = [&](bool tile, const Scalar& v) {
    return tile ? std::string("tile") : v.text();
  };
  std::string s = t.dsts + " <- tensor_scalar(" + t.srcs + ") " + (reverse0 ? "reversed " : "") +
                  op_text(op0) + " " + operand(tensor0, operand0);
  if (has_op1) {
    s += ", " + std::string(reverse1 ? "reversed " : "") + op_text(op1) + " " +
         operand(tensor1, operand1);
  }
  return s;
}

// ---- the accumulator registers -------------------------------------------------

namespace {

// The registers of `engine` on the core of `tile` (an on-chip tile).
Accumulators& registers_of(const AccessPattern& tile, AccumulatorEngine engine) {
  const Buffer& b = *tile.buffer;
  return b.machine().accumulators(b.rank(), b.program(), engine);
}

void set_registers_row(Accumulators& regs, size_t r, float value) {
  regs.values[r] = value;
  regs.set[r] = true;
}

void set_registers(Accumulators& regs, int64_t p, float value) {
  for (size_t r = 0; r < static_cast<size_t>(p); ++r) set_registers_row(regs, r, value);
}

// Registers [0, p) must be set: `what` is what the instruction does with
// them, `how` which reduce_cmd sets them.
void need_set(const Accumulators& regs, int64_t p, const char* what, const char* how) {
  for (size_t r = 0; r < static_cast<size_t>(p); ++r) {
    if (regs.set[r]) continue;
    throw Error(std::string(what) + " the accumulator register of partition " + std::to_string(r) +
                ", which is not set (" + how + " sets it)");
  }
}

// Adds each partition's values (`per` a row, row-major) to its register, in order.
void add_rows(Accumulators& regs, const std::vector<float>& x, int64_t per) {
  for (size_t i = 0; i < x.size(); ++i) {
    float& acc = regs.values[i / static_cast<size_t>(per)];  // x is empty when per is 0
    acc = acc + x[i];
  }
}

}  // namespace

// ---- activation ----------------------------------------------------------------

namespace {
// What sets the Scalar Engine's registers, for need_set.
constexpr const char* kActSets = "an activation with reduce_cmd.reset or reset_reduce";
}  // namespace

void Activation::check(const OpOperands& o) const {
  const char* name = kName;
  const AccessPattern& data = *o.srcs[0];
  need_data_and_operands(name, o, 1 + (has_bias && bias_tensor ? 1 : 0) + (scale_tensor ? 1 : 0));
  size_t next = 1;
  if (has_bias && bias_tensor) need_vector(name, "bias", *o.srcs[next++], data);
  if (scale_tensor) {
    const AccessPattern& s = *o.srcs[next];
    need_vector(name, "scale", s, data);
    if (s.dtype() != DType::float32) {
      throw Error("activation: the scale tile must be float32, " + tile_text(s) + " is not");
    }
  }
  if (o.dsts.size() > 1) {
    need_vector(name, "reduce_res", *o.dsts[1], data, /*is_dst=*/true);
  }
  if (func == ActFunc::prelu || func == ActFunc::invert) {
    throw Error("activation: nl." + std::string(act_func_name(func)) +
                " is not an activation function here" +
                (func == ActFunc::prelu
                     ? " (it needs relu_param, which nisa.activation does not take)"
                     : " (a bit-vector operator)"));
  }
}

void Activation::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& data = *o.srcs[0];
  check_bounds(dst);
  const int64_t p = partitions(data), per = free_size(data);
  size_t next = 1;
  const AccessPattern* bias_tile = has_bias && bias_tensor ? o.srcs[next++] : nullptr;
  const AccessPattern* scale_tile = scale_tensor ? o.srcs[next] : nullptr;
  const std::vector<float> scales = per_partition<float>(scale, scale_tile, p, read_f32);
  const std::vector<float> biases =
      has_bias ? per_partition<float>(bias, bias_tile, p, read_f32) : std::vector<float>();
  std::vector<float> x = read_f32(data);
  for (size_t i = 0; i < x.size(); ++i) {
    const size_t row = per == 0 ? 0 : i / static_cast<size_t>(per);
    float v = x[i] * scales[row];
    if (has_bias) v = v + biases[row];
    x[i] = act_f32(func, v);
  }
  // The registers' checks before any change: a refused instruction changes nothing.
  const bool has_res = o.dsts.size() > 1;
  if (has_res) check_bounds(*o.dsts[1]);
  Accumulators& regs = registers_of(data, AccumulatorEngine::scalar);
  if (reduce == kReduce) need_set(regs, p, "activation: reduce_cmd.reduce adds to", kActSets);
  if (reduce == kNoReduce && has_res) need_set(regs, p, "activation: reduce_res reads", kActSets);
  if (reduce == kReset || reduce == kResetReduce) set_registers(regs, p, 0.0f);
  if (reduce == kReduce || reduce == kResetReduce) add_rows(regs, x, per);
  write_f32(dst, x);
  if (has_res) {
    write_f32(*o.dsts[1], std::vector<float>(regs.values.begin(), regs.values.begin() + p));
  }
}

std::string Activation::text(const OpText& t) const {
  std::string s = t.dsts + " <- activation " + std::string(act_func_name(func)) + "(" + t.srcs +
                  ") scale " + (scale_tensor ? std::string("tile") : scale.text());
  if (has_bias) s += " bias " + (bias_tensor ? std::string("tile") : bias.text());
  if (reduce == kReset) s += " reset";
  if (reduce == kReduce) s += " sum onto the registers";
  if (reduce == kResetReduce) s += " sum from 0";
  return s;
}

// ---- tensor_reduce -------------------------------------------------------------

void TensorReduce::check(const OpOperands& o) const {
  const char* name = kName;
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& data = *o.srcs[0];
  need_tile(name, "data", data, false);
  need_tile(name, "dst", dst, true);
  const int64_t ndim = static_cast<int64_t>(data.dims.size());
  if (axes < 1 || axes >= ndim) {
    throw Error("tensor_reduce: " + std::to_string(axes) + " trailing free dims of " +
                tile_text(data) + " cannot be reduced (it has " + std::to_string(ndim - 1) + ")");
  }
  const size_t first_reduced = static_cast<size_t>(ndim - axes);
  const int64_t kept = dims_size(data, 1, first_reduced);
  if (partitions(dst) != partitions(data) || free_size(dst) != kept) {
    throw Error("tensor_reduce: dst " + tile_text(dst) + " must have the " +
                std::to_string(partitions(data)) + " partitions of " + tile_text(data) + " and " +
                std::to_string(kept) + " element" + (kept == 1 ? "" : "s") +
                " per partition, what the reduction leaves");
  }
  // The fold starts from a group's first element; an empty group has none
  // (and add's 0 would be no other operator's identity).
  if (dims_size(data, first_reduced, data.dims.size()) == 0 && partitions(dst) != 0 && kept != 0) {
    throw Error("tensor_reduce: the reduced dims of " + tile_text(data) +
                " hold no elements, and a reduction folds at least one into each element of dst");
  }
  if (is_bitvec(op)) {
    const std::string why = bitvec_why(op);
    need_integer(name, why.c_str(), "data", data);
    need_integer(name, why.c_str(), "dst", dst);
    if (negate) {
      throw Error("tensor_reduce: negate applies to arithmetic operators, not nl." + op_text(op));
    }
  }
}

void TensorReduce::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& data = *o.srcs[0];
  check_bounds(dst);
  // check() leaves an empty group only where dst is empty too.
  const int64_t group = dims_size(data, data.dims.size() - static_cast<size_t>(axes), data.dims.size());
  const size_t n = static_cast<size_t>(group);
  const auto fold = [&](auto values, auto&& step) {
    using T = typename decltype(values)::value_type;
    std::vector<T> out(n == 0 ? 0 : values.size() / n);
    for (size_t g = 0; g < out.size(); ++g) {
      T acc = values[g * n];
      for (size_t i = 1; i < n; ++i) acc = step(acc, values[g * n + i]);
      out[g] = acc;
    }
    return out;
  };
  if (is_bitvec(op)) {
    const bool logical = is_unsigned(data);
    write_i32(dst, fold(read_i32(data),
                        [&](int32_t a, int32_t b) { return alu_i32(op, a, b, logical); }));
    return;
  }
  std::vector<float> out =
      fold(read_f32(data), [&](float a, float b) { return alu_f32(op, a, b); });
  if (negate) {
    for (float& v : out) v = -v;
  }
  write_f32(dst, out);
}

std::string TensorReduce::text(const OpText& t) const {
  return t.dsts + " <- tensor_reduce " + op_text(op) + "(" + t.srcs + ") last " +
         std::to_string(axes) + " dims" + (negate ? " negated" : "");
}

// ---- affine_select -------------------------------------------------------------

namespace {

bool is_comparison(AluOp op) {
  return op == AluOp::equal || op == AluOp::not_equal || op == AluOp::less ||
         op == AluOp::less_equal || op == AluOp::greater || op == AluOp::greater_equal;
}

// The elements of `src` in `to`, densely, as a DMA converts them: the bits
// when the dtypes agree, through float32 when they differ.
std::vector<std::byte> read_as(const AccessPattern& src, DType to) {
  check_bounds(src);
  check_written(src);
  std::vector<std::byte> out(static_cast<size_t>(src.elements()) * dtype_size(to));
  detail::copy_span(detail::dense_span(out.data(), to, src.elements()), detail::span_of(src));
  return out;
}

void need_sbuf(const char* op, const char* role, const AccessPattern& ap) {
  if (ap.buffer->kind() == MemKind::sbuf) return;
  throw Error(std::string(op) + ": " + role + " must be in SBUF, " + tile_text(ap) + " is not");
}

}  // namespace

void AffineSelect::check(const OpOperands& o) const {
  const char* name = kName;
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& src = *o.srcs[0];
  need_sbuf(name, "dst", dst);
  need_sbuf(name, "on_true_tile", src);
  need_tile(name, "on_true_tile", src, false);
  need_tile(name, "dst", dst, true);
  need_same_layout(name, "dst", dst, "on_true_tile", src);
  const std::string problem = conversion_problem(dst.dtype(), src.dtype());
  if (!problem.empty()) throw Error("affine_select: " + problem);
  const int64_t n = element_count(pattern);
  if (n != free_size(dst)) {
    throw Error("affine_select: the pattern has " + std::to_string(n) + " elements, but dst " +
                tile_text(dst) + " has " + std::to_string(free_size(dst)) + " per partition");
  }
  if (!is_comparison(cmp_op)) {
    throw Error(
        "affine_select: cmp_op must be a comparison (nl.equal, nl.not_equal, nl.less, "
        "nl.less_equal, nl.greater or nl.greater_equal), not nl." +
        op_text(cmp_op));
  }
  need_fill_value(name, "on_false_value", on_false, dst);
}

void AffineSelect::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& dst = *o.dsts[0];
  check_bounds(dst);
  std::vector<std::byte> out = read_as(*o.srcs[0], dst.dtype());
  const std::vector<std::byte> no = on_false.bytes(dst.dtype());
  const size_t size = no.size();
  const int64_t per = free_size(dst);
  for (int64_t p = 0; p < partitions(dst); ++p) {
    for (int64_t f = 0; f < per; ++f) {
      const int32_t value = affine_value(pattern, offset, channel_multiplier, p, f);
      if (alu_i32(cmp_op, value, 0, false) != 0) continue;
      std::copy(no.begin(), no.end(), out.begin() + static_cast<ptrdiff_t>((p * per + f) * size));
    }
  }
  if (out.empty()) return;
  detail::scatter_bytes(dst, out);
  note_write(dst);
}

std::string AffineSelect::text(const OpText& t) const {
  std::string s = t.dsts + " <- affine_select(" + t.srcs + ") where " + op_text(cmp_op) + "(" +
                  std::to_string(offset) + " + p * " + std::to_string(channel_multiplier) + " + [";
  for (size_t k = 0; k < pattern.size(); ++k) {
    s += (k ? ", [" : "[") + std::to_string(pattern[k].step) + ", " +
         std::to_string(pattern[k].count) + "]";
  }
  return s + "], 0) else " + on_false.text();
}

// ---- tensor_copy_predicated ----------------------------------------------------

void TensorCopyPredicated::check(const OpOperands& o) const {
  const char* name = kName;
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& pred = *o.srcs[0];
  need_tile(name, "dst", dst, true);
  need_tile(name, "predicate", pred, false);
  need_same_layout(name, "predicate", pred, "dst", dst);
  const DType pt = pred.dtype();
  if (pt != DType::uint8 && pt != DType::uint16 && pt != DType::uint32) {
    throw Error("tensor_copy_predicated: the predicate must be uint8, uint16 or uint32, " +
                tile_text(pred) + " is not");
  }
  if (o.srcs.size() != (src_tensor ? 2u : 1u)) {
    throw Error("tensor_copy_predicated: " + std::to_string(src_tensor ? 2 : 1) +
                " source tiles expected, not " + std::to_string(o.srcs.size()));
  }
  if (!src_tensor) {
    need_fill_value(name, "src", value, dst);
    return;
  }
  const AccessPattern& src = *o.srcs[1];
  need_tile(name, "src", src, false);
  need_same_layout(name, "src", src, "dst", dst);
  if (src.buffer->kind() == MemKind::psum && pred.buffer->kind() == MemKind::psum) {
    throw Error("tensor_copy_predicated: src " + tile_text(src) + " and the predicate " +
                tile_text(pred) + " cannot both be in PSUM");
  }
  if (src.dtype() != dst.dtype()) {
    throw Error("tensor_copy_predicated: src " + tile_text(src) + " must have the dtype of dst " +
                tile_text(dst));
  }
}

void TensorCopyPredicated::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& dst = *o.dsts[0];
  check_bounds(dst);
  const std::vector<int32_t> flags = read_i32(*o.srcs[0]);
  const size_t size = dtype_size(dst.dtype());
  std::vector<std::byte> from;
  if (src_tensor) {
    from = read_as(*o.srcs[1], dst.dtype());
  } else {
    const std::vector<std::byte> one = value.bytes(dst.dtype());
    for (size_t i = 0; i < flags.size(); ++i) from.insert(from.end(), one.begin(), one.end());
  }
  // What dst holds (unchecked: elements not copied are not read) with the
  // copied elements replaced; only those become written.
  std::vector<std::byte> out = detail::gather_bytes(dst);
  std::vector<bool> copied(flags.size());
  for (size_t i = 0; i < flags.size(); ++i) {
    copied[i] = (flags[i] != 0) != reverse_pred;
    if (!copied[i]) continue;
    std::copy(from.begin() + static_cast<ptrdiff_t>(i * size),
              from.begin() + static_cast<ptrdiff_t>((i + 1) * size),
              out.begin() + static_cast<ptrdiff_t>(i * size));
  }
  if (out.empty()) return;
  detail::scatter_bytes(dst, out);
  note_write_where(dst, copied);
}

std::string TensorCopyPredicated::text(const OpText& t) const {
  return t.dsts + " <- tensor_copy_predicated(" + t.srcs + ")" +
         (src_tensor ? std::string() : " value " + value.text()) +
         (reverse_pred ? " where zero" : " where nonzero");
}

// ---- exponential ---------------------------------------------------------------

void Exponential::check(const OpOperands& o) const {
  const char* name = kName;
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& src = *o.srcs[0];
  const std::string_view platform = dst.buffer->machine().platform().name;
  if (platform != "trn3") {
    throw Error("exponential: the instruction is NeuronCore-v4's (trn3 on); the platform is " +
                std::string(platform));
  }
  need_tile(name, "src", src, false);
  need_tile(name, "dst", dst, true);
  need_same_layout(name, "dst", dst, "src", src);
  const size_t sources = 1 + (max_tensor ? 1 : 0) + (init_tensor ? 1 : 0);
  if (o.srcs.size() != sources) {
    throw Error("exponential: " + std::to_string(sources) + " source tiles expected, not " +
                std::to_string(o.srcs.size()));
  }
  size_t next = 1;
  for (int k = 0; k < 2; ++k) {
    if (!(k == 0 ? max_tensor : init_tensor)) continue;
    const char* role = k == 0 ? "max_value" : "reduce_init";
    const AccessPattern& v = *o.srcs[next++];
    need_vector(name, role, v, src);
    if (v.dtype() != DType::float32) {
      throw Error("exponential: the " + std::string(role) + " tile must be float32, " +
                  tile_text(v) + " is not");
    }
  }
  if (reduce != kLoadReduce && (init_tensor || !(reduce_init == Scalar::of(0.0)))) {
    throw Error("exponential: reduce_init must be 0.0 unless reduce_cmd is load_reduce");
  }
  if (o.dsts.size() < 2) return;
  if (reduce == kNoReduce) {
    throw Error(
        "exponential: reduce_res with reduce_cmd.idle reads the accumulator, which idle "
        "leaves unknown (use reset_reduce, reduce or load_reduce)");
  }
  const AccessPattern& res = *o.dsts[1];
  need_vector(name, "reduce_res", res, src, /*is_dst=*/true);
  if (!is_float(res.dtype())) {
    throw Error("exponential: reduce_res must have a float dtype, " + tile_text(res) + " does not");
  }
}

void Exponential::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& src = *o.srcs[0];
  check_bounds(dst);
  const int64_t p = partitions(src), per = free_size(src);
  size_t next = 1;
  const AccessPattern* max_tile = max_tensor ? o.srcs[next++] : nullptr;
  const AccessPattern* init_tile = init_tensor ? o.srcs[next] : nullptr;
  const std::vector<float> maxes = per_partition<float>(max_value, max_tile, p, read_f32);
  const std::vector<float> init = reduce == kLoadReduce
                                      ? per_partition<float>(reduce_init, init_tile, p, read_f32)
                                      : std::vector<float>();
  std::vector<float> x = read_f32(src);
  for (size_t i = 0; i < x.size(); ++i) {
    x[i] = std::exp(x[i] - maxes[i / static_cast<size_t>(per)]);  // x is empty when per is 0
  }
  // The accumulator's check before any change: a refused instruction changes nothing.
  const bool has_res = o.dsts.size() > 1;
  if (has_res) check_bounds(*o.dsts[1]);
  Accumulators& acc = registers_of(src, AccumulatorEngine::vector);
  if (reduce == kReduce) {
    need_set(acc, p, "exponential: reduce_cmd.reduce adds to",
             "an exponential with reduce_cmd.reset_reduce or load_reduce");
  }
  if (reduce == kNoReduce) {
    for (size_t r = 0; r < static_cast<size_t>(p); ++r) acc.set[r] = false;  // unknown
  } else {
    if (reduce == kResetReduce) set_registers(acc, p, 0.0f);
    for (size_t r = 0; r < init.size(); ++r) set_registers_row(acc, r, init[r]);
    add_rows(acc, x, per);
  }
  write_f32(dst, x);
  if (has_res) {
    write_f32(*o.dsts[1], std::vector<float>(acc.values.begin(), acc.values.begin() + p));
  }
}

std::string Exponential::text(const OpText& t) const {
  std::string s = t.dsts + " <- exponential(" + t.srcs + ") minus " +
                  (max_tensor ? std::string("tile") : max_value.text());
  if (reduce == kResetReduce) s += " sum from 0";
  if (reduce == kReduce) s += " sum onto the accumulator";
  if (reduce == kLoadReduce) {
    s += " sum from " + (init_tensor ? std::string("tile") : reduce_init.text());
  }
  return s;
}

}  // namespace nkic::rt
