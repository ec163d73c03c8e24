#include "interp/lookup_cache.h"

namespace nkic::interp {

const Value* LookupCache::search(uint32_t n, const Scope& scope, const std::string& name) {
  auto it = scope.vars.find(name);
  if (it == scope.vars.end()) return nullptr;
  if (n >= entries_.size()) entries_.resize(n + 1);
  entries_[n] = Entry{&scope, Scope::vars_epoch(), &it->second};
  return &it->second;
}

}  // namespace nkic::interp
