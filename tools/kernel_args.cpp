// See kernel_args.h.
#include "tools/kernel_args.h"

#include <cctype>

#include "runtime/host_io.h"
#include "runtime/machine.h"

namespace nkic::tools {
namespace {

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

}  // namespace

std::pair<std::string, std::string> split_assignment(const std::string& option) {
  const size_t eq = option.find('=');
  if (eq == std::string::npos) {
    throw UsageError{"-a expects NAME=VALUE, got '" + option + "'"};
  }
  std::string name = option.substr(0, eq);
  if (!is_identifier(name)) {
    throw UsageError{"-a " + option + ": '" + name + "' is not a parameter name"};
  }
  return {std::move(name), option.substr(eq + 1)};
}

std::vector<interp::KernelArg> load_kernel_args(const std::vector<std::string>& options,
                                                int ranks) {
  std::vector<interp::KernelArg> args;
  for (const std::string& option : options) {
    auto [name, value] = split_assignment(option);
    for (const auto& earlier : args) {
      if (earlier.name == name) throw UsageError{"-a " + name + " is given twice"};
    }
    interp::KernelArg arg;
    arg.name = name;
    arg.origin = "-a " + option;
    if (value.empty() || value[0] != '@') {
      arg.expression = value;
      args.push_back(std::move(arg));
      continue;
    }
    std::string missing;
    try {
      arg.per_rank = rt::load_per_rank(value.substr(1), ranks, &missing);
    } catch (const rt::Error& e) {
      throw InputError{e.what()};
    }
    if (!missing.empty()) throw UsageError{"-a " + name + ": cannot read '" + missing + "'"};
    args.push_back(std::move(arg));
  }
  return args;
}

}  // namespace nkic::tools
