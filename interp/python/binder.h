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
ValueList bind_arguments(const std::string& callee, const Signature& sig, ValueList positional,
                         KwArgs keywords);

}  // namespace nkic::interp
