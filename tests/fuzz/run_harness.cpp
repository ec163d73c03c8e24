// The run harness: the bytes as a kernel file, loaded into an interp::Session
// of kRanks ranks (as `nkirun run FILE -n 2` would), each `@nki.jit` kernel
// of it run twice with arguments made by a fixed rule from its parameter
// names:
//
//   - a name containing "group" gets the expression [[0, 1]] (both ranks in
//     one replica group);
//   - a name starting with "num_" gets the expression 2 (the number of ranks,
//     as the examples' num_ranks);
//   - any other name gets a float32 tensor of shape kTensorShape, element i
//     on rank r being r * 100 + i, so that collectives combine distinct
//     values.
//
// A file without an `@nki.jit` kernel is run as module-level code: a
// function kModuleKernel taking no arguments is appended to it and run (as
// the interpreter's tests run snippets), when the file still parses with it.
//
// The two runs of a kernel in one Session (so on one machine, the second
// reusing the first's storage) must agree exactly: the same outputs, bit for
// bit, or the same errors. A third run in strict mode (reading an element
// never written is an error) must fail or give those outputs again. print() output is discarded; diagnostics stay in
// the sink, where they are checked and formatted, never printed.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

#include "check.h"
#include "harness.h"
#include "interp/session.h"

namespace nkic::fuzz {

namespace {

constexpr int kRanks = 2;
// A runaway kernel must end in an error, well within libFuzzer's time and
// memory limits (run.sh: -timeout=10, -rss_limit_mb=2048), not as a timeout
// or an out-of-memory. A statement costs about 10 us under the sanitizers
// and coverage, and an input runs up to kMaxKernels x 3 runs x kRanks ranks:
// 20000 steps each bound an endless loop's input to about 5 s.
constexpr int64_t kMaxSteps = 20'000;
constexpr int64_t kMemoryLimit = int64_t{64} << 20;
// Kernels run per input, at most: each costs three runs.
constexpr size_t kMaxKernels = 4;
const std::vector<int64_t> kTensorShape = {2, 4};
constexpr const char* kModuleKernel = "fuzz_module_kernel__";

// A stream buffer that accepts everything and keeps nothing.
class DiscardBuf : public std::streambuf {
 protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

// The scratch file the input is written to (Session loads files), in a
// directory of its own made on first use and removed at exit.
class ScratchFile {
 public:
  ScratchFile() {
    const char* tmp = std::getenv("TMPDIR");
    std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/nkic-fuzz-XXXXXX";
    if (!::mkdtemp(templ.data())) broken_promise("cannot make a scratch directory: " + templ);
    dir_ = templ;
    path_ = dir_ + "/kernel.py";
  }
  ~ScratchFile() {
    ::unlink(path_.c_str());
    ::rmdir(dir_.c_str());
  }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  const std::string& write(std::string_view text) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!out.flush()) broken_promise("cannot write " + path_);
    return path_;
  }

 private:
  std::string dir_;
  std::string path_;
};

interp::KernelArg expression_arg(const std::string& name, const std::string& text) {
  interp::KernelArg a;
  a.name = name;
  a.expression = text;
  a.origin = "-a " + name + "=" + text;
  return a;
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

// The argument rule (see the top of this file).
std::vector<interp::KernelArg> arguments_for(const std::vector<std::string>& params) {
  std::vector<interp::KernelArg> args;
  for (const std::string& name : params) {
    if (name.find("group") != std::string::npos) {
      args.push_back(expression_arg(name, "[[0, 1]]"));
    } else if (name.rfind("num_", 0) == 0) {
      args.push_back(expression_arg(name, "2"));
    } else {
      args.push_back(tensor_arg(name));
    }
  }
  return args;
}

// What one run left: its outputs, or the text of its errors.
struct Outcome {
  std::optional<interp::RunResult> result;
  std::string errors;
};

Outcome run_once(interp::Session& session, DiagnosticSink& sink, const std::string& kernel,
                 const std::vector<interp::KernelArg>& args) {
  sink.clear();
  Outcome o;
  o.result = session.run(kernel, args);
  check_diagnostics(sink);
  if (!o.result) {
    if (!sink.has_errors()) broken_promise("run(" + kernel + "): no result and no error");
    for (const Diagnostic& d : sink.diagnostics()) o.errors += format_diagnostic(d, false);
    return o;
  }
  if (sink.has_errors()) broken_promise("run(" + kernel + "): a result and errors");
  const interp::RunResult& r = *o.result;
  if (r.outputs.size() != kRanks || r.printed.size() != kRanks) {
    broken_promise("run(" + kernel + "): results for " + std::to_string(r.outputs.size()) +
                   " ranks, not " + std::to_string(kRanks));
  }
  for (size_t rank = 0; rank < kRanks; ++rank) {
    if (r.printed[rank].size() != r.outputs[rank].size()) {
      broken_promise("run(" + kernel + "): outputs and their printed forms differ in number");
    }
    for (const rt::NamedArray& out : r.outputs[rank]) {
      int64_t count = 1;
      for (int64_t d : out.array.shape) count *= d;
      if (out.array.data.size() != static_cast<size_t>(count) * rt::dtype_size(out.array.dtype)) {
        broken_promise("run(" + kernel + "): output '" + out.name + "' has the wrong size");
      }
    }
  }
  return o;
}

bool same_outputs(const interp::RunResult& a, const interp::RunResult& b) {
  if (a.outputs.size() != b.outputs.size()) return false;
  for (size_t rank = 0; rank < a.outputs.size(); ++rank) {
    const auto& x = a.outputs[rank];
    const auto& y = b.outputs[rank];
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      if (x[i].name != y[i].name || x[i].array.dtype != y[i].array.dtype ||
          x[i].array.shape != y[i].array.shape || x[i].array.data != y[i].array.data) {
        return false;
      }
    }
  }
  return true;
}

enum class Loaded { no, without_kernels, with_kernels };

// A Session over the scratch file, with its own sources and sink.
struct FuzzSession {
  DiscardBuf discard;
  std::ostream nowhere{&discard};
  SourceManager sources;
  DiagnosticSink sink;
  std::unique_ptr<interp::Session> session;

  FuzzSession(const std::string& path, bool strict) {
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
};

// Loads `text` and runs `kernels`, or when none are named, the file's
// `@nki.jit` kernels: twice each in one Session, then once in a strict
// Session, which must fail or give the same outputs (strict mode only adds
// errors).
Loaded load_and_run(const ScratchFile& scratch, std::string_view text,
                    std::vector<std::string> kernels) {
  const std::string& path = scratch.write(text);
  FuzzSession plain(path, /*strict=*/false);
  if (!plain.session) return Loaded::no;
  if (kernels.empty()) kernels = plain.session->kernels();
  if (kernels.empty()) return Loaded::without_kernels;
  if (kernels.size() > kMaxKernels) kernels.resize(kMaxKernels);
  FuzzSession strict(path, /*strict=*/true);
  if (!strict.session) broken_promise("load: the file loads, but not in strict mode");

  for (const std::string& kernel : kernels) {
    const std::optional<std::vector<std::string>> params = plain.session->parameters(kernel);
    if (!params) broken_promise("parameters(" + kernel + "): no such function");
    const std::vector<interp::KernelArg> args = arguments_for(*params);
    const Outcome first = run_once(*plain.session, plain.sink, kernel, args);
    const Outcome second = run_once(*plain.session, plain.sink, kernel, args);
    if (first.result.has_value() != second.result.has_value() || first.errors != second.errors) {
      broken_promise("run(" + kernel + "): a second run ended differently:\n" + first.errors +
                     "---\n" + second.errors);
    }
    if (first.result && !same_outputs(*first.result, *second.result)) {
      broken_promise("run(" + kernel + "): a second run gave different outputs");
    }
    const Outcome checked = run_once(*strict.session, strict.sink, kernel, args);
    if (checked.result && !first.result) {
      broken_promise("run(" + kernel + "): strict mode ran what failed without it:\n" +
                     first.errors);
    }
    if (checked.result && !same_outputs(*first.result, *checked.result)) {
      broken_promise("run(" + kernel + "): strict mode gave different outputs");
    }
  }
  return Loaded::with_kernels;
}

}  // namespace

void run_input(std::string_view source) {
  static const ScratchFile scratch;
  if (load_and_run(scratch, source, {}) != Loaded::without_kernels) return;
  std::string text(source);
  text += std::string("\n\ndef ") + kModuleKernel + "():\n    pass\n";
  load_and_run(scratch, text, {kModuleKernel});
}

}  // namespace nkic::fuzz
