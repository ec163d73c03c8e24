// A file written while a run goes (the --profile trace) that appears at its
// path only once complete: it is written under a temporary name beside
// its destination and renamed onto it by commit(), so a run that fails or
// is stopped leaves whatever was at the path untouched and no half-written
// file there. A destination that exists but is not a regular file (a
// FIFO, /dev/stdout) is written directly; a symbolic link is followed, its
// target replaced. Missing folders of the path are made (a --profile
// inside the -o folder comes before the outputs).
#pragma once

#include <fstream>
#include <string>

namespace nkic::rt {

class AtomicFile {
 public:
  // `what` names the file in messages ("the profile"). Throws Error when
  // the temporary file cannot be made.
  AtomicFile(const std::string& path, const std::string& what);
  // Removes the temporary file unless committed.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return out_; }

  // Closes the file and moves it onto its path; throws Error when anything
  // could not be written (a full disk) or moved.
  void commit();

 private:
  [[noreturn]] void fail(const std::string& why) const;

  std::string path_;  // as given, for messages
  std::string what_;
  std::string target_;  // the file replaced: path_, a link's target resolved
  std::string temp_;    // "" when writing directly, or once committed
  std::ofstream out_;
};

}  // namespace nkic::rt
