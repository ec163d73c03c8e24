// The REPL's terminal side (see repl.h): reading lines, deciding when an
// input is complete, the `:` commands, the history file, completion and
// Ctrl-C.
#include "tools/repl.h"

#include <readline/history.h>
#include <readline/readline.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <regex>
#include <sstream>

#include "frontend/diagnostics.h"
#include "interp/repl/interactive.h"
#include "runtime/diagnostic_text.h"
#include "runtime/exception_text.h"
#include "runtime/machine.h"
#include "tools/kernel_args.h"

namespace nkic::tools {

namespace {

// Entries the history file keeps: enough for weeks of exploring, small
// enough to load instantly.
constexpr int kHistoryEntries = 1000;

const char* const kPrompt = ">>> ";
const char* const kContinuation = "... ";

const char* const kCommands[] = {":help", ":ranks", ":platform", ":load", ":run",
                                 ":show", ":mem",   ":reset",    ":quit"};

const char* const kHelp = R"(Type statements of the language; an expression shows its value (one block per
rank where ranks differ). Blocks (def, if, for, while) end with an empty line.
Commands:
  :help                      this text
  :ranks N                   use N ranks (resets the session)
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

// What a scan of the typed text found still open.
struct OpenState {
  int depth = 0;               // unclosed brackets
  bool in_string = false;      // inside a triple-quoted string
  bool continued = false;      // the last line ends with a backslash
  bool block = false;          // some logical line ends with ':'
  bool decorator = false;      // the last logical line with code is a decorator ('@...')
  bool last_line_blank = false;
};

OpenState scan(const std::string& source) {
  OpenState st;
  std::string quote;  // the open string's delimiter
  char last_code = '\n';  // the last character outside strings and comments
  char first_code = 0;     // the first one of the current logical line
  for (size_t i = 0; i < source.size(); ++i) {
    const char c = source[i];
    if (!quote.empty()) {
      if (c == '\\') {
        ++i;
      } else if (source.compare(i, quote.size(), quote) == 0) {
        i += quote.size() - 1;
        quote.clear();
        last_code = '"';
      } else if (c == '\n' && quote.size() == 1) {
        quote.clear();  // an unterminated string: the parser will say so
      }
      continue;
    }
    if (c == '#') {
      while (i + 1 < source.size() && source[i + 1] != '\n') ++i;
      continue;
    }
    if (c == '\'' || c == '"') {
      const bool triple = source.compare(i, 3, std::string(3, c)) == 0;
      quote = triple ? std::string(3, c) : std::string(1, c);
      i += quote.size() - 1;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') ++st.depth;
    if ((c == ')' || c == ']' || c == '}') && st.depth > 0) --st.depth;
    if (c == '\n') {
      if (st.depth == 0 && last_code == ':') st.block = true;
      st.continued = last_code == '\\';
      if (st.depth == 0 && !st.continued && first_code != 0) {
        st.decorator = first_code == '@';
        first_code = 0;
      }
    }
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
      if (first_code == 0) first_code = c;
      last_code = c;
    } else if (c == '\n') {
      last_code = c;
    }
  }
  if (st.depth == 0 && last_code == ':') st.block = true;
  if (st.depth == 0 && first_code != 0) st.decorator = first_code == '@';
  st.in_string = quote.size() == 3;
  if (!source.empty() && source.back() != '\n') st.continued = last_code == '\\';
  st.last_line_blank = source.size() >= 2 && source.compare(source.size() - 2, 2, "\n\n") == 0;
  return st;
}

std::string trim(const std::string& s) {
  const size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const size_t e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// A line that, typed after a block's body, starts a new statement rather
// than continuing the block: not indented and not a clause of it.
bool starts_new_statement(const std::string& line) {
  if (line.empty() || line[0] == ' ' || line[0] == '\t' || line[0] == '#') return false;
  for (const char* clause : {"else", "elif", "except", "finally"}) {
    const size_t n = std::strlen(clause);
    if (line.compare(0, n, clause) == 0 &&
        (line.size() == n || line[n] == ':' || line[n] == ' ')) {
      return false;
    }
  }
  return true;
}

// Set by SIGINT. A signal handler can reach only a global; this is the one
// place the REPL keeps state outside its objects.
std::atomic<bool> g_interrupted{false};

extern "C" void on_sigint(int) { g_interrupted.store(true); }

void install_sigint_handler() {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: readline's read() must return on Ctrl-C
  sigaction(SIGINT, &sa, nullptr);
}

// Readline calls C functions with no user pointer: the session being
// completed, set while readline runs.
const interp::Interactive* g_completing = nullptr;

// Readline asks for one match per call, state 0 first: the matches live
// between calls.
char* complete_next(const char* text, int state) {
  static std::vector<std::string> matches;
  static size_t next;
  if (state == 0) {
    matches.clear();
    next = 0;
    const std::string word(text);
    if (!word.empty() && word[0] == ':') {
      for (const char* c : kCommands) {
        if (std::strncmp(c, text, word.size()) == 0) matches.emplace_back(c);
      }
    } else if (g_completing) {
      matches = g_completing->completions(word);
    }
  }
  if (next >= matches.size()) return nullptr;
  return strdup(matches[next++].c_str());
}

char** attempt_completion(const char* text, int, int) {
  rl_attempted_completion_over = 1;  // never fall back to file names
  // A command takes arguments; a name is followed by `(`, `.` or an operator.
  rl_completion_append_character = text[0] == ':' ? ' ' : '\0';
  return rl_completion_matches(text, complete_next);
}

// Readline's reading of a key: Ctrl-C (a SIGINT that interrupts the read)
// empties the line and ends it, and the caller drops what was typed.
int read_key(FILE* in) {
  for (;;) {
    // Checked before reading too: the signal may have come while readline
    // was busy with keys typed before it, not blocked in read().
    if (g_interrupted.load()) {
      rl_replace_line("", 0);
      return '\n';
    }
    unsigned char c = 0;
    const ssize_t n = ::read(fileno(in), &c, 1);
    if (n == 1) return c;
    if (n < 0 && errno == EINTR) continue;
    return EOF;
  }
}

class Repl {
 public:
  Repl(const ReplOptions& options, bool terminal)
      : options_(options), terminal_(terminal), session_(make_options(), sources_, sink_) {}

  int run();

 private:
  interp::InteractiveOptions make_options() const {
    interp::InteractiveOptions o;
    o.ranks = options_.ranks;
    o.platform = rt::find_platform(options_.platform);
    o.module_path = options_.module_path;
    o.interrupt = &g_interrupted;
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

  ReplOptions options_;
  bool terminal_;
  SourceManager sources_;
  DiagnosticSink sink_;
  interp::Interactive session_;
  bool failed_ = false;
};

std::optional<std::string> Repl::read_line(bool continuation) {
  if (!terminal_) {
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    return line;
  }
  g_interrupted.store(false);
  g_completing = &session_;
  char* raw = readline(continuation ? kContinuation : kPrompt);
  g_completing = nullptr;
  if (!raw) return std::nullopt;
  std::string line(raw);
  std::free(raw);
  if (!trim(line).empty()) add_history(line.c_str());
  return line;
}

void Repl::finish(bool ok) {
  sink_.print(std::cerr, options_.color);
  sink_.clear();
  if (!ok) failed_ = true;
  g_interrupted.store(false);
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
  std::string history;
  if (terminal_) {
    rl_catch_signals = 0;
    rl_getc_function = read_key;
    rl_attempted_completion_function = attempt_completion;
    rl_completer_word_break_characters = const_cast<char*>(" \t\n\"'()[]{},=+-*/%<>!&|^~;@");
    history = history_path();
    if (!history.empty()) read_history(history.c_str());
  }
  install_sigint_handler();
  if (!options_.file.empty()) guarded([&] { finish(session_.load(options_.file)); });
  std::string buffer;
  bool quit = false;
  while (!quit) {
    std::optional<std::string> line = read_line(!buffer.empty());
    if (terminal_ && g_interrupted.exchange(false)) {
      std::cout << "\nKeyboardInterrupt\n" << std::flush;
      buffer.clear();
      continue;
    }
    if (!line) {
      if (!trim(buffer).empty()) guarded([&] { execute(buffer); });
      if (terminal_) std::cout << "\n";
      break;
    }
    const OpenState open = scan(buffer);
    if (!buffer.empty() && open.block && open.depth == 0 && !open.in_string &&
        starts_new_statement(*line)) {
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
  if (!history.empty()) {
    write_history(history.c_str());
    history_truncate_file(history.c_str(), kHistoryEntries);
  }
  return terminal_ || !failed_ ? 0 : 1;
}

void make_parent_dirs(const std::string& path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1)) {
    ::mkdir(path.substr(0, slash).c_str(), 0700);  // an existing one is fine
  }
}

}  // namespace

bool needs_more(const std::string& source) {
  const OpenState st = scan(source);
  if (st.depth > 0 || st.in_string || st.continued) return true;
  // A decorator needs the def or class it decorates.
  return (st.block || st.decorator) && !st.last_line_blank;
}

std::vector<std::string> split_arguments(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  int depth = 0;
  char quote = 0;
  for (char c : text) {
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
      --depth;
    } else if ((c == ' ' || c == '\t') && depth == 0) {
      if (!word.empty()) out.push_back(word);
      word.clear();
      continue;
    }
    word += c;
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

std::string history_path() {
  std::string dir;
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state) {
    dir = state;
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    dir = std::string(home) + "/.local/state";
  } else {
    return "";
  }
  const std::string path = dir + "/nkirun/history";
  make_parent_dirs(path);
  return path;
}

int run_repl(const ReplOptions& options) {
  Repl repl(options, ::isatty(0) != 0);
  return repl.run();
}

}  // namespace nkic::tools
