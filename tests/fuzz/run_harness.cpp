// The run harness: the bytes as a kernel file, loaded into an interp::Session
// of kRanks ranks (as `nkirun run FILE -n 2` would), each `@nki.jit` kernel
// of it run twice with arguments made by the rule of fuzz_session.h from its
// parameter names.
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
#include <optional>
#include <string>
#include <vector>

#include "check.h"
#include "fuzz_session.h"
#include "harness.h"
#include "interp/session.h"

namespace nkic::fuzz {

namespace {

constexpr const char* kModuleKernel = "fuzz_module_kernel__";

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
    const std::vector<interp::KernelArg> args = run_arguments(*params);
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
