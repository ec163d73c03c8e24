// See module_finder.h.
#include "interp/module_finder.h"

#include <sys/stat.h>

#include <filesystem>
#include <system_error>

#include "frontend/parse.h"

namespace nkic::interp {

bool is_regular_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool is_directory(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

namespace {

namespace fs = std::filesystem;

// Paths as the user wrote them, so messages show `pkg/a.py`, not `./pkg/a.py`.
std::string join_path(const std::string& folder, const std::string& leaf) {
  if (folder.empty() || folder == ".") return leaf;
  return folder.back() == '/' ? folder + leaf : folder + "/" + leaf;
}

std::string last_part(const std::string& dotted) {
  const size_t dot = dotted.rfind('.');
  return dot == std::string::npos ? dotted : dotted.substr(dot + 1);
}

// `folder` (absolute) as the user would write it: relative to the working
// directory when the kernel file was given relative to it.
std::string shown_folder(const fs::path& folder, bool relative) {
  if (!relative) return folder.string();
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec);
  if (ec) return folder.string();
  const std::string rel = folder.lexically_relative(cwd).string();
  return rel.empty() ? "." : rel;
}

}  // namespace

FilePlace place_of_file(const std::string& path) {
  const fs::path file(path);
  const bool init = file.filename() == "__init__.py";
  std::vector<std::string> parts;
  if (!init) parts.push_back(file.stem().string());
  std::error_code ec;
  fs::path folder = fs::absolute(file, ec).lexically_normal().parent_path();
  if (ec) folder = file.parent_path();
  // Up through the folders that are packages; the first that is not is the root.
  while (folder.has_relative_path() && is_regular_file((folder / "__init__.py").string())) {
    parts.insert(parts.begin(), folder.filename().string());
    folder = folder.parent_path();
  }
  FilePlace place;
  place.root = shown_folder(folder, file.is_relative());
  for (const std::string& part : parts) {
    place.spec.name += (place.spec.name.empty() ? "" : ".") + part;
  }
  place.spec.file = path;
  place.spec.package = init;
  if (init) {
    const std::string own = file.parent_path().string();
    place.spec.search = {own.empty() ? "." : own};
  }
  return place;
}

std::vector<std::string> ModuleFinder::path() const {
  std::vector<std::string> out;
  if (!root_.empty()) out.push_back(root_);
  out.insert(out.end(), path_.begin(), path_.end());
  return out;
}

bool is_module_part(std::string_view part) {
  if (part.empty()) return false;
  if (part[0] >= '0' && part[0] <= '9') return false;
  for (char ch : part) {
    const auto c = static_cast<unsigned char>(ch);
    const bool ok = c >= 0x80 || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9');
    if (!ok) return false;
  }
  return true;
}

bool is_dotted_module_name(std::string_view dotted) {
  for (size_t start = 0;;) {
    const size_t dot = dotted.find('.', start);
    if (!is_module_part(dotted.substr(start, dot == std::string_view::npos ? dot : dot - start))) {
      return false;
    }
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

std::optional<ModuleSpec> ModuleFinder::find(const std::string& name,
                                             const std::vector<std::string>& folders) const {
  const std::string leaf = last_part(name);
  // A name is looked up, never used as a path.
  if (!is_module_part(leaf)) return std::nullopt;
  std::vector<std::string> portions;  // of a namespace package, when nothing else is found
  for (const std::string& folder : folders) {
    const std::string base = join_path(folder, leaf);
    if (is_directory(base)) {
      const std::string init = base + "/__init__.py";
      if (is_regular_file(init)) return ModuleSpec{name, init, true, {base}};
      portions.push_back(base);
    }
    if (is_regular_file(base + ".py")) return ModuleSpec{name, base + ".py", false, {}};
  }
  if (portions.empty()) return std::nullopt;
  return ModuleSpec{name, "", true, portions};
}

std::optional<ModuleSpec> ModuleFinder::locate(const std::string& dotted) const {
  std::vector<std::string> folders = path();
  std::optional<ModuleSpec> spec;
  size_t start = 0;
  while (true) {
    const size_t dot = dotted.find('.', start);
    const std::string name = dotted.substr(0, dot);
    if (name.empty() || name.back() == '.') return std::nullopt;
    spec = find(name, folders);
    if (!spec || dot == std::string::npos) return spec;
    if (!spec->package) return std::nullopt;
    folders = spec->search;
    start = dot + 1;
  }
}

const ast::Module* ModuleFinder::parse(const std::string& file, DiagnosticSink& sink) {
  if (auto it = parsed_.find(file); it != parsed_.end()) return it->second.get();
  const SourceFile* source = sources_.load(file);
  if (!source) {
    sink.report(error_at(SourceRange{}, "cannot read module file '" + file + "'"));
    return nullptr;
  }
  std::unique_ptr<ast::Module> module = parse_module(*source, sink);
  if (!module) return nullptr;
  return (parsed_[file] = std::move(module)).get();
}

const ast::Module* ModuleFinder::parse_again(const std::string& file, DiagnosticSink& sink) {
  if (auto it = parsed_.find(file); it != parsed_.end()) {
    superseded_.push_back(std::move(it->second));
    parsed_.erase(it);
  }
  return parse(file, sink);
}

const ast::Module* ModuleFinder::parse_or_throw(const std::string& file, const SourceRange& where) {
  DiagnosticSink local;
  if (const ast::Module* module = parse(file, local)) return module;
  if (local.diagnostics().empty()) throw_error(where, "module file '" + file + "' does not parse");
  Diagnostic first = local.diagnostics().front();
  if (!first.range.valid()) first.range = where;  // unreadable: placed at the import
  throw CompileError(std::move(first));
}

}  // namespace nkic::interp
