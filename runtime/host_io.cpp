// See host_io.h. `nkirun run` and generated programs both read and write
// through here, which is what makes their output files comparable byte for
// byte.
#include "runtime/host_io.h"

#include <unistd.h>

#include <filesystem>
#include <map>
#include <optional>
#include <utility>
#include <ostream>

#include "runtime/machine.h"
#include "runtime/print.h"

namespace nkic::rt {

std::string expand_rank(std::string path, int rank) {
  static const std::string kPlaceholder = "{rank}";
  const std::string id = std::to_string(rank);
  for (size_t at = path.find(kPlaceholder); at != std::string::npos;
       at = path.find(kPlaceholder, at)) {
    path.replace(at, kPlaceholder.size(), id);
    at += id.size();
  }
  return path;
}

namespace {

namespace fs = std::filesystem;

std::string in_quotes(const fs::path& p) { return "'" + p.string() + "'"; }

// "" when new entries can be made in `dir`, or in the folder it would be
// made in: the nearest part of it that exists must be a writable folder.
std::string creatable_in(const fs::path& dir) {
  fs::path at = dir.empty() ? fs::path(".") : dir;
  std::error_code ec;
  while (!fs::exists(at, ec) && at.has_parent_path() && at.parent_path() != at) {
    at = at.parent_path();
  }
  if (!fs::exists(at, ec)) at = ".";
  if (!fs::is_directory(at, ec)) return in_quotes(at) + " is not a folder";
  if (::access(at.c_str(), W_OK | X_OK) != 0) return in_quotes(at) + " is not writable";
  return "";
}

}  // namespace

std::string outdir_problem(const std::string& outdir) {
  if (outdir.empty()) return "-o needs a folder to write the outputs to";
  std::error_code ec;
  if (fs::exists(outdir, ec) && !fs::is_directory(outdir, ec)) {
    return "-o " + in_quotes(outdir) + " is not a folder";
  }
  const std::string problem = creatable_in(outdir);
  return problem.empty() ? "" : "-o " + in_quotes(outdir) + ": " + problem;
}

std::string output_file_problem(const std::string& path, const std::string& option) {
  if (path.empty()) return option + " needs the path of the file to write";
  std::error_code ec;
  if (fs::is_directory(path, ec) || path.back() == '/') {
    return option + " " + in_quotes(path) + " is a folder; give the path of the file to write";
  }
  const fs::path parent = fs::path(path).parent_path();
  if (!parent.empty() && !fs::exists(parent, ec)) {
    return option + " " + in_quotes(path) + ": the folder " + in_quotes(parent) +
           " does not exist";
  }
  const std::string problem = creatable_in(parent);
  return problem.empty() ? "" : option + " " + in_quotes(path) + ": " + problem;
}

namespace {

// "PATH:DTYPE" -> (PATH, DTYPE) when the text after the last ':' is a dtype
// name; otherwise the whole text is the path.
std::pair<std::string, std::optional<DType>> split_dtype_suffix(const std::string& text) {
  const size_t colon = text.rfind(':');
  if (colon == std::string::npos) return {text, std::nullopt};
  const std::optional<DType> t = dtype_from_name(std::string_view(text).substr(colon + 1));
  if (!t) return {text, std::nullopt};
  return {text.substr(0, colon), t};
}

}  // namespace

std::vector<std::string> per_rank_files(const std::string& path_and_dtype, int ranks) {
  const std::string pattern = split_dtype_suffix(path_and_dtype).first;
  std::vector<std::string> paths;
  if (pattern.find("{rank}") == std::string::npos) return {pattern};
  for (int r = 0; r < ranks; ++r) paths.push_back(expand_rank(pattern, r));
  return paths;
}

std::vector<NpyArray> load_per_rank(const std::string& path_and_dtype, int ranks,
                                    std::string* missing, int first, int end) {
  if (end < 0) end = ranks;
  const auto [path_pattern, as] = split_dtype_suffix(path_and_dtype);
  // Existence is checked for every rank's file before any is read, so a
  // missing file is reported as such even when another one is malformed.
  std::vector<std::string> paths;
  for (int r = first; r < end; ++r) {
    std::string path = expand_rank(path_pattern, r);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
      if (missing != nullptr) *missing = path;
      return {};
    }
    paths.push_back(std::move(path));
  }
  // A path without {rank} names one file for every rank: read it once.
  std::map<std::string, NpyArray> loaded;
  std::vector<NpyArray> arrays(static_cast<size_t>(first));
  arrays.reserve(static_cast<size_t>(ranks));
  for (const std::string& path : paths) {
    auto it = loaded.find(path);
    if (it == loaded.end()) it = loaded.emplace(path, read_npy(path, as)).first;
    arrays.push_back(it->second);
  }
  arrays.resize(static_cast<size_t>(ranks));
  return arrays;
}

void write_outputs(const std::string& outdir, const RankOutputs& outputs, size_t first) {
  namespace fs = std::filesystem;
  for (size_t r = first; r < outputs.size(); ++r) {
    const fs::path dir = fs::path(outdir) / ("rank" + std::to_string(r));
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw Error("cannot create '" + dir.string() + "': " + ec.message());
    for (const NamedArray& named : outputs[r]) {
      write_npy((dir / (named.name + ".npy")).string(), named.array);
    }
  }
}

void print_outputs(std::ostream& out, const RankOutputs& outputs, size_t first) {
  for (size_t r = first; r < outputs.size(); ++r) {
    for (const NamedArray& named : outputs[r]) {
      const NpyArray& a = named.array;
      out << "[rank " << r << "] " << named.name << " =\n"
          << format_array(a.dtype, a.shape, a.data.data()) << "\n";
    }
  }
}

}  // namespace nkic::rt
