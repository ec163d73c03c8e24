// Running a kernel SPMD: one thread per rank's program (a rank runs one
// program, or two under an LNC grid, `--lnc 2`) (with a large stack, so the
// evaluator's recursion bound is what stops deep recursion), but only one
// rank runs at a time. The baton goes to the lowest-numbered runnable rank
// whenever the running one finishes, fails or blocks in a collective, so the
// output, the errors and the results are the same on every run.
//
// Under an LNC grid the schedulable unit is (rank, program), numbered
// program-major: every rank's program 0 comes before any program 1. A
// collective joins the programs of one program id only, so the programs 0
// never wait for a program 1, and each rank's program 0 runs to its end, or
// to where it meets its program 1, before that program starts.
//
// The two programs of a rank meet at nisa.core_barrier and nisa.sendrecv:
// the first to arrive waits; the second runs the meeting's completion (the
// checks that the two calls agree, the exchange) and both go on, program 0
// first. A compiler's trace interleaves the programs at their meetings the
// same way, so each rank's operations come in one order in a run and in a
// compiled program.
//
// Collectives meet here: a rank's call waits until every member of its
// sub-group has arrived; the last one to arrive checks and runs it and wakes
// the others. When no rank can run and some wait, that is a deadlock, reported
// at the waiting collective with the ranks it waits for. The first error (in
// schedule order) is the one reported; the other ranks still run until they
// finish, fail or wait, so that the same error on several ranks is reported
// once naming them all. Then the waiting threads are woken and unwound.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frontend/diagnostics.h"
#include "interp/nki/collective.h"
#include "runtime/op_observer.h"
#include "runtime/tensor.h"

namespace nkic::interp {

// A program's call that meets the rank's other program, as recorded when
// it arrives.
struct ProgramMeeting {
  const char* name = "";  // the operation, for messages: "nisa.sendrecv"
  int rank = 0;
  int program = 0;
  SourceRange range;
  // sendrecv's: its pipe_id and its tiles (the caller's arguments, alive
  // while it waits).
  int64_t pipe_id = 0;
  const rt::TensorView* src = nullptr;
  const rt::TensorView* dst = nullptr;
};

class Spmd {
 public:
  // Each rank thread's stack, reserved (not committed) address space. The
  // deepest evaluation the interpreter's bounds allow (kMaxCallDepth calls,
  // each in 90 nested blocks and a 190-deep expression) was measured to
  // need between 12 and 16 MiB in an optimised build; 64 MiB leaves room for
  // unoptimised builds' larger frames, while 16 ranks still fit in a 4 GB
  // address-space limit (1024 ranks reserve 64 GiB, which 64-bit address
  // space and overcommit allow). AddressSanitizer's frames are several
  // times larger again, and its shadow memory rules out such a limit anyway.
#if defined(__SANITIZE_ADDRESS__)
  static constexpr size_t kRankStackBytes = size_t{256} << 20;
#else
  static constexpr size_t kRankStackBytes = size_t{64} << 20;
#endif

  // `name_ranks`: whether the errors the scheduler makes itself (internal
  // ones) name the rank; not for a compiler's trace, whose one rank stands
  // for every rank.
  // `programs`: the programs each rank runs (its LNC).
  explicit Spmd(int ranks, bool name_ranks = true, int programs = 1);
  Spmd(const Spmd&) = delete;
  Spmd& operator=(const Spmd&) = delete;

  using RankBody = std::function<void(int rank)>;
  using ProgramBody = std::function<void(int rank, int program)>;
  // Runs body(rank) for every rank and returns the first error, if any.
  // body reports errors by throwing CompileError.
  std::optional<Diagnostic> run(const RankBody& body);
  // The same for every program of every rank, in the order above.
  std::optional<Diagnostic> run_programs(const ProgramBody& body);

  // From a rank's thread, inside body: joins the collective and returns once
  // it has completed. Throws CompileError, or an internal exception that
  // unwinds the thread when the run is cancelled.
  void join(CollectiveCall call);

  // From a program's thread under an LNC grid: meets the rank's other
  // program. The second to arrive calls complete(first, second), which
  // throws CompileError when the two do not agree; then both go on.
  using MeetingDone =
      std::function<void(const ProgramMeeting& first, const ProgramMeeting& second)>;
  void meet(const ProgramMeeting& call, const MeetingDone& complete);

  // Hears of every collective as it completes (runtime/op_observer.h).
  void set_observer(rt::OpObserver* observer) { observer_ = observer; }

  // Where a rank's kernel ended, for "rank 2 finished at k.py:20:1".
  void set_finish_place(int rank, const SourceRange& where, int program = 0);

  // The wall time, in microseconds, a rank's program has spent waiting for
  // its turn (in a collective, or for another rank to pass the baton) since
  // the run began. From the rank's own thread.
  double waited_micros(int rank, int program = 0) const {
    return waited_micros_[static_cast<size_t>(unit(rank, program))];
  }

 private:
  enum class State { ready, waiting, done };
  struct Pending {
    int program = 0;                                     // whose collective it is
    std::vector<int> members;                            // the sub-group (ranks), in list order
    std::vector<std::optional<CollectiveCall>> arrived;  // by position
  };
  struct Job {
    Spmd* spmd;
    int unit;
  };

  // A schedulable unit: program * ranks + rank.
  int unit(int rank, int program) const { return program * ranks_ + rank; }
  int rank_of(int unit) const { return unit % ranks_; }
  int program_of(int unit) const { return unit / ranks_; }
  // The program as diagnostics name it: -1 without a grid.
  int named_program(int program) const { return programs_ > 1 ? program : -1; }
  int units() const { return ranks_ * programs_; }

  static void* thread_main(void* job);
  void unit_main(int unit);
  void record_error_locked(Diagnostic d);
  int pick_next_locked();
  Diagnostic deadlock_locked(int waiting_unit) const;
  Diagnostic meeting_deadlock_locked(int rank) const;
  // What a waiting unit waits in (a collective or a meeting) and where.
  std::optional<std::pair<std::string, SourceRange>> waits_in_locked(int unit) const;
  void pass_baton_locked();
  void wait_turn_locked(std::unique_lock<std::mutex>& lock, int unit);

  int ranks_;
  bool name_ranks_;
  int programs_;
  const ProgramBody* body_ = nullptr;
  std::mutex mutex_;
  std::vector<std::condition_variable> rank_cv_;  // one per unit: its turn has come
  std::condition_variable done_cv_;               // every rank has finished
  std::vector<State> state_;
  std::vector<double> waited_micros_;  // by unit, each its own thread's
  std::vector<SourceRange> finish_place_;
  std::list<Pending> pending_;
  std::vector<std::optional<ProgramMeeting>> meeting_;  // per rank: the program waiting to meet
  int current_ = -1;
  int done_count_ = 0;
  bool cancelled_ = false;
  std::optional<Diagnostic> first_error_;
  rt::OpObserver* observer_ = nullptr;
};

}  // namespace nkic::interp
