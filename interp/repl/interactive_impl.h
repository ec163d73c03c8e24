// The state behind interp::Interactive (interactive.h), shared by the files
// that implement it: interactive.cpp (inputs, :load, :show, the settings),
// run_kernel.cpp (:run) and inspect.cpp (:mem, completion).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "frontend/ast.h"
#include "interp/evaluator.h"
#include "interp/exec_device.h"
#include "interp/lnc_share.h"
#include "interp/module_finder.h"
#include "interp/repl/interactive.h"
#include "interp/spmd.h"

namespace nkic::interp {

struct Interactive::Impl {
  // One program of one rank, with its persistent interpreter: a rank has one
  // program, or two under an LNC grid (options.lnc), each with its own
  // globals and on-chip memory.
  struct Core {
    int rank = 0;
    int program = 0;
    std::unique_ptr<ExecDevice> device;
    std::unique_ptr<Evaluator> ev;
    ScopePtr globals;
  };

  InteractiveOptions options;
  SourceManager& sources;
  DiagnosticSink& sink;
  ModuleFinder finder;
  // Declared before `cores`, so destroyed after them: the globals hold
  // functions that point into these trees and tensors that live on the machine.
  std::vector<std::unique_ptr<ast::Module>> modules;
  std::vector<ast::StmtPtr> kept_statements;
  std::unique_ptr<rt::Machine> machine;
  std::unique_ptr<Spmd> spmd;  // the scheduler of the latest run
  // Rank-major: rank 0's programs, then rank 1's, ... (the order values show in).
  std::vector<Core> cores;
  // Under an LNC grid, per rank: what its programs share during one input
  // (its HBM allocations, matched by order, and a :run's inputs and returns).
  // Fresh for every input, so that the k-th HBM allocation of an input is
  // one tensor for both programs; the tensors then live in the globals.
  std::vector<std::unique_ptr<LncShare>> shares;
  int inputs = 0;

  Impl(InteractiveOptions o, SourceManager& s, DiagnosticSink& d);

  const rt::Platform& platform() const {
    return options.platform ? *options.platform : rt::default_platform();
  }

  // A fresh session: the prompt's code is in no package until a file is loaded.
  void start();

  Core& core(int rank, int program) {
    return cores[static_cast<size_t>(rank * options.lnc + program)];
  }

  // Runs body on every program of every rank SPMD, in the order `nkirun run`
  // runs them (spmd.h); false after reporting the first error. `end` is
  // where a program that has run body to its end finished, for the message
  // of another that waits for it (body may name a place of its own).
  bool run_all(const std::function<void(Core&)>& body, const SourceRange& end);

  // A parsed input: its statements, then apart from them a final expression
  // statement, whose value is shown.
  struct Input {
    const ast::Module* module = nullptr;
    const ast::ExprStmt* last = nullptr;
  };
  std::optional<Input> parse(const std::string& source);

  // Runs an input on every program of every rank; the text of its final
  // expression's value, when it has one that is not None, goes to
  // texts[core]. The text is made on the rank, so a value that cannot be
  // shown (a register) is a located error like any other.
  bool run_input(const Input& input, std::vector<std::optional<std::string>>& texts);

  // The value of a dotted name on rank 0, for completion.
  std::optional<Value> lookup(const std::string& dotted) const;
};

}  // namespace nkic::interp
