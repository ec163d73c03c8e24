// The builtin modules assembled from each module's entries (nl.cpp,
// nisa.cpp, ncc.cpp, tensor_methods.cpp), their constants, and nki.jit.
#include "interp/nki/modules.h"

#include "interp/nki/args.h"
#include "interp/nki/numpy_module.h"
#include "interp/python/host_modules.h"
#include "interp/python/os_sys.h"
#include "interp/python/py_modules.h"

namespace nkic::interp {
namespace nki {

Value::Module new_module(const std::string& name) {
  auto m = std::make_shared<ModuleObj>();
  m->name = name;
  m->scope = std::make_shared<Scope>();
  return m;
}

namespace {

Value nki_jit(CallArgs& c) {
  const Value& fn = c["fn"];
  if (fn.is_none()) {
    // @nki.jit(...): the options are accepted and ignored; the result decorates.
    for (const OpEntry& e : op_table()) {
      if (e.fn.get() == &c.fn) return Value(e.fn);
    }
  }
  auto f = fn.get<Value::Function>();
  if (!f) throw ValueError("nki.jit decorates a function, not '" + type_name(fn) + "'");
  (*f)->is_kernel = true;
  return fn;
}

std::vector<OpEntry> build_table() {
  std::vector<OpEntry> table = {
      entry("nki", "jit", {opt("fn", Value()), kwrest("kwargs")}, OpRole::meta, nki_jit)};
  for (std::vector<OpEntry> (*module)() :
       {nl_entries, nisa_entries, nisa_matmul_entries, nisa_lnc_entries, nisa_compute_entries,
        ncc_entries,
        tensor_method_entries, tensor_view_method_entries, tensor_rearrange_entries}) {
    for (OpEntry& e : module()) table.push_back(std::move(e));
  }
  return table;
}

void add_language_constants(std::unordered_map<std::string, Value>& nl,
                            const rt::Platform& platform) {
  for (int i = 0; i < rt::kDTypeCount; ++i) {
    const auto t = static_cast<rt::DType>(i);
    nl[std::string(rt::dtype_name(t))] = Value(t);
  }
  nl["hbm"] = Value(rt::MemKind::hbm);
  nl["private_hbm"] = Value(rt::MemKind::hbm);
  nl["shared_hbm"] = Value(rt::MemKind::shared_hbm);
  nl["sbuf"] = Value(rt::MemKind::sbuf);
  nl["psum"] = Value(rt::MemKind::psum);
  for (rt::AluOp op : rt::kAluOps) nl[std::string(rt::alu_op_name(op))] = Value(op);
  for (rt::ActFunc f : rt::kActFuncs) nl[std::string(rt::act_func_name(f))] = Value(f);
  nl["tile_size"] = Value(tile_size_module(platform));
}

}  // namespace
}  // namespace nki

const std::vector<OpEntry>& op_table() {
  // The functions live as long as the program; what the table hands out
  // points at them without owning them, so that copying one (every call of
  // nisa.dma_copy copies its callee) counts nothing.
  static const std::vector<OpEntry> owners = nki::build_table();
  static const std::vector<OpEntry> table = [] {
    std::vector<OpEntry> out;
    out.reserve(owners.size());
    for (const OpEntry& e : owners) out.push_back(OpEntry{e.module, unowned(e.fn)});
    return out;
  }();
  return table;
}

std::map<std::string, Value::Module> make_builtin_modules(const rt::Platform& platform) {
  std::map<std::string, Value::Module> mods;
  for (const char* name : {"nki", "nki.language", "nki.isa", "nki.collectives"}) {
    mods[name] = nki::new_module(name);
  }
  for (const OpEntry& e : op_table()) {
    auto it = mods.find(e.module);
    if (it != mods.end()) it->second->scope->vars[e.fn->name] = Value(e.fn);
  }
  auto& top = mods["nki"]->scope->vars;
  top["language"] = Value(mods["nki.language"]);
  top["isa"] = Value(mods["nki.isa"]);
  top["collectives"] = Value(mods["nki.collectives"]);
  nki::add_language_constants(mods["nki.language"]->scope->vars, platform);
  nki::add_isa_enums(mods["nki.isa"]->scope->vars);
  // Library code imports the isa enums from nki.isa.constants too
  // (`from nki.isa.constants import oob_mode`): the same objects.
  auto constants = nki::new_module("nki.isa.constants");
  nki::add_isa_enums(constants->scope->vars);
  for (auto& [name, v] : constants->scope->vars) v = mods["nki.isa"]->scope->vars.at(name);
  mods["nki.isa"]->scope->vars["constants"] = Value(constants);
  mods["nki.isa.constants"] = constants;
  add_python_modules(mods);
  add_os_sys_modules(mods);
  add_numpy_module(mods);
  add_host_modules(mods);
  return mods;
}

}  // namespace nkic::interp
