// See program.h. Everything a generated program does besides running its
// kernel: the command line, input loading and checking, timing, output files
// and error reports. Usage mistakes exit 2, wrong inputs or kernel failures
// exit 1, as `nkirun run` does.
#include "runtime/program.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>

#include "cost/estimator.h"
#include "runtime/atomic_file.h"
#include "runtime/diagnostic_text.h"
#include "runtime/exception_text.h"
#include "runtime/format_util.h"
#include "runtime/lnc.h"
#include "runtime/process_start.h"
#include "runtime/strided.h"
#include "runtime/thread_pool.h"
#include "runtime/write_guard.h"

namespace nkic::rt {
namespace {

constexpr int kExitUsage = 2;
// Enough for any benchmark; a typo of a few more digits is refused instead
// of running for hours.
constexpr int kMaxIters = 1000000;

// A mistake on the command line itself (exit code 2).
struct UsageError {
  std::string message;
};

struct ProgramOptions {
  std::vector<std::string> args;
  std::string outdir;
  bool outdir_given = false;  // -o '' too, which is a mistake, not "no -o"
  bool print = false;
  int iters = 1;
  bool time = false;
  std::string color = "auto";
  bool strict = false;
  std::string memory_limit;  // empty: the machine's default
  std::string lnc;           // empty: not given
  bool estimate = false;
  std::string profile;
  int threads = 0;  // 0: not given (the cores available)
};

// What the program is called in messages: its file name, as the user typed it.
std::string program_name(int argc, char** argv, const ProgramSpec& spec) {
  if (argc > 0 && argv[0] != nullptr && argv[0][0] != '\0') {
    return std::filesystem::path(argv[0]).filename().string();
  }
  return spec.kernel;
}

std::string describe(const ProgramInput& input) {
  return format_shape(input.shape) + " " + std::string(dtype_name(input.dtype));
}

std::string input_listing(const ProgramSpec& spec) {
  size_t width = 0;
  for (const ProgramInput& in : spec.inputs) width = std::max(width, in.name.size());
  std::string out;
  for (const ProgramInput& in : spec.inputs) {
    out += "  " + in.name + std::string(width - in.name.size() + 2, ' ') + describe(in) + "\n";
  }
  return out.empty() ? "  (none)\n" : out;
}

std::string footer(const std::string& prog, const ProgramSpec& spec) {
  const Platform* platform = find_platform(spec.platform);
  const std::string platform_name(platform != nullptr ? platform->name : default_platform().name);
  std::string example = "  " + prog;
  for (const ProgramInput& in : spec.inputs) example += " -a " + in.name + "=@PATH.npy";
  return "Built by nkic from " + spec.file + ", kernel " + spec.kernel + ", for " +
         std::to_string(spec.ranks) + " rank" + (spec.ranks == 1 ? "" : "s") +
         (spec.lnc > 1 ? " of " + std::to_string(spec.lnc) + " programs (--lnc)" : "") + " on " +
         platform_name + ".\n\n" +
         "Its inputs, each given as -a NAME=@PATH.npy ({rank} in PATH is replaced by the\n" +
         "rank id, for per-rank inputs), with the shapes and dtypes it was built for:\n" +
         input_listing(spec) +
         "\nEach rank's outputs go to OUTDIR/rank{r}/{NAME}.npy, as with nkirun run.\n\n" +
         "--time prints 'time: X us/iter', the median over the --iters runs of the kernel's\n" +
         "execution on the simulated device: its inputs already in device memory, its\n" +
         "outputs left there. Loading the .npy inputs into the device buffers and reading\n" +
         "the outputs back are not timed.\n\n" +
         "Exit codes: 0 success; 1 the inputs or the kernel are wrong; 2 the command\n" +
         "line is wrong.\n\nExample:\n" + example + " -o out/ --print";
}

bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

const ProgramInput* find_input(const ProgramSpec& spec, const std::string& name) {
  for (const ProgramInput& in : spec.inputs) {
    if (in.name == name) return &in;
  }
  return nullptr;
}

// NAME -> PATH (without the @) for every input, in spec order.
std::vector<std::string> input_paths(const std::string& prog, const ProgramSpec& spec,
                                     const std::vector<std::string>& options) {
  std::vector<std::optional<std::string>> paths(spec.inputs.size());
  for (const std::string& option : options) {
    const size_t eq = option.find('=');
    if (eq == std::string::npos) throw UsageError{"-a expects NAME=@PATH.npy, got '" + option + "'"};
    const std::string name = option.substr(0, eq);
    const std::string value = option.substr(eq + 1);
    if (!is_identifier(name)) {
      throw UsageError{"-a " + option + ": '" + name + "' is not a parameter name"};
    }
    const ProgramInput* input = find_input(spec, name);
    if (input == nullptr) {
      std::string names;
      for (const ProgramInput& in : spec.inputs) names += (names.empty() ? "" : ", ") + in.name;
      throw UsageError{"-a " + name + ": this program has no input of that name (inputs: " +
                       (names.empty() ? "none" : names) +
                       "); its other arguments were fixed by nkic build"};
    }
    if (value.empty() || value[0] != '@') {
      throw UsageError{"-a " + option + ": " + prog + " takes tensor inputs as @PATH.npy; " +
                       name + " was specialized as " + describe(*input)};
    }
    auto& slot = paths[static_cast<size_t>(input - spec.inputs.data())];
    if (slot) throw UsageError{"-a " + name + " is given twice"};
    slot = value.substr(1);
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < paths.size(); ++i) {
    const ProgramInput& in = spec.inputs[i];
    if (!paths[i]) {
      throw UsageError{"no -a for input '" + in.name + "' (" + describe(in) + "); give -a " +
                       in.name + "=@PATH.npy"};
    }
    out.push_back(*paths[i]);
  }
  return out;
}

// Throws Error when a rank's array is not what the program was built for.
void check_input(const ProgramSpec& spec, const ProgramInput& in, const std::string& path,
                 const std::vector<NpyArray>& per_rank, RankShare share) {
  for (size_t r = static_cast<size_t>(share.first); r < static_cast<size_t>(share.end); ++r) {
    const NpyArray& a = per_rank[r];
    const bool shape_differs = a.shape != in.shape;
    const bool dtype_differs = a.dtype != in.dtype;
    if (!shape_differs && !dtype_differs) continue;
    std::string what = shape_differs ? "shape " + format_shape(a.shape) : "";
    if (dtype_differs) {
      what += (shape_differs ? " and dtype " : "dtype ") + std::string(dtype_name(a.dtype));
    }
    throw Error("input '" + in.name + "' has " + what + " on rank " + std::to_string(r) +
                ", but this program was specialized for " + describe(in) +
                " (rebuild with nkic build " + spec.file + " -k " + spec.kernel + " -n " +
                std::to_string(spec.ranks) + " ... -a " + in.name + "=@" + path + ")");
  }
}

// inputs[i][rank], loaded and checked against the spec, for the ranks of
// `share` (the others' left empty).
std::vector<std::vector<NpyArray>> load_inputs(const ProgramSpec& spec,
                                               const std::vector<std::string>& paths,
                                               RankShare share) {
  std::vector<std::vector<NpyArray>> inputs;
  for (size_t i = 0; i < paths.size(); ++i) {
    const ProgramInput& in = spec.inputs[i];
    std::string missing;
    std::vector<NpyArray> per_rank =
        load_per_rank(paths[i], spec.ranks, &missing, share.first, share.end);
    if (!missing.empty()) throw UsageError{"-a " + in.name + ": cannot read '" + missing + "'"};
    check_input(spec, in, paths[i], per_rank, share);
    inputs.push_back(std::move(per_rank));
  }
  return inputs;
}

double median(std::vector<double> values) {
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

// Reaches the same point of the run as every other process (a no-op without
// processes): throws AgreedFailure when one of them failed.
void agree(Processes* processes) {
  if (processes == nullptr) return;
  if (std::optional<RunFailure> failed = processes->agree(nullptr)) throw AgreedFailure{*failed};
}

int run(const ProgramSpec& spec, const KernelFactory& make, const ProgramOptions& opts,
        const std::vector<std::vector<NpyArray>>& inputs, RankShare share, Processes* processes) {
  const Platform* platform = find_platform(spec.platform);
  Machine machine(spec.ranks, platform != nullptr ? *platform : default_platform(),
                  /*has_data=*/true, spec.lnc);
  machine.set_share(share.first, share.end);
  machine.set_strict(opts.strict);
  if (!opts.memory_limit.empty()) machine.set_memory_limit(*parse_bytes(opts.memory_limit));
  const std::unique_ptr<CompiledKernel> kernel = make(machine);
  if (!kernel) throw Error("the program made no kernel");
  std::optional<cost::Estimator> estimator;
  if (opts.estimate || !opts.profile.empty()) {
    try {
      estimator.emplace(cost::platform_params(spec.platform), spec.ranks, spec.lnc);
    } catch (const cost::ParamsError& e) {
      throw Error(e.what());
    }
    kernel->set_observer(&*estimator);
  }
  // Written while the last run goes, so that it holds no memory.
  std::optional<AtomicFile> profile;
  if (!opts.profile.empty()) profile.emplace(opts.profile, "the profile");
  RankOutputs outputs;
  std::vector<double> micros;
  for (int i = 0; i < opts.iters; ++i) {
    if (estimator) estimator->reset();  // each run alike: the last one's timeline
    if (profile && i + 1 == opts.iters) estimator->trace_to(profile->stream());
    kernel->load(inputs);
    const auto start = std::chrono::steady_clock::now();
    kernel->execute();
    const auto stop = std::chrono::steady_clock::now();
    micros.push_back(std::chrono::duration<double, std::micro>(stop - start).count());
    kernel->read_outputs(outputs);
  }
  if (profile) {
    estimator->end_trace();
    profile->commit();
  }
  agree(processes);
  const size_t first = static_cast<size_t>(share.first);
  if (!opts.outdir.empty()) write_outputs(opts.outdir, outputs, first);
  std::ostringstream printed;
  if (opts.print) print_outputs(printed, outputs, first);
  agree(processes);
  // A run on many processes takes as long as its slowest process.
  if (processes != nullptr) micros = processes->max(micros);
  std::cout << (processes != nullptr ? processes->gather(printed.str()) : printed.str());
  const bool leader = processes == nullptr || processes->index() == 0;
  if (opts.time && leader) std::cerr << "time: " << median(micros) << " us/iter\n";
  if (opts.estimate) std::cerr << estimator->summary();
  return 0;
}

std::string located_text(const LocatedError& e, bool color) {
  DiagnosticText text;
  text.placed = e.place.file != nullptr;
  if (text.placed) text.path = e.place.file;
  text.line = e.place.line;
  text.col = e.place.col;
  text.end_col = e.place.end_col;
  if (e.place.text != nullptr) text.line_text = std::string_view(e.place.text);
  text.message = e.what();
  for (int r : e.ranks) {
    if (r >= 0) text.ranks.push_back(r);
  }
  text.program = e.place.program;
  return format_diagnostic_text(text, color);
}

std::string error_text(const std::string& message, bool color) {
  DiagnosticText text;
  text.message = message;
  return format_diagnostic_text(text, color);
}

void add_options(CLI::App& app, ProgramOptions& opts) {
  app.add_option("-a,--arg", opts.args, "An input, NAME=@PATH.npy; repeatable")
      ->type_name("NAME=@PATH")
      ->allow_extra_args(false);
  app.add_option("-o,--outdir", opts.outdir, "Write outputs to OUTDIR/rank{r}/{NAME}.npy")
      ->each([&opts](const std::string&) { opts.outdir_given = true; });
  app.add_flag("--print", opts.print, "Print every rank's outputs, NumPy-style");
  app.add_option("--iters", opts.iters, "Run the kernel N times (the outputs are the last run's)")
      ->check(CLI::Range(1, kMaxIters));
  app.add_flag("--time", opts.time, "Print the median execution time per run to stderr (below)");
  app.add_flag("--estimate", opts.estimate,
               "Print to stderr the device time the cost model estimates, as nkirun's --estimate "
               "does (an estimate, not a measurement)");
  app.add_option("--profile", opts.profile,
                 "Write the estimated timeline to FILE.json (Chrome trace events; opens in Perfetto)")
      ->type_name("FILE.json");
  app.add_flag("--strict", opts.strict,
               "Reading an element the kernel never wrote is an error (only the first run "
               "of --iters is checked fully: later runs see the earlier runs' writes)");
  app.add_option("--memory-limit", opts.memory_limit,
                 "Refuse allocations beyond this many bytes of tensor storage, all ranks "
                 "together (512M, 8G; 0: no limit; default: half the host's memory)")
      ->check(byte_size_error);
  app.add_option("--color", opts.color, "Colour diagnostics")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_option("--lnc", opts.lnc,
                 "Logical NeuronCores per rank; only the LNC the program was built for "
                 "(nkic --lnc) is accepted")
      ->type_name("1|2")
      ->check(lnc_problem);
  app.add_option("--threads", opts.threads, kThreadsHelp)
      ->type_name("N")
      ->check(CLI::Range(1, kMaxThreads));
}

// The ranks this process holds: all of them, or its share of an MPI run's.
RankShare process_share(const ProgramSpec& spec, const ProgramOptions& opts,
                        const Processes* processes) {
  if (processes == nullptr) return RankShare{0, spec.ranks};
  if (processes->count() > spec.ranks) {
    throw UsageError{"this program has " + std::to_string(spec.ranks) + " rank" +
                     (spec.ranks == 1 ? "" : "s") +
                     ", so it runs on at most as many processes; mpirun started " +
                     std::to_string(processes->count())};
  }
  if (opts.estimate || !opts.profile.empty()) {
    throw UsageError{std::string(opts.estimate ? "--estimate" : "--profile") +
                     " hears every rank in one process; build the program without --mpi for it"};
  }
  return share_of(spec.ranks, processes->count(), processes->index());
}

RunFailure plain_failure(RunFailure::Kind kind, const std::string& message, int first_rank) {
  RunFailure f;
  f.kind = kind;
  f.checks = failure_checks;
  f.rank = first_rank;
  f.message = message;
  return f;
}

// Prints the failure (on process 0 alone, under processes); returns its exit code.
int report(const RunFailure& f, const std::string& prog, bool color, const Processes* processes) {
  if (processes != nullptr && processes->index() != 0) return f.exit_code();
  switch (f.kind) {
    case RunFailure::Kind::usage:
    case RunFailure::Kind::program:
      std::cerr << prog << ": error: "
                << (f.kind == RunFailure::Kind::usage ? escape_controls(f.message) : f.message)
                << "\n";
      break;
    case RunFailure::Kind::plain:  // a run-time error with no place, as nkirun's
      std::cerr << prog << ": " << error_text(f.message, color);
      break;
    case RunFailure::Kind::located:
      std::cerr << located_text(f.located_error(), color);
      break;
  }
  return f.exit_code();
}

// What this process's command line asks for, as the processes of an MPI run
// compare it: the options that shape the run or what it writes (not
// --threads, --color: each process may have its own), and the inputs as
// given.
ProcessStart start_of(const ProgramOptions& opts) {
  ProcessStart s;
  const auto flag = [&](const char* name, bool given) { s.options[name] = given ? name : ""; };
  const auto value = [&](const std::string& name, const std::string& v) {
    s.options[name] = v.empty() ? "" : name + " " + v;
  };
  value("--iters", std::to_string(opts.iters));
  flag("--strict", opts.strict);
  value("--memory-limit", opts.memory_limit);
  value("--lnc", opts.lnc);
  flag("--print", opts.print);
  flag("--time", opts.time);
  flag("-o", opts.outdir_given);
  flag("--estimate", opts.estimate);
  value("--profile", opts.profile);
  for (const std::string& arg : opts.args) {
    const std::string name = "-a " + arg.substr(0, arg.find('='));
    std::string& shown = s.options[name];
    shown += (shown.empty() ? "" : " ") + ("-a " + arg);
  }
  return s;
}

// This process's parse of its command line, agreed with the other
// processes' (processes.h): each process takes the same decision.
StartDecision agree_start(const ProcessStart& mine, Processes* processes) {
  if (processes == nullptr) return StartDecision{mine.kind, mine.error};
  std::vector<ProcessStart> all;
  for (const std::string& bytes : processes->all_gather(encode_start(mine))) {
    all.push_back(decode_start(bytes));
  }
  return decide_start(all);
}

// The program's LNC is fixed when it is built: --lnc may only repeat it.
void check_lnc(const ProgramSpec& spec, const std::string& given) {
  if (given.empty() || given == std::to_string(spec.lnc)) return;
  throw UsageError{"this program was built for --lnc " + std::to_string(spec.lnc) +
                   " (nkic build --lnc); it cannot run with --lnc " + given};
}

// -o and --profile overwrite nothing the program reads nor each other
// (write_guard.h): a usage error before any work.
void check_outputs(const ProgramSpec& spec, const ProgramOptions& opts,
                   const std::vector<std::string>& paths) {
  RunFiles files;
  files.reads.push_back({running_program(), "the program itself"});
  for (size_t i = 0; i < paths.size(); ++i) {
    for (ReadFile& f : input_files(spec.inputs[i].name, "@" + paths[i], spec.ranks)) {
      files.reads.push_back(std::move(f));
    }
  }
  if (!opts.profile.empty()) files.writes.push_back({opts.profile, "--profile"});
  files.outdir = opts.outdir;
  files.ranks = spec.ranks;
  if (std::string problem = outputs_problem(files); !problem.empty()) throw UsageError{problem};
}

}  // namespace

void read_output(const AccessPattern& ap, NpyArray& array) {
  check_bounds(ap);
  array.dtype = ap.dtype();
  array.shape.resize(ap.dims.size());
  for (size_t d = 0; d < ap.dims.size(); ++d) array.shape[d] = ap.dims[d].count;
  const int64_t n = ap.elements();
  if (ap.row_offsets) {  // a vector_select view, gathered partition by partition
    array.data = detail::gather_bytes(ap);
    return;
  }
  array.data.resize(static_cast<size_t>(n) * dtype_size(array.dtype));
  detail::copy_span(detail::dense_span(array.data.data(), array.dtype, n), detail::span_of(ap));
}

int program_main(int argc, char** argv, const ProgramSpec& spec, const KernelFactory& make,
                 Processes* processes) {
  const std::string prog = program_name(argc, argv, spec);
  CLI::App app{prog + ": the kernel " + spec.kernel + " of " + spec.file + ", compiled by nkic",
               prog};
  app.footer(footer(prog, spec));
  ProgramOptions opts;
  add_options(app, opts);
  const bool leader = processes == nullptr || processes->index() == 0;
  ProcessStart mine;
  try {
    app.parse(argc, argv);
    mine = start_of(opts);
  } catch (const CLI::CallForHelp&) {
    mine.kind = ProcessStart::Kind::help;
  } catch (const CLI::ParseError& e) {
    mine.kind = ProcessStart::Kind::usage_error;
    mine.error = escape_controls(e.what()) + "\nRun '" + prog + " --help' for usage.";
  }
  // The processes of an MPI run decide alike, and one of them speaks.
  const StartDecision start = agree_start(mine, processes);
  switch (start.kind) {
    case ProcessStart::Kind::run:
      break;
    case ProcessStart::Kind::help:
      return leader ? app.exit(CLI::CallForHelp()) : 0;
    case ProcessStart::Kind::usage_error:
      if (leader) std::cerr << prog << ": error: " << start.message << "\n";
      return kExitUsage;
  }
  const bool color = opts.color == "always" || (opts.color == "auto" && stderr_wants_color());
  const int first_rank =
      processes != nullptr ? share_of(spec.ranks, processes->count(), processes->index()).first : 0;
  RunFailure failure;
  try {
    if (opts.outdir_given) {
      if (const std::string problem = outdir_problem(opts.outdir); !problem.empty()) {
        throw UsageError{problem};
      }
    }
    check_lnc(spec, opts.lnc);
    const RankShare share = process_share(spec, opts, processes);
    const std::vector<std::string> paths = input_paths(prog, spec, opts.args);
    check_outputs(spec, opts, paths);
    if (opts.threads > 0) {
      if (const std::string problem = set_thread_count(opts.threads); !problem.empty()) {
        throw UsageError{"--threads " + std::to_string(opts.threads) + ": " + problem};
      }
    }
    return run(spec, make, opts, load_inputs(spec, paths, share), share, processes);
  } catch (const AgreedFailure& e) {
    return report(e.failure, prog, color, processes);
  } catch (const UsageError& e) {
    failure = plain_failure(RunFailure::Kind::usage, e.message, first_rank);
  } catch (const LocatedError& e) {
    failure = located_failure(e, first_rank);
  } catch (const std::bad_alloc& e) {
    failure = plain_failure(RunFailure::Kind::program, exception_message(e), first_rank);
  } catch (const std::exception& e) {
    // Error from the runtime, and anything else: reported, never a crash.
    failure = plain_failure(RunFailure::Kind::plain, e.what(), first_rank);
  }
  if (processes != nullptr) failure = *processes->agree(&failure);
  return report(failure, prog, color, processes);
}

}  // namespace nkic::rt
