// How the processes of a program built with --mpi agree, before anything
// runs, that mpirun started them alike. Each process sends the others what
// its command line asks for (ProcessStart: a run with its run-shaping
// options and inputs, a --help, or a command-line mistake), and every
// process takes the same decision from all of them (decide_start). A
// process started with other options than its peers would otherwise wait
// forever in a collective they never make (another --iters), or run on
// other inputs than they do. Inputs are compared as given (the PATH text
// of -a NAME=@PATH, `{rank}` included), not by their bytes, which may
// rightly differ per rank.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace nkic::rt {

struct ProcessStart {
  enum class Kind : uint8_t { run, help, usage_error };
  Kind kind = Kind::run;
  std::string error;  // usage_error: the message
  // run: each run-shaping option by name, as the process's command line
  // shows it ("--iters 3"), or "" when it is not given.
  std::map<std::string, std::string> options;
};

// A start as bytes for another process, and back; decode_start throws Error
// for bytes that encode_start() did not make.
std::string encode_start(const ProcessStart& s);
ProcessStart decode_start(const std::string& bytes);

// What every process does: run, print the help (process 0) and exit 0, or
// report `message` (process 0) and exit 2.
struct StartDecision {
  ProcessStart::Kind kind = ProcessStart::Kind::run;
  std::string message;
};

// The decision for `starts`, process p's at index p: a mistake on a command
// line is reported (the first process's; naming it when the others do not
// share it), then any difference between the processes' options.
StartDecision decide_start(const std::vector<ProcessStart>& starts);

}  // namespace nkic::rt
