// nki.isa (nisa): the ISA's device operations and its enums. Each action
// checks its arguments, then hands the operation (runtime/device_ops.h) to
// the rank's Device.
#include <cstring>

#include "interp/nki/args.h"
#include "runtime/isa_members.h"

namespace nkic::interp::nki {
namespace {

namespace isa = rt::isa;

// ---- the isa enums -----------------------------------------------------------

struct EnumDef {
  const char* name;
  std::vector<std::pair<const char*, int64_t>> members;
  bool is_int = false;  // an IntEnum: nc_version (library code compares it with ints)
};

const std::vector<EnumDef>& isa_enums() {
  static const std::vector<EnumDef> enums = {
      {"oob_mode", {{"error", 0}, {"skip", 1}}},
      {"dge_mode",
       {{"unknown", isa::kDgeUnknown},
        {"swdge", isa::kDgeSoftware},
        {"hwdge", isa::kDgeHardware},
        {"none", isa::kDgeNone}}},
      {"engine",
       {{"unknown", isa::kEngineUnknown},
        {"tensor", isa::kEngineTensor},
        {"scalar", isa::kEngineScalar},
        {"gpsimd", isa::kEngineGpsimd},
        {"dma", isa::kEngineDma},
        {"vector", isa::kEngineVector},
        {"sync", isa::kEngineSync}}},
      {"dma_engine", {{"dma", 1}, {"gpsimd_dma", 2}}},
      {"matmul_perf_mode", {{"none", 0}, {"double_row", 1}}},
      {"reduce_cmd",
       {{"idle", 0}, {"reset", 1}, {"reduce", 2}, {"reset_reduce", 3}, {"load_reduce", 4}}},
      {"nc_version", {{"gen2", 2}, {"gen3", 3}, {"gen4", 4}}, /*is_int=*/true},
  };
  return enums;
}

constexpr int64_t kOobSkip = 1;  // nisa.oob_mode.skip

void check_single_element(const CallArgs& c, const char* param, const rt::TensorView& t) {
  if (t.size() != 1) {
    throw ValueError(param_name(c, param) + " must hold exactly one element, not " +
                     std::to_string(t.size()));
  }
  if (rt::dtype_size(t.dtype()) > 4) {
    throw ValueError(param_name(c, param) + " must be 32-bit or less");
  }
}

// ---- operations ----------------------------------------------------------------

Value nisa_dma_copy(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& src = tensor_arg(c, "src");
  optional_int_arg(c, "priority");
  const bool skip = enum_arg(c, "oob_mode", "oob_mode") == kOobSkip;
  const int64_t dge = enum_arg(c, "dge_mode", "dge_mode");
  const int64_t engine = enum_arg(c, "engine", "engine");
  name_arg(c, "name");
  check_engine(c, engine, {isa::kEngineSync, isa::kEngineScalar},
               "nisa.engine.sync or nisa.engine.scalar, the engines that trigger a "
               "hardware-DGE transfer");
  if (engine != isa::kEngineUnknown && (dge == isa::kDgeSoftware || dge == isa::kDgeNone)) {
    throw ValueError(param_name(c, "engine") + " names the engine of a hardware-DGE transfer, "
                     "and dge_mode is " + to_str(c["dge_mode"]));
  }
  device(c).run({rt::DmaCopy{skip, false, engine, dge}, {&dst}, {&src}, {}, {}, c.range});
  return Value();
}

Value nisa_memset(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const int64_t engine = enum_arg(c, "engine", "engine");
  name_arg(c, "name");
  check_engine(c, engine, {isa::kEngineVector, isa::kEngineGpsimd},
               "nisa.engine.vector or nisa.engine.gpsimd");
  fill(c, dst, c["value"], param_name(c, "value"), engine);
  return Value();
}

Value nisa_tensor_copy(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  const rt::TensorView& src = tensor_arg(c, "src");
  const int64_t engine = enum_arg(c, "engine", "engine");
  name_arg(c, "name");
  for (const auto* t : {&src, &dst}) {
    if (!rt::is_on_chip(t->kind())) {
      throw ValueError(c.fn.name + ": tensors must be in SBUF or PSUM, and '" + t->name() +
                       "' is in " + std::string(rt::mem_kind_name(t->kind())));
    }
  }
  if (src.shape() != dst.shape()) throw ValueError(c.fn.name + ": dst and src shapes differ");
  device(c).run({rt::DmaCopy{false, true, engine}, {&dst}, {&src}, {}, {}, c.range});
  return Value();
}

Value nisa_iota(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst");
  if (dst.kind() != rt::MemKind::sbuf) {
    throw ValueError(param_name(c, "dst") + " must be in SBUF, and '" + dst.name() + "' is in " +
                     std::string(rt::mem_kind_name(dst.kind())));
  }
  // An SBUF tensor has at most nl.tile_size.pmax partitions already.
  if (dst.ndim() < 1) throw ValueError(param_name(c, "dst") + " must have a partition dimension");
  rt::Iota op;
  op.pattern = iota_pattern_arg(c, "pattern");
  op.offset = int32_arg(c, "offset");
  op.channel_multiplier = int32_arg(c, "channel_multiplier");
  name_arg(c, "name");
  device(c).run({op, {&dst}, {}, {}, {}, c.range});
  return Value();
}

Value nisa_register_alloc(CallArgs& c) {
  std::shared_ptr<rt::Register> r = device(c).new_register("register_alloc()", c.range);
  if (auto other = c["x"].get<Value::Register>()) {
    // Initialised from another register: a run-time value, so a move.
    device(c).run({rt::RegisterMove{}, {}, {}, {r.get()}, {other->get()}, c.range});
  } else {
    const int64_t init = optional_int_arg(c, "x").value_or(0);
    device(c).run({rt::RegisterMove{init}, {}, {}, {r.get()}, {}, c.range});
  }
  return Value(r);
}

Value nisa_register_move(CallArgs& c) {
  const Value::Register dst = register_arg(c, "dst");
  if (auto src = c["src"].get<Value::Register>()) {
    device(c).run({rt::RegisterMove{}, {}, {}, {dst.get()}, {src->get()}, c.range});
  } else {
    const int64_t constant = int_arg(c, "src");
    device(c).run({rt::RegisterMove{constant}, {}, {}, {dst.get()}, {}, c.range});
  }
  return Value();
}

Value nisa_register_load(CallArgs& c) {
  const Value::Register dst = register_arg(c, "dst");
  const rt::TensorView& src = tensor_arg(c, "src_tensor");
  check_single_element(c, "src_tensor", src);
  if (rt::is_float(src.dtype())) {
    throw ValueError(param_name(c, "src_tensor") + " must have an integer dtype, not " +
                     std::string(rt::dtype_name(src.dtype())));
  }
  device(c).run({rt::RegisterLoad{}, {}, {&src}, {dst.get()}, {}, c.range});
  return Value();
}

Value nisa_register_store(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, "dst_tensor");
  check_single_element(c, "dst_tensor", dst);
  const Value::Register src = register_arg(c, "src");
  device(c).run({rt::RegisterStore{}, {&dst}, {}, {}, {src.get()}, c.range});
  return Value();
}

}  // namespace

Value enum_member(const char* enum_name, const char* member) {
  for (const EnumDef& e : isa_enums()) {
    if (std::strcmp(e.name, enum_name) != 0) continue;
    for (const auto& [m, v] : e.members) {
      if (std::strcmp(m, member) == 0) return EnumConst{e.name, m, v, e.is_int};
    }
  }
  return Value();
}

void add_isa_enums(std::unordered_map<std::string, Value>& nisa) {
  for (const EnumDef& e : isa_enums()) {
    auto ns = new_module(std::string("nki.isa.") + e.name);
    for (const auto& [m, v] : e.members) {
      ns->scope->vars[m] = Value(EnumConst{e.name, m, v, e.is_int});
    }
    nisa[e.name] = Value(ns);
  }
  // The engines under their module-level names too.
  for (const char* engine : {"tensor", "vector", "scalar", "gpsimd", "unknown"}) {
    nisa[std::string(engine) + "_engine"] = enum_member("engine", engine);
  }
}

// The NeuronCore generation of the platform: Trn2's is gen3, Trn3's gen4.
Value nisa_get_nc_version(CallArgs& c) {
  const rt::Machine* machine = c.ev.context().machine;
  const std::string_view platform =
      machine ? machine->platform().name : rt::default_platform().name;
  return enum_member("nc_version", platform == "trn3" ? "gen4" : "gen3");
}

std::vector<OpEntry> nisa_entries() {
  const Value none;
  const Value engine_unknown = enum_member("engine", "unknown");
  const OpRole device = OpRole::device;
  const char* nisa = "nki.isa";
  return {
      entry(nisa, "dma_copy",
            {req("dst"), req("src"), opt("priority", none),
             opt("oob_mode", enum_member("oob_mode", "error")),
             opt("dge_mode", enum_member("dge_mode", "unknown")), opt("engine", engine_unknown),
             opt("name", none)},
            device, nisa_dma_copy),
      entry(nisa, "memset",
            {req("dst"), req("value"), opt("engine", engine_unknown), opt("name", none)}, device,
            nisa_memset),
      entry(nisa, "tensor_copy",
            {req("dst"), req("src"), opt("engine", engine_unknown), opt("name", none)}, device,
            nisa_tensor_copy),
      entry(nisa, "iota",
            {req("dst"), req("pattern"), opt("offset", int64_t{0}),
             opt("channel_multiplier", int64_t{0}), opt("name", none)},
            device, nisa_iota),
      entry(nisa, "get_nc_version", {}, OpRole::meta, nisa_get_nc_version),
      entry(nisa, "register_alloc", {opt("x", none)}, device, nisa_register_alloc),
      entry(nisa, "register_move", {req("dst"), req("src")}, device, nisa_register_move),
      entry(nisa, "register_load", {req("dst"), req("src_tensor")}, device, nisa_register_load),
      entry(nisa, "register_store", {req("dst_tensor"), req("src")}, device, nisa_register_store),
  };
}

}  // namespace nkic::interp::nki
