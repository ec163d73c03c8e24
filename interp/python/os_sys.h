// Python's `os` and `sys` modules, as far as kernel code uses them: the
// environment (read from the real one when the run starts), path joining and
// splitting, and the standard streams print(file=...) writes to.
#pragma once

#include <map>
#include <string>

#include "interp/python/value.h"

namespace nkic::interp {

// Adds "os", "os.path" and "sys" to a rank's builtin modules.
void add_os_sys_modules(std::map<std::string, Value::Module>& mods);

// The stream a value stands for: 1 for sys.stdout, 2 for sys.stderr, 0 when
// it is neither.
int stream_number(const Value& file);

}  // namespace nkic::interp
