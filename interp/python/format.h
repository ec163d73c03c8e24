// Python's format mini-language, for f-strings, format() and str.format:
// [[fill]align][sign][#][0][width][,|_][.precision][type] with the types
// d x X o b c s f F e E g G % and none.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "interp/python/binder.h"
#include "interp/python/value.h"

namespace nkic::interp {

std::string format_value(const Value& v, const std::string& spec);

// "{} and {name:>4} {0[1]}".format(...): positional and keyword fields with
// [index] parts, !r/!s/!a conversions, specs with nested {fields}, {{ and }}
// escapes, as Python's str.format.
std::string format_string(const std::string& fmt, const ValueList& args, const KwArgs& kwargs);

}  // namespace nkic::interp
