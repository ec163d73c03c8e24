// See program_driver.h.
#include "tests/program/program_driver.h"

#include <stdlib.h>

#include <cstring>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace nkic::test {

ProgramRun run_program(const std::vector<std::string>& args, const rt::ProgramSpec& spec,
                       const rt::KernelFactory& make) {
  std::vector<std::string> storage = {"prog"};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);

  std::ostringstream out;
  std::ostringstream err;
  std::streambuf* old_out = std::cout.rdbuf(out.rdbuf());
  std::streambuf* old_err = std::cerr.rdbuf(err.rdbuf());
  ProgramRun run;
  run.exit_code = rt::program_main(static_cast<int>(storage.size()), argv.data(), spec, make);
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

ScratchDir::ScratchDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "nkic_program_XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create " + pattern);
  dir_ = pattern;
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

rt::NpyArray f32_array(std::vector<int64_t> shape, const std::vector<float>& values) {
  rt::NpyArray a;
  a.dtype = rt::DType::float32;
  a.shape = std::move(shape);
  a.data.resize(values.size() * sizeof(float));
  std::memcpy(a.data.data(), values.data(), a.data.size());
  return a;
}

std::vector<float> f32_values(const rt::NpyArray& a) {
  std::vector<float> v(a.data.size() / sizeof(float));
  std::memcpy(v.data(), a.data.data(), v.size() * sizeof(float));
  return v;
}

}  // namespace nkic::test
