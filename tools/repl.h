// `nkirun repl`: the terminal side of the interactive interpreter. On a
// terminal it reads with line editing (GNU readline), prompts `>>> ` and
// `... `, keeps a history file and completes names, attributes, keywords and
// `:` commands; otherwise it reads statements from stdin without prompts, so
// scripts and tests can drive it. The interpreter is interp/interactive.h.
#pragma once

#include <string>
#include <vector>

namespace nkic::tools {

struct ReplOptions {
  std::string file;  // loaded before the first prompt when not empty
  int ranks = 1;
  std::string platform = "trn2";
  bool color = false;
  std::vector<std::string> module_path;
};

// Runs the session until :quit or end of input. Returns 0, or 1 when reading
// from a pipe or file and any statement or command failed.
int run_repl(const ReplOptions& options);

// Where the history is kept: $XDG_STATE_HOME/nkirun/history, else
// $HOME/.local/state/nkirun/history; empty when neither is set.
std::string history_path();

// Whether `source` (the lines typed so far) needs more lines before it can
// run: an open bracket or string, a trailing backslash, or a block (a line
// ending with ':') not yet closed by an empty line.
bool needs_more(const std::string& source);

// Splits a command's arguments at spaces outside brackets and quotes, so
// `replica_group=[[0, 1]]` stays one argument.
std::vector<std::string> split_arguments(const std::string& text);

}  // namespace nkic::tools
