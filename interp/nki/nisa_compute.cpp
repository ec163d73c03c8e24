// nki.isa's element-wise operations of the Vector, Scalar and GpSimd
// Engines: tensor_tensor, tensor_scalar, activation (and activation_reduce),
// tensor_reduce, reciprocal, affine_select, tensor_copy_predicated and
// exponential. Each reads what only its arguments tell (operators, constants
// or per-partition tiles, axes, engine, reduce commands) and hands the
// operation (runtime/compute_ops.h), which checks the tiles, to the rank's
// Device.
#include <algorithm>
#include <initializer_list>

#include "interp/nki/args.h"
#include "runtime/isa_members.h"

namespace nkic::interp::nki {
namespace {

// The dims of exponential's src and dst, at most: the instruction's 4-D pattern.
constexpr int kMaxExponentialDims = 4;
// nisa.reduce_cmd's members.
constexpr int64_t kReduceIdle = 0, kReduceReset = 1, kReduceReduce = 2, kReduceResetReduce = 3,
                  kReduceLoadReduce = 4;

bool bool_arg(const CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (auto b = v.get<bool>()) return *b;
  throw ValueError(param_name(c, param) + " must be True or False, not '" + type_name(v) + "'");
}

rt::AluOp alu_arg(const CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (auto op = v.get<rt::AluOp>()) return *op;
  throw ValueError(param_name(c, param) + " must be a binary operator of nl (nl.add, " +
                   "nl.maximum, nl.bitwise_and, ...), not " +
                   (v.is<rt::ActFunc>() ? to_str(v) : "'" + type_name(v) + "'"));
}

rt::ActFunc act_arg(const CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (auto f = v.get<rt::ActFunc>()) return *f;
  throw ValueError(param_name(c, param) + " must be an activation function of nl (nl.exp, " +
                   "nl.relu, nl.copy, ...), not " +
                   (v.is<rt::AluOp>() ? to_str(v) : "'" + type_name(v) + "'"));
}

// A compute engine: the Tensor, DMA and Sync engines compute none of these.
// The member, kept for the cost model.
int64_t compute_engine_arg(const CallArgs& c) {
  const int64_t engine = enum_arg(c, "engine", "engine");
  check_engine(c, engine,
               {rt::isa::kEngineVector, rt::isa::kEngineScalar, rt::isa::kEngineGpsimd},
               "nisa.engine.vector, scalar or gpsimd");
  return engine;
}

// reduce_cmd, which must be one of `allowed` (named in that order when it is not).
int64_t reduce_cmd_arg(const CallArgs& c, std::initializer_list<int64_t> allowed) {
  static const char* const names[] = {"idle", "reset", "reduce", "reset_reduce", "load_reduce"};
  const int64_t cmd = enum_arg(c, "reduce_cmd", "reduce_cmd");
  if (std::find(allowed.begin(), allowed.end(), cmd) != allowed.end()) return cmd;
  std::string list;
  size_t k = 0;
  for (int64_t a : allowed) {
    list += (k == 0                    ? ""
             : k + 1 == allowed.size() ? " or "
                                       : ", ") +
            std::string(names[static_cast<size_t>(a)]);
    ++k;
  }
  throw ValueError(param_name(c, "reduce_cmd") + " must be " + list + ", not " +
                   to_str(c["reduce_cmd"]));
}

// A scalar operand: a constant, or a tile (then appended to `srcs`).
// Returns whether it is a tile.
bool operand_arg(const CallArgs& c, const char* param, rt::Scalar& constant,
                 std::vector<const rt::TensorView*>& srcs) {
  const Value& v = c[param];
  if (auto t = v.get<Value::Tensor>()) {
    srcs.push_back(t->get());
    return true;
  }
  if (v.is<bool>() || v.is<int64_t>()) {
    constant = rt::Scalar::of(int_of(c, v, param));
  } else if (v.is<double>()) {
    constant = rt::Scalar::of(to_number(v, param_name(c, param)));
  } else {
    throw ValueError(param_name(c, param) + " must be a number or a tile, not '" + type_name(v) +
                     "'");
  }
  return false;
}

Value nisa_tensor_tensor(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& data1 = tensor_arg(c, "data1");
  const rt::TensorView& data2 = tensor_arg(c, "data2");
  rt::TensorTensor op;
  op.op = alu_arg(c, "op");
  op.engine = compute_engine_arg(c);
  name_arg(c, "name");
  device(c).run({op, {&dst}, {&data1, &data2}, {}, {}, c.range});
  return Value();
}

Value nisa_tensor_scalar(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& data = tensor_arg(c, "data");
  std::vector<const rt::TensorView*> srcs = {&data};
  rt::TensorScalar op;
  op.op0 = alu_arg(c, "op0");
  op.tensor0 = operand_arg(c, "operand0", op.operand0, srcs);
  op.reverse0 = bool_arg(c, "reverse0");
  op.has_op1 = !c["op1"].is_none();
  if (op.has_op1) {
    op.op1 = alu_arg(c, "op1");
    if (c["operand1"].is_none()) {
      throw ValueError(param_name(c, "operand1") + " must be given with op1");
    }
    op.tensor1 = operand_arg(c, "operand1", op.operand1, srcs);
  } else if (!c["operand1"].is_none()) {
    throw ValueError(param_name(c, "operand1") + " must be None when op1 is");
  }
  op.reverse1 = bool_arg(c, "reverse1");
  op.engine = compute_engine_arg(c);
  name_arg(c, "name");
  device(c).run({op, {&dst}, srcs, {}, {}, c.range});
  return Value();
}

// activation's and activation_reduce's op, bias and scale into `op` (the
// tiles appended to `srcs`), and the reduce_res tile, if any, to `dsts`.
void activation_args(const CallArgs& c, rt::Activation& op,
                     std::vector<const rt::TensorView*>& srcs,
                     std::vector<const rt::TensorView*>& dsts) {
  op.func = act_arg(c, "op");
  op.has_bias = !c["bias"].is_none();
  if (op.has_bias) op.bias_tensor = operand_arg(c, "bias", op.bias, srcs);
  op.scale_tensor = operand_arg(c, "scale", op.scale, srcs);
  if (!c["reduce_res"].is_none()) dsts.push_back(&tensor_arg(c, "reduce_res"));
}

// reduce_op: None (when `required` is false) or nl.add. Returns whether given.
bool reduce_op_arg(const CallArgs& c, bool required) {
  if (c["reduce_op"].is_none() && !required) return false;
  if (c["reduce_op"].is_none() || alu_arg(c, "reduce_op") != rt::AluOp::add) {
    throw ValueError(param_name(c, "reduce_op") + " must be nl.add, the Scalar Engine's one " +
                     "reduction, not " + to_str(c["reduce_op"]));
  }
  return true;
}

Value nisa_activation(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& data = tensor_arg(c, "data");
  std::vector<const rt::TensorView*> srcs = {&data};
  std::vector<const rt::TensorView*> dsts = {&dst};
  rt::Activation op;
  activation_args(c, op, srcs, dsts);
  const int64_t cmd = enum_arg(c, "reduce_cmd", "reduce_cmd");
  reduce_op_arg(c, /*required=*/cmd == kReduceReduce || cmd == kReduceResetReduce);
  // rt::Activation's constants are reduce_cmd's values.
  op.reduce = reduce_cmd_arg(c, {kReduceIdle, kReduceReset, kReduceReduce, kReduceResetReduce});
  name_arg(c, "name");
  device(c).run({op, dsts, srcs, {}, {}, c.range});
  return Value();
}

// nisa.activation_reduce: nisa.activation with reduce_cmd.reset_reduce.
Value nisa_activation_reduce(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& data = tensor_arg(c, "data");
  std::vector<const rt::TensorView*> srcs = {&data};
  std::vector<const rt::TensorView*> dsts = {&dst};
  rt::Activation op;
  activation_args(c, op, srcs, dsts);
  reduce_op_arg(c, /*required=*/true);
  op.reduce = rt::Activation::kResetReduce;
  name_arg(c, "name");
  device(c).run({op, dsts, srcs, {}, {}, c.range});
  return Value();
}

// `axis` (an int or a tuple or list of ints) as the count of trailing dims
// it names: they must be the last free dims of a `ndim`-D tile, in order.
int64_t reduce_axes_arg(const CallArgs& c, int ndim) {
  const Value& v = c["axis"];
  std::vector<int64_t> axes;
  if (v.is<int64_t>()) {
    axes.push_back(int_of(c, v, "axis"));
  } else if (const ValueList* items = sequence_items(v)) {
    for (const Value& a : *items) axes.push_back(int_of(c, a, "axis"));
  } else {
    throw ValueError(param_name(c, "axis") + " must be an int or a tuple of ints, not '" +
                     type_name(v) + "'");
  }
  const int64_t n = static_cast<int64_t>(axes.size());
  bool ok = n >= 1 && n < ndim;
  for (int64_t i = 0; ok && i < n; ++i) {
    const int64_t a = axes[static_cast<size_t>(i)] < 0 ? axes[static_cast<size_t>(i)] + ndim
                                                       : axes[static_cast<size_t>(i)];
    ok = a == ndim - n + i;
  }
  if (!ok) {
    throw ValueError(param_name(c, "axis") + " " + to_repr(v) + " must name the last free " +
                     "dims of a " + std::to_string(ndim) + "-D tile, in order, ending at dim " +
                     std::to_string(ndim - 1) + " (never the partition dim 0)");
  }
  return n;
}

Value nisa_tensor_reduce(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& data = tensor_arg(c, "data");
  rt::TensorReduce op;
  op.op = alu_arg(c, "op");
  op.axes = reduce_axes_arg(c, data.ndim());
  op.negate = bool_arg(c, "negate");
  bool_arg(c, "keepdims");  // the dst shape says it; only the element count is checked
  name_arg(c, "name");
  device(c).run({op, {&dst}, {&data}, {}, {}, c.range});
  return Value();
}

// nisa.reciprocal: the activation of nl.reciprocal, 1.0 / x in float32.
Value nisa_reciprocal(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& data = tensor_arg(c, "data");
  name_arg(c, "name");
  rt::Activation op;
  op.func = rt::ActFunc::reciprocal;
  device(c).run({op, {&dst}, {&data}, {}, {}, c.range});
  return Value();
}

Value nisa_affine_select(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& on_true = tensor_arg(c, "on_true_tile");
  rt::AffineSelect op;
  op.pattern = iota_pattern_arg(c, "pattern");
  op.channel_multiplier = int32_arg(c, "channel_multiplier");
  op.offset = int32_arg(c, "offset");
  op.cmp_op = alu_arg(c, "cmp_op");
  // A float32 value, whatever the tiles' dtypes.
  op.on_false = rt::Scalar::of(to_number(c["on_false_value"], param_name(c, "on_false_value")));
  name_arg(c, "name");
  device(c).run({op, {&dst}, {&on_true}, {}, {}, c.range});
  return Value();
}

Value nisa_tensor_copy_predicated(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& predicate = tensor_arg(c, "predicate");
  std::vector<const rt::TensorView*> srcs = {&predicate};
  rt::TensorCopyPredicated op;
  if (auto t = c["src"].get<Value::Tensor>()) {
    op.src_tensor = true;
    srcs.push_back(t->get());
  } else {
    op.value = scalar_arg(dst.dtype(), c["src"], param_name(c, "src"));
  }
  op.reverse_pred = bool_arg(c, "reverse_pred");
  name_arg(c, "name");
  device(c).run({op, {&dst}, srcs, {}, {}, c.range});
  return Value();
}

// A float32 operand: a number, or a tile (then appended to `srcs`).
// Returns whether it is a tile.
bool float_operand_arg(const CallArgs& c, const char* param, rt::Scalar& constant,
                       std::vector<const rt::TensorView*>& srcs) {
  if (auto t = c[param].get<Value::Tensor>()) {
    srcs.push_back(t->get());
    return true;
  }
  constant = rt::Scalar::of(to_number(c[param], param_name(c, param)));
  return false;
}

Value nisa_exponential(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& src = tensor_arg(c, "src");
  for (const char* param : {"dst", "src"}) {
    const rt::TensorView& t = tensor_arg(c, param);
    if (t.ndim() > kMaxExponentialDims) {
      throw ValueError(param_name(c, param) + " must have at most " +
                       std::to_string(kMaxExponentialDims) + " dims, not " +
                       std::to_string(t.ndim()));
    }
  }
  std::vector<const rt::TensorView*> srcs = {&src};
  std::vector<const rt::TensorView*> dsts = {&dst};
  if (!c["reduce_res"].is_none()) dsts.push_back(&tensor_arg(c, "reduce_res"));
  rt::Exponential op;
  op.max_tensor = float_operand_arg(c, "max_value", op.max_value, srcs);
  // rt::Exponential's constants are reduce_cmd's values.
  op.reduce =
      reduce_cmd_arg(c, {kReduceIdle, kReduceResetReduce, kReduceReduce, kReduceLoadReduce});
  op.init_tensor = float_operand_arg(c, "reduce_init", op.reduce_init, srcs);
  name_arg(c, "name");
  device(c).run({op, dsts, srcs, {}, {}, c.range});
  return Value();
}

}  // namespace

std::vector<OpEntry> nisa_compute_entries() {
  const Value none;
  const Value engine_unknown = enum_member("engine", "unknown");
  const OpRole device = OpRole::device;
  const char* nisa = "nki.isa";
  return {
      entry(nisa, "tensor_tensor",
            {req("dst"), req("data1"), req("data2"), req("op"), opt("engine", engine_unknown),
             opt("name", none)},
            device, nisa_tensor_tensor),
      entry(nisa, "tensor_scalar",
            {req("dst"), req("data"), req("op0"), req("operand0"), opt("reverse0", false),
             opt("op1", none), opt("operand1", none), opt("reverse1", false),
             opt("engine", engine_unknown), opt("name", none)},
            device, nisa_tensor_scalar),
      entry(nisa, "activation",
            {req("dst"), req("op"), req("data"), opt("bias", none), opt("scale", 1.0),
             opt("reduce_op", none), opt("reduce_res", none),
             opt("reduce_cmd", enum_member("reduce_cmd", "idle")), opt("name", none)},
            device, nisa_activation),
      entry(nisa, "activation_reduce",
            {req("dst"), req("op"), req("data"), req("reduce_op"), req("reduce_res"),
             opt("bias", none), opt("scale", 1.0), opt("name", none)},
            device, nisa_activation_reduce),
      entry(nisa, "tensor_reduce",
            {req("dst"), req("op"), req("data"), req("axis"), opt("negate", false),
             opt("keepdims", false), opt("name", none)},
            device, nisa_tensor_reduce),
      entry(nisa, "affine_select",
            {req("dst"), req("pattern"), req("channel_multiplier"), req("on_true_tile"),
             req("on_false_value"), opt("cmp_op", rt::AluOp::equal), opt("offset", int64_t{0}),
             opt("name", none)},
            device, nisa_affine_select),
      entry(
          nisa, "tensor_copy_predicated",
          {req("dst"), req("src"), req("predicate"), opt("reverse_pred", false), opt("name", none)},
          device, nisa_tensor_copy_predicated),
      entry(nisa, "reciprocal", {req("dst"), req("data"), opt("name", none)}, device,
            nisa_reciprocal),
      entry(nisa, "exponential",
            {req("dst"), req("src"), opt("max_value", 0.0), opt("reduce_res", none),
             opt("reduce_cmd", enum_member("reduce_cmd", "idle")), opt("reduce_init", 0.0),
             opt("name", none)},
            device, nisa_exponential),
  };
}

}  // namespace nkic::interp::nki
