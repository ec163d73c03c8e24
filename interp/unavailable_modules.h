// Modules a kernel may not import, and how the refusal reads: Python's own
// standard library (but for the modules the interpreter provides, which are
// found first) and the numerical and machine-learning packages kernel code
// meets beside NKI (numpy, torch, the rest of neuronxcc). Naming them makes
// `import logging` say the module exists but kernels cannot use it, rather
// than that no such module exists.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace nkic::interp {

// The message for importing `dotted` when no module of that name is found
// on the search path, or nullopt when it is not a known module at all.
// `available`: the builtin modules, named in the message.
std::optional<std::string> unavailable_module_message(const std::string& dotted,
                                                      const std::vector<std::string>& available);

}  // namespace nkic::interp
