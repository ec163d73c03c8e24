// Turns the command line's `-a NAME=VALUE` options into kernel arguments:
// `@PATH.npy` loads an array per rank (`{rank}` in PATH becomes the rank id),
// anything else is an expression of the language, evaluated later with the
// kernel file's globals.
#pragma once

#include <string>
#include <vector>

#include "interp/session.h"

namespace nkic::tools {

// A mistake on the command line itself (exit code 2).
struct UsageError {
  std::string message;
};

// A mistake in the inputs the command line names (exit code 1).
struct InputError {
  std::string message;
};

// Splits "NAME=VALUE"; throws UsageError when NAME is not an identifier.
std::pair<std::string, std::string> split_assignment(const std::string& option);

// Throws UsageError for an unreadable file, InputError for a malformed one.
std::vector<interp::KernelArg> load_kernel_args(const std::vector<std::string>& options,
                                                int ranks);

}  // namespace nkic::tools
