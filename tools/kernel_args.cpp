// See kernel_args.h.
#include "tools/kernel_args.h"

#include <cctype>
#include <filesystem>
#include <map>

#include "runtime/machine.h"
#include "runtime/npy.h"

namespace nkic::tools {
namespace {

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

std::string expand_rank(std::string path, int rank) {
  static const std::string kPlaceholder = "{rank}";
  for (size_t at = path.find(kPlaceholder); at != std::string::npos;
       at = path.find(kPlaceholder, at)) {
    const std::string id = std::to_string(rank);
    path.replace(at, kPlaceholder.size(), id);
    at += id.size();
  }
  return path;
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
  std::map<std::string, rt::NpyArray> loaded;  // one read per distinct path
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
    for (int r = 0; r < ranks; ++r) {
      const std::string path = expand_rank(value.substr(1), r);
      auto it = loaded.find(path);
      if (it == loaded.end()) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) {
          throw UsageError{"-a " + name + ": cannot read '" + path + "'"};
        }
        try {
          it = loaded.emplace(path, rt::read_npy(path)).first;
        } catch (const rt::Error& e) {
          throw InputError{e.what()};
        }
      }
      arg.per_rank.push_back(it->second);
    }
    args.push_back(std::move(arg));
  }
  return args;
}

}  // namespace nkic::tools
