// A tensor's attributes (shape, dtype, ...) and methods (.ap(), .reshape()).
#include <cstring>
#include <string_view>
#include <unordered_map>

#include "interp/nki/args.h"

namespace nkic::interp {
namespace nki {
namespace {

Value tensor_ap(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const std::vector<rt::Dim> pattern = pattern_arg(c, "pattern");
  const std::optional<int64_t> offset = optional_int_arg(c, "offset");
  std::optional<rt::ScalarOffset> scalar;
  const Value& scalar_offset = c["scalar_offset"];
  if (auto r = scalar_offset.get<Value::Register>()) {
    scalar = rt::ScalarOffset{*r, nullptr, 1};
  } else if (auto s = scalar_offset.get<Value::Tensor>()) {
    scalar = rt::ScalarOffset{nullptr, *s, 1};
  } else if (!scalar_offset.is_none()) {
    throw ValueError(param_name(c, "scalar_offset") + " must be a register or a 1x1 tensor, not '" +
                     type_name(scalar_offset) + "'");
  }
  if (const Value& vector_offset = c["vector_offset"]; !vector_offset.is_none()) {
    if (scalar) {
      throw ValueError(c.fn.name + ": at most one of scalar_offset and vector_offset can be given");
    }
    auto s = vector_offset.get<Value::Tensor>();
    if (!s) {
      throw ValueError(param_name(c, "vector_offset") + " must be a (P, 1) tensor on sbuf, not '" +
                       type_name(vector_offset) + "'");
    }
    scalar = rt::ScalarOffset{nullptr, *s, 1, true};
  }
  std::optional<rt::DType> dtype;
  if (!c["dtype"].is_none()) dtype = dtype_arg(c, "dtype");
  const int64_t indirect_dim = int_arg(c, "indirect_dim");
  return make_tensor(t.ap(pattern, offset, scalar, static_cast<int>(indirect_dim), dtype));
}

Value tensor_reshape(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const ValueList& dims = *c["shape"].get<Value::Tuple>()->get();
  Value shape = dims.size() == 1 && sequence_items(dims[0]) ? dims[0] : c["shape"];
  std::vector<int64_t> out;
  for (const Value& d : *sequence_items(shape)) {
    if (auto r = d.get<Value::Register>()) register_misuse(**r, "a shape");
    out.push_back(to_int(d, "reshape dimensions"));
  }
  return make_tensor(t.reshape(out));
}

// [[stride, count], ...] of the view, the form .ap() takes.
Value tensor_get_pattern(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  ValueList pairs;
  for (int i = 0; i < t.ndim(); ++i) {
    const auto d = static_cast<size_t>(i);
    pairs.push_back(make_list({Value(t.strides()[d]), Value(t.shape()[d])}));
  }
  return make_list(std::move(pairs));
}

Value tensor_is_indirect(CallArgs& c) {
  return !tensor_arg(c, "self").scalar_offsets().empty();
}

// Row-major dense over the free dims; on SBUF and PSUM the partition dim is
// left out, since each partition is its own memory.
Value tensor_is_contiguous(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  if (!t.scalar_offsets().empty()) return false;
  const size_t first = rt::is_on_chip(t.kind()) ? 1 : 0;
  int64_t expected = 1;
  for (size_t i = t.shape().size(); i-- > first;) {
    if (t.shape()[i] == 0) return true;
    if (t.shape()[i] == 1) continue;
    if (t.strides()[i] != expected) return false;
    expected = rt::checked_mul(expected, t.shape()[i], "a view's extent");
  }
  return true;
}

// t.slice(dim, start, end, step): t[..., start:end:step, ...] on one dim,
// which must lie inside it.
Value tensor_slice(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const int64_t dim = int_arg(c, "dim");
  const int64_t start = int_arg(c, "start");
  const int64_t end = int_arg(c, "end");
  const int64_t step = int_arg(c, "step");
  if (dim < 0 || dim >= t.ndim()) {
    throw ValueError(c.fn.name + ": dim " + std::to_string(dim) + " is out of range for a " +
                     std::to_string(t.ndim()) + "-D tensor");
  }
  const int64_t size = t.shape()[static_cast<size_t>(dim)];
  if (start < 0 || start >= end || end > size || step < 1) {
    throw ValueError(c.fn.name + ": needs 0 <= start < end <= " + std::to_string(size) +
                     " and step >= 1 on dim " + std::to_string(dim) + ", got start " +
                     std::to_string(start) + ", end " + std::to_string(end) + ", step " +
                     std::to_string(step));
  }
  std::vector<rt::IndexItem> items(static_cast<size_t>(t.ndim()));
  for (rt::IndexItem& it : items) it.kind = rt::IndexItem::Kind::slice;
  rt::IndexItem& sliced = items[static_cast<size_t>(dim)];
  sliced.start = start;
  sliced.stop = end;
  sliced.step = step;
  return make_tensor(t.index(items));
}

// t.view(dtype): the same bytes as another dtype (a reinterpret cast).
Value tensor_view_dtype(CallArgs& c) {
  return make_tensor(tensor_arg(c, "self").view_as(dtype_arg(c, "dtype")));
}

// t.vector_select(0, offsets): partition p reads row offsets[p] of t.
Value tensor_vector_select(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const int64_t dim = int_arg(c, "dim");
  if (dim != 0) throw ValueError(param_name(c, "dim") + " must be 0, not " + std::to_string(dim));
  auto offsets = c["vector_offset"].get<Value::Tensor>();
  if (!offsets) {
    throw ValueError(param_name(c, "vector_offset") + " must be a (P, 1) tensor on sbuf, not '" +
                     type_name(c["vector_offset"]) + "'");
  }
  return make_tensor(t.vector_selected(*offsets));
}

}  // namespace

std::vector<OpEntry> tensor_method_entries() {
  const Value none;
  const OpRole meta = OpRole::meta;
  return {
      entry("Tensor", "ap",
            {req("self"), req("pattern"), opt("offset", none), opt("scalar_offset", none),
             opt("vector_offset", none), opt("indirect_dim", int64_t{0}), opt("dtype", none)},
            meta, tensor_ap),
      entry("Tensor", "reshape", {req("self"), rest("shape")}, meta, tensor_reshape),
      entry("Tensor", "get_pattern", {req("self")}, meta, tensor_get_pattern),
      entry("Tensor", "is_indirect", {req("self")}, meta, tensor_is_indirect),
      entry("Tensor", "is_contiguous", {req("self")}, meta, tensor_is_contiguous),
      entry("Tensor", "slice",
            {req("self"), req("dim"), req("start"), req("end"), opt("step", int64_t{1})}, meta,
            tensor_slice),
      entry("Tensor", "view", {req("self"), req("dtype")}, meta, tensor_view_dtype),
      entry("Tensor", "reinterpret_cast", {req("self"), req("dtype")}, meta, tensor_view_dtype),
      entry("Tensor", "vector_select", {req("self"), req("dim"), req("vector_offset")}, meta,
            tensor_vector_select),
  };
}

}  // namespace nki

namespace {

// The names tensor_attribute answers with the tensor's data, before any
// method.
bool is_data_attribute(const std::string& name) {
  for (const char* data :
       {"shape", "strides", "dtype", "buffer", "offset", "ndim", "size", "name"}) {
    if (name == data) return true;
  }
  return false;
}

}  // namespace

const BuiltinPtr* tensor_method_function(const std::string& name) {
  // Built once from the op table, the first entry of a name winning as a
  // search of the table would have it; the data attributes below come first.
  static const std::unordered_map<std::string, BuiltinPtr> methods = [] {
    std::unordered_map<std::string, BuiltinPtr> by_name;
    for (const OpEntry& e : op_table()) {
      if (std::strcmp(e.module, "Tensor") == 0 && !is_data_attribute(e.fn->name)) {
        by_name.emplace(e.fn->name, e.fn);
      }
    }
    return by_name;
  }();
  auto it = methods.find(name);
  return it == methods.end() ? nullptr : &it->second;
}

std::optional<Value> tensor_attribute(const Value& self, const rt::TensorView& t,
                                      const std::string& name) {
  auto ints = [](const rt::Extents& v) {
    ValueList out;
    for (int64_t x : v) out.emplace_back(x);
    return make_tuple(std::move(out));
  };
  // Compared as views: lengths first, the characters only when they agree.
  const std::string_view n = name;
  if (n == "shape") return ints(t.shape());
  if (n == "strides") return ints(t.strides());
  if (n == "dtype") return Value(t.dtype());
  if (n == "buffer") return Value(t.kind());
  if (n == "offset") return Value(t.offset());
  if (n == "ndim") return Value(int64_t{t.ndim()});
  if (n == "size") return Value(t.size());
  if (n == "name") return Value(t.name());
  if (const BuiltinPtr* f = tensor_method_function(name)) {
    return Value(
        Value::Method(std::make_shared<const BoundMethodObj>(BoundMethodObj{self, Value(*f)})));
  }
  return std::nullopt;
}

}  // namespace nkic::interp
