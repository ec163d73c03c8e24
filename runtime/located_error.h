// Run-time errors of compiled kernels, at the place in the kernel source of
// the instruction that failed and on the ranks it failed on, so that a
// program reports them as `FILE:LINE:COL: error: ... (ranks ...)` exactly as
// the interpreter does. Both the statements the emitter writes and the
// instruction tables (instr_table.h) raise them.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace nkic::rt {

// Where an instruction came from in the kernel source, for run-time errors.
struct SourcePlace {
  const char* file;
  int line;
  int col;
  int end_col;       // one past the last column on that line (col + 1 when unknown)
  const char* text;  // the source line itself
  int program = -1;  // the LNC program whose instruction it is (--lnc 2), -1 when not named
};

// A run-time error of the compiled kernel (e.g. a run-time offset out of
// bounds), at an instruction's place, on the ranks it names.
class LocatedError : public std::runtime_error {
 public:
  LocatedError(const SourcePlace& place, int rank, const std::string& message)
      : std::runtime_error(message), place(place), ranks{rank} {}
  LocatedError(const SourcePlace& place, std::vector<int> ranks, const std::string& message)
      : std::runtime_error(message), place(place), ranks(std::move(ranks)) {}
  SourcePlace place;
  std::vector<int> ranks;
  // Where in the instruction it failed, when that orders failures of one
  // instruction: a collective's (list, step, side), as an MPI run's
  // processes compare them (run_failure.h).
  std::array<int64_t, 3> within{};
};

// How many places where a failure is reported a program has passed: each
// instruction run on every rank in turn, each stretch (rank_segment.h),
// each collective of an MPI run. The processes of an MPI run pass the same
// places in the same order, so the count orders their failures.
inline int64_t failure_checks = 0;

// The ranks one instruction fails on as the program runs it on every rank
// in turn. nkirun lets the other ranks run on after one fails and reports
// one error naming every rank that failed alike; so a program finishes the
// instruction on the other ranks, then reports the first rank's failure
// naming each rank whose failure reads the same.
class RankFailures {
 public:
  void add(int rank, const char* message);
  // Throws LocatedError at `place` when a rank failed.
  void check(const SourcePlace& place) const {
    ++failure_checks;
    if (!ranks_.empty()) raise(place);
  }

 private:
  [[noreturn]] void raise(const SourcePlace& place) const;
  std::string message_;
  std::vector<int> ranks_;
};

}  // namespace nkic::rt
