// The host-side modules a kernel package's __init__.py uses to set itself
// up, as far as it uses them: `logging` (loggers whose warnings and errors
// reach stderr as Python's last-resort handler prints them), `importlib`
// (import_module, util.find_spec) and `pkgutil` (iter_modules).
#pragma once

#include <map>
#include <string>

#include "interp/python/value.h"

namespace nkic::interp {

// Adds "logging", "importlib", "importlib.util" and "pkgutil".
void add_host_modules(std::map<std::string, Value::Module>& mods);

}  // namespace nkic::interp
