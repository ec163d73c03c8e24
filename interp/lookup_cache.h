// Where a site last found a variable of a scope's `vars` (a global name read
// from a function, a module's attribute: `nl.ndarray`), so that running it
// again reads the variable without hashing its name. An entry holds while
// the site meets the same scope and no scope has lost a name since
// (Scope::vars_epoch); otherwise the name is searched for again. One cache
// per evaluator: each rank's modules are its own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "interp/python/scope.h"

namespace nkic::interp {

class LookupCache {
 public:
  // The variable `name` of `scope.vars`, nullptr when it has none.
  const Value* find(const ast::LookupSite& site, const Scope& scope, const std::string& name) {
    const uint32_t n = site.number();
    if (n < entries_.size()) {
      const Entry& e = entries_[n];
      if (e.scope == &scope && e.epoch == Scope::vars_epoch()) return e.value;
    }
    return search(n, scope, name);
  }

 private:
  struct Entry {
    const Scope* scope = nullptr;
    uint64_t epoch = 0;
    const Value* value = nullptr;
  };
  const Value* search(uint32_t n, const Scope& scope, const std::string& name);

  std::vector<Entry> entries_;  // by site number
};

}  // namespace nkic::interp
