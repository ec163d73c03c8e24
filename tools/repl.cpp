// The REPL's commands and its loop (see repl.h): what a line typed at the
// prompt does, the `:` commands, and reporting what fails. The terminal is
// repl_terminal.h; deciding when an input is complete, repl_input.h.
#include "tools/repl.h"

#include <unistd.h>

#include <iostream>
#include <optional>
#include <regex>
#include <sstream>

#include "frontend/diagnostics.h"
#include "interp/repl/interactive.h"
#include "runtime/diagnostic_text.h"
#include "runtime/exception_text.h"
#include "runtime/lnc.h"
#include "runtime/machine.h"
#include "tools/kernel_args.h"
#include "tools/repl_input.h"
#include "tools/repl_terminal.h"

namespace nkic::tools {

namespace {

const char* const kPrompt = ">>> ";
const char* const kContinuation = "... ";

const std::vector<std::string> kCommands = {":help", ":ranks", ":lnc", ":platform", ":load",
                                            ":run",  ":show",  ":mem", ":reset",    ":quit"};

const char* const kHelp = R"(Type statements of the language; an expression shows its value (one block per
rank where ranks differ). Blocks (def, if, for, while) end with an empty line.
Commands:
  :help                      this text
  :ranks N                   use N ranks (resets the session)
  :lnc 1|2                   run 1 or 2 programs per rank, as `nkirun run --lnc`
                             (resets the session)
  :platform trn2|trn3        change the simulated platform (resets the session)
  :load FILE                 run a kernel file or stdlib module; its functions
                             and globals become the session's
  :run KERNEL NAME=VALUE...  run a kernel on every rank (VALUE as `nkirun run -a`:
                             @PATH.npy or an expression); shows every rank's
                             outputs and keeps them as variables
  :show EXPR [rank R]        the value of EXPR on every rank, or on rank R
  :mem [rank R]              the tensors each rank holds and the memory in use
  :reset                     forget every variable and tensor
  :quit                      leave (or Ctrl-D)
Ctrl-C cancels the input being typed or the statement running.
)";

class Repl {
 public:
  Repl(const ReplOptions& options, bool terminal)
      : options_(options), terminal_(terminal), session_(make_options(), sources_, sink_) {}

  int run();

 private:
  interp::InteractiveOptions make_options() const {
    interp::InteractiveOptions o;
    o.ranks = options_.ranks;
    o.lnc = options_.lnc;
    o.platform = rt::find_platform(options_.platform);
    o.module_path = options_.module_path;
    o.interrupt = &interrupted();
    return o;
  }

  std::optional<std::string> read_line(bool continuation);
  void finish(bool ok);
  void error(const std::string& message);
  void execute(const std::string& source);
  // Runs one input's work; an exception it throws (out of memory above all)
  // is reported as `nkirun: error: ...` and the REPL goes on.
  template <class F>
  void guarded(F step);
  bool command(const std::string& line);  // false: quit
  bool run_command(const std::string& args);
  bool show_command(std::string args);
  bool mem_command(const std::string& args);
  bool lnc_command(const std::string& args);

  ReplOptions options_;
  bool terminal_;
  SourceManager sources_;
  DiagnosticSink sink_;
  interp::Interactive session_;
  std::optional<LineEditor> editor_;  // on a terminal
  bool failed_ = false;
};

std::optional<std::string> Repl::read_line(bool continuation) {
  if (editor_) return editor_->read_line(continuation ? kContinuation : kPrompt, session_);
  std::string line;
  if (!std::getline(std::cin, line)) return std::nullopt;
  return line;
}

void Repl::finish(bool ok) {
  sink_.print(std::cerr, options_.color);
  sink_.clear();
  if (!ok) failed_ = true;
  interrupted().store(false);
}

void Repl::error(const std::string& message) {
  std::cerr << "error: " << rt::escape_controls(message) << "\n";
  failed_ = true;
}

template <class F>
void Repl::guarded(F step) {
  try {
    step();
  } catch (const std::exception& e) {
    std::cerr << "nkirun: error: " << rt::exception_message(e) << "\n";
    failed_ = true;
  }
}

void Repl::execute(const std::string& source) {
  std::string shown;
  const bool ok = session_.execute(source, shown);
  if (!shown.empty()) std::cout << shown << "\n" << std::flush;
  finish(ok);
}

bool Repl::run_command(const std::string& args) {
  std::vector<std::string> words = split_arguments(args);
  if (words.empty()) {
    error(":run needs a kernel name: :run KERNEL NAME=VALUE...");
    return false;
  }
  const std::string kernel = words.front();
  words.erase(words.begin());
  std::vector<interp::KernelArg> kernel_args;
  try {
    kernel_args = load_kernel_args(words, session_.ranks());
  } catch (const UsageError& e) {
    error(e.message);
    return false;
  } catch (const InputError& e) {
    error(e.message);
    return false;
  }
  std::string shown;
  const bool ok = session_.run_kernel(kernel, kernel_args, shown);
  std::cout << shown << std::flush;
  return ok;
}

// Splits a trailing "rank R" off `args`, returning R.
std::optional<int> take_rank(std::string& args) {
  static const std::regex trailing_rank(R"(^(.*?)\s*\brank\s+([0-9]{1,6})\s*$)");
  std::smatch m;
  if (!std::regex_match(args, m, trailing_rank)) return std::nullopt;
  const int rank = std::stoi(m[2].str());
  args = m[1].str();
  return rank;
}

bool Repl::show_command(std::string args) {
  const std::optional<int> rank = take_rank(args);
  if (trim(args).empty()) {
    error("usage: :show EXPR [rank R]");
    return false;
  }
  std::string shown;
  const bool ok = session_.show(trim(args), rank, shown);
  if (ok) std::cout << shown << "\n" << std::flush;
  return ok;
}

bool Repl::mem_command(const std::string& args) {
  std::string rest = args;
  const std::optional<int> rank = take_rank(rest);
  if (!trim(rest).empty()) {
    error("usage: :mem [rank R]");
    return false;
  }
  if (rank && *rank >= session_.ranks()) {
    error("there is no rank " + std::to_string(*rank) + " (ranks are 0 to " +
          std::to_string(session_.ranks() - 1) + ")");
    return false;
  }
  std::cout << session_.memory(rank) << std::flush;
  return true;
}

// The same check, and message, as `--lnc` on the command line.
bool Repl::lnc_command(const std::string& args) {
  if (args.empty()) {
    error("usage: :lnc 1|2");
    return false;
  }
  const std::string problem = rt::lnc_problem(args);
  if (!problem.empty()) {
    error(problem);
    return false;
  }
  return session_.set_lnc(std::stoi(args));
}

bool Repl::command(const std::string& line) {
  const std::string text = trim(line);
  const size_t space = text.find(' ');
  const std::string name = text.substr(0, space);
  const std::string args = space == std::string::npos ? "" : trim(text.substr(space + 1));
  bool ok = true;
  if (name == ":quit" || name == ":q") return false;
  if (name == ":help") {
    std::cout << kHelp;
  } else if (name == ":reset") {
    session_.reset();
  } else if (name == ":ranks") {
    const bool number = !args.empty() && args.size() < 6 &&
                        args.find_first_not_of("0123456789") == std::string::npos;
    ok = number && session_.set_ranks(std::stoi(args));
    if (!number) error("usage: :ranks N");
  } else if (name == ":lnc") {
    ok = lnc_command(args);
  } else if (name == ":platform") {
    const rt::Platform* p = args == "trn2" || args == "trn3" ? rt::find_platform(args) : nullptr;
    if (p) {
      session_.set_platform(*p);
    } else {
      error("usage: :platform trn2|trn3");
      ok = false;
    }
  } else if (name == ":load") {
    ok = !args.empty() && session_.load(args);
    if (args.empty()) error("usage: :load FILE");
  } else if (name == ":run") {
    ok = run_command(args);
  } else if (name == ":show") {
    ok = show_command(args);
  } else if (name == ":mem") {
    ok = mem_command(args);
  } else {
    error("unknown command '" + name + "' (try :help)");
    ok = false;
  }
  finish(ok);
  return true;
}

int Repl::run() {
  if (terminal_) editor_.emplace(kCommands);
  install_sigint_handler();
  if (!options_.file.empty()) guarded([&] { finish(session_.load(options_.file)); });
  std::string buffer;
  bool quit = false;
  while (!quit) {
    std::optional<std::string> line = read_line(!buffer.empty());
    if (terminal_ && interrupted().exchange(false)) {
      std::cout << "\nKeyboardInterrupt\n" << std::flush;
      buffer.clear();
      continue;
    }
    if (!line) {
      if (!trim(buffer).empty()) guarded([&] { execute(buffer); });
      if (terminal_) std::cout << "\n";
      break;
    }
    if (block_ended_by(buffer, *line)) {
      guarded([&] { execute(buffer); });  // a script's block ended without an empty line
      buffer.clear();
    }
    if (buffer.empty()) {
      if (trim(*line).empty()) continue;
      if (trim(*line)[0] == ':') {
        guarded([&] { quit = !command(*line); });
        continue;
      }
    }
    buffer += *line + "\n";
    if (needs_more(buffer)) continue;
    guarded([&] { execute(buffer); });
    buffer.clear();
  }
  editor_.reset();  // saves the history
  return terminal_ || !failed_ ? 0 : 1;
}

}  // namespace

int run_repl(const ReplOptions& options) {
  Repl repl(options, ::isatty(0) != 0);
  return repl.run();
}

}  // namespace nkic::tools
