// Drives rt::program_main as a generated program's main() would be, from an
// argv, capturing what it prints and its exit code; and a scratch folder for
// the .npy files the runs read and write.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "runtime/program.h"

namespace nkic::test {

struct ProgramRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// argv[0] is "prog"; `args` follow it.
ProgramRun run_program(const std::vector<std::string>& args, const rt::ProgramSpec& spec,
                       const rt::KernelFactory& make);

// A fresh folder under the system's temporary folder, removed when done.
class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

 private:
  std::filesystem::path dir_;
};

rt::NpyArray f32_array(std::vector<int64_t> shape, const std::vector<float>& values);
std::vector<float> f32_values(const rt::NpyArray& a);

}  // namespace nkic::test
