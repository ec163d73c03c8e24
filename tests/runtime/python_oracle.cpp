// Scratch directories and the python subprocess for NumPy oracles.
#include "python_oracle.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace nkic::test {

ScratchDir::ScratchDir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "nkic_rt_XXXXXX").string();
  REQUIRE(mkdtemp(tmpl.data()) != nullptr);
  path_ = tmpl;
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out.good());
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string run_python(const ScratchDir& dir, const std::string& script) {
  write_file(dir.file("oracle.py"), "import numpy as np\n" + script);
  const std::string command = "cd '" + dir.path() + "' && " NKIC_PYTHON3 " oracle.py > out.txt 2> err.txt";
  const int status = std::system(command.c_str());
  INFO("python stdout: " << read_file(dir.file("out.txt")) << "\npython stderr: " << read_file(dir.file("err.txt")));
  REQUIRE(status == 0);
  return read_file(dir.file("out.txt"));
}

}  // namespace nkic::test
