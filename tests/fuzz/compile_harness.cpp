// The compile harness: the bytes as a kernel file, loaded into an
// interp::Session of kRanks ranks, each `@nki.jit` kernel of it (up to
// kMaxKernels) specialized as `nkic emit FILE -k K -n 2 -a ...` would, with
// tensor arguments of the rule of fuzz_session.h given by shape: the trace of
// rank 0, the IR (rerolled loops included), printed, and the C++ emitted.
//
// Promises checked: specialization gives a program exactly when it reports
// no error, and the program prints and emits as text that is not empty.
// Building and running the emitted programs is slower than fuzzing allows;
// build_sample.py compiles a sample of the corpus this target grows and holds
// each program's outputs to nkirun's, byte for byte.
#include <string>
#include <vector>

#include "check.h"
#include "codegen/emit_cpp.h"
#include "codegen/ir.h"
#include "codegen/specialize.h"
#include "fuzz_session.h"
#include "harness.h"

namespace nkic::fuzz {

void compile_input(std::string_view source) {
  static const ScratchFile scratch;
  const std::string& path = scratch.write(source);
  FuzzSession fuzz(path, /*strict=*/false);
  if (!fuzz.session) return;
  std::vector<std::string> kernels = fuzz.session->kernels();
  if (kernels.size() > kMaxKernels) kernels.resize(kMaxKernels);
  const codegen::Target target{path, kRanks, "trn2"};
  for (const std::string& kernel : kernels) {
    const std::optional<std::vector<std::string>> params = fuzz.session->parameters(kernel);
    if (!params) broken_promise("parameters(" + kernel + "): no such function");
    fuzz.sink.clear();
    const std::optional<codegen::Program> program =
        codegen::specialize(*fuzz.session, kernel, trace_arguments(*params), target, fuzz.sink);
    check_diagnostics(fuzz.sink);
    if (program.has_value() == fuzz.sink.has_errors()) {
      broken_promise("specialize(" + kernel + "): a program and errors, or neither");
    }
    if (!program) continue;
    if (codegen::print_ir(*program).empty()) broken_promise("print_ir(" + kernel + "): empty");
    if (codegen::emit_cpp(*program).empty()) broken_promise("emit_cpp(" + kernel + "): empty");
  }
}

}  // namespace nkic::fuzz
