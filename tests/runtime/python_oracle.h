// Runs NumPy (through /usr/bin/python3) as an independent oracle: a test
// writes its inputs into a scratch directory, runs a script there, and reads
// back what NumPy computed. A missing NumPy fails the test; it never skips.
#pragma once

#include <string>
#include <vector>

namespace nkic::test {

// A fresh directory under /tmp, removed with everything in it on destruction.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// Runs `script` with the working directory `dir`; its stdout. Fails the
// current test (doctest REQUIRE) when python or numpy fails.
std::string run_python(const ScratchDir& dir, const std::string& script);

void write_file(const std::string& path, const std::string& bytes);
std::string read_file(const std::string& path);

template <typename T>
std::string as_bytes(const std::vector<T>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}

template <typename T>
std::vector<T> from_bytes(const std::string& s) {
  std::vector<T> v(s.size() / sizeof(T));
  std::copy(s.data(), s.data() + v.size() * sizeof(T), reinterpret_cast<char*>(v.data()));
  return v;
}

}  // namespace nkic::test
