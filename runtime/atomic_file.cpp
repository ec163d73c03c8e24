// See atomic_file.h.
#include "runtime/atomic_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "runtime/machine.h"

namespace nkic::rt {
namespace {

namespace fs = std::filesystem;

// The permissions a newly created file gets: what open(2) gives 0666.
mode_t new_file_mode() {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

AtomicFile::AtomicFile(const std::string& path, const std::string& what)
    : path_(path), what_(what), target_(path) {
  struct stat st;
  mode_t mode = new_file_mode();
  if (::stat(path.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode)) {
      out_.open(path, std::ios::binary);
      if (!out_) fail(std::strerror(errno));
      return;
    }
    mode = st.st_mode & 07777;
    std::error_code ec;
    const fs::path resolved = fs::canonical(path, ec);
    if (!ec) target_ = resolved.string();
  }
  const fs::path target(target_);
  std::error_code ec;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  std::string temp =
      (target.parent_path() / ("." + target.filename().string() + ".XXXXXX")).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) fail(std::strerror(errno));
  ::fchmod(fd, mode);
  ::close(fd);
  temp_ = temp;
  out_.open(temp_, std::ios::binary | std::ios::trunc);
  if (!out_) fail(std::strerror(errno));
}

AtomicFile::~AtomicFile() {
  if (temp_.empty()) return;
  out_.close();
  ::unlink(temp_.c_str());
}

void AtomicFile::fail(const std::string& why) const {
  throw Error("cannot write " + what_ + " '" + path_ + "'" + (why.empty() ? "" : ": " + why));
}

void AtomicFile::commit() {
  out_.close();
  if (!out_) fail("");
  if (temp_.empty()) return;
  if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail(std::strerror(errno));
  temp_.clear();
}

}  // namespace nkic::rt
