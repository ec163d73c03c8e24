// The threads the runtime moves data with: one pool per process, sized by
// `--threads N` (set_thread_count; by default the cores this process may run
// on). A large transfer is split into pieces that the pool's threads and
// the caller copy or fold together (strided.cpp); each element is computed
// by exactly one piece, with the same arithmetic as a serial run, so results
// are bit-identical whatever the thread count.
//
// One job runs at a time: a caller that finds the pool busy (another rank's
// thread, another core's program), or a piece that starts a job of its own,
// runs its pieces itself, in order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>

namespace nkic::rt {

// The `--threads N` option of `nkirun run` and of built programs.
constexpr int kMaxThreads = 1024;
constexpr const char* kThreadsHelp =
    "Threads that move data: large transfers and the collectives' steps are split among "
    "them, with results bit-identical to one thread's (default: the cores available)";

// The cores this process may run on (its CPU affinity), at least 1.
int available_cores();

// The pool's size, the caller's thread included; 1 runs everything on the
// caller. Set before the run; `n` must be at least 1. The threads start
// now: when the process cannot start them all (its address space or thread
// limit), the pool keeps none and the result says why, "only 611 of the
// 1000 threads could start (...)"; else "". By default (never set) the pool has
// the cores available, or as many threads as could start.
std::string set_thread_count(int n);
int thread_count();

// Calls piece(i) for every i in [0, pieces), on the pool's threads and the
// caller's, and returns when all have returned. The pieces must not throw.
void parallel_pieces(int64_t pieces, const std::function<void(int64_t)>& piece);

// The bytes of one piece of a large dense transfer: small enough that two
// threads share an 8 MiB tensor evenly, large enough that handing a piece
// out costs nothing beside moving it.
constexpr int64_t kPieceBytes = int64_t{512} << 10;

// Calls run(first, count) over consecutive ranges covering [0, n) elements
// of `element_bytes` bytes each: once, on the caller, for a run shorter than
// two pieces or a pool of one thread; otherwise piece by piece on the pool.
template <typename Run>
void split_dense(int64_t n, int64_t element_bytes, Run&& run) {
  const int64_t per = std::max<int64_t>(1, kPieceBytes / element_bytes);
  if (n < 2 * per || thread_count() <= 1) return run(int64_t{0}, n);
  parallel_pieces((n + per - 1) / per, [&](int64_t i) {
    const int64_t first = i * per;
    run(first, std::min(per, n - first));
  });
}

}  // namespace nkic::rt
