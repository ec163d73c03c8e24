// See args.h.
#include "interp/nki/args.h"

#include "interp/lnc_share.h"
#include "runtime/isa_members.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace nkic::interp::nki {

std::string param_name(const CallArgs& c, const char* param) {
  return c.fn.name + ": " + param;
}

namespace detail {

void not_a(const CallArgs& c, const char* param, const char* what) {
  throw ValueError(param_name(c, param) + " must be " + what + ", not '" + type_name(c[param]) +
                   "'");
}

void not_a_member(const CallArgs& c, const char* param, const char* enum_name) {
  const Value& v = c[param];
  throw ValueError(param_name(c, param) + " must be a member of nisa." + enum_name + ", not " +
                   (v.is<EnumConst>() ? to_str(v) : "'" + type_name(v) + "'"));
}

}  // namespace detail

int64_t int_of(const CallArgs& c, const Value& v, const char* param, const char* what) {
  if (auto i = v.get<int64_t>()) return *i;
  return to_int(v, param_name(c, param) + what);
}

rt::Extents shape_arg(const CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (auto r = v.get<Value::Register>()) register_misuse(**r, "a shape");
  if (v.is<int64_t>()) return {*v.get<int64_t>()};
  const ValueList* items = sequence_items(v);
  if (!items) {
    throw ValueError(param_name(c, param) + " must be a tuple or list of ints, not '" +
                     type_name(v) + "'");
  }
  rt::Extents shape;
  for (const Value& d : *items) {
    if (auto r = d.get<Value::Register>()) register_misuse(**r, "a shape");
    shape.push_back(int_of(c, d, param, " dimension"));
  }
  return shape;
}

rt::DType detail::dtype_of(const CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (auto s = v.get<std::string>()) {
    if (auto d = rt::dtype_from_name(*s)) return *d;
  }
  throw ValueError(param_name(c, param) + " must be a dtype such as nl.float32, not " +
                   (v.is<std::string>() ? to_repr(v) : "'" + type_name(v) + "'"));
}

Value::Register register_arg(const CallArgs& c, const char* param) {
  if (auto r = c[param].get<Value::Register>()) return *r;
  detail::not_a(c, param, "a register");
}

int64_t int_arg(const CallArgs& c, const char* param) {
  return int_of(c, c[param], param);
}

namespace {

bool fits_int32(int64_t v) {
  return v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max();
}

}  // namespace

int64_t int32_arg(const CallArgs& c, const char* param) {
  const int64_t v = int_arg(c, param);
  if (!fits_int32(v)) {
    throw ValueError(param_name(c, param) + " must fit in int32, not " + std::to_string(v));
  }
  return v;
}

std::vector<rt::Dim> pattern_arg(const CallArgs& c, const char* param) {
  const ValueList* pairs = sequence_items(c[param]);
  if (!pairs) throw ValueError(param_name(c, param) + " must be a list of [step, count] pairs");
  std::vector<rt::Dim> pattern;
  for (const Value& p : *pairs) {
    const ValueList* sc = sequence_items(p);
    if (!sc || sc->size() != 2) {
      throw ValueError(param_name(c, param) + " must be a list of [step, count] pairs, not " +
                       to_repr(p));
    }
    pattern.push_back(
        rt::Dim{to_int((*sc)[0], "a pattern step"), to_int((*sc)[1], "a pattern count")});
  }
  return pattern;
}

std::array<rt::Dim, rt::Iota::kMaxDims> iota_pattern_arg(const CallArgs& c, const char* param) {
  const std::vector<rt::Dim> pattern = pattern_arg(c, param);
  std::array<rt::Dim, rt::Iota::kMaxDims> out;
  if (pattern.empty() || pattern.size() > out.size()) {
    throw ValueError(param_name(c, param) + " must have 1 to " + std::to_string(out.size()) +
                     " [step, count] pairs, not " + std::to_string(pattern.size()));
  }
  out.fill(rt::Dim{0, 1});
  for (size_t k = 0; k < pattern.size(); ++k) {
    if (pattern[k].count < 0) {
      throw ValueError(param_name(c, param) + " has a negative count " +
                       std::to_string(pattern[k].count));
    }
    // The engine's steps are int32 fields, as offset and channel_multiplier are.
    if (!fits_int32(pattern[k].step)) {
      throw ValueError(param_name(c, param) + " has a step " + std::to_string(pattern[k].step) +
                       " that does not fit in int32");
    }
    out[k] = pattern[k];
  }
  return out;
}

void check_engine(const CallArgs& c, int64_t engine, std::initializer_list<int64_t> allowed,
                  const char* choices) {
  if (engine == rt::isa::kEngineUnknown ||
      std::find(allowed.begin(), allowed.end(), engine) != allowed.end()) {
    return;
  }
  throw ValueError(param_name(c, "engine") + " must be " + choices + " (or left unknown)");
}

rt::Scalar scalar_arg(rt::DType dtype, const Value& v, const std::string& what) {
  if (rt::is_float(dtype) || v.is<double>()) return rt::Scalar::of(to_number(v, what));
  return rt::Scalar::of(to_int(v, what));
}

Device& device(const CallArgs& c) {
  return *c.ev.context().device;
}

Value allocate(const CallArgs& c, rt::Extents shape, rt::DType dtype, rt::MemKind kind,
               const std::string& name) {
  const std::string& label = name.empty() ? c.ev.assignment_target() : name;
  const RankContext& ctx = c.ev.context();
  LncShare* share = rt::is_on_chip(kind) ? nullptr : ctx.share;
  if (share) {
    // The rank's other program made this HBM tensor already: it is the same one.
    if (auto shared = share->take(ctx.program, kind, dtype, shape, c.range)) {
      return make_tensor(rt::TensorView(std::move(shared)));
    }
  }
  std::shared_ptr<rt::Buffer> buffer = ctx.machine->allocate(
      c.ev.rank(), kind, dtype, std::move(shape), label, /*io=*/false, ctx.program);
  device(c).allocated(buffer, c.range);
  if (share) share->made(ctx.program, buffer, c.range);
  return make_tensor(rt::TensorView(std::move(buffer)));
}

void fill(const CallArgs& c, const rt::TensorView& t, const Value& v, const std::string& what,
          int64_t engine) {
  device(c).run({rt::Memset{scalar_arg(t.dtype(), v, what), engine}, {&t}, {}, {}, {}, c.range});
}

OpEntry entry(const char* module, std::string name, Signature sig, OpRole role,
              BuiltinAction action) {
  return OpEntry{module, std::make_shared<const BuiltinFn>(
                             BuiltinFn{std::move(name), std::move(sig), action, role})};
}

}  // namespace nkic::interp::nki
