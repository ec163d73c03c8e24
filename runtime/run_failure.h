// A compiled program's failure as a value, so that the processes of an MPI
// run (mpi_world.h) can agree on the one to report: each process's first
// failure is compared by where it happened (failure_checks, then where in
// the instruction, then its rank), and the first one is reported once,
// naming every rank of every process that failed alike, exactly as a run
// of all ranks in one process reports it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/located_error.h"
#include "runtime/member_faults.h"

namespace nkic::rt {

struct RunFailure {
  enum class Kind : uint8_t {
    usage,    // a command-line mistake: "PROG: error: MESSAGE", exit 2
    program,  // "PROG: error: MESSAGE" (out of host memory), exit 1
    plain,    // "error: MESSAGE", exit 1
    located,  // "FILE:LINE:COL: error: MESSAGE" with the source line, exit 1
  };
  Kind kind = Kind::plain;
  int64_t checks = 0;  // failure_checks when it happened
  std::array<int64_t, 3> within{};
  int rank = 0;  // the lowest rank it names, else the first rank of its process
  std::string message;
  // located only: the place, and the ranks it names
  std::string file, line_text;
  int line = 0, col = 0, end_col = 0, program = -1;
  std::vector<int> ranks;
  // A collective's operands out of bounds (member_faults.h): the faults of
  // this process's members, which first_failure joins with the other
  // processes' into one report, `fault_prefix` ("all_reduce: ") before it.
  std::vector<MemberFault> faults;
  std::string fault_prefix;

  int exit_code() const { return kind == Kind::usage ? 2 : 1; }
  // The error as a LocatedError pointing into this failure's strings.
  LocatedError located_error() const;
};

// A LocatedError as a failure of the process whose first rank is `first_rank`.
RunFailure located_failure(const LocatedError& e, int first_rank);

// Whether `a` happened before `b` in the order one process running every
// rank meets failures.
bool happens_before(const RunFailure& a, const RunFailure& b);

// The first of `failures` (one per process that failed), naming the ranks
// of every failure at the same place with the same message (for faults,
// the one report of every process's faults there).
RunFailure first_failure(const std::vector<RunFailure>& failures);

// A failure as bytes for another process, and back; decode throws Error
// for bytes that encode() did not make.
std::string encode(const RunFailure& f);
RunFailure decode(const std::string& bytes);

// What a process throws once the processes have agreed that the run
// failed: the failure to report, which every process knows.
struct AgreedFailure {
  RunFailure failure;
};

}  // namespace nkic::rt
