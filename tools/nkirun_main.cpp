// nkirun: runs a kernel over N simulated Trainium ranks.
//
// Exit codes: 0 success; 1 the kernel or its inputs are wrong; 2 the command
// line is wrong.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cost/estimator.h"
#include "cost/params.h"
#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "interp/session.h"
#include "runtime/atomic_file.h"
#include "runtime/host_io.h"
#include "runtime/machine.h"
#include "runtime/thread_pool.h"
#include "runtime/write_guard.h"
#include "tools/bench_command.h"
#include "tools/cli_common.h"
#include "tools/kernel_args.h"
#include "tools/repl.h"

namespace nkic::tools {
namespace {

struct RunOptions {
  std::string file;
  std::string kernel;
  int ranks = 0;
  int lnc = 1;
  std::vector<std::string> args;
  std::string outdir;
  bool outdir_given = false;  // -o '' too, which is a mistake, not "no -o"
  bool print = false;
  int iters = 1;
  bool time = false;
  std::string platform = "trn2";
  std::string color = "auto";
  bool dump_ast = false;
  bool strict = false;
  bool estimate = false;
  std::string profile;
  std::vector<std::string> includes;
  LimitOptions limits;
  int threads = 0;  // 0: not given (the cores available)
};

const char* const kRunFooter = R"(VALUE is one of:
  @PATH.npy     the same array on every rank; {rank} in PATH is replaced by the
                rank id, for per-rank inputs (@x_rank{rank}.npy)
  EXPRESSION    an expression of the language, evaluated with the file's
                globals: 4, [1, 2], nl.float32, ReplicaGroup([[0, 1]]);
                a nested list is accepted for a ReplicaGroup parameter

Each rank's returned tensors go to OUTDIR/rank{r}/{NAME}.npy, NAME being the
returned variable's name (ret{i} when it has none); input tensors the kernel
wrote are written back the same way.

Examples:
  nkirun run examples/all_reduce.py -n 2 \
      -a input=@examples/data/x_2x3.npy -a "replica_group=[[0, 1]]" --print
  nkirun run nkilib.experimental.collectives -k rank_id_kernel -n 2 \
      -a in_tensor=@examples/data/slabs_2x4x8.npy -o out/
  nkirun run examples/all_gather.py -n 4 -a input=@examples/data/rows_rank{rank}.npy \
      -a "replica_group=[[0, 1, 2, 3]]" -a num_ranks=4 --iters 100 --time)";

const char* const kTopFooter = R"(Run 'nkirun run --help' for the options, the VALUE forms of -a and examples.
'nkirun repl' (or plain 'nkirun' on a terminal) starts an interactive session.
'nkirun bench' prints a collective's estimated times, as nccom-test does.

Exit codes: 0 success; 1 the kernel or its inputs are wrong (each error is
printed as FILE:LINE:COL: error: MESSAGE with the source line, a caret and the
ranks involved); 2 the command line is wrong.

Example:
  nkirun run examples/all_reduce.py -n 2 -a input=@examples/data/x_2x3.npy \
      -a "replica_group=[[0, 1]]" --print)";

int dump_ast(const RunOptions& opts, SourceManager& sources, DiagnosticSink& sink) {
  const SourceFile* file = sources.load(opts.file);
  if (file == nullptr) throw UsageError{"cannot read '" + opts.file + "'"};
  auto module = parse_module(*file, sink);
  if (!module) return kExitKernelError;
  std::cout << print_ast(*module);
  return 0;
}

// The files the run reads and writes, for the checks that it overwrites
// none it reads (runtime/write_guard.h).
rt::RunFiles run_files(const RunOptions& opts, const std::string& kernel_file) {
  rt::RunFiles files;
  files.reads.push_back({kernel_file, "the kernel file"});
  files.reads.push_back({rt::running_program(), "the running program"});
  for (const std::string& option : opts.args) {
    const auto [name, value] = split_assignment(option);
    for (rt::ReadFile& f : rt::input_files(name, value, opts.ranks)) {
      files.reads.push_back(std::move(f));
    }
  }
  if (!opts.profile.empty()) files.writes.push_back({opts.profile, "--profile"});
  files.outdir = opts.outdir;
  files.ranks = opts.ranks;
  return files;
}

int run(const RunOptions& opts) {
  SourceManager sources;
  DiagnosticSink sink("nkirun");
  const bool color = color_wanted(opts.color);
  auto report = [&](int code) {
    sink.print(std::cerr, color);
    return code;
  };
  if (opts.dump_ast) return report(dump_ast(opts, sources, sink));
  if (opts.outdir_given) {
    if (const std::string problem = rt::outdir_problem(opts.outdir); !problem.empty()) {
      throw UsageError{problem};
    }
  }

  interp::SessionOptions session_options;
  session_options.ranks = opts.ranks;
  session_options.lnc = opts.lnc;
  session_options.platform = rt::find_platform(opts.platform);
  session_options.module_path = module_search_path(opts.includes, NKIC_STDLIB_DIR);
  session_options.strict = opts.strict;
  apply_limits(opts.limits, session_options);
  std::optional<cost::Estimator> estimator;
  if (opts.estimate || !opts.profile.empty()) {
    try {
      estimator.emplace(cost::load_params(opts.platform), opts.ranks, opts.lnc);
    } catch (const cost::ParamsError& e) {
      throw InputError{e.what()};
    }
    session_options.observer = &*estimator;
  }
  interp::Session session(session_options, sources, sink);
  const std::optional<std::string> kernel_file = session.locate(opts.file);
  if (!kernel_file) {
    throw UsageError{"cannot read '" + opts.file + "': no such kernel file or stdlib module"};
  }
  if (const std::string problem = rt::outputs_problem(run_files(opts, *kernel_file));
      !problem.empty()) {
    throw UsageError{problem};
  }
  if (opts.threads > 0) {
    if (const std::string problem = rt::set_thread_count(opts.threads); !problem.empty()) {
      throw UsageError{"--threads " + std::to_string(opts.threads) + ": " + problem};
    }
  }
  // Written while the last run goes, so that it holds no memory.
  std::optional<rt::AtomicFile> profile;
  if (!opts.profile.empty()) profile.emplace(opts.profile, "the profile");
  if (!session.load(opts.file)) return report(kExitKernelError);
  const std::string kernel = choose_kernel(opts.file, opts.kernel, session);
  const std::vector<interp::KernelArg> args = load_kernel_args(opts.args, opts.ranks);

  std::optional<interp::RunResult> result;
  std::vector<double> micros;
  for (int i = 0; i < opts.iters; ++i) {
    if (estimator) estimator->reset();  // each run alike: the last one's timeline
    if (profile && i + 1 == opts.iters) estimator->trace_to(profile->stream());
    result = session.run(kernel, args);
    if (!result) return report(kExitKernelError);
    micros.push_back(result->kernel_micros);
  }
  if (profile) {
    estimator->end_trace();
    profile->commit();
  }
  if (!opts.outdir.empty()) rt::write_outputs(opts.outdir, result->outputs);
  if (opts.print) rt::print_outputs(std::cout, result->outputs);
  if (opts.time) {
    std::nth_element(micros.begin(), micros.begin() + micros.size() / 2, micros.end());
    std::cerr << "time: " << micros[micros.size() / 2] << " us/iter\n";
  }
  if (opts.estimate) std::cerr << estimator->summary();
  return report(0);
}

void add_run_command(CLI::App& app, RunOptions& opts) {
  CLI::App* run = app.add_subcommand("run", "Run a kernel over N simulated ranks");
  run->footer(kRunFooter);
  run->add_option("FILE", opts.file,
                  "A kernel file, or a module of the search path (nkilib.experimental.collectives)")
      ->required();
  run->add_option("-k,--kernel", opts.kernel,
                  "The kernel to run; may be omitted when FILE has one @nki.jit function");
  run->add_option("-n,--ranks", opts.ranks, "Number of simulated ranks")
      ->required()
      ->check(CLI::Range(1, rt::Machine::kMaxRanks));
  add_lnc_option(*run, opts.lnc);
  run->add_option("--threads", opts.threads, rt::kThreadsHelp)
      ->type_name("N")
      ->check(CLI::Range(1, rt::kMaxThreads));
  run->add_option("-a,--arg", opts.args, "A kernel argument (VALUE forms below); repeatable")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
  run->add_option("-o,--outdir", opts.outdir, "Write outputs to OUTDIR/rank{r}/{NAME}.npy")
      ->each([&opts](const std::string&) { opts.outdir_given = true; });
  run->add_flag("--print", opts.print, "Print every rank's outputs, NumPy-style");
  run->add_option("--iters", opts.iters, "Run the kernel N times")->check(CLI::Range(1, 1000000));
  run->add_flag("--time", opts.time,
                "Print to stderr the median over the runs of the kernel's execution time, "
                "as `time: X us/iter`: the wall time the ranks spend inside the kernel call, "
                "summed over ranks (they run one at a time, the threads helping), with inputs "
                "already in device memory; loading inputs, the module's top level, reading "
                "outputs back and a rank's waits for its turn are not counted");
  run->add_option("--platform", opts.platform, "Simulated platform")
      ->check(CLI::IsMember({"trn2", "trn3"}));
  run->add_option("--color", opts.color, "Colour diagnostics")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  run->add_flag("--strict", opts.strict,
                "Strict memory: reading an element the kernel never wrote is an error");
  run->add_flag("--estimate", opts.estimate,
                "Print to stderr the device time the cost model estimates for the platform, "
                "and how busy each engine of the slowest rank was (an estimate, not a "
                "measurement: see the README)");
  run->add_option("--profile", opts.profile,
                  "Write the estimated timeline to FILE.json (Chrome trace events; opens in "
                  "Perfetto): a process per rank, a track per engine and DMA engine")
      ->type_name("FILE.json");
  add_include_option(*run, opts.includes);
  add_limit_options(*run, opts.limits);
  run->add_flag("--dump-ast", opts.dump_ast, "Print FILE's syntax tree and stop");
}

struct ReplCommand {
  ReplOptions options;
  std::string color = "auto";
  std::vector<std::string> includes;
};

void add_repl_command(CLI::App& app, ReplCommand& repl) {
  CLI::App* cmd = app.add_subcommand(
      "repl", "An interactive session (also plain `nkirun` on a terminal); :help lists commands");
  cmd->add_option("FILE", repl.options.file,
                  "A kernel file, or a module of the search path, to load first");
  cmd->add_option("-n,--ranks", repl.options.ranks, "Number of simulated ranks (default 1)")
      ->check(CLI::Range(1, rt::Machine::kMaxRanks));
  add_lnc_option(*cmd, repl.options.lnc);
  cmd->add_option("--platform", repl.options.platform, "Simulated platform")
      ->check(CLI::IsMember({"trn2", "trn3"}));
  cmd->add_option("--color", repl.color, "Colour diagnostics")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  add_include_option(*cmd, repl.includes);
}

int repl(ReplCommand& cmd) {
  ReplOptions options = cmd.options;
  options.color = color_wanted(cmd.color);
  options.module_path = module_search_path(cmd.includes, NKIC_STDLIB_DIR);
  if (!options.file.empty()) {
    SourceManager sources;
    DiagnosticSink sink;
    interp::SessionOptions probe_options;
    probe_options.module_path = options.module_path;
    interp::Session probe(probe_options, sources, sink);
    if (!probe.locate(options.file)) {
      throw UsageError{"cannot read '" + options.file + "': no such kernel file or stdlib module"};
    }
  }
  return run_repl(options);
}

}  // namespace
}  // namespace nkic::tools

int main(int argc, char** argv) {
  using namespace nkic::tools;
  CLI::App app{"nkirun: run NKI collective kernels over simulated Trainium ranks"};
  app.require_subcommand(0, 1);
  app.footer(kTopFooter);
  RunOptions run_options;
  add_run_command(app, run_options);
  ReplCommand repl_command;
  add_repl_command(app, repl_command);
  BenchOptions bench_options;
  add_bench_command(app, bench_options);
  return run_cli("nkirun", app, argc, argv, [&] {
    if (app.got_subcommand("run")) return run(run_options);
    if (app.got_subcommand("bench")) return run_bench(bench_options);
    if (app.got_subcommand("repl") || ::isatty(0)) return repl(repl_command);
    std::cout << app.help();  // plain `nkirun` from a pipe: what it can do
    return kExitUsage;
  });
}
