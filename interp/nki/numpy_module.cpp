// See numpy_module.h.
#include "interp/nki/numpy_module.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "interp/nki/args.h"
#include "interp/python/signature_helpers.h"
#include "runtime/dtype.h"

namespace nkic::interp {

namespace {

// NumPy's dtypes, by their NumPy names: nki.language's objects.
constexpr rt::DType kNumpyDTypes[] = {rt::DType::float32, rt::DType::float16, rt::DType::int32,
                                      rt::DType::int16,   rt::DType::int8,    rt::DType::uint32,
                                      rt::DType::uint16,  rt::DType::uint8,   rt::DType::bool_};

rt::DType dtype_argument(CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (auto t = v.get<rt::DType>()) return *t;
  if (auto s = v.get<std::string>()) {
    if (auto t = rt::dtype_from_name(*s == "bool" ? "bool_" : *s)) return *t;
    throw ValueError("data type '" + *s + "' not understood (kernels have nki.language's dtypes)",
                     "TypeError");
  }
  throw ValueError(c.fn.name + "() takes a dtype or a dtype's name, not '" + type_name(v) + "'",
                   "TypeError");
}

Value np_dtype(CallArgs& c) {
  return dtype_argument(c, "dtype");
}

// A float dtype's format: the bits of its mantissa, its smallest normal
// exponent and its largest finite value.
struct FloatFormat {
  int mantissa_bits;
  int min_exponent;
  double max;
};

std::optional<FloatFormat> float_format(rt::DType t) {
  switch (t) {
    case rt::DType::float32:
      return FloatFormat{23, -126, std::numeric_limits<float>::max()};
    case rt::DType::float16:
      return FloatFormat{10, -14, 65504.0};
    case rt::DType::bfloat16:
      return FloatFormat{7, -126, std::ldexp(255.0, 120)};
    case rt::DType::float8_e4m3:
      return FloatFormat{3, -6, 240.0};
    case rt::DType::float8_e4m3fn:
      return FloatFormat{3, -6, 448.0};
    case rt::DType::float8_e5m2:
      return FloatFormat{2, -14, 57344.0};
    default:
      return std::nullopt;
  }
}

// `x` rounded to the dtype, as NumPy's finfo holds its fields in it.
double in_dtype(rt::DType t, double x) {
  std::byte element[4];
  rt::store_f32(t, element, static_cast<float>(x));
  return rt::load_f32(t, element);
}

// finfo.__init__(self, dtype): NumPy's fields, each a value of the dtype
// (given as a Python float).
Value finfo_init(CallArgs& c) {
  const rt::DType t = dtype_argument(c, "dtype");
  const std::optional<FloatFormat> f = float_format(t);
  if (!f) {
    throw ValueError("data type " + std::string(rt::dtype_name(t)) + " not inexact (np.finfo " +
                         "takes float32, float16, bfloat16 and the float8 dtypes)",
                     "ValueError");
  }
  auto& self = **c["self"].get<Value::Instance>();
  const int precision = static_cast<int>(f->mantissa_bits * std::log10(2.0));
  self.set("dtype", t);
  self.set("bits", static_cast<int64_t>(rt::dtype_size(t) * 8));
  self.set("nmant", int64_t{f->mantissa_bits});
  self.set("minexp", int64_t{f->min_exponent});
  self.set("eps", std::ldexp(1.0, -f->mantissa_bits));
  self.set("epsneg", std::ldexp(1.0, -f->mantissa_bits - 1));
  self.set("max", f->max);
  self.set("min", -f->max);
  self.set("tiny", std::ldexp(1.0, f->min_exponent));
  self.set("smallest_normal", std::ldexp(1.0, f->min_exponent));
  self.set("smallest_subnormal", std::ldexp(1.0, f->min_exponent - f->mantissa_bits));
  self.set("precision", int64_t{precision});
  self.set("resolution", in_dtype(t, std::pow(10.0, -precision)));
  return Value();
}

// iinfo.__init__(self, dtype).
Value iinfo_init(CallArgs& c) {
  const rt::DType t = dtype_argument(c, "dtype");
  if (rt::is_float(t) || t == rt::DType::bool_ || rt::is_packed(t) ||
      t == rt::DType::float8_e8m0fnu) {
    throw ValueError("invalid integer data type " + std::string(rt::dtype_name(t)) +
                         " (np.iinfo takes the int and uint dtypes)",
                     "ValueError");
  }
  const int64_t bits = static_cast<int64_t>(rt::dtype_size(t) * 8);
  auto& self = **c["self"].get<Value::Instance>();
  self.set("dtype", t);
  self.set("bits", bits);
  if (rt::is_signed_int(t)) {
    self.set("min", -(int64_t{1} << (bits - 1)));
    self.set("max", (int64_t{1} << (bits - 1)) - 1);
  } else {
    self.set("min", int64_t{0});
    self.set("max", (int64_t{1} << bits) - 1);
  }
  return Value();
}

std::string field_text(const Value& self, const char* name) {
  const auto& attrs = (*self.get<Value::Instance>())->attrs;
  auto it = attrs.find(name);
  return it == attrs.end() ? std::string("?") : to_repr(it->second);
}

Value finfo_repr(CallArgs& c) {
  const Value& s = c["self"];
  return "finfo(resolution=" + field_text(s, "resolution") + ", min=" + field_text(s, "min") +
         ", max=" + field_text(s, "max") + ", dtype=" + field_text(s, "dtype") + ")";
}

Value iinfo_repr(CallArgs& c) {
  const Value& s = c["self"];
  return "iinfo(min=" + field_text(s, "min") + ", max=" + field_text(s, "max") +
         ", dtype=" + field_text(s, "dtype") + ")";
}

Value host_array(CallArgs&) {
  throw ValueError(
      "numpy arrays are not available to kernels: tensors are made with nki.language "
      "(nl.ndarray) and moved with nki.isa (nisa.dma_copy)",
      "TypeError");
}

Value::Class info_class(const char* name, BuiltinAction init, BuiltinAction repr) {
  auto cls = new_class();
  cls->name = name;
  cls->attrs["__init__"] = Value(python_fn("__init__", {req("self"), req("dtype")}, init));
  cls->attrs["__repr__"] = Value(python_fn("__repr__", {req("self")}, repr));
  return cls;
}

}  // namespace

void add_numpy_module(std::map<std::string, Value::Module>& mods) {
  auto np = nki::new_module("numpy");
  auto& v = np->scope->vars;
  for (rt::DType t : kNumpyDTypes) v[std::string(rt::dtype_name(t))] = Value(t);
  v["bool"] = Value(rt::DType::bool_);
  v["dtype"] = Value(python_fn("dtype", {req("dtype")}, np_dtype));
  v["finfo"] = Value(info_class("finfo", finfo_init, finfo_repr));
  v["iinfo"] = Value(info_class("iinfo", iinfo_init, iinfo_repr));
  auto ndarray = new_class();
  ndarray->name = "ndarray";
  ndarray->attrs["__init__"] =
      Value(python_fn("__init__", {req("self"), rest("args"), kwrest("kwargs")}, host_array));
  v["ndarray"] = Value(ndarray);
  v["inf"] = std::numeric_limits<double>::infinity();
  v["nan"] = std::numeric_limits<double>::quiet_NaN();
  v["pi"] = M_PI;
  v["e"] = M_E;
  v["newaxis"] = Value();
  np->missing_hint =
      "kernels' numpy has its dtypes, dtype, finfo, iinfo, ndarray (for annotations), inf, nan, "
      "pi, e and newaxis; arrays live on the host";
  mods["numpy"] = np;
}

}  // namespace nkic::interp
