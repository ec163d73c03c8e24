// See write_guard.h. Every path is turned once into a key (its inode where
// it exists, its normal absolute path where it does not), so a run of many
// ranks with per-rank inputs compares keys, not paths, and stats each file
// once.
#include "runtime/write_guard.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <tuple>

#include "runtime/host_io.h"

namespace nkic::rt {
namespace {

namespace fs = std::filesystem;

struct FileKey {
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  std::string path;  // when it does not exist

  bool operator<(const FileKey& o) const {
    return std::tie(exists, device, inode, path) < std::tie(o.exists, o.device, o.inode, o.path);
  }
  bool operator==(const FileKey& o) const {
    return std::tie(exists, device, inode, path) == std::tie(o.exists, o.device, o.inode, o.path);
  }
};

// The absolute path, `.` and `..` folded and the symbolic links of the part
// that exists resolved, without a trailing separator.
std::string normal_path(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  if (ec) p = path;
  fs::path resolved = fs::weakly_canonical(p, ec);
  if (ec) resolved = p;
  resolved = resolved.lexically_normal();
  if (!resolved.has_filename() && resolved.has_relative_path()) resolved = resolved.parent_path();
  return resolved.string();
}

FileKey key_of(const std::string& path) {
  FileKey key;
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) {
    key.exists = true;
    key.device = st.st_dev;
    key.inode = st.st_ino;
  } else {
    key.path = normal_path(path);
  }
  return key;
}

std::string quoted(const std::string& path) {
  return "'" + path + "'";
}

// Whether -o could write a file of this name: NAME.npy, NAME an identifier
// (a returned variable's name, or ret{i}).
bool output_name(const fs::path& file) {
  if (file.extension() != ".npy") return false;
  const std::string stem = file.stem().string();
  if (stem.empty() || std::isdigit(static_cast<unsigned char>(stem[0]))) return false;
  return std::all_of(stem.begin(), stem.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// The folders -o writes into, OUTDIR/rank{r}, as keys.
class OutputSlots {
 public:
  OutputSlots(const std::string& outdir, int ranks) : outdir_(outdir) {
    if (outdir.empty()) return;
    for (int r = 0; r < ranks; ++r) {
      folders_.insert(key_of((fs::path(outdir) / ("rank" + std::to_string(r))).string()));
    }
  }
  // Whether `path` is one of the folders.
  bool is_folder(const std::string& path) const { return folders_.count(key_of(path)) > 0; }
  // Whether -o may write an output at `path`.
  bool holds(const std::string& path) const {
    if (folders_.empty() || !output_name(fs::path(path).filename())) return false;
    const fs::path parent = fs::path(path).parent_path();
    return folders_.count(key_of(parent.empty() ? "." : parent.string())) > 0;
  }
  // "OUTDIR/rank{r}/NAME.npy"
  std::string pattern() const { return (fs::path(outdir_) / "rank{r}" / "NAME.npy").string(); }

 private:
  std::string outdir_;
  std::set<FileKey> folders_;
};

std::string overwrite_message(const WrittenFile& w, const ReadFile& r) {
  return w.option + " " + quoted(w.path) + " would overwrite " + r.role +
         (r.path == w.path ? "" : ", " + quoted(r.path));
}

// A written file against the -o folder itself: the file cannot be the
// folder, nor a folder above it.
std::string outdir_clash(const WrittenFile& w, const std::string& outdir) {
  if (outdir.empty()) return "";
  if (same_file(w.path, outdir)) {
    return w.option + " " + quoted(w.path) + " is the folder of -o " + quoted(outdir);
  }
  if (inside(outdir, w.path)) {
    return w.option + " " + quoted(w.path) + " is a folder of -o " + quoted(outdir);
  }
  return "";
}

// The first clash of a written file with a read file or another output.
std::string write_clash(const RunFiles& files);

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
  return key_of(a) == key_of(b);
}

std::string running_program() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? "" : self.string();
}

std::vector<ReadFile> input_files(const std::string& name, const std::string& value, int ranks) {
  if (value.empty() || value[0] != '@') return {};
  std::vector<ReadFile> files;
  for (std::string& path : per_rank_files(value.substr(1), ranks)) {
    files.push_back(ReadFile{std::move(path), "the input file of -a " + name});
  }
  return files;
}

std::string outputs_problem(const RunFiles& files) {
  if (std::string clash = write_clash(files); !clash.empty()) return clash;
  for (const WrittenFile& w : files.writes) {
    // A folder -o makes is there by the time the file is written.
    if (inside(fs::path(w.path).parent_path().string(), files.outdir)) continue;
    if (std::string problem = output_file_problem(w.path, w.option); !problem.empty()) {
      return problem;
    }
  }
  return "";
}

bool inside(const std::string& path, const std::string& folder) {
  if (folder.empty()) return false;
  const std::string p = normal_path(path.empty() ? "." : path);
  const std::string f = normal_path(folder);
  return p == f || (p.size() > f.size() && p.compare(0, f.size(), f) == 0 && p[f.size()] == '/');
}

namespace {

std::string write_clash(const RunFiles& files) {
  std::vector<std::pair<FileKey, const ReadFile*>> reads;
  // A file that does not exist has nothing to lose (and reading it fails).
  for (const ReadFile& r : files.reads) {
    if (FileKey key = key_of(r.path); key.exists) reads.emplace_back(std::move(key), &r);
  }
  const OutputSlots slots(files.outdir, files.ranks);
  for (size_t i = 0; i < files.writes.size(); ++i) {
    const WrittenFile& w = files.writes[i];
    const FileKey key = key_of(w.path);
    for (const auto& [read_key, r] : reads) {
      if (read_key == key) return overwrite_message(w, *r);
    }
    for (size_t j = 0; j < i; ++j) {
      if (key_of(files.writes[j].path) == key) {
        return w.option + " " + quoted(w.path) + " is also the file of " + files.writes[j].option;
      }
    }
    if (std::string clash = outdir_clash(w, files.outdir); !clash.empty()) return clash;
    if (slots.is_folder(w.path)) {
      return w.option + " " + quoted(w.path) + " is a folder -o " + quoted(files.outdir) +
             " writes its outputs in";
    }
    if (slots.holds(w.path)) {
      return w.option + " " + quoted(w.path) + " is where -o " + quoted(files.outdir) +
             " writes an output (" + slots.pattern() + ")";
    }
  }
  for (const auto& [read_key, r] : reads) {
    if (slots.holds(r->path)) {
      return "-o " + quoted(files.outdir) + " may write an output over " + r->role + ", " +
             quoted(r->path) + " (outputs go to " + slots.pattern() + ")";
    }
  }
  return "";
}

}  // namespace
}  // namespace nkic::rt
