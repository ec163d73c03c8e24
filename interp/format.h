// Python's format mini-language, for f-strings, format() and str.format:
// [[fill]align][sign][#][0][width][,|_][.precision][type] with the types
// d x X o b c s f F e E g G % and none.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "interp/value.h"

namespace nkic::interp {

std::string format_value(const Value& v, const std::string& spec);

// "{} and {name:>4}".format(...): positional and keyword fields, !r/!s
// conversions, {{ and }} escapes.
std::string format_string(const std::string& fmt, const ValueList& args,
                          const std::vector<std::pair<std::string, Value>>& kwargs);

}  // namespace nkic::interp
