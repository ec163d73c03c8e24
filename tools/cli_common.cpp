// See cli_common.h.
#include "tools/cli_common.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "frontend/diagnostics.h"
#include "interp/module_finder.h"
#include "runtime/diagnostic_text.h"
#include "runtime/exception_text.h"
#include "runtime/format_util.h"
#include "runtime/lnc.h"
#include "runtime/machine.h"

namespace nkic::tools {

int run_cli(const char* tool, CLI::App& app, int argc, char** argv,
            const std::function<int()>& body) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    if (argc == 1) {
      std::cout << app.help();
      return kExitUsage;
    }
    std::cerr << tool << ": error: " << rt::escape_controls(e.what()) << "\nRun '" << tool
              << " --help' for usage.\n";
    return kExitUsage;
  }
  try {
    return body();
  } catch (const UsageError& e) {
    std::cerr << tool << ": error: " << rt::escape_controls(e.message) << "\n";
    return kExitUsage;
  } catch (const InputError& e) {
    std::cerr << tool << ": error: " << rt::escape_controls(e.message) << "\n";
    return kExitKernelError;
  } catch (const rt::Error& e) {  // e.g. an output file that cannot be written
    std::cerr << tool << ": error: " << rt::escape_controls(e.what()) << "\n";
    return kExitKernelError;
  } catch (const std::exception& e) {  // out of memory, or a bug: a message, never an abort
    std::cerr << tool << ": error: " << rt::exception_message(e) << "\n";
    return kExitKernelError;
  }
}

std::vector<std::string> module_search_path(const std::vector<std::string>& includes,
                                            const char* built_in_dir) {
  std::vector<std::string> path;
  for (const std::string& dir : includes) {
    if (!interp::is_directory(dir)) throw UsageError{"-I " + dir + ": no such folder"};
    path.push_back(dir);
  }
  if (const char* env = std::getenv("NKIC_PATH"); env != nullptr) {
    const std::string list = env;
    for (size_t start = 0; start <= list.size();) {
      const size_t colon = std::min(list.find(':', start), list.size());
      if (colon > start) path.push_back(list.substr(start, colon - start));
      start = colon + 1;
    }
  }
  const char* stdlib = std::getenv("NKIC_STDLIB_PATH");
  path.push_back(stdlib != nullptr && *stdlib != '\0' ? stdlib : built_in_dir);
  return path;
}

void add_include_option(CLI::App& command, std::vector<std::string>& includes) {
  command
      .add_option("-I,--include", includes,
                  "A folder to search for modules, after the kernel file's package root and "
                  "before $NKIC_PATH and the stdlib; repeatable")
      ->type_name("DIR")
      ->allow_extra_args(false);
}

std::string choose_kernel(const std::string& file, const std::string& kernel,
                          const interp::Session& session) {
  const std::vector<std::string> kernels = session.kernels();
  std::string listing;
  for (const auto& k : kernels) listing += (listing.empty() ? "" : ", ") + k;
  if (!kernel.empty()) {
    if (std::find(kernels.begin(), kernels.end(), kernel) != kernels.end()) return kernel;
    if (session.parameters(kernel)) return kernel;  // a plain function
    throw UsageError{"-k " + kernel + ": " + file + " has no kernel of that name" +
                     (listing.empty() ? "" : " (kernels: " + listing + ")")};
  }
  if (kernels.size() == 1) return kernels.front();
  if (kernels.empty()) throw UsageError{file + " has no @nki.jit kernel; name one with -k"};
  throw UsageError{file + " has several kernels (" + listing + "); choose one with -k"};
}

bool color_wanted(const std::string& option) {
  return use_color(option == "always"  ? ColorMode::always
                   : option == "never" ? ColorMode::never
                                       : ColorMode::auto_);
}

void add_lnc_option(CLI::App& command, int& lnc) {
  command
      .add_option("--lnc", lnc,
                  "Logical NeuronCores: the programs each rank runs (1 or 2; default 1)")
      ->type_name("1|2")
      ->check(rt::lnc_problem);
}

void add_limit_options(CLI::App& command, LimitOptions& limits) {
  command
      .add_option("--memory-limit", limits.memory_limit,
                  "Refuse a tensor that would bring the storage of all ranks' tensors above "
                  "this many bytes (512M, 8G; 0: no limit; default: half the host's memory)")
      ->type_name("SIZE")
      ->check(rt::byte_size_error);
  command
      .add_option("--max-steps", limits.max_steps,
                  "Stop a rank that takes more than N steps (statements, function calls, "
                  "comprehension items), as looping forever (0: no bound)")
      ->type_name("N")
      ->capture_default_str()
      ->check([](const std::string& text) -> std::string {
        return !text.empty() && text[0] == '-' ? "the bound cannot be negative (0: no bound)" : "";
      });
}

void apply_limits(const LimitOptions& limits, interp::SessionOptions& options) {
  if (!limits.memory_limit.empty()) options.memory_limit = *rt::parse_bytes(limits.memory_limit);
  options.max_steps = limits.max_steps;
}

}  // namespace nkic::tools
