// The one argument binder: user functions, kernels and every builtin bind
// their call's positional and keyword arguments to parameters here, so the
// errors for unknown, missing, duplicate and surplus arguments read the same
// everywhere.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "interp/python/value.h"

namespace nkic::interp {

using KwArgs = std::vector<std::pair<std::string, Value>>;

// One Value per parameter of `sig`, in order: `*args` as a tuple, `**kwargs`
// as a dict; defaults fill what is not given. Throws ValueError naming
// `callee` ("f() missing required argument 'y'").
//
// The arguments' values are moved out of `positional` and `keywords`, whose
// storage stays the caller's to reuse, unless `positional` itself becomes the
// result (one argument per parameter, in order). The result is built in
// `into`'s storage when it is needed.
ValueList bind_arguments(const std::string& callee, const Signature& sig, ValueList&& positional,
                         KwArgs&& keywords, ValueList into = {});

// Whether every parameter of `sig` is a plain positional one (no *args,
// keyword-only parameter or **kwargs).
inline bool all_positional(const Signature& sig) {
  for (const ParamSpec& p : sig) {
    if (p.kind != ParamKind::positional) return false;
  }
  return true;
}

// The commonest call with keywords, bound before its arguments are
// evaluated, so that each value can go straight to its parameter's place:
// `sig` has positional parameters only (at most kMaxPlainParams), the call
// has `positional` positional arguments and plain keywords (no `**`), and it
// gives each parameter at most once and every required one. Then
// param_of[k] is the parameter keyword k names, and the result is true.
// Any other call is false, for bind_arguments to bind or to report.
constexpr size_t kMaxPlainParams = 32;
bool keyword_places(const Signature& sig, size_t positional,
                    const std::vector<ast::Keyword>& keywords, size_t* param_of);

}  // namespace nkic::interp
