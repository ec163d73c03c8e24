// `nkirun repl`: the terminal side of the interactive interpreter. On a
// terminal it reads with line editing (GNU readline), prompts `>>> ` and
// `... `, keeps a history file and completes names, attributes, keywords and
// `:` commands; otherwise it reads statements from stdin without prompts, so
// scripts and tests can drive it. The interpreter is interp/repl/interactive.h;
// line editing is tools/repl_terminal.h.
#pragma once

#include <string>
#include <vector>

namespace nkic::tools {

struct ReplOptions {
  std::string file;  // loaded before the first prompt when not empty
  int ranks = 1;
  int lnc = 1;  // the programs each rank runs (--lnc)
  std::string platform = "trn2";
  bool color = false;
  std::vector<std::string> module_path;
};

// Runs the session until :quit or end of input. Returns 0, or 1 when reading
// from a pipe or file and any statement or command failed.
int run_repl(const ReplOptions& options);

}  // namespace nkic::tools
