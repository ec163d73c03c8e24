// See stdlib_loader.h.
#include "interp/stdlib_loader.h"

#include <sys/stat.h>

#include <algorithm>

#include "frontend/diagnostics.h"
#include "frontend/parse.h"

namespace nkic::interp {

bool is_regular_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

namespace {

bool is_dir(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

std::string dotted_to_path(const std::string& dotted) {
  std::string p = dotted;
  std::replace(p.begin(), p.end(), '.', '/');
  return p;
}

}  // namespace

std::optional<std::string> StdlibLoader::locate(const std::string& dotted) const {
  for (const std::string& dir : path_) {
    const std::string file = dir + "/" + dotted_to_path(dotted) + ".py";
    if (is_regular_file(file)) return file;
  }
  return std::nullopt;
}

const ast::Module* StdlibLoader::find(const std::string& dotted, const SourceRange& where) {
  if (auto it = parsed_.find(dotted); it != parsed_.end()) return it->second.get();
  const auto path = locate(dotted);
  if (!path) return nullptr;
  const SourceFile* file = sources_.load(*path);
  if (!file) throw_error(where, "cannot read module file '" + *path + "'");
  DiagnosticSink local;
  auto module = parse_module(*file, local);
  if (!module) {
    if (!local.diagnostics().empty()) throw CompileError(local.diagnostics().front());
    throw_error(where, "module '" + dotted + "' does not parse");
  }
  return (parsed_[dotted] = std::move(module)).get();
}

bool StdlibLoader::is_package(const std::string& dotted) {
  for (const std::string& dir : path_) {
    if (is_dir(dir + "/" + dotted_to_path(dotted))) return true;
  }
  return false;
}

}  // namespace nkic::interp
