// A scope of variables. A function call gets a fresh scope whose parent is
// the scope the function was defined in (so closures see their enclosing
// variables, late-bound as in Python); a module's globals are the root of the
// chain. `global` and `nonlocal` declarations redirect assignments.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "interp/python/value.h"

namespace nkic::interp {

struct Scope {
  std::unordered_map<std::string, Value> vars;
  ScopePtr parent;  // null for a module's globals
  std::unordered_set<std::string> global_names;
  std::unordered_set<std::string> nonlocal_names;
  // The function a call's scope runs (null for other scopes): super()
  // without arguments finds its class and first argument through the
  // innermost one, which is running while its scope is in use.
  const FunctionObj* function = nullptr;
  // A class body's scope: the class being defined, which the functions
  // defined here take as their owner.
  std::shared_ptr<ClassObj> defining_class;

  Scope* root() {
    Scope* s = this;
    while (s->parent) s = s->parent.get();
    return s;
  }
  // The variable as Python would find it, walking outwards; nullptr when unset.
  const Value* lookup(const std::string& name) const {
    for (const Scope* s = this; s; s = s->parent.get()) {
      auto it = s->vars.find(name);
      if (it != s->vars.end()) return &it->second;
    }
    return nullptr;
  }
};

}  // namespace nkic::interp
