// nkic: compiles a kernel, specialized for given argument shapes, dtypes,
// constants and ranks, into C++ and from there into a program.
//
//   nkic check FILE [-k K -n R -a ...]      parse (and with -k/-n, specialize)
//   nkic emit FILE -k K -n R -a ... [-o OUT.cpp] [--dump-ir] [--dump-ast]
//   nkic build FILE -k K -n R -a ... -o PROG [--keep-cpp]
//
// The pipeline is straight: parse -> trace and specialize -> reroll (IR) ->
// emit C++ -> compile; --dump-ast and --dump-ir print the stages.
//
// Exit codes: 0 success; 1 the kernel or its inputs are wrong (or the C++
// compiler failed); 2 the command line is wrong.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "codegen/emit_cpp.h"
#include "codegen/ir.h"
#include "codegen/specialize.h"
#include "frontend/diagnostics.h"
#include "frontend/parse.h"
#include "interp/session.h"
#include "runtime/host_io.h"
#include "runtime/machine.h"
#include "runtime/write_guard.h"
#include "tools/cli_common.h"
#include "tools/kernel_args.h"
#include "tools/nkic_args.h"
#include "tools/nkic_build.h"

namespace nkic::tools {
namespace {

enum class Command { check, emit, build };

struct Options {
  Command command = Command::check;
  std::string file;
  std::string kernel;
  int ranks = 0;  // 0: not given
  int lnc = 1;
  std::vector<std::string> args;
  std::string output;
  bool output_given = false;  // -o '' too, which is a mistake, not "no -o"
  bool dump_ir = false;
  bool dump_ast = false;
  bool keep_cpp = false;
  bool mpi = false;  // a program for mpirun (runtime/mpi_world.h)
  std::string platform = "trn2";
  std::string color = "auto";
  std::vector<std::string> includes;
  LimitOptions limits;
};

const char* const kArgsFooter = R"(VALUE is one of:
  @PATH.npy     a tensor of that file's shape and dtype; {rank} in PATH is
                replaced by each rank id, and every rank's file must agree
  DTYPE[SHAPE]  a tensor of that dtype and shape: f32[128,512], bf16[2,3],
                i32[4] (f32 f16 bf16 i32 i16 i8 u32 u16 u8 bool, or the full
                names float32, bfloat16, ...)
  EXPRESSION    a compile-time value: 4, [1, 2], nl.float32,
                ReplicaGroup([[0, 1]]) (a nested list for a ReplicaGroup
                parameter)

Example:
  nkic build examples/all_reduce.py -n 2 -a input=f32[2,3] \
      -a "replica_group=[[0, 1]]" -o all_reduce
  ./all_reduce -a input=@examples/data/x_2x3.npy --print)";

const char* const kTopFooter = R"(Run 'nkic COMMAND --help' for a command's options and the VALUE forms of -a.

Exit codes: 0 success; 1 the kernel or its inputs are wrong, or the C++
compiler failed (each kernel error is printed as FILE:LINE:COL: error:
MESSAGE with the source line and a caret); 2 the command line is wrong.)";

class Driver {
 public:
  explicit Driver(const Options& opts) : opts_(opts), color_(color_wanted(opts.color)) {}

  int run() {
    // A program or C++ file that could not be written, or would overwrite
    // a file nkic reads, is known before any compiling, as a command-line
    // mistake.
    const bool writes = opts_.command == Command::build ||
                        (opts_.command == Command::emit && opts_.output_given);
    if (writes) {
      if (const std::string problem = rt::output_file_problem(opts_.output); !problem.empty()) {
        throw UsageError{problem};
      }
    }
    if (opts_.dump_ast) {
      const int code = dump_ast();
      if (code != 0) return report(code);
    }
    interp::SessionOptions session_options;
    session_options.ranks = opts_.ranks > 0 ? opts_.ranks : 1;
    session_options.lnc = opts_.lnc;
    session_options.platform = rt::find_platform(opts_.platform);
    session_options.module_path = module_search_path(opts_.includes, NKIC_STDLIB_DIR);
    apply_limits(opts_.limits, session_options);
    interp::Session session(session_options, sources_, sink_);
    const std::optional<std::string> kernel_file = session.locate(opts_.file);
    if (!kernel_file) {
      throw UsageError{"cannot read '" + opts_.file + "': no such kernel file or stdlib module"};
    }
    if (writes) {
      if (const std::string problem = rt::outputs_problem(files(*kernel_file, session_options.ranks));
          !problem.empty()) {
        throw UsageError{problem};
      }
    }
    if (!session.load(opts_.file)) return report(kExitKernelError);
    const bool specialize_it = opts_.command != Command::check || !opts_.kernel.empty() ||
                               opts_.ranks > 0;
    if (!specialize_it) return ok();
    const std::string kernel = choose_kernel(opts_.file, opts_.kernel, session);
    const std::vector<interp::TraceArg> args =
        load_trace_args(opts_.args, session_options.ranks);
    const codegen::Target target{opts_.file, session_options.ranks, opts_.platform, opts_.lnc};
    std::optional<codegen::Program> program =
        codegen::specialize(session, kernel, args, target, sink_);
    if (!program) return report(kExitKernelError);
    if (opts_.dump_ir) std::cout << codegen::print_ir(*program);
    switch (opts_.command) {
      case Command::check: return ok();
      case Command::emit:
        return emit(codegen::emit_cpp(*program, emit_options()));
      case Command::build:
        return build(codegen::emit_cpp(*program, emit_options()));
    }
    return 0;
  }

 private:
  // What nkic reads and writes, for the checks that it overwrites none of
  // what it reads (runtime/write_guard.h).
  rt::RunFiles files(const std::string& kernel_file, int ranks) const {
    rt::RunFiles files;
    files.reads.push_back({kernel_file, "the kernel file"});
    files.reads.push_back({rt::running_program(), "nkic itself"});
    for (const std::string& option : opts_.args) {
      const auto [name, value] = split_assignment(option);
      for (rt::ReadFile& f : rt::input_files(name, value, ranks)) files.reads.push_back(std::move(f));
    }
    if (opts_.command == Command::build) {
      for (const std::string& lib : libraries()) {
        files.reads.push_back({lib, "a library the program links"});
      }
    }
    files.writes.push_back({opts_.output, "-o"});
    if (opts_.command == Command::build && opts_.keep_cpp) {
      files.writes.push_back({opts_.output + ".cpp", "--keep-cpp's file"});
    }
    return files;
  }

  codegen::EmitOptions emit_options() const {
    codegen::EmitOptions options;
    options.mpi = opts_.mpi;
    return options;
  }

  // The libraries a program links, in link order.
  std::vector<std::string> libraries() const {
    std::vector<std::string> libs;
    if (opts_.mpi) {
#ifdef NKIC_RUNTIME_MPI_LIB
      libs.push_back(NKIC_RUNTIME_MPI_LIB);
#endif
    }
    for (const char* lib : {NKIC_PROGRAM_LIB, NKIC_COST_LIB, NKIC_RUNTIME_LIB}) libs.push_back(lib);
    if (opts_.mpi) {
#ifdef NKIC_MPI_LIBRARIES
      std::string list = NKIC_MPI_LIBRARIES;
      for (size_t at = 0; at <= list.size();) {
        const size_t end = std::min(list.find(',', at), list.size());
        if (end > at) libs.push_back(list.substr(at, end - at));
        at = end + 1;
      }
#endif
    }
    return libs;
  }

  int report(int code) {
    sink_.print(std::cerr, color_);
    return code;
  }

  int ok() {
    std::cout << opts_.file << ": ok\n";
    return report(0);
  }

  int dump_ast() {
    const SourceFile* file = sources_.load(opts_.file);
    if (file == nullptr) throw UsageError{"cannot read '" + opts_.file + "'"};
    auto module = parse_module(*file, sink_);
    if (!module) return kExitKernelError;
    std::cout << print_ast(*module);
    return 0;
  }

  static void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) throw InputError{"cannot write '" + path + "'"};
  }

  int emit(const std::string& cpp) {
    if (!opts_.output.empty()) {
      write_file(opts_.output, cpp);
    } else if (!opts_.dump_ir && !opts_.dump_ast) {
      std::cout << cpp;
    }
    return report(0);
  }

  int build(const std::string& cpp) {
#ifndef NKIC_RUNTIME_MPI_LIB
    if (opts_.mpi) {
      throw InputError{
          "this nkic was built without MPI, so it cannot build --mpi programs: "
          "install openmpi-bin and libopenmpi-dev (scripts/setup.sh does) and "
          "build nkic again"};
    }
#endif
    std::string cpp_path = opts_.output + ".cpp";
    if (!opts_.keep_cpp) {
      const char* dir = std::getenv("TMPDIR");
      cpp_path = std::string(dir != nullptr && *dir != '\0' ? dir : "/tmp") + "/nkic-XXXXXX.cpp";
      const int fd = ::mkstemps(cpp_path.data(), 4);
      if (fd < 0) throw InputError{"cannot create a temporary file for the generated C++"};
      ::close(fd);
    }
    write_file(cpp_path, cpp);
    const std::vector<std::string> command =
        compiler_command(cpp_path, opts_.output, NKIC_SOURCE_DIR, libraries());
    std::string output;
    const int status = run_command(command, &output);
    if (!opts_.keep_cpp) std::remove(cpp_path.c_str());
    if (status != 0) {
      std::cerr << "nkic: error: the C++ compiler failed (exit status " << status
                << "); the command was:\n  " << command_text(command) << "\n"
                << (opts_.keep_cpp ? "" : "(add --keep-cpp to keep the C++ file)\n") << output;
      return report(kExitKernelError);
    }
    return report(0);
  }

  const Options& opts_;
  bool color_;
  SourceManager sources_;
  DiagnosticSink sink_{"nkic"};
};

CLI::App* add_command(CLI::App& app, Options& opts, Command command, const char* name,
                      const char* help) {
  CLI::App* sub = app.add_subcommand(name, help);
  sub->footer(kArgsFooter);
  sub->callback([&opts, command] { opts.command = command; });
  sub->add_option("FILE", opts.file,
                  "A kernel file, or a module of the search path (nkilib.experimental.collectives)")
      ->required();
  sub->add_option("-k,--kernel", opts.kernel,
                  "The kernel; may be omitted when FILE has one @nki.jit function");
  CLI::Option* ranks = sub->add_option("-n,--ranks", opts.ranks, "Number of ranks")
                           ->check(CLI::Range(1, rt::Machine::kMaxRanks));
  if (command != Command::check) ranks->required();
  sub->add_option("-a,--arg", opts.args, "A kernel argument (VALUE forms below); repeatable")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
  sub->add_option("--platform", opts.platform, "Target platform")
      ->check(CLI::IsMember({"trn2", "trn3"}));
  sub->add_option("--color", opts.color, "Colour diagnostics")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  add_include_option(*sub, opts.includes);
  add_lnc_option(*sub, opts.lnc);
  add_limit_options(*sub, opts.limits);
  return sub;
}

void add_commands(CLI::App& app, Options& opts) {
  add_command(app, opts, Command::check, "check",
              "Parse a kernel file; with -k/-n, also specialize the kernel");
  CLI::App* emit = add_command(app, opts, Command::emit, "emit", "Print the kernel as C++");
  emit->add_option("-o,--output", opts.output, "Write the C++ to OUT.cpp instead of stdout")
      ->each([&opts](const std::string&) { opts.output_given = true; });
  emit->add_flag("--dump-ir", opts.dump_ir, "Print the specialized program (IR)");
  emit->add_flag("--mpi", opts.mpi, "The C++ of a program for mpirun (as build --mpi)");
  emit->add_flag("--dump-ast", opts.dump_ast, "Print FILE's syntax tree");
  CLI::App* build = add_command(app, opts, Command::build, "build",
                                "Compile the kernel into a program");
  build->add_option("-o,--output", opts.output, "The program to write")
      ->required()
      ->each([&opts](const std::string&) { opts.output_given = true; });
  build->add_flag("--keep-cpp", opts.keep_cpp, "Keep the generated C++ as PROG.cpp");
  build->add_flag("--mpi", opts.mpi,
                  "A program for mpirun -np P (P from 1 to the ranks): each process holds a "
                  "contiguous share of the ranks, and collectives travel over MPI");
}

}  // namespace
}  // namespace nkic::tools

int main(int argc, char** argv) {
  using namespace nkic::tools;
  CLI::App app{"nkic: compile NKI collective kernels to C++ and to programs"};
  app.require_subcommand(1);
  app.footer(kTopFooter);
  Options options;
  add_commands(app, options);
  return run_cli("nkic", app, argc, argv, [&] { return Driver(options).run(); });
}
