// The `numpy` kernels can import: the part of NumPy that library code uses
// at import time and in annotations (its dtypes, which are nki.language's,
// np.dtype, np.finfo, np.iinfo and its constants). Arrays live on the host;
// every other name is an error that says so.
#pragma once

#include <map>
#include <string>

#include "interp/python/value.h"

namespace nkic::interp {

void add_numpy_module(std::map<std::string, Value::Module>& mods);

}  // namespace nkic::interp
