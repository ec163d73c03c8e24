// Command-line helpers shared by the tools (nkirun, nkic): the exit codes
// and the handling of mistakes around a tool's work, where modules are found
// (-I, NKIC_PATH, the stdlib), which kernel of a file to use, and whether to
// colour diagnostics.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

#include "interp/session.h"
#include "tools/kernel_args.h"

namespace nkic::tools {

constexpr int kExitKernelError = 1;  // the kernel or its inputs are wrong
constexpr int kExitUsage = 2;        // the command line is wrong

// Parses argv with `app` (help exits 0; a parse error, or no arguments at
// all, exits kExitUsage), then returns `body()`, turning the UsageError,
// InputError and rt::Error it throws into `TOOL: error: ...` / `error: ...`
// messages and their exit codes; any other std::exception (std::bad_alloc
// above all) becomes `TOOL: error: out of memory` or `TOOL: error: internal
// error: ...` and kExitKernelError.
int run_cli(const char* tool, CLI::App& app, int argc, char** argv,
            const std::function<int()>& body);

// Where modules are searched, after the kernel file's root: each -I DIR in
// order, then the folders of $NKIC_PATH (colon-separated; empty entries
// ignored), then $NKIC_STDLIB_PATH when set, else the stdlib of the source
// tree (NKIC_STDLIB_DIR, a compile definition of the tool). Throws
// UsageError for an -I DIR that is not a folder.
std::vector<std::string> module_search_path(const std::vector<std::string>& includes,
                                            const char* built_in_dir);

// -I,--include DIR (repeatable): a folder to search for modules.
void add_include_option(CLI::App& command, std::vector<std::string>& includes);

// `kernel` when given (a @nki.jit function, or any function of the file),
// else the file's only @nki.jit function. Throws UsageError otherwise.
std::string choose_kernel(const std::string& file, const std::string& kernel,
                          const interp::Session& session);

// --color=auto|always|never, with auto meaning a terminal without NO_COLOR.
bool color_wanted(const std::string& option);

// The bounds on a kernel's run that every tool running one offers:
// --memory-limit and --max-steps.
struct LimitOptions {
  std::string memory_limit;  // a byte size (rt::parse_bytes); empty: the default
  int64_t max_steps = interp::kDefaultMaxSteps;
};
void add_limit_options(CLI::App& command, LimitOptions& limits);

// --lnc 1|2, the programs each rank runs (runtime/lnc.h); anything else is
// a command-line error.
void add_lnc_option(CLI::App& command, int& lnc);
void apply_limits(const LimitOptions& limits, interp::SessionOptions& options);

}  // namespace nkic::tools
