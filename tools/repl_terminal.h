// The REPL's terminal: line editing with GNU readline, completion of `:`
// commands and of the session's names, the history file, and Ctrl-C. Ctrl-C
// (SIGINT) sets one flag: while a line is read it empties the line, while a
// statement runs the interpreter polls the flag and stops it.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "interp/repl/interactive.h"

namespace nkic::tools {

// The flag Ctrl-C sets. A signal handler can reach only a global: this is
// the one place the REPL keeps state outside its objects.
std::atomic<bool>& interrupted();

// Makes Ctrl-C set interrupted() instead of ending the process.
void install_sigint_handler();

// Readline set up for the REPL. One at a time: readline's state is global.
class LineEditor {
 public:
  // `commands` complete a word that starts with ':'. Loads the history file.
  explicit LineEditor(std::vector<std::string> commands);
  // Saves the history file.
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  // A line typed at `prompt`, other words completing from `session`; nullopt
  // at the end of input (Ctrl-D). A line that Ctrl-C ended comes back empty,
  // with interrupted() set.
  std::optional<std::string> read_line(const char* prompt, const interp::Interactive& session);

 private:
  std::string history_;
};

// Where the history is kept: $XDG_STATE_HOME/nkirun/history, else
// $HOME/.local/state/nkirun/history; empty when neither is set.
std::string history_path();

}  // namespace nkic::tools
