// printf-style formatting of str % args, as Python's.
#pragma once

#include <string>

#include "interp/python/value.h"

namespace nkic::interp {

// fmt % args: args is a tuple of the values, a dict for %(key)s, or one value.
std::string percent_format(const std::string& fmt, const Value& args);

}  // namespace nkic::interp
