// See fuzz_session.h.
#include "fuzz_session.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>

#include "check.h"

namespace nkic::fuzz {
namespace {

// The expression arguments of the rule, or nullptr for a tensor.
const char* expression_for(const std::string& name) {
  if (name.find("group") != std::string::npos) return "[[0, 1]]";
  if (name.rfind("num_", 0) == 0) return "2";
  return nullptr;
}

interp::KernelArg tensor_arg(const std::string& name) {
  interp::KernelArg a;
  a.name = name;
  a.origin = "-a " + name + "=@" + name + ".npy";
  int64_t count = 1;
  for (int64_t d : kTensorShape) count *= d;
  for (int r = 0; r < kRanks; ++r) {
    std::vector<float> values(static_cast<size_t>(count));
    for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(r * 100 + i);
    rt::NpyArray array;
    array.dtype = rt::DType::float32;
    array.shape = kTensorShape;
    array.data.resize(values.size() * sizeof(float));
    std::memcpy(array.data.data(), values.data(), array.data.size());
    a.per_rank.push_back(std::move(array));
  }
  return a;
}

}  // namespace

ScratchFile::ScratchFile() {
  const char* tmp = std::getenv("TMPDIR");
  std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/nkic-fuzz-XXXXXX";
  if (!::mkdtemp(templ.data())) broken_promise("cannot make a scratch directory: " + templ);
  dir_ = templ;
  path_ = dir_ + "/kernel.py";
}

ScratchFile::~ScratchFile() {
  ::unlink(path_.c_str());
  ::rmdir(dir_.c_str());
}

const std::string& ScratchFile::write(std::string_view text) const {
  std::ofstream out(path_, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out.flush()) broken_promise("cannot write " + path_);
  return path_;
}

std::vector<interp::KernelArg> run_arguments(const std::vector<std::string>& params) {
  std::vector<interp::KernelArg> args;
  for (const std::string& name : params) {
    if (const char* e = expression_for(name)) {
      interp::KernelArg a;
      a.name = name;
      a.expression = e;
      a.origin = "-a " + name + "=" + e;
      args.push_back(std::move(a));
    } else {
      args.push_back(tensor_arg(name));
    }
  }
  return args;
}

std::vector<interp::TraceArg> trace_arguments(const std::vector<std::string>& params) {
  std::vector<interp::TraceArg> args;
  for (const std::string& name : params) {
    interp::TraceArg a;
    a.name = name;
    if (const char* e = expression_for(name)) {
      a.expression = e;
      a.origin = "-a " + name + "=" + e;
    } else {
      a.tensor = interp::TensorSpec{rt::DType::float32, kTensorShape};
      a.origin = "-a " + name + "=f32[2,4]";
    }
    args.push_back(std::move(a));
  }
  return args;
}

FuzzSession::FuzzSession(const std::string& path, bool strict) {
  interp::SessionOptions options;
  options.ranks = kRanks;
  options.module_path = {NKIC_FUZZ_STDLIB_DIR};
  options.out = &nowhere;
  options.max_steps = kMaxSteps;
  options.memory_limit = kMemoryLimit;
  options.strict = strict;
  session = std::make_unique<interp::Session>(options, sources, sink);
  const bool loaded = session->load(path);
  check_diagnostics(sink);
  if (loaded == sink.has_errors()) broken_promise("load: loaded and errors, or neither");
  if (!loaded) session.reset();
}

}  // namespace nkic::fuzz
