// See repl_terminal.h.
#include "tools/repl_terminal.h"

#include <readline/history.h>
#include <readline/readline.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "tools/repl_input.h"

namespace nkic::tools {

namespace {

// Entries the history file keeps: enough for weeks of exploring, small
// enough to load instantly.
constexpr int kHistoryEntries = 1000;

std::atomic<bool> g_interrupted{false};

extern "C" void on_sigint(int) {
  g_interrupted.store(true);
}

// Readline calls C functions with no user pointer: the commands and the
// session being completed, set while readline runs.
std::vector<std::string> g_commands;
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
      for (const std::string& c : g_commands) {
        if (c.compare(0, word.size(), word) == 0) matches.push_back(c);
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

void make_parent_dirs(const std::string& path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1)) {
    ::mkdir(path.substr(0, slash).c_str(), 0700);  // an existing one is fine
  }
}

}  // namespace

std::atomic<bool>& interrupted() {
  return g_interrupted;
}

void install_sigint_handler() {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: readline's read() must return on Ctrl-C
  sigaction(SIGINT, &sa, nullptr);
}

LineEditor::LineEditor(std::vector<std::string> commands) {
  g_commands = std::move(commands);
  rl_catch_signals = 0;
  rl_getc_function = read_key;
  rl_attempted_completion_function = attempt_completion;
  rl_completer_word_break_characters = const_cast<char*>(" \t\n\"'()[]{},=+-*/%<>!&|^~;@");
  history_ = history_path();
  if (!history_.empty()) read_history(history_.c_str());
}

LineEditor::~LineEditor() {
  if (history_.empty()) return;
  write_history(history_.c_str());
  history_truncate_file(history_.c_str(), kHistoryEntries);
}

std::optional<std::string> LineEditor::read_line(const char* prompt,
                                                 const interp::Interactive& session) {
  g_interrupted.store(false);
  g_completing = &session;
  char* raw = readline(prompt);
  g_completing = nullptr;
  if (!raw) return std::nullopt;
  std::string line(raw);
  std::free(raw);
  if (!trim(line).empty()) add_history(line.c_str());
  return line;
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

}  // namespace nkic::tools
