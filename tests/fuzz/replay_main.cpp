// The replay driver: without libFuzzer, runs saved inputs through a fuzz
// target's entry point, so that every input that ever crashed (regressions/)
// and the seed corpus are tests of the normal build. Arguments are
// directories (every regular file in them, in name order) or files. A crash
// crashes the driver, which is what fails the test; stderr names the input
// before it runs.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;

// The inputs named by one argument; false when it names nothing.
bool collect(const fs::path& arg, std::vector<fs::path>& out) {
  std::error_code ec;
  if (fs::is_regular_file(arg, ec)) {
    out.push_back(arg);
    return true;
  }
  if (!fs::is_directory(arg, ec)) return false;
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::directory_iterator(arg, ec)) {
    if (e.is_regular_file(ec)) files.push_back(e.path());
  }
  if (ec) return false;
  std::sort(files.begin(), files.end());
  out.insert(out.end(), files.begin(), files.end());
  return true;
}

bool replay(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // A buffer of exactly the input's size, as libFuzzer gives, so that the
  // sanitizers see any read past its end.
  const auto data = std::make_unique<uint8_t[]>(bytes.size());
  std::copy(bytes.begin(), bytes.end(), data.get());
  std::fprintf(stderr, "replay: %s\n", file.c_str());
  LLVMFuzzerTestOneInput(data.get(), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s DIR_OR_FILE...\n", argv[0]);
    return 2;
  }
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    if (!collect(argv[i], inputs)) {
      std::fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
      return 2;
    }
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "replay: no inputs\n");
    return 1;
  }
  for (const fs::path& file : inputs) {
    if (!replay(file)) {
      std::fprintf(stderr, "replay: cannot read %s\n", file.c_str());
      return 1;
    }
  }
  std::fprintf(stderr, "replay: %zu inputs, no crash\n", inputs.size());
  return 0;
}
