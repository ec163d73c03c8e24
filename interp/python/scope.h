// A scope of variables. A function call gets a fresh scope whose parent is
// the scope the function was defined in (so closures see their enclosing
// variables, late-bound as in Python); a module's globals are the root of the
// chain. `global` and `nonlocal` declarations redirect assignments.
//
// The locals the resolver numbered (frontend/resolve.h: a function call's, a
// comprehension's) live in `slots`, the others (a module's, a class body's)
// in `vars`; the functions below find a name in either.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "interp/python/value.h"

namespace nkic::interp {

struct Scope {
  // Names leave `vars` only through erase_here, clear, reset and the
  // destructor, which all change vars_epoch(): a pointer to a variable found
  // here stays good until it changes (interp/lookup_cache.h). Adding a name
  // moves no other.
  std::unordered_map<std::string, Value> vars;
  // slots[i] holds the local (*slot_names)[i], empty while it is unbound.
  const ast::Locals* slot_names = nullptr;
  std::vector<std::optional<Value>> slots;
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

  Scope() = default;
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;
  ~Scope() {
    if (!vars.empty()) vars_removed();
  }

  static uint64_t vars_epoch() { return vars_epoch_.load(std::memory_order_relaxed); }

  Scope* root() {
    Scope* s = this;
    while (s->parent) s = s->parent.get();
    return s;
  }
  // The variable as Python would find it, walking outwards; nullptr when unset.
  const Value* lookup(const std::string& name) const {
    for (const Scope* s = this; s; s = s->parent.get()) {
      if (const Value* v = s->find_here(name)) return v;
    }
    return nullptr;
  }
  // The value in local slot `i`; nullptr while it is unbound (or when there
  // is no such slot).
  const Value* slot_value(size_t i) const {
    return i < slots.size() && slots[i] ? &*slots[i] : nullptr;
  }
  // This scope's own variable `name`; nullptr when unset.
  const Value* find_here(const std::string& name) const {
    if (const size_t i = slot_index(name); i < slots.size()) return slot_value(i);
    auto it = vars.find(name);
    return it == vars.end() ? nullptr : &it->second;
  }
  Value* find_here(const std::string& name) {
    return const_cast<Value*>(static_cast<const Scope*>(this)->find_here(name));
  }
  void set_here(const std::string& name, Value v) {
    if (const size_t i = slot_index(name); i < slots.size()) {
      slots[i] = std::move(v);
    } else {
      vars[name] = std::move(v);
    }
  }
  // Unbinds `name` here; false when it was not set.
  bool erase_here(const std::string& name) {
    if (const size_t i = slot_index(name); i < slots.size()) {
      const bool was_set = slots[i].has_value();
      slots[i].reset();
      return was_set;
    }
    if (vars.erase(name) == 0) return false;
    vars_removed();
    return true;
  }
  // Empties the scope, breaking the reference cycles through it.
  void clear() {
    if (!vars.empty()) vars_removed();
    vars.clear();
    slots.clear();
  }
  // Makes the scope as new for another call, keeping the slots' storage.
  void reset() {
    // Clearing an empty hash table still wipes its buckets: only when needed.
    if (!vars.empty()) {
      vars.clear();
      vars_removed();
    }
    slots.clear();
    slot_names = nullptr;
    parent.reset();
    if (!global_names.empty()) global_names.clear();
    if (!nonlocal_names.empty()) nonlocal_names.clear();
    function = nullptr;
    defining_class.reset();
  }

 private:
  static void vars_removed() { vars_epoch_.fetch_add(1, std::memory_order_relaxed); }
  static inline std::atomic<uint64_t> vars_epoch_{0};

  // The slot of local `name`; slots.size() when it has none.
  size_t slot_index(const std::string& name) const {
    if (slot_names) {
      for (size_t i = 0; i < slot_names->size() && i < slots.size(); ++i) {
        if ((*slot_names)[i] == name) return i;
      }
    }
    return slots.size();
  }
};

}  // namespace nkic::interp
