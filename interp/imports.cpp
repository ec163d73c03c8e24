// Imports, as Python does them: a rank's modules by dotted name (its
// sys.modules), the builtin modules first, then the modules the finder
// (module_finder.h) locates, each run once per rank; a package's __init__.py
// before its submodules; relative imports resolved from the importing
// module's __package__; a module that imports, directly or not, one still
// running its top level gets it partly initialised, as in Python.
#include <algorithm>

#include "interp/evaluator.h"
#include "interp/module_finder.h"
#include "interp/nki/modules.h"
#include "interp/unavailable_modules.h"

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

std::string joined(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

const Value* module_var(const ModuleObj& m, const std::string& name) {
  auto it = m.scope->vars.find(name);
  return it == m.scope->vars.end() ? nullptr : &it->second;
}

// Builtin modules are made in C++; every module made from a file (or a
// namespace package's folders) has a __file__, None for the latter.
bool is_builtin(const ModuleObj& m) {
  return module_var(m, "__file__") == nullptr;
}

// A package's __path__ as a list of folders; nullopt when not a package.
std::optional<std::vector<std::string>> package_folders(const ModuleObj& m) {
  const Value* path = module_var(m, "__path__");
  const ValueList* items = path ? sequence_items(*path) : nullptr;
  if (!items) return std::nullopt;
  std::vector<std::string> folders;
  for (const Value& v : *items) {
    if (auto s = v.get<std::string>()) folders.push_back(*s);
  }
  return folders;
}

// What a module that cannot be imported raises, so that `try: import x`
// `except ImportError:` can probe for it.
constexpr const char* kNotFound = "ModuleNotFoundError";

std::vector<std::string> builtin_module_names() {
  std::vector<std::string> names;
  for (const auto& entry : make_builtin_modules(rt::default_platform()))
    names.push_back(entry.first);
  return names;
}

std::string not_found_message(const std::string& name, const std::vector<std::string>& folders) {
  if (auto refusal = unavailable_module_message(name, builtin_module_names())) return *refusal;
  return "no module named '" + name + "' (searched in order: " +
         (folders.empty() ? std::string("no folders") : joined(folders, ", ")) + ")";
}

// Marks a module as running its top level for as long as it does; when the
// top level fails, the module is forgotten, as Python forgets it, so that
// a later import (at the REPL) runs it afresh.
class Initializing {
 public:
  Initializing(std::vector<std::string>& importing, std::map<std::string, Value>& modules,
               std::string name)
      : importing_(importing), modules_(modules), name_(std::move(name)) {
    importing_.push_back(name_);
  }
  ~Initializing() {
    importing_.pop_back();
    if (!done_) modules_.erase(name_);
  }
  Initializing(const Initializing&) = delete;
  Initializing& operator=(const Initializing&) = delete;
  void done() { done_ = true; }

 private:
  std::vector<std::string>& importing_;
  std::map<std::string, Value>& modules_;
  std::string name_;
  bool done_ = false;
};

}  // namespace

void Evaluator::install_builtin_modules() {
  if (!modules_.empty()) return;
  // Building NKI's and Python's modules is not the kernel's work: the steps
  // a kernel may take do not depend on how large those modules are.
  WorkMeter unmetered(0);
  WorkMeter::Use use(unmetered);
  const rt::Platform& platform = ctx_.machine ? ctx_.machine->platform() : rt::default_platform();
  for (auto& [name, m] : make_builtin_modules(platform)) modules_[name] = Value(m);
  auto legacy = std::make_shared<ModuleObj>();
  legacy->name = "neuronxcc";
  legacy->scope = std::make_shared<Scope>();
  legacy->scope->vars["nki"] = modules_["nki"];
  modules_["neuronxcc"] = Value(legacy);
}

std::string Evaluator::import_cycle(const std::string& name) const {
  auto first = std::find(importing_.begin(), importing_.end(), name);
  if (first == importing_.end()) return "";
  std::vector<std::string> chain(first, importing_.end());
  chain.push_back(name);
  return joined(chain, " -> ");
}

Value Evaluator::import_module(const std::string& requested, const SourceRange& where) {
  Active active(*this);
  install_builtin_modules();
  const std::string name = canonical_module_name(requested);
  if (auto it = modules_.find(name); it != modules_.end()) return it->second;
  const std::string parent = parent_of(name);
  std::vector<std::string> folders;
  Value p;
  if (parent.empty()) {
    if (ctx_.finder) folders = ctx_.finder->path();
  } else {
    p = import_module(parent, where);
    // The parent's __init__.py may have imported it.
    if (auto it = modules_.find(name); it != modules_.end()) return it->second;
    folders = submodule_folders(**p.get<Value::Module>(), name, where);
  }
  const std::optional<ModuleSpec> spec = find_in(name, folders);
  if (!spec) fail(where, ValueError(not_found_message(name, folders), kNotFound));
  const Value m = load_module(*spec, nullptr, where);
  // As Python does, once the submodule has run.
  if (!parent.empty()) (*p.get<Value::Module>())->scope->vars[name.substr(parent.size() + 1)] = m;
  return m;
}

std::optional<ModuleSpec> Evaluator::find_in(const std::string& name,
                                             const std::vector<std::string>& folders) const {
  return ctx_.finder ? ctx_.finder->find(name, folders) : std::nullopt;
}

std::optional<ModuleSpec> Evaluator::find_module_spec(const std::string& requested,
                                                      const SourceRange& where) {
  Active active(*this);
  install_builtin_modules();
  const std::string name = canonical_module_name(requested);
  if (auto it = modules_.find(name); it != modules_.end()) {
    const ModuleObj& m = **it->second.get<Value::Module>();
    ModuleSpec spec;
    spec.name = name;
    if (const Value* file = module_var(m, "__file__"); file && file->is<std::string>()) {
      spec.file = *file->get<std::string>();
    }
    if (auto folders = package_folders(m)) {
      spec.package = true;
      spec.search = *folders;
    }
    return spec;
  }
  const std::string parent = parent_of(name);
  if (parent.empty())
    return find_in(name, ctx_.finder ? ctx_.finder->path() : std::vector<std::string>{});
  const Value p = import_module(parent, where);
  if (auto it = modules_.find(name); it != modules_.end()) return find_module_spec(name, where);
  auto folders = package_folders(**p.get<Value::Module>());
  if (!folders) return std::nullopt;
  return find_in(name, *folders);
}

std::vector<std::string> Evaluator::submodule_folders(const ModuleObj& parent,
                                                      const std::string& name,
                                                      const SourceRange& where) {
  if (auto folders = package_folders(parent)) return *folders;
  if (auto refusal = unavailable_module_message(name, builtin_module_names()))
    fail(where, ValueError(*refusal, kNotFound));
  if (is_builtin(parent)) {
    std::vector<std::string> children;
    for (const auto& entry : modules_) {
      if (parent_of(entry.first) == parent.name) children.push_back(entry.first);
    }
    if (!children.empty()) {
      fail(where, ValueError("no module named '" + name + "' (the modules of " + parent.name +
                                 " are " + joined(children, ", ") + ")",
                             kNotFound));
    }
  }
  fail(where, ValueError("no module named '" + name + "'; '" + parent.name + "' is not a package",
                         kNotFound));
}

namespace {

// The chain of imports that went too deep, its ends shown: "a -> b -> c ->
// ... -> x -> y -> z".
std::string import_chain(const std::vector<std::string>& importing, const std::string& next) {
  constexpr size_t kShown = 3;  // modules shown at each end
  std::vector<std::string> chain(importing);
  chain.push_back(next);
  if (chain.size() > 2 * kShown) {
    chain.erase(chain.begin() + kShown, chain.end() - kShown);
    chain.insert(chain.begin() + kShown, "...");
  }
  return joined(chain, " -> ");
}

}  // namespace

Value Evaluator::load_module(const ModuleSpec& spec, const ScopePtr& globals,
                             const SourceRange& where) {
  if (importing_.size() >= kMaxImportDepth) {
    fail(where, "maximum recursion depth exceeded while importing '" + spec.name + "' (" +
                    std::to_string(importing_.size()) + " modules importing one another: " +
                    import_chain(importing_, spec.name) + ")");
  }
  auto m = std::make_shared<ModuleObj>();
  m->name = spec.name;
  m->scope = globals ? globals : new_globals();
  auto& vars = m->scope->vars;
  vars["__name__"] = Value(spec.name);
  vars["__package__"] = Value(spec.package ? spec.name : parent_of(spec.name));
  vars["__file__"] = spec.file.empty() ? Value() : Value(spec.file);
  vars["__doc__"] = Value();
  if (spec.package) {
    ValueList folders(spec.search.begin(), spec.search.end());
    vars["__path__"] = make_list(std::move(folders));
  }
  const Value v(m);
  // A kernel file named like a builtin module (enum.py) does not hide it.
  auto existing = modules_.find(spec.name);
  const bool hides_builtin =
      existing != modules_.end() && is_builtin(**existing->second.get<Value::Module>());
  if (!hides_builtin) modules_[spec.name] = v;
  if (spec.file.empty()) return v;  // a namespace package has no code
  const ast::Module* code = ctx_.finder->parse_or_throw(spec.file, where);
  if (code->docstring) vars["__doc__"] = Value(*code->docstring);
  std::map<std::string, Value> scratch;  // a module that hides a builtin is not registered
  Initializing initializing(importing_, hides_builtin ? scratch : modules_, spec.name);
  exec_module(*code, m->scope);
  initializing.done();
  return v;
}

Value Evaluator::run_main(const ModuleSpec& spec, const ScopePtr& globals) {
  Active active(*this);
  install_builtin_modules();
  const SourceRange nowhere;  // the packages above the file exist: it was found in them
  const std::string parent = parent_of(spec.name);
  const Value p = parent.empty() ? Value() : import_module(parent, nowhere);
  const Value m = load_module(spec, globals, nowhere);
  if (auto package = p.get<Value::Module>()) {
    (*package)->scope->vars[spec.name.substr(parent.size() + 1)] = m;
  }
  return m;
}

std::string Evaluator::relative_module(const ast::ImportFrom& s, const ScopePtr& scope) {
  const Scope* globals = scope->root();
  auto it = globals->vars.find("__package__");
  const std::string* package = it == globals->vars.end() ? nullptr : it->second.get<std::string>();
  if (!package || package->empty()) {
    fail(s.module_range,
         ValueError("attempted relative import with no known parent package", "ImportError"));
  }
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    const size_t dot = package->find('.', start);
    parts.push_back(package->substr(start, dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (static_cast<size_t>(s.level) > parts.size()) {
    fail(s.module_range,
         ValueError("attempted relative import beyond top-level package", "ImportError"));
  }
  parts.resize(parts.size() - static_cast<size_t>(s.level) + 1);
  const std::string base = joined(parts, ".");
  return s.module.empty() ? base : base + "." + s.module;
}

Value Evaluator::imported_name(const ModuleObj& m, const std::string& name,
                               const SourceRange& where) {
  if (const Value* v = module_var(m, name)) return *v;
  const std::string full = m.name + "." + name;
  if (auto it = modules_.find(full); it != modules_.end()) return it->second;
  if (auto folders = package_folders(m); folders && ctx_.finder) {
    if (ctx_.finder->find(full, *folders)) return import_module(full, where);
  }
  if (const std::string cycle = import_cycle(m.name); !cycle.empty()) {
    fail(where, ValueError("cannot import name '" + name + "' from partially initialized module '" +
                               m.name + "' (most likely due to a circular import: " + cycle + ")",
                           "ImportError"));
  }
  const Value* file = module_var(m, "__file__");
  const std::string* path = file ? file->get<std::string>() : nullptr;
  fail(where, ValueError("cannot import name '" + name + "' from '" + m.name + "'" +
                             (path ? " (" + *path + ")" : ""),
                         "ImportError"));
}

void Evaluator::exec_import(const ast::Import& s, const ScopePtr& scope) {
  for (const ast::ImportAlias& alias : s.names) {
    const Value m = import_module(alias.name, alias.range);
    if (!alias.asname.empty()) {
      store_name(alias.asname, m, scope);
      continue;
    }
    const std::string top = alias.name.substr(0, alias.name.find('.'));
    store_name(top, import_module(top, alias.range), scope);
  }
}

void Evaluator::exec_import_from(const ast::ImportFrom& s, const ScopePtr& scope) {
  const std::string name = s.level > 0 ? relative_module(s, scope) : s.module;
  const Value m = import_module(name, s.module_range);
  const ModuleObj& mod = **m.get<Value::Module>();
  for (const ast::ImportAlias& alias : s.names) {
    if (alias.name == "*") {
      import_star(mod, alias.range, scope);
      continue;
    }
    const Value v = imported_name(mod, alias.name, alias.range);
    store_name(alias.asname.empty() ? alias.name : alias.asname, v, scope);
  }
}

void Evaluator::import_star(const ModuleObj& m, const SourceRange& where, const ScopePtr& scope) {
  const Value* all = module_var(m, "__all__");
  if (!all) {
    // A copy: the module may be the one importing.
    const std::vector<std::pair<std::string, Value>> names(m.scope->vars.begin(),
                                                           m.scope->vars.end());
    for (const auto& [name, v] : names) {
      if (!name.empty() && name[0] != '_') store_name(name, v, scope);
    }
    return;
  }
  const ValueList* items = sequence_items(*all);
  if (!items || all->is<std::string>()) {
    fail(where, "__all__ of module '" + m.name + "' must be a list or tuple of str, not '" +
                    type_name(*all) + "'");
  }
  const ValueList names = *items;
  for (const Value& item : names) {
    const std::string* name = item.get<std::string>();
    if (!name) {
      fail(where,
           "__all__ of module '" + m.name + "' must hold str, not '" + type_name(item) + "'");
    }
    const Value* v = module_var(m, *name);
    if (!v && !package_folders(m)) {
      fail(where, "module '" + m.name + "' has no attribute '" + *name + "' (named in __all__)");
    }
    store_name(*name, v ? *v : imported_name(m, *name, where), scope);
  }
}

}  // namespace nkic::interp
