// Imports: NKI's builtin modules, the stdlib modules found on the module path
// (evaluated once per rank and cached), and clear refusals for the rest.
#include "interp/nki/modules.h"
#include "interp/evaluator.h"

namespace nkic::interp {

namespace {

// Older kernels import NKI through the neuronxcc package.
std::string canonical_module_name(const std::string& dotted) {
  const std::string legacy = "neuronxcc.";
  if (dotted.rfind(legacy + "nki", 0) == 0) return dotted.substr(legacy.size());
  return dotted;
}

std::string parent_of(const std::string& dotted) {
  const size_t dot = dotted.rfind('.');
  return dot == std::string::npos ? std::string() : dotted.substr(0, dot);
}

}  // namespace

Value Evaluator::import_module(const std::string& requested, const SourceRange& where) {
  Active active(*this);
  const std::string dotted = canonical_module_name(requested);
  if (modules_.empty()) {
    const rt::Platform& platform =
        ctx_.machine ? ctx_.machine->platform() : rt::default_platform();
    for (auto& [name, m] : make_builtin_modules(platform)) modules_[name] = Value(m);
    auto legacy = std::make_shared<ModuleObj>();
    legacy->name = "neuronxcc";
    legacy->scope = std::make_shared<Scope>();
    legacy->scope->vars["nki"] = modules_["nki"];
    modules_["neuronxcc"] = Value(legacy);
  }
  if (auto it = modules_.find(dotted); it != modules_.end()) return it->second;
  if (dotted == "numpy" || dotted.rfind("numpy.", 0) == 0) {
    fail(where,
         "numpy is not available in kernels: tensors are made with nki.language (nl.ndarray) and "
         "moved with nki.isa (nisa.dma_copy)");
  }
  const ast::Module* parsed = ctx_.loader ? ctx_.loader->find(dotted, where) : nullptr;
  const bool package = !parsed && ctx_.loader && ctx_.loader->is_package(dotted);
  if (!parsed && !package) fail(where, "no module named '" + requested + "'");
  auto m = std::make_shared<ModuleObj>();
  m->name = dotted;
  m->scope = new_globals();
  modules_[dotted] = Value(m);
  if (const std::string parent = parent_of(dotted); !parent.empty()) {
    const Value p = import_module(parent, where);
    (*p.get<Value::Module>())->scope->vars[dotted.substr(parent.size() + 1)] = Value(m);
  }
  if (parsed) exec_module(*parsed, m->scope);
  return Value(m);
}

}  // namespace nkic::interp
