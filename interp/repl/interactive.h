// The interpreter behind `nkirun repl`: a session that lives across inputs.
// Every rank keeps its own Evaluator and module globals, over one machine of
// N ranks whose tensors stay allocated until they are dropped. Each input (a
// chunk of statements) runs on every rank SPMD, exactly as a kernel's module
// does under `nkirun run`, so collectives typed at the prompt work.
//
// Under an LNC grid (lnc 2) each rank runs every input as two programs, as
// `nkirun run --lnc 2` runs a kernel: each program has its own Evaluator,
// globals, SBUF and PSUM; within one input the k-th HBM allocation of each
// program is one tensor of the rank (lnc_share.h), so HBM tensors made at the
// prompt are shared by the rank's programs.
//
// Errors are reported to the DiagnosticSink; the calls then return false and
// the session keeps the state it had reached. The terminal side (prompts,
// line editing, the `:` commands) is tools/repl.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "frontend/diagnostics.h"
#include "frontend/source.h"
#include "interp/session.h"
#include "runtime/machine.h"

namespace nkic::interp {

struct InteractiveOptions {
  int ranks = 1;
  int lnc = 1;                             // the programs each rank runs (1 or 2)
  const rt::Platform* platform = nullptr;  // nullptr: the default platform
  std::vector<std::string> module_path;    // where stdlib modules are found
  std::ostream* out = nullptr;             // print(); nullptr: standard output
  // Polled between statements: when set, the running input stops with an
  // "interrupted" error (the REPL's Ctrl-C). nullptr: never.
  const std::atomic<bool>* interrupt = nullptr;
};

class Interactive {
 public:
  Interactive(InteractiveOptions options, SourceManager& sources, DiagnosticSink& sink);
  ~Interactive();
  Interactive(const Interactive&) = delete;
  Interactive& operator=(const Interactive&) = delete;

  int ranks() const;
  int lnc() const;
  const rt::Platform& platform() const;

  // Runs a chunk of statements on every rank. When its last statement is an
  // expression whose value is not None, `shown` receives the value as
  // to_repr prints it, one "[rank r]" block per rank when ranks differ
  // ("[rank r.p]" per program under an LNC grid); otherwise it is left empty.
  bool execute(const std::string& source, std::string& shown);

  // Runs a kernel file (or stdlib module) in every rank's globals: its
  // functions and globals become the session's.
  bool load(const std::string& file_or_module);

  // Calls the kernel named `kernel` (a function of the session's globals) on
  // every rank with arguments as `nkirun run -a` gives them, stores each
  // output in the globals under its name and puts into `shown` every rank's
  // outputs as `nkirun run --print` prints them.
  bool run_kernel(const std::string& kernel, const std::vector<KernelArg>& args,
                  std::string& shown);

  // The value of an expression on one rank (its programs under a grid), or
  // on every rank as execute() shows it (None included).
  bool show(const std::string& expression, std::optional<int> rank, std::string& shown);

  // The tensors the globals hold on a rank (or every rank): name, memory,
  // dtype, shape and bytes; then the live bytes of each memory against its
  // capacity. Under an LNC grid, one block per program ("rank r.p"): its
  // globals' tensors, the rank's HBM and the program's SBUF and PSUM.
  std::string memory(std::optional<int> rank) const;

  // Forgets every variable and tensor; the next input starts afresh.
  void reset();
  // Changes the number of ranks, the LNC or the platform; each resets the
  // session.
  bool set_ranks(int ranks);
  bool set_lnc(int lnc);
  void set_platform(const rt::Platform& platform);

  // Names visible on rank 0 that start with `prefix`: globals, builtins and
  // keywords for a plain name, attributes for a dotted one (`nl.nd`), each
  // returned whole (`nl.ndarray`), sorted.
  std::vector<std::string> completions(const std::string& prefix) const;

  // What several ranks' texts look like: the text itself when they all agree,
  // otherwise one "[rank r]" block per rank. With `programs` > 1 the texts
  // are rank-major, `programs` per rank, each block "[rank r.p]". The first
  // text is rank `first_rank`'s.
  static std::string per_rank(const std::vector<std::string>& texts, int programs = 1,
                              int first_rank = 0);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace nkic::interp
