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
#include "interp/module_finder.h"
#include "interp/repl/interactive.h"
#include "interp/spmd.h"

namespace nkic::interp {

struct Interactive::Impl {
  // One rank's persistent interpreter.
  struct Rank {
    std::unique_ptr<ExecDevice> device;
    std::unique_ptr<Evaluator> ev;
    ScopePtr globals;
  };

  InteractiveOptions options;
  SourceManager& sources;
  DiagnosticSink& sink;
  ModuleFinder finder;
  // Declared before `ranks`, so destroyed after them: the globals hold
  // functions that point into these trees and tensors that live on the machine.
  std::vector<std::unique_ptr<ast::Module>> modules;
  std::vector<ast::StmtPtr> kept_statements;
  std::unique_ptr<rt::Machine> machine;
  std::unique_ptr<Spmd> spmd;  // the scheduler of the latest run
  std::vector<Rank> ranks;
  int inputs = 0;

  Impl(InteractiveOptions o, SourceManager& s, DiagnosticSink& d);

  const rt::Platform& platform() const {
    return options.platform ? *options.platform : rt::default_platform();
  }

  // A fresh session: the prompt's code is in no package until a file is loaded.
  void start();

  // Runs body on every rank SPMD; false after reporting the first error.
  bool run_all(const std::function<void(int, Rank&)>& body);

  // A parsed input: its statements, then apart from them a final expression
  // statement, whose value is shown.
  struct Input {
    const ast::Module* module = nullptr;
    const ast::ExprStmt* last = nullptr;
  };
  std::optional<Input> parse(const std::string& source);

  // Runs an input on every rank; the text of its final expression's value,
  // when it has one that is not None, goes to texts[rank]. The text is made
  // on the rank, so a value that cannot be shown (a register) is a located
  // error like any other.
  bool run_input(const Input& input, std::vector<std::optional<std::string>>& texts);

  // The value of a dotted name on rank 0, for completion.
  std::optional<Value> lookup(const std::string& dotted) const;
};

}  // namespace nkic::interp
