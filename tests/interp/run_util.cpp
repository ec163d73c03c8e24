// Running kernels for the tests.
#include "run_util.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <type_traits>

namespace nkic::test {

namespace {

std::string basename_of(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string format(const Diagnostic& d) {
  std::string out;
  if (d.range.valid()) {
    out = basename_of(d.range.file->path()) + ":" + std::to_string(d.range.begin.line) + ":" +
          std::to_string(d.range.begin.col) + ": ";
  }
  return out + d.message;
}

// A scratch directory holding k.py, removed afterwards.
struct Scratch {
  std::string dir;
  Scratch() {
    char tmpl[] = "/tmp/nkic_interp_test_XXXXXX";
    const char* made = ::mkdtemp(tmpl);
    dir = made ? made : "/tmp";
  }
  ~Scratch() {
    ::unlink((dir + "/k.py").c_str());
    ::rmdir(dir.c_str());
  }
};

// Loads `source` as k.py into a Session and calls `use(session)`; the first
// diagnostic goes into `outcome`.
template <class O, class F>
void with_session(const std::string& source, int ranks, O& outcome, F&& use,
                  int64_t max_steps = interp::kDefaultMaxSteps, int lnc = 1,
                  rt::OpObserver* observer = nullptr) {
  Scratch scratch;
  const std::string path = scratch.dir + "/k.py";
  std::ofstream(path) << source;
  SourceManager sources;
  DiagnosticSink sink;
  std::ostringstream out;
  interp::SessionOptions options;
  options.ranks = ranks;
  options.out = &out;
  options.module_path = {NKIC_TEST_STDLIB_DIR};
  options.max_steps = max_steps;
  options.lnc = lnc;
  options.observer = observer;
  interp::Session session(options, sources, sink);
  if (session.load(path)) use(session);
  outcome.out = out.str();
  if (!sink.diagnostics().empty()) {
    const Diagnostic& d = sink.diagnostics().front();
    outcome.error = format(d);
    outcome.error_ranks = d.ranks;
    if constexpr (std::is_same_v<O, Outcome>) {
      for (const Diagnostic& n : d.notes) outcome.notes.push_back(format(n));
    }
  }
}

}  // namespace

Outcome run_kernel(const std::string& source, const std::string& kernel, int ranks,
                   const std::vector<interp::KernelArg>& args, int lnc,
                   rt::OpObserver* observer) {
  Outcome outcome;
  with_session(
      source, ranks, outcome, [&](interp::Session& s) { outcome.result = s.run(kernel, args); },
      interp::kDefaultMaxSteps, lnc, observer);
  return outcome;
}

Outcome run_kernel_repeatedly(const std::string& source, const std::string& kernel, int ranks,
                              const std::vector<interp::KernelArg>& args, int times) {
  Outcome outcome;
  with_session(source, ranks, outcome, [&](interp::Session& s) {
    for (int i = 0; i < times; ++i) {
      outcome.result = s.run(kernel, args);
      if (!outcome.result) return;
      outcome.runs.push_back(*outcome.result);
    }
  });
  return outcome;
}

TraceOutcome trace_kernel(const std::string& source, const std::string& kernel, int ranks,
                          const std::vector<interp::TraceArg>& args, interp::Device& device,
                          int lnc) {
  TraceOutcome outcome;
  with_session(
      source, ranks, outcome,
      [&](interp::Session& s) { outcome.result = s.trace(kernel, args, device); },
      interp::kDefaultMaxSteps, lnc);
  return outcome;
}

Outcome run_code(const std::string& source, int64_t max_steps) {
  std::string text = source;
  if (!text.empty() && text.back() != '\n') text += '\n';
  Outcome outcome;
  with_session(
      text + "\ndef test_kernel__():\n    pass\n", 1, outcome,
      [&](interp::Session& s) { outcome.result = s.run("test_kernel__", {}); }, max_steps);
  return outcome;
}

interp::KernelArg expr_arg(const std::string& name, const std::string& text) {
  interp::KernelArg a;
  a.name = name;
  a.expression = text;
  a.origin = "-a " + name + "=" + text;
  return a;
}

interp::KernelArg f32_arg(const std::string& name, const std::vector<int64_t>& shape,
                          const std::vector<std::vector<float>>& data) {
  interp::KernelArg a;
  a.name = name;
  a.origin = "-a " + name + "=@" + name + ".npy";
  for (const auto& values : data) {
    rt::NpyArray arr;
    arr.dtype = rt::DType::float32;
    arr.shape = shape;
    arr.data.resize(values.size() * sizeof(float));
    if (!values.empty()) std::memcpy(arr.data.data(), values.data(), arr.data.size());
    a.per_rank.push_back(std::move(arr));
  }
  return a;
}

std::vector<float> floats(const rt::NpyArray& a) {
  std::vector<float> out(a.data.size() / sizeof(float));
  std::memcpy(out.data(), a.data.data(), out.size() * sizeof(float));
  return out;
}

}  // namespace nkic::test
