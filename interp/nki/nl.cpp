// nki.language (nl): tensor allocation and fills, the loop ranges, and the
// small helpers kernels index with.
#include "interp/nki/args.h"

namespace nkic::interp {

Value make_range(CallArgs& c, const char* kind) {
  RangeValue r;
  r.kind = kind;
  const std::string what = std::string(kind) + "() arguments";
  if (c["stop"].is_none()) {
    r.stop = to_int(c["start"], what);
  } else {
    r.start = to_int(c["start"], what);
    r.stop = to_int(c["stop"], what);
  }
  r.step = to_int(c["step"], what);
  if (r.step == 0) throw ValueError(std::string(kind) + "() step must not be zero");
  return r;
}

namespace nki {
namespace {

Value nl_ndarray(CallArgs& c) {
  if (!c["address"].is_none() && !sequence_items(c["address"])) {
    throw ValueError(param_name(c, "address") + " must be None or a (partition, free) offset pair");
  }
  return allocate(c, shape_arg(c, "shape"), dtype_arg(c, "dtype"), buffer_arg(c, "buffer"),
                  name_arg(c, "name"));
}

Value filled(CallArgs& c, const Value& fill_value, const std::string& what) {
  Value t = allocate(c, shape_arg(c, "shape"), dtype_arg(c, "dtype"), buffer_arg(c, "buffer"),
                     name_arg(c, "name"));
  fill(c, **t.get<Value::Tensor>(), fill_value, what);
  return t;
}

Value nl_zeros(CallArgs& c) {
  return filled(c, Value(int64_t{0}), c.fn.name + ": fill value");
}
Value nl_ones(CallArgs& c) {
  return filled(c, Value(int64_t{1}), c.fn.name + ": fill value");
}
Value nl_full(CallArgs& c) {
  return filled(c, c["fill_value"], c.fn.name + ": fill_value");
}

Value like(CallArgs& c, bool zero) {
  const rt::TensorView& x = tensor_arg(c, "x");
  const rt::DType dtype = c["dtype"].is_none() ? x.dtype() : dtype_arg(c, "dtype");
  const rt::MemKind kind = c["buffer"].is_none() ? x.kind() : buffer_arg(c, "buffer");
  Value t = allocate(c, x.shape().to_vector(), dtype, kind, name_arg(c, "name"));
  if (zero) fill(c, **t.get<Value::Tensor>(), Value(int64_t{0}), c.fn.name);
  return t;
}
Value nl_zeros_like(CallArgs& c) {
  return like(c, true);
}
Value nl_empty_like(CallArgs& c) {
  return like(c, false);
}

Value nl_affine_range(CallArgs& c) {
  return make_range(c, "affine_range");
}
Value nl_sequential_range(CallArgs& c) {
  return make_range(c, "sequential_range");
}
Value nl_static_range(CallArgs& c) {
  return make_range(c, "static_range");
}

Value nl_par_dim(CallArgs& c) {
  return c["x"];
}
// The launch grid is the rank's LNC: none under --lnc 1 (program_ndim() 0,
// yet axis 0 answers as a grid of one program, as kernels written for both
// expect), one axis of 2 programs under --lnc 2.
int64_t grid_axis(CallArgs& c, const Value& v, const char* param) {
  const int64_t axis = int_of(c, v, param);
  if (axis == 0) return axis;
  const int programs = c.ev.context().programs;
  throw ValueError(param_name(c, param) + " " + std::to_string(axis) +
                   " is out of range: the launch grid has " +
                   (programs > 1 ? "1 axis (--lnc " + std::to_string(programs) + ")"
                                 : std::string("no axes (--lnc 1)")) +
                   ", so the only axis is 0");
}
Value nl_num_programs(CallArgs& c) {
  const int64_t programs = c.ev.context().programs;
  if (const ValueList* axes = sequence_items(c["axes"])) {
    int64_t total = 1;
    for (const Value& a : *axes) {
      grid_axis(c, a, "axes");
      total = rt::checked_mul(total, programs, "nl.num_programs(axes)");
    }
    return total;
  }
  grid_axis(c, c["axes"], "axes");
  return programs;
}
Value nl_program_id(CallArgs& c) {
  grid_axis(c, c["axis"], "axis");
  return int64_t{c.ev.context().program};
}
Value nl_program_ndim(CallArgs& c) {
  return int64_t{c.ev.context().programs > 1 ? 1 : 0};
}
Value nl_ds(CallArgs& c) {
  const int64_t start = int_arg(c, "start");
  const int64_t size = int_arg(c, "size");
  return SliceValue{start, rt::checked_add(start, size, "nl.ds(start, size)"), std::nullopt, true};
}

// nl.is_hbm(buffer), ...: questions about a buffer (a tensor's .buffer).
Value nl_is_hbm(CallArgs& c) {
  const rt::MemKind k = buffer_arg(c, "buffer");
  return k == rt::MemKind::hbm || k == rt::MemKind::shared_hbm;
}
Value nl_is_on_chip(CallArgs& c) {
  return rt::is_on_chip(buffer_arg(c, "buffer"));
}
Value nl_is_sbuf(CallArgs& c) {
  return buffer_arg(c, "buffer") == rt::MemKind::sbuf;
}
Value nl_is_psum(CallArgs& c) {
  return buffer_arg(c, "buffer") == rt::MemKind::psum;
}

}  // namespace

std::vector<OpEntry> nl_entries() {
  const Value none;
  const Value sbuf(rt::MemKind::sbuf);
  const Value empty_name(std::string{});
  const OpRole meta = OpRole::meta;
  const Signature range_sig = {req("start"), opt("stop", none), opt("step", int64_t{1})};
  const Signature alloc_sig = {req("shape"), req("dtype"), opt("buffer", sbuf),
                               opt("name", empty_name)};
  const Signature like_sig = {req("x"), opt("dtype", none), opt("buffer", none),
                              opt("name", empty_name)};
  const char* nl = "nki.language";
  return {
      entry(nl, "ndarray",
            {req("shape"), req("dtype"), opt("buffer", sbuf), opt("name", empty_name),
             opt("address", none)},
            meta, nl_ndarray),
      entry(nl, "zeros", alloc_sig, meta, nl_zeros),
      entry(nl, "ones", alloc_sig, meta, nl_ones),
      entry(nl, "full",
            {req("shape"), req("fill_value"), req("dtype"), opt("buffer", sbuf),
             opt("name", empty_name)},
            meta, nl_full),
      entry(nl, "zeros_like", like_sig, meta, nl_zeros_like),
      entry(nl, "empty_like", like_sig, meta, nl_empty_like),
      entry(nl, "affine_range", range_sig, meta, nl_affine_range),
      entry(nl, "sequential_range", range_sig, meta, nl_sequential_range),
      entry(nl, "static_range", range_sig, meta, nl_static_range),
      entry(nl, "par_dim", {req("x")}, meta, nl_par_dim),
      entry(nl, "num_programs", {opt("axes", int64_t{0})}, meta, nl_num_programs),
      entry(nl, "program_id", {opt("axis", int64_t{0})}, meta, nl_program_id),
      entry(nl, "program_ndim", {}, meta, nl_program_ndim),
      entry(nl, "ds", {req("start"), req("size")}, meta, nl_ds),
      entry(nl, "is_hbm", {req("buffer")}, meta, nl_is_hbm),
      entry(nl, "is_on_chip", {req("buffer")}, meta, nl_is_on_chip),
      entry(nl, "is_sbuf", {req("buffer")}, meta, nl_is_sbuf),
      entry(nl, "is_psum", {req("buffer")}, meta, nl_is_psum),
  };
}

}  // namespace nki
}  // namespace nkic::interp
