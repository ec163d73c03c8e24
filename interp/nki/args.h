// Reading and checking the arguments of NKI's builtins, by parameter name,
// with the messages every builtin shares ("nisa.dma_copy: dst must be a
// tensor, ..."), and the pieces nl, nisa and ncc have in common: the rank's
// Device, tensor allocation, fills, and the table entries themselves.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <unordered_map>
#include <vector>

#include "interp/device.h"
#include "interp/evaluator.h"
#include "interp/nki/modules.h"
#include "interp/python/signature_helpers.h"
#include "interp/python/value.h"

namespace nkic::interp::nki {

// "nisa.dma_copy: dst", for messages about one argument.
std::string param_name(const CallArgs& c, const char* param);

namespace detail {
// The readers' messages, out of line: building one needs a frame the
// readers below, inline for the device calls that read a handful each, do
// not.
[[noreturn, gnu::noinline, gnu::cold]] void not_a(const CallArgs& c, const char* param,
                                                  const char* what);
[[noreturn, gnu::noinline, gnu::cold]] void not_a_member(const CallArgs& c, const char* param,
                                                         const char* enum_name);
// dtype_arg of anything but a dtype: its name as a str, or the message.
rt::DType dtype_of(const CallArgs& c, const char* param);
}  // namespace detail

inline const rt::TensorView& tensor_arg(const CallArgs& c, const char* param) {
  if (auto t = c[param].get<Value::Tensor>()) return **t;
  detail::not_a(c, param, "a tensor");
}
rt::Extents shape_arg(const CallArgs& c, const char* param);
inline rt::DType dtype_arg(const CallArgs& c, const char* param) {
  if (auto d = c[param].get<rt::DType>()) return *d;
  return detail::dtype_of(c, param);
}
inline rt::MemKind buffer_arg(const CallArgs& c, const char* param) {
  if (auto k = c[param].get<rt::MemKind>()) return *k;
  detail::not_a(c, param, "a buffer such as nl.sbuf or nl.shared_hbm");
}
// "" for None.
inline std::string name_arg(const CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (v.is_none()) return "";
  if (auto s = v.get<std::string>()) return *s;
  detail::not_a(c, param, "a str");
}
Value::Register register_arg(const CallArgs& c, const char* param);
// to_int of `v`, an argument of `param` (or a part of it, `what`), naming
// the parameter only when it fails.
int64_t int_of(const CallArgs& c, const Value& v, const char* param, const char* what = "");
// An int (the message naming the parameter is made only when it is not one).
int64_t int_arg(const CallArgs& c, const char* param);
// An int, or None (then std::nullopt); inline, for the reason product_if_fits
// is.
inline std::optional<int64_t> optional_int_arg(const CallArgs& c, const char* param) {
  if (c[param].is_none()) return std::nullopt;
  return int_arg(c, param);
}
// An int that fits in int32 (iota's and affine_select's offset and
// channel_multiplier).
int64_t int32_arg(const CallArgs& c, const char* param);
// A list of [step, count] pairs (an access pattern, as .ap() and iota take).
std::vector<rt::Dim> pattern_arg(const CallArgs& c, const char* param);
// nisa.iota's (and affine_select's) pattern: 1 to 4 [step, count] pairs,
// counts not negative, padded with [0, 1] as NKI pads a shorter one.
std::array<rt::Dim, rt::Iota::kMaxDims> iota_pattern_arg(const CallArgs& c, const char* param);
// Throws unless the argument is a member of nisa.<enum_name>; returns its value.
inline int64_t enum_arg(const CallArgs& c, const char* param, const char* enum_name) {
  const auto* e = c[param].get<EnumConst>();
  // The names are mostly the same literal: compared by address first.
  if (!e || (e->enum_name != enum_name && std::strcmp(e->enum_name, enum_name) != 0)) {
    detail::not_a_member(c, param, enum_name);
  }
  return e->value;
}
// The kernel's engine= (a nisa.engine member, already read) must be unknown
// or one of `allowed`, else "OP: engine must be CHOICES (or left unknown)".
void check_engine(const CallArgs& c, int64_t engine, std::initializer_list<int64_t> allowed,
                  const char* choices);

// The constant `v` as a fill writes it into `dtype`: floats (and any float
// value) through float32, integers exactly.
rt::Scalar scalar_arg(rt::DType dtype, const Value& v, const std::string& what);

// The rank's Device, and a new tensor on the rank announced to it.
Device& device(const CallArgs& c);
Value allocate(const CallArgs& c, rt::Extents shape, rt::DType dtype, rt::MemKind kind,
               const std::string& name);
// Every element of t becomes v, as a device operation (on `engine`, a
// nisa.engine member, when the kernel names one).
void fill(const CallArgs& c, const rt::TensorView& t, const Value& v, const std::string& what,
          int64_t engine = 0);

// A table entry of `module` (modules.h).
OpEntry entry(const char* module, std::string name, Signature sig, OpRole role,
              BuiltinAction action);

// The entries of each module, one file each.
std::vector<OpEntry> nl_entries();
std::vector<OpEntry> nisa_entries();
std::vector<OpEntry> nisa_matmul_entries();  // nisa_matmul.cpp
std::vector<OpEntry> nisa_lnc_entries();     // nisa_lnc.cpp
std::vector<OpEntry> nisa_compute_entries();  // nisa_compute.cpp
std::vector<OpEntry> ncc_entries();
std::vector<OpEntry> tensor_method_entries();
std::vector<OpEntry> tensor_view_method_entries();  // view_methods.cpp
std::vector<OpEntry> tensor_rearrange_entries();    // rearrange.cpp

// The partitions of an on-chip tile (nl.tile_size.pmax).
constexpr int64_t kPartitions = 128;

// nl.tile_size for `platform` (tile_size.cpp).
Value::Module tile_size_module(const rt::Platform& platform);

// An empty module called `name`.
Value::Module new_module(const std::string& name);

// nisa's enums (oob_mode, engine, ...) as module members, and one member.
void add_isa_enums(std::unordered_map<std::string, Value>& nisa);
Value enum_member(const char* enum_name, const char* member);

}  // namespace nkic::interp::nki
