// Command-line helpers shared by the tools (nkirun, nkic): where stdlib
// modules are found, which kernel of a file to use, and whether to colour
// diagnostics.
#pragma once

#include <string>
#include <vector>

#include "interp/session.h"
#include "tools/kernel_args.h"

namespace nkic::tools {

// $NKIC_STDLIB_PATH when set, else the stdlib of the source tree
// (NKIC_STDLIB_DIR, a compile definition of the tool).
std::vector<std::string> stdlib_module_path(const char* built_in_dir);

// `kernel` when given (a @nki.jit function, or any function of the file),
// else the file's only @nki.jit function. Throws UsageError otherwise.
std::string choose_kernel(const std::string& file, const std::string& kernel,
                          const interp::Session& session);

// --color=auto|always|never, with auto meaning a terminal without NO_COLOR.
bool color_wanted(const std::string& option);

}  // namespace nkic::tools
