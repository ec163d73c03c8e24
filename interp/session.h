// The interpreter's public face: a Session loads a kernel file (or a stdlib
// module) and runs one of its kernels SPMD over a simulated machine of N
// ranks, one evaluation per rank, or traces it once for a compiler, handing
// its device operations to the compiler's Device. The command lines
// (`nkirun run`, `nkic`) and the REPL use only this header.
//
// Errors the user caused are reported to the DiagnosticSink given at
// construction, each with its place and ranks; the calls then return false /
// nullopt. Nothing is thrown out of a Session.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frontend/diagnostics.h"
#include "runtime/host_io.h"
#include "runtime/machine.h"
#include "runtime/op_observer.h"
#include "runtime/npy.h"
#include "runtime/tensor.h"

namespace nkic::interp {

class Device;

// Kernels unroll at specialization time, so real ones execute far fewer
// statements; beyond this many a rank is taken to be looping forever.
constexpr int64_t kDefaultMaxSteps = 50'000'000;

struct SessionOptions {
  int ranks = 1;
  // The logical-NeuronCore grid: each rank runs `lnc` programs of the kernel
  // (1 or 2), sharing the rank's inputs and HBM tensors (lnc_share.h).
  int lnc = 1;
  const rt::Platform* platform = nullptr;  // nullptr: the default platform
  // Folders searched for modules, in order, after the root of the kernel
  // file's package (module_finder.h): the tools give -I DIR..., $NKIC_PATH
  // and the stdlib (`nkilib/experimental/collectives.py`).
  std::vector<std::string> module_path;
  // Where the kernel's print() goes; nullptr: standard output.
  std::ostream* out = nullptr;
  // Reading a never-written element is an error (runtime/strict.h).
  bool strict = false;
  // Storage all tensors together may take (rt::Machine::set_memory_limit);
  // 0: no limit. Defaults to a safe share of the host's memory.
  int64_t memory_limit = rt::Machine::default_memory_limit();
  // Steps (statements, calls of Python functions, comprehension items) each
  // rank may take before it is stopped as looping forever; 0: no bound.
  int64_t max_steps = kDefaultMaxSteps;
  // Hears of every device operation and collective of run()
  // (runtime/op_observer.h); nullptr: none. Not owned.
  rt::OpObserver* observer = nullptr;
};

// A kernel argument from the command line: either one .npy array per rank,
// or the source text of an expression evaluated with the file's globals.
struct KernelArg {
  std::string name;
  std::vector<rt::NpyArray> per_rank;  // size ranks, when a tensor argument
  std::string expression;              // otherwise
  std::string origin;                  // "-a NAME=VALUE", for messages
};

// name: the returned variable's name, ret{i} without one, or the input's name.
using NamedArray = rt::NamedArray;

struct RunResult {
  // [rank] -> the returned tensors, then the input tensors the kernel wrote.
  rt::RankOutputs outputs;
  // [rank] -> each output formatted NumPy-style, in the same order.
  std::vector<std::vector<std::string>> printed;
  // The wall time, in microseconds, the ranks spent inside the kernel call,
  // summed over ranks, each rank's waits for its turn left out: not the
  // module's top level, the binding of arguments or the reading back of
  // outputs. Ranks run one at a time, so the sum is the time the simulated
  // device took to execute the kernel (with the pool's threads helping:
  // large transfers in pieces, and the ranks' held copies side by side).
  double kernel_micros = 0;
};

// A kernel argument for tracing: a tensor of this dtype and shape (the same
// on every rank; its data exists only when the compiled program runs), or,
// as for run(), the source text of an expression.
struct TensorSpec {
  rt::DType dtype = rt::DType::float32;
  std::vector<int64_t> shape;
};

struct TraceArg {
  std::string name;
  std::optional<TensorSpec> tensor;  // a tensor argument when set
  std::string expression;            // otherwise
  std::string origin;                // "-a NAME=VALUE", for messages
};

struct TraceResult {
  // The machine the buffers below (and those handed to the Device) live on:
  // kept alive by this result and by the Session, so they stay valid while
  // either lives. Declared first, so it is destroyed last.
  std::shared_ptr<rt::Machine> machine;
  // The tensor arguments, in the order given: param name, its IO buffer in HBM.
  std::vector<std::pair<std::string, std::shared_ptr<rt::Buffer>>> inputs;
  // The returned tensors, named as run() names its outputs.
  std::vector<std::pair<std::string, rt::TensorView>> outputs;
};

class Session {
 public:
  Session(SessionOptions options, SourceManager& sources, DiagnosticSink& sink);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Loads a kernel file, or a module of the search path given by dotted
  // name (`nkilib.experimental.collectives`). A file in a package (its
  // folder has an __init__.py) is the module of its dotted name, and the
  // first folder above it without one is searched first. False after
  // reporting an error.
  bool load(const std::string& file_or_module);

  // The file `load` would read for a kernel file or stdlib module name;
  // nullopt when there is none.
  std::optional<std::string> locate(const std::string& file_or_module) const;

  // The file's functions decorated with `@nki.jit` (or `@nki.jit(...)`), in
  // source order.
  std::vector<std::string> kernels() const;

  // Parameter names of a function of the loaded file, in order; nullopt and
  // an error when there is no such function.
  std::optional<std::vector<std::string>> parameters(const std::string& kernel) const;

  // Runs `kernel` on every rank with the given arguments (missing ones take
  // their defaults). nullopt after reporting an error. Every run of a
  // Session uses one machine, whose host storage is reused from run to run.
  std::optional<RunResult> run(const std::string& kernel, const std::vector<KernelArg>& args);

  // Runs the module and `kernel` once per program (options.lnc; the device
  // hears Device::program before each), as rank 0 of options.ranks, handing
  // every device operation, allocation and nl-range loop to `device` instead
  // of performing it (device.h); arguments bind as for run(). Tensor data is
  // never read: doing so at the meta level (printing a tensor) is an error.
  // Errors name no rank, since the compiled program serves every rank.
  // nullopt after reporting an error.
  std::optional<TraceResult> trace(const std::string& kernel, const std::vector<TraceArg>& args,
                                   Device& device);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nkic::interp
