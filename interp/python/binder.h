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

}  // namespace nkic::interp
