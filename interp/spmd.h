// Running a kernel SPMD: one thread per rank (with a large stack, so the
// evaluator's recursion bound is what stops deep recursion), but only one
// rank runs at a time. The baton goes to the lowest-numbered runnable rank
// whenever the running one finishes, fails or blocks in a collective, so the
// output, the errors and the results are the same on every run.
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
#include <vector>

#include "frontend/diagnostics.h"
#include "interp/nki/collective.h"

namespace nkic::interp {

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
  explicit Spmd(int ranks, bool name_ranks = true);
  Spmd(const Spmd&) = delete;
  Spmd& operator=(const Spmd&) = delete;

  using RankBody = std::function<void(int rank)>;
  // Runs body(rank) for every rank and returns the first error, if any.
  // body reports errors by throwing CompileError.
  std::optional<Diagnostic> run(const RankBody& body);

  // From a rank's thread, inside body: joins the collective and returns once
  // it has completed. Throws CompileError, or an internal exception that
  // unwinds the thread when the run is cancelled.
  void join(CollectiveCall call);

  // Where a rank's kernel ended, for "rank 2 finished at k.py:20:1".
  void set_finish_place(int rank, const SourceRange& where);

 private:
  enum class State { ready, waiting, done };
  struct Pending {
    std::vector<int> members;                            // the sub-group, in list order
    std::vector<std::optional<CollectiveCall>> arrived;  // by position
  };
  struct Job {
    Spmd* spmd;
    int rank;
  };

  static void* thread_main(void* job);
  void rank_main(int rank);
  void record_error_locked(Diagnostic d);
  int pick_next_locked();
  Diagnostic deadlock_locked(int waiting_rank) const;
  void pass_baton_locked();
  void wait_turn_locked(std::unique_lock<std::mutex>& lock, int rank);

  int ranks_;
  bool name_ranks_;
  const RankBody* body_ = nullptr;
  std::mutex mutex_;
  std::vector<std::condition_variable> rank_cv_;  // one per rank: its turn has come
  std::condition_variable done_cv_;               // every rank has finished
  std::vector<State> state_;
  std::vector<SourceRange> finish_place_;
  std::list<Pending> pending_;
  int current_ = -1;
  int done_count_ = 0;
  bool cancelled_ = false;
  std::optional<Diagnostic> first_error_;
};

}  // namespace nkic::interp
