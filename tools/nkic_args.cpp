// See nkic_args.h. Files are read with nkirun's loader (kernel_args.h), so
// both tools accept and reject the same paths.
#include "tools/nkic_args.h"

#include <cctype>
#include <map>

#include "runtime/format_util.h"
#include "tools/kernel_args.h"

namespace nkic::tools {
namespace {

std::optional<rt::DType> dtype_named(const std::string& name) {
  static const std::map<std::string, rt::DType> kShort = {
      {"f32", rt::DType::float32}, {"f16", rt::DType::float16}, {"bf16", rt::DType::bfloat16},
      {"i32", rt::DType::int32},   {"i16", rt::DType::int16},   {"i8", rt::DType::int8},
      {"u32", rt::DType::uint32},  {"u16", rt::DType::uint16},  {"u8", rt::DType::uint8},
      {"bool", rt::DType::bool_},
  };
  if (auto it = kShort.find(name); it != kShort.end()) return it->second;
  return rt::dtype_from_name(name);
}

std::vector<int64_t> parse_dims(const std::string& text, const std::string& value) {
  std::vector<int64_t> dims;
  size_t at = 0;
  auto skip_spaces = [&] {
    while (at < text.size() && text[at] == ' ') ++at;
  };
  skip_spaces();
  if (at == text.size()) return dims;
  while (true) {
    skip_spaces();
    const size_t start = at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) ++at;
    // A dimension of more digits than this cannot be a real size.
    constexpr size_t kMaxDigits = 15;
    if (at == start || at - start > kMaxDigits) {
      throw UsageError{"'" + value + "': a shape is a list of non-negative integers"};
    }
    dims.push_back(std::stoll(text.substr(start, at - start)));
    skip_spaces();
    if (at == text.size()) return dims;
    if (text[at] != ',') {
      throw UsageError{"'" + value + "': a shape is a list of non-negative integers"};
    }
    ++at;
  }
}

interp::TensorSpec spec_of_files(const std::string& option, int ranks) {
  const std::vector<interp::KernelArg> loaded = load_kernel_args({option}, ranks);
  const interp::KernelArg& arg = loaded.front();
  const rt::NpyArray& first = arg.per_rank.front();
  for (size_t r = 1; r < arg.per_rank.size(); ++r) {
    const rt::NpyArray& other = arg.per_rank[r];
    if (other.shape == first.shape && other.dtype == first.dtype) continue;
    throw InputError{"-a " + arg.name + ": rank " + std::to_string(r) + "'s array is " +
                     std::string(rt::dtype_name(other.dtype)) + rt::format_shape(other.shape) +
                     " but rank 0's is " + std::string(rt::dtype_name(first.dtype)) +
                     rt::format_shape(first.shape) +
                     "; a compiled kernel needs the same shape and dtype on every rank"};
  }
  return interp::TensorSpec{first.dtype, first.shape};
}

}  // namespace

std::optional<interp::TensorSpec> parse_tensor_type(const std::string& value) {
  const size_t open = value.find('[');
  if (open == std::string::npos || open == 0 || value.back() != ']') return std::nullopt;
  const std::optional<rt::DType> dtype = dtype_named(value.substr(0, open));
  if (!dtype) return std::nullopt;
  return interp::TensorSpec{*dtype,
                            parse_dims(value.substr(open + 1, value.size() - open - 2), value)};
}

std::vector<interp::TraceArg> load_trace_args(const std::vector<std::string>& options,
                                              int ranks) {
  std::vector<interp::TraceArg> args;
  for (const std::string& option : options) {
    auto [name, value] = split_assignment(option);
    for (const auto& earlier : args) {
      if (earlier.name == name) throw UsageError{"-a " + name + " is given twice"};
    }
    interp::TraceArg arg;
    arg.name = name;
    arg.origin = "-a " + option;
    if (!value.empty() && value[0] == '@') {
      arg.tensor = spec_of_files(option, ranks);
    } else if (auto spec = parse_tensor_type(value)) {
      arg.tensor = *spec;
    } else {
      arg.expression = value;
    }
    args.push_back(std::move(arg));
  }
  return args;
}

}  // namespace nkic::tools
