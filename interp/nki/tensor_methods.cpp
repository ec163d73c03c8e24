// A tensor's attributes (shape, dtype, ...) and methods (.ap(), .reshape()).
#include <cstring>

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
  if (!c["vector_offset"].is_none()) {
    throw ValueError(c.fn.name + ": vector_offset is not supported yet");
  }
  if (!c["dtype"].is_none()) throw ValueError(c.fn.name + ": dtype= is not supported yet");
  const int64_t indirect_dim = to_int(c["indirect_dim"], param_name(c, "indirect_dim"));
  return make_tensor(t.ap(pattern, offset, scalar, static_cast<int>(indirect_dim)));
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
  };
}

}  // namespace nki

std::optional<Value> tensor_attribute(const Value& self, const rt::TensorView& t,
                                      const std::string& name) {
  auto ints = [](const std::vector<int64_t>& v) {
    ValueList out;
    for (int64_t x : v) out.emplace_back(x);
    return make_tuple(std::move(out));
  };
  if (name == "shape") return ints(t.shape());
  if (name == "strides") return ints(t.strides());
  if (name == "dtype") return Value(t.dtype());
  if (name == "buffer") return Value(t.kind());
  if (name == "offset") return Value(t.offset());
  if (name == "ndim") return Value(int64_t{t.ndim()});
  if (name == "size") return Value(t.size());
  if (name == "name") return Value(t.name());
  for (const OpEntry& e : op_table()) {
    if (std::strcmp(e.module, "Tensor") == 0 && e.fn->name == name) {
      return Value(
          Value::Method(std::make_shared<const BoundMethodObj>(BoundMethodObj{self, Value(e.fn)})));
    }
  }
  return std::nullopt;
}

}  // namespace nkic::interp
