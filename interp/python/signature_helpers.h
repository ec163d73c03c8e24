// Small helpers for writing builtin signatures and actions tersely; shared by
// the files that describe builtins (Python's and NKI's).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "interp/evaluator.h"
#include "interp/python/value.h"

namespace nkic::interp {

// Each takes the parameter's name as a string literal, whose address the
// builtin's reads of it by the same literal compare instead of its characters
// (ParamSpec::literal).
template <size_t N>
ParamSpec param_spec(const char (&name)[N], ParamKind kind, std::optional<Value> default_value) {
  return ParamSpec{name, kind, std::move(default_value), name};
}
template <size_t N>
ParamSpec req(const char (&name)[N]) {
  return param_spec(name, ParamKind::positional, std::nullopt);
}
template <size_t N>
ParamSpec opt(const char (&name)[N], Value v) {
  return param_spec(name, ParamKind::positional, std::move(v));
}
template <size_t N>
ParamSpec rest(const char (&name)[N]) {
  return param_spec(name, ParamKind::var_args, std::nullopt);
}
template <size_t N>
ParamSpec kwonly(const char (&name)[N], Value v) {
  return param_spec(name, ParamKind::keyword_only, std::move(v));
}
template <size_t N>
ParamSpec kwrest(const char (&name)[N]) {
  return param_spec(name, ParamKind::var_keywords, std::nullopt);
}

inline BuiltinPtr python_fn(std::string name, Signature sig, BuiltinAction action) {
  return std::make_shared<const BuiltinFn>(
      BuiltinFn{std::move(name), std::move(sig), action, OpRole::python});
}

inline const ValueList& tuple_items(const Value& v) {
  return **v.get<Value::Tuple>();
}

// The str methods of str_methods.cpp, which python_methods.cpp lists with
// its own.
const std::vector<BuiltinPtr>& more_str_methods();

// The builtins of more_builtins.cpp (map, filter, setattr, ...), into a scope.
void install_more_builtins(Scope& scope);

// sorted()'s ordering, shared with list.sort: stable, by key when given.
ValueList sorted_items(CallArgs& c, ValueList items, const Value& key, bool reverse);

}  // namespace nkic::interp
