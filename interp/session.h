// The interpreter's public face: a Session loads a kernel file (or a stdlib
// module) and runs one of its kernels SPMD over a simulated machine of N
// ranks, one evaluation per rank. The command line (`nkirun run`) and the REPL
// use only this header.
//
// Errors the user caused are reported to the DiagnosticSink given at
// construction, each with its place and ranks; the calls then return false /
// nullopt. Nothing is thrown out of a Session.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "frontend/diagnostics.h"
#include "runtime/machine.h"
#include "runtime/npy.h"

namespace nkic::interp {

struct SessionOptions {
  int ranks = 1;
  const rt::Platform* platform = nullptr;  // nullptr: the default platform
  // Directories searched for stdlib modules (`nkilib/experimental/collectives.py`).
  std::vector<std::string> module_path;
  // Where the kernel's print() goes; nullptr: standard output.
  std::ostream* out = nullptr;
};

// A kernel argument from the command line: either one .npy array per rank,
// or the source text of an expression evaluated with the file's globals.
struct KernelArg {
  std::string name;
  std::vector<rt::NpyArray> per_rank;  // size ranks, when a tensor argument
  std::string expression;              // otherwise
  std::string origin;                  // "-a NAME=VALUE", for messages
};

struct NamedArray {
  std::string name;  // the returned variable's name, ret{i} without one, or the input's name
  rt::NpyArray array;
};

struct RunResult {
  // [rank] -> the returned tensors, then the input tensors the kernel wrote.
  std::vector<std::vector<NamedArray>> outputs;
  // [rank] -> each output formatted NumPy-style, in the same order.
  std::vector<std::vector<std::string>> printed;
};

class Session {
 public:
  Session(SessionOptions options, SourceManager& sources, DiagnosticSink& sink);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Loads a kernel file, or a stdlib module given by dotted name
  // (`nkilib.experimental.collectives`). False after reporting an error.
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
  // their defaults). nullopt after reporting an error.
  std::optional<RunResult> run(const std::string& kernel, const std::vector<KernelArg>& args);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nkic::interp
