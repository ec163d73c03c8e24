// The host side of a program made by `nkic build`: its command line
// (`PROG -a NAME=@PATH.npy ... [-o OUTDIR] [--print] [--iters N --time]`, the
// same conventions as `nkirun run`), the checks that inputs have the shapes
// and dtypes it was specialized for, and the reporting of run-time errors in
// the same `FILE:LINE:COL: error:` form as the interpreter. The generated C++
// supplies only the kernel itself.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "runtime/access_pattern.h"
#include "runtime/host_io.h"
#include "runtime/located_error.h"
#include "runtime/machine.h"
#include "runtime/npy.h"
#include "runtime/op_observer.h"
#include "runtime/run_failure.h"

namespace nkic::rt {

struct ProgramInput {
  std::string name;
  DType dtype;
  std::vector<int64_t> shape;
};

struct ProgramSpec {
  std::string file;    // the kernel file it was built from
  std::string kernel;  // the kernel's name
  int ranks = 1;
  int lnc = 1;  // the programs each rank runs (--lnc, runtime/lnc.h)
  std::string platform;
  std::vector<ProgramInput> inputs;
};

// The compiled kernel: made once (its buffers allocated once and reused by
// every run), then run once per --iters in three phases, of which only
// execute() is timed: the kernel on the simulated device, its inputs already
// in device memory and its outputs left there.
class CompiledKernel {
 public:
  virtual ~CompiledKernel() = default;
  // Copies inputs[i][rank] (input i's array on that rank, already checked
  // against the spec) into the kernel's input buffers: host to device.
  virtual void load(const std::vector<std::vector<NpyArray>>& inputs) = 0;
  // Runs the kernel on the device buffers: what --time measures. Throws
  // LocatedError (or Error) when the kernel fails.
  virtual void execute() = 0;
  // Reads the outputs back (device to host) into `outputs`, reusing its
  // arrays across runs: program_main hands back the previous run's outputs
  // (empty the first time), so --iters runs allocate no output memory after
  // the first.
  virtual void read_outputs(RankOutputs& outputs) = 0;

  // Who hears every operation and collective execute() performs (the cost
  // model's estimate); nullptr: nobody.
  void set_observer(OpObserver* observer) { observer_ = observer; }

 protected:
  OpObserver* observer_ = nullptr;
};

// Reads `ap`'s elements in row-major order into `array`, which becomes an
// array of ap's dtype and shape; its storage is reused when it already has
// the size. Checks bounds; throws Error when out of bounds. For
// read_outputs().
void read_output(const AccessPattern& ap, NpyArray& array);

using KernelFactory = std::function<std::unique_ptr<CompiledKernel>(Machine& machine)>;

// The processes of a program built with --mpi (mpi_world.h), process
// index() of count() holding share_of(ranks, count(), index()). Every
// process calls each of these at the same points of the run.
class Processes {
 public:
  virtual ~Processes() = default;
  virtual int count() const = 0;
  virtual int index() const = 0;
  // Whether any process failed, and if so the failure to report (see
  // run_failure.h); `mine`: this process's, or nullptr.
  virtual std::optional<RunFailure> agree(const RunFailure* mine) = 0;
  // Every process's `text`, in process order, on process 0 ("" on the others).
  virtual std::string gather(const std::string& text) = 0;
  // Every process's `text`, in process order, on every process.
  virtual std::vector<std::string> all_gather(const std::string& text) = 0;
  // The largest of each element over the processes, on every process.
  virtual std::vector<double> max(const std::vector<double>& values) = 0;
};

// The whole of a generated program's main(): parses the command line, loads
// and checks the inputs, runs, writes and prints the outputs, times, and
// reports errors. Exit codes: 0, 1 (inputs or kernel wrong), 2 (command line).
// With `processes`, this process holds and reads only its share of the
// ranks, writes their outputs, and process 0 alone prints and reports the
// failure the processes agree on.
int program_main(int argc, char** argv, const ProgramSpec& spec, const KernelFactory& make,
                 Processes* processes = nullptr);

}  // namespace nkic::rt
