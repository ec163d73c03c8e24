// The table of NKI operations: each entry binds and checks its arguments,
// then hands device work to the rank's Device (device.h), so the interpreter
// and the compiler run the very same checks.
#include "interp/builtin_ops.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "interp/collective.h"
#include "interp/device.h"
#include "interp/scope.h"
#include "interp/signature_helpers.h"

namespace nkic::interp {

namespace {

// ---- the isa enums -----------------------------------------------------------

struct EnumDef {
  const char* name;
  std::vector<std::pair<const char*, int64_t>> members;
};

const std::vector<EnumDef>& isa_enums() {
  static const std::vector<EnumDef> enums = {
      {"oob_mode", {{"error", 0}, {"skip", 1}}},
      {"dge_mode", {{"unknown", 0}, {"swdge", 1}, {"hwdge", 2}, {"none", 3}}},
      {"engine",
       {{"unknown", 0},
        {"tensor", 1},
        {"scalar", 2},
        {"gpsimd", 3},
        {"dma", 4},
        {"vector", 5},
        {"sync", 6}}},
      {"dma_engine", {{"dma", 1}, {"gpsimd_dma", 2}}},
  };
  return enums;
}

Value enum_member(const char* enum_name, const char* member) {
  for (const EnumDef& e : isa_enums()) {
    if (std::strcmp(e.name, enum_name) != 0) continue;
    for (const auto& [m, v] : e.members) {
      if (std::strcmp(m, member) == 0) return EnumConst{e.name, m, v};
    }
  }
  return Value();
}

// ---- argument conversions ------------------------------------------------------

std::string param_name(const CallArgs& c, size_t i) {
  return c.fn.name + ": " + c.fn.signature[i].name;
}

const rt::TensorView& tensor_arg(const CallArgs& c, size_t i) {
  if (auto t = c[i].get<Value::Tensor>()) return **t;
  throw ValueError(param_name(c, i) + " must be a tensor, not '" + type_name(c[i]) + "'");
}

std::vector<int64_t> shape_arg(const CallArgs& c, size_t i) {
  const Value& v = c[i];
  if (auto r = v.get<Value::Register>()) register_misuse(**r, "a shape");
  if (v.is<int64_t>()) return {*v.get<int64_t>()};
  const ValueList* items = sequence_items(v);
  if (!items) {
    throw ValueError(param_name(c, i) + " must be a tuple or list of ints, not '" + type_name(v) +
                     "'");
  }
  std::vector<int64_t> shape;
  for (const Value& d : *items) {
    if (auto r = d.get<Value::Register>()) register_misuse(**r, "a shape");
    shape.push_back(to_int(d, param_name(c, i) + " dimension"));
  }
  return shape;
}

rt::DType dtype_arg(const CallArgs& c, size_t i) {
  if (auto d = c[i].get<rt::DType>()) return *d;
  if (auto s = c[i].get<std::string>()) {
    if (auto d = rt::dtype_from_name(*s)) return *d;
  }
  throw ValueError(param_name(c, i) + " must be a dtype such as nl.float32, not " +
                   (c[i].is<std::string>() ? to_repr(c[i]) : "'" + type_name(c[i]) + "'"));
}

rt::MemKind buffer_arg(const CallArgs& c, size_t i) {
  if (auto k = c[i].get<rt::MemKind>()) return *k;
  throw ValueError(param_name(c, i) + " must be a buffer such as nl.sbuf or nl.shared_hbm, not '" +
                   type_name(c[i]) + "'");
}

std::string name_arg(const CallArgs& c, size_t i) {
  if (c[i].is_none()) return "";
  if (auto s = c[i].get<std::string>()) return *s;
  throw ValueError(param_name(c, i) + " must be a str, not '" + type_name(c[i]) + "'");
}

void enum_arg(const CallArgs& c, size_t i, const char* enum_name) {
  auto e = c[i].get<EnumConst>();
  if (!e || std::strcmp(e->enum_name, enum_name) != 0) {
    throw ValueError(param_name(c, i) + " must be a member of nisa." + enum_name + ", not " +
                     (c[i].is<EnumConst>() ? to_str(c[i]) : "'" + type_name(c[i]) + "'"));
  }
}

void optional_int_arg(const CallArgs& c, size_t i) {
  if (!c[i].is_none()) to_int(c[i], param_name(c, i));
}

// The constant `v` as a fill writes it into `dtype`: floats (and any float
// value) through float32, integers exactly.
rt::Scalar scalar_arg(rt::DType dtype, const Value& v, const std::string& what) {
  if (rt::is_float(dtype) || v.is<double>()) return rt::Scalar::of(to_number(v, what));
  return rt::Scalar::of(to_int(v, what));
}

Device& device(const CallArgs& c) {
  return *c.ev.context().device;
}

void fill(const CallArgs& c, const rt::TensorView& t, const Value& v, const std::string& what) {
  device(c).run({rt::Memset{scalar_arg(t.dtype(), v, what)}, {&t}, {}, {}, {}, c.range});
}

rt::Machine& machine(const CallArgs& c) {
  return *c.ev.context().machine;
}

Value allocate(const CallArgs& c, const std::vector<int64_t>& shape, rt::DType dtype,
               rt::MemKind kind, const std::string& name) {
  const std::string& label = name.empty() ? c.ev.assignment_target() : name;
  std::shared_ptr<rt::Buffer> buffer = machine(c).allocate(c.ev.rank(), kind, dtype, shape, label);
  device(c).allocated(buffer, c.range);
  return make_tensor(rt::TensorView(std::move(buffer)));
}

Value::Register register_arg(const CallArgs& c, size_t i) {
  if (auto r = c[i].get<Value::Register>()) return *r;
  throw ValueError(param_name(c, i) + " must be a register, not '" + type_name(c[i]) + "'");
}

void check_single_element(const CallArgs& c, size_t i, const rt::TensorView& t) {
  if (t.size() != 1) {
    throw ValueError(param_name(c, i) + " must hold exactly one element, not " +
                     std::to_string(t.size()));
  }
  if (rt::dtype_size(t.dtype()) > 4) throw ValueError(param_name(c, i) + " must be 32-bit or less");
}

// ---- nl ------------------------------------------------------------------------

Value nl_ndarray(CallArgs& c) {
  if (!c[4].is_none() && !sequence_items(c[4])) {
    throw ValueError(param_name(c, 4) + " must be None or a (partition, free) offset pair");
  }
  return allocate(c, shape_arg(c, 0), dtype_arg(c, 1), buffer_arg(c, 2), name_arg(c, 3));
}

Value filled(CallArgs& c, const Value& fill_value) {
  Value t = allocate(c, shape_arg(c, 0), dtype_arg(c, 1), buffer_arg(c, 2), name_arg(c, 3));
  fill(c, **t.get<Value::Tensor>(), fill_value, c.fn.name + ": fill value");
  return t;
}

Value nl_zeros(CallArgs& c) {
  return filled(c, Value(int64_t{0}));
}
Value nl_ones(CallArgs& c) {
  return filled(c, Value(int64_t{1}));
}

Value nl_full(CallArgs& c) {
  Value t = allocate(c, shape_arg(c, 0), dtype_arg(c, 2), buffer_arg(c, 3), name_arg(c, 4));
  fill(c, **t.get<Value::Tensor>(), c[1], c.fn.name + ": fill_value");
  return t;
}

Value like(CallArgs& c, bool zero) {
  const rt::TensorView& x = tensor_arg(c, 0);
  const rt::DType dtype = c[1].is_none() ? x.dtype() : dtype_arg(c, 1);
  const rt::MemKind kind = c[2].is_none() ? x.kind() : buffer_arg(c, 2);
  Value t = allocate(c, x.shape(), dtype, kind, name_arg(c, 3));
  if (zero) fill(c, **t.get<Value::Tensor>(), Value(int64_t{0}), c.fn.name);
  return t;
}
Value nl_zeros_like(CallArgs& c) {
  return like(c, true);
}
Value nl_empty_like(CallArgs& c) {
  return like(c, false);
}

}  // namespace

Value make_range(CallArgs& c, const char* kind) {
  RangeValue r;
  r.kind = kind;
  const std::string what = std::string(kind) + "() arguments";
  if (c[1].is_none()) {
    r.stop = to_int(c[0], what);
  } else {
    r.start = to_int(c[0], what);
    r.stop = to_int(c[1], what);
  }
  r.step = to_int(c[2], what);
  if (r.step == 0) throw ValueError(std::string(kind) + "() step must not be zero");
  return r;
}

namespace {

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
  return c[0];
}
Value nl_num_programs(CallArgs&) {
  return int64_t{1};
}
Value nl_program_id(CallArgs& c) {
  to_int(c[0], param_name(c, 0));
  return int64_t{0};
}
Value nl_ds(CallArgs& c) {
  const int64_t start = to_int(c[0], param_name(c, 0));
  const int64_t size = to_int(c[1], param_name(c, 1));
  return SliceValue{start, rt::checked_add(start, size, "nl.ds(start, size)"), std::nullopt, true};
}

// ---- nisa ----------------------------------------------------------------------

Value nisa_dma_copy(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, 0);
  const rt::TensorView& src = tensor_arg(c, 1);
  optional_int_arg(c, 2);
  enum_arg(c, 3, "oob_mode");
  enum_arg(c, 4, "dge_mode");
  enum_arg(c, 5, "engine");
  name_arg(c, 6);
  const bool skip = c[3].get<EnumConst>()->value == 1;
  device(c).run({rt::DmaCopy{skip}, {&dst}, {&src}, {}, {}, c.range});
  return Value();
}

Value nisa_memset(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, 0);
  enum_arg(c, 2, "engine");
  name_arg(c, 3);
  fill(c, dst, c[1], param_name(c, 1));
  return Value();
}

Value nisa_tensor_copy(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, 0);
  const rt::TensorView& src = tensor_arg(c, 1);
  enum_arg(c, 2, "engine");
  name_arg(c, 3);
  for (const auto* t : {&src, &dst}) {
    if (!rt::is_on_chip(t->kind())) {
      throw ValueError(c.fn.name + ": tensors must be in SBUF or PSUM, and '" + t->name() +
                       "' is in " + std::string(rt::mem_kind_name(t->kind())));
    }
  }
  if (src.shape() != dst.shape()) {
    throw ValueError(c.fn.name + ": dst and src shapes differ");
  }
  device(c).run({rt::DmaCopy{}, {&dst}, {&src}, {}, {}, c.range});
  return Value();
}

Value nisa_register_alloc(CallArgs& c) {
  std::shared_ptr<rt::Register> r = device(c).new_register("register_alloc()", c.range);
  if (auto other = c[0].get<Value::Register>()) {
    // Initialised from another register: a run-time value, so a move.
    device(c).run({rt::RegisterMove{}, {}, {}, {r.get()}, {other->get()}, c.range});
  } else {
    const int64_t init = c[0].is_none() ? 0 : to_int(c[0], param_name(c, 0));
    device(c).run({rt::RegisterMove{init}, {}, {}, {r.get()}, {}, c.range});
  }
  return Value(r);
}

Value nisa_register_move(CallArgs& c) {
  const Value::Register dst = register_arg(c, 0);
  if (auto src = c[1].get<Value::Register>()) {
    device(c).run({rt::RegisterMove{}, {}, {}, {dst.get()}, {src->get()}, c.range});
  } else {
    const int64_t constant = to_int(c[1], param_name(c, 1));
    device(c).run({rt::RegisterMove{constant}, {}, {}, {dst.get()}, {}, c.range});
  }
  return Value();
}

Value nisa_register_load(CallArgs& c) {
  const Value::Register dst = register_arg(c, 0);
  const rt::TensorView& src = tensor_arg(c, 1);
  check_single_element(c, 1, src);
  if (rt::is_float(src.dtype())) {
    throw ValueError(param_name(c, 1) + " must have an integer dtype, not " +
                     std::string(rt::dtype_name(src.dtype())));
  }
  device(c).run({rt::RegisterLoad{}, {}, {&src}, {dst.get()}, {}, c.range});
  return Value();
}

Value nisa_register_store(CallArgs& c) {
  const rt::TensorView& dst = tensor_arg(c, 0);
  check_single_element(c, 0, dst);
  const Value::Register src = register_arg(c, 1);
  device(c).run({rt::RegisterStore{}, {&dst}, {}, {}, {src.get()}, c.range});
  return Value();
}

// ---- ncc -----------------------------------------------------------------------

Value ncc_replica_group(CallArgs& c) {
  rt::ReplicaGroup g = replica_group_value(c[0], c.fn.name);
  return Value(Value::Group(std::make_shared<const rt::ReplicaGroup>(std::move(g))));
}

Value ncc_rank_id(CallArgs& c) {
  name_arg(c, 0);
  std::shared_ptr<rt::Register> r = device(c).new_register("rank_id()", c.range);
  device(c).run({rt::RankId{}, {}, {}, {r.get()}, {}, c.range});
  return Value(r);
}

Value ncc_all_reduce(CallArgs& c) {
  return collective_action(c, rt::CollectiveKind::all_reduce);
}
Value ncc_all_gather(CallArgs& c) {
  return collective_action(c, rt::CollectiveKind::all_gather);
}
Value ncc_reduce_scatter(CallArgs& c) {
  return collective_action(c, rt::CollectiveKind::reduce_scatter);
}
Value ncc_all_to_all(CallArgs& c) {
  return collective_action(c, rt::CollectiveKind::all_to_all);
}

// ---- nki -----------------------------------------------------------------------

Value nki_jit(CallArgs& c) {
  if (c[0].is_none()) {
    // @nki.jit(...): the options are accepted and ignored; the result decorates.
    for (const OpEntry& e : op_table()) {
      if (e.fn.get() == &c.fn) return Value(e.fn);
    }
  }
  auto f = c[0].get<Value::Function>();
  if (!f) throw ValueError("nki.jit decorates a function, not '" + type_name(c[0]) + "'");
  (*f)->is_kernel = true;
  return c[0];
}

// ---- tensor methods --------------------------------------------------------------

Value tensor_ap(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, 0);
  const ValueList* pairs = sequence_items(c[1]);
  if (!pairs) throw ValueError(param_name(c, 1) + " must be a list of [step, count] pairs");
  std::vector<rt::Dim> pattern;
  for (const Value& p : *pairs) {
    const ValueList* sc = sequence_items(p);
    if (!sc || sc->size() != 2) {
      throw ValueError(param_name(c, 1) + " must be a list of [step, count] pairs, not " +
                       to_repr(p));
    }
    pattern.push_back(
        rt::Dim{to_int((*sc)[0], "a pattern step"), to_int((*sc)[1], "a pattern count")});
  }
  std::optional<int64_t> offset;
  if (!c[2].is_none()) offset = to_int(c[2], param_name(c, 2));
  std::optional<rt::ScalarOffset> scalar;
  if (auto r = c[3].get<Value::Register>()) {
    scalar = rt::ScalarOffset{*r, nullptr, 1};
  } else if (auto s = c[3].get<Value::Tensor>()) {
    scalar = rt::ScalarOffset{nullptr, *s, 1};
  } else if (!c[3].is_none()) {
    throw ValueError(param_name(c, 3) + " must be a register or a 1x1 tensor, not '" +
                     type_name(c[3]) + "'");
  }
  if (!c[4].is_none()) throw ValueError(c.fn.name + ": vector_offset is not supported yet");
  if (!c[6].is_none()) throw ValueError(c.fn.name + ": dtype= is not supported yet");
  const int64_t indirect_dim = to_int(c[5], param_name(c, 5));
  return make_tensor(t.ap(pattern, offset, scalar, static_cast<int>(indirect_dim)));
}

Value tensor_reshape(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, 0);
  const ValueList& dims = *c[1].get<Value::Tuple>()->get();
  Value shape = dims.size() == 1 && sequence_items(dims[0]) ? dims[0] : c[1];
  std::vector<int64_t> out;
  for (const Value& d : *sequence_items(shape)) {
    if (auto r = d.get<Value::Register>()) register_misuse(**r, "a shape");
    out.push_back(to_int(d, "reshape dimensions"));
  }
  return make_tensor(t.reshape(out));
}

// ---- the table -----------------------------------------------------------------

OpEntry entry(const char* module, std::string name, Signature sig, OpRole role,
              BuiltinAction action) {
  return OpEntry{module, std::make_shared<const BuiltinFn>(
                             BuiltinFn{std::move(name), std::move(sig), action, role})};
}

std::vector<OpEntry> build_table() {
  const Value none;
  const Value sbuf(rt::MemKind::sbuf);
  const Value empty_name(std::string{});
  const Value engine_unknown = enum_member("engine", "unknown");
  const Value oob_error = enum_member("oob_mode", "error");
  const Value dge_unknown = enum_member("dge_mode", "unknown");
  const OpRole meta = OpRole::meta, device = OpRole::device;
  const Signature range_sig = {req("start"), opt("stop", none), opt("step", int64_t{1})};
  return {
      entry("nki", "jit", {opt("fn", none), kwrest("kwargs")}, meta, nki_jit),

      entry("nki.language", "ndarray",
            {req("shape"), req("dtype"), opt("buffer", sbuf), opt("name", empty_name),
             opt("address", none)},
            meta, nl_ndarray),
      entry("nki.language", "zeros",
            {req("shape"), req("dtype"), opt("buffer", sbuf), opt("name", empty_name)}, meta,
            nl_zeros),
      entry("nki.language", "ones",
            {req("shape"), req("dtype"), opt("buffer", sbuf), opt("name", empty_name)}, meta,
            nl_ones),
      entry("nki.language", "full",
            {req("shape"), req("fill_value"), req("dtype"), opt("buffer", sbuf),
             opt("name", empty_name)},
            meta, nl_full),
      entry("nki.language", "zeros_like",
            {req("x"), opt("dtype", none), opt("buffer", none), opt("name", empty_name)}, meta,
            nl_zeros_like),
      entry("nki.language", "empty_like",
            {req("x"), opt("dtype", none), opt("buffer", none), opt("name", empty_name)}, meta,
            nl_empty_like),
      entry("nki.language", "affine_range", range_sig, meta, nl_affine_range),
      entry("nki.language", "sequential_range", range_sig, meta, nl_sequential_range),
      entry("nki.language", "static_range", range_sig, meta, nl_static_range),
      entry("nki.language", "par_dim", {req("x")}, meta, nl_par_dim),
      entry("nki.language", "num_programs", {opt("axes", int64_t{0})}, meta, nl_num_programs),
      entry("nki.language", "program_id", {opt("axis", int64_t{0})}, meta, nl_program_id),
      entry("nki.language", "ds", {req("start"), req("size")}, meta, nl_ds),

      entry("nki.isa", "dma_copy",
            {req("dst"), req("src"), opt("priority", none), opt("oob_mode", oob_error),
             opt("dge_mode", dge_unknown), opt("engine", engine_unknown), opt("name", none)},
            device, nisa_dma_copy),
      entry("nki.isa", "memset",
            {req("dst"), req("value"), opt("engine", engine_unknown), opt("name", none)}, device,
            nisa_memset),
      entry("nki.isa", "tensor_copy",
            {req("dst"), req("src"), opt("engine", engine_unknown), opt("name", none)}, device,
            nisa_tensor_copy),
      entry("nki.isa", "register_alloc", {opt("x", none)}, device, nisa_register_alloc),
      entry("nki.isa", "register_move", {req("dst"), req("src")}, device, nisa_register_move),
      entry("nki.isa", "register_load", {req("dst"), req("src_tensor")}, device,
            nisa_register_load),
      entry("nki.isa", "register_store", {req("dst_tensor"), req("src")}, device,
            nisa_register_store),

      entry("nki.collectives", "ReplicaGroup", {req("groups")}, meta, ncc_replica_group),
      entry("nki.collectives", "rank_id", {opt("name", none)}, device, ncc_rank_id),
      entry("nki.collectives", "all_reduce",
            {req("srcs"), req("dsts"), req("replica_group"), req("op"), opt("priority", none),
             opt("name", none)},
            device, ncc_all_reduce),
      entry("nki.collectives", "all_gather",
            {req("srcs"), req("dsts"), req("replica_group"), req("collective_dim"),
             opt("priority", none), opt("name", none)},
            device, ncc_all_gather),
      entry("nki.collectives", "reduce_scatter",
            {req("srcs"), req("dsts"), req("replica_group"), req("collective_dim"), req("op"),
             opt("priority", none), opt("name", none)},
            device, ncc_reduce_scatter),
      entry("nki.collectives", "all_to_all",
            {req("srcs"), req("dsts"), req("replica_group"), req("collective_dim"),
             opt("priority", none), opt("name", none)},
            device, ncc_all_to_all),

      entry("Tensor", "ap",
            {req("self"), req("pattern"), opt("offset", none), opt("scalar_offset", none),
             opt("vector_offset", none), opt("indirect_dim", int64_t{0}), opt("dtype", none)},
            meta, tensor_ap),
      entry("Tensor", "reshape", {req("self"), rest("shape")}, meta, tensor_reshape),
  };
}

std::string short_name(const std::string& qualified) {
  const size_t dot = qualified.rfind('.');
  return dot == std::string::npos ? qualified : qualified.substr(dot + 1);
}

Value::Module new_module(const std::string& name) {
  auto m = std::make_shared<ModuleObj>();
  m->name = name;
  m->scope = std::make_shared<Scope>();
  return m;
}

}  // namespace

const std::vector<OpEntry>& op_table() {
  static const std::vector<OpEntry> table = build_table();
  return table;
}

rt::ReplicaGroup replica_group_value(const Value& v, const std::string& what) {
  if (auto g = v.get<Value::Group>()) return **g;
  rt::ReplicaGroup group;
  const ValueList* lists = sequence_items(v);
  if (!lists) {
    throw ValueError(what +
                     ": replica_group must be a ReplicaGroup or a list of rank lists, not '" +
                     type_name(v) + "'");
  }
  for (const Value& l : *lists) {
    const ValueList* ranks = sequence_items(l);
    if (!ranks) throw ValueError(what + ": each replica group must be a list of ranks");
    std::vector<int> members;
    for (const Value& r : *ranks) {
      if (auto reg = r.get<Value::Register>()) register_misuse(**reg, "a rank in a replica group");
      const int64_t id = to_int(r, "a rank id");
      if (id < 0 || id > std::numeric_limits<int>::max()) {
        throw ValueError(what + ": rank id " + std::to_string(id) + " is out of range");
      }
      members.push_back(static_cast<int>(id));
    }
    group.groups.push_back(std::move(members));
  }
  return group;
}

std::map<std::string, Value::Module> make_builtin_modules() {
  std::map<std::string, Value::Module> mods;
  for (const char* name : {"nki", "nki.language", "nki.isa", "nki.collectives", "enum"}) {
    mods[name] = new_module(name);
  }
  for (const OpEntry& e : op_table()) {
    auto it = mods.find(e.module);
    if (it != mods.end()) it->second->scope->vars[short_name(e.fn->name)] = Value(e.fn);
  }
  auto& nki = mods["nki"]->scope->vars;
  nki["language"] = Value(mods["nki.language"]);
  nki["isa"] = Value(mods["nki.isa"]);
  nki["collectives"] = Value(mods["nki.collectives"]);

  auto& nl = mods["nki.language"]->scope->vars;
  for (int i = 0; i < rt::kDTypeCount; ++i) {
    const auto t = static_cast<rt::DType>(i);
    nl[std::string(rt::dtype_name(t))] = Value(t);
  }
  nl["hbm"] = Value(rt::MemKind::hbm);
  nl["private_hbm"] = Value(rt::MemKind::hbm);
  nl["shared_hbm"] = Value(rt::MemKind::shared_hbm);
  nl["sbuf"] = Value(rt::MemKind::sbuf);
  nl["psum"] = Value(rt::MemKind::psum);
  for (rt::AluOp op : rt::kAluOps) {
    nl[std::string(rt::alu_op_name(op))] = Value(op);
  }
  auto tile_size = new_module("nki.language.tile_size");
  // pmax and the gemm limits are NKI's documented values; psum_fmax is the
  // PSUM partition size (16 KiB) in float32 elements.
  tile_size->scope->vars["pmax"] = Value(int64_t{128});
  tile_size->scope->vars["gemm_stationary_fmax"] = Value(int64_t{128});
  tile_size->scope->vars["gemm_moving_fmax"] = Value(int64_t{512});
  tile_size->scope->vars["psum_fmax"] = Value(int64_t{2048});
  nl["tile_size"] = Value(tile_size);

  auto& nisa = mods["nki.isa"]->scope->vars;
  for (const EnumDef& e : isa_enums()) {
    auto ns = new_module(std::string("nki.isa.") + e.name);
    for (const auto& [m, v] : e.members) ns->scope->vars[m] = Value(EnumConst{e.name, m, v});
    nisa[e.name] = Value(ns);
  }

  auto enum_class = std::make_shared<ClassObj>();
  enum_class->name = "Enum";
  enum_class->is_enum = true;
  mods["enum"]->scope->vars["Enum"] = Value(enum_class);
  return mods;
}

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
