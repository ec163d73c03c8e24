// run_ranks (rank_segment.h): every rank runs the stretch once, on any
// thread count; a failure is the lowest failing rank's, naming the ranks
// that failed alike at the same place, as nkirun reports it.
#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "runtime/machine.h"
#include "runtime/rank_segment.h"
#include "runtime/thread_pool.h"
#include "scoped_threads.h"

using namespace nkic::rt;

namespace {

const SourcePlace kFirst = {"k.py", 3, 5, 9, "    a()"};
const SourcePlace kSecond = {"k.py", 4, 5, 9, "    b()"};
const SourcePlace kSecondAgain = {"k.py", 4, 5, 9, "    b()"};  // another constant, same place

// Runs `fail(r, step)` as the stretch on `ranks` ranks, side by side, and
// returns what it threw.
template <typename Body>
LocatedError failure(int ranks, Body&& body) {
  try {
    run_ranks(0, ranks, kMinParallelElements, nullptr, body);
  } catch (const LocatedError& e) {
    return e;
  }
  FAIL("run_ranks threw no LocatedError");
  return LocatedError(kFirst, 0, "");
}

}  // namespace

TEST_CASE("run_ranks runs every rank once, side by side or one after the other") {
  for (int threads : {1, 3}) {
    ScopedThreads pool(threads);
    for (int64_t elements : {int64_t{0}, kMinParallelElements}) {
      std::vector<std::atomic<int>> runs(7);
      run_ranks(0, 7, elements, nullptr, [&](int r, RankStep& step) {
        step.next(kFirst);
        runs[static_cast<size_t>(r)].fetch_add(1);
      });
      for (const auto& n : runs) CHECK(n.load() == 1);
    }
  }
}

TEST_CASE("the lowest failing rank's error, with the ranks that failed alike") {
  ScopedThreads pool(3);
  // Rank 1 fails at the second place late, rank 3 early at the first: rank
  // 1's error is the one nkirun (rank after rank) meets first. Ranks 2 and 4
  // fail alike at the same place (another constant of it), rank 5 at it with
  // another message.
  const LocatedError e = failure(6, [](int r, RankStep& step) {
    step.next(kFirst);
    if (r == 3) throw Error("early");
    step.next(r == 4 ? kSecondAgain : kSecond);
    if (r == 1 || r == 2 || r == 4) throw Error("late");
    if (r == 5) throw Error("other");
  });
  CHECK(std::string(e.what()) == "late");
  CHECK(e.place.line == 4);
  CHECK(e.ranks == std::vector<int>{1, 2, 4});
}

TEST_CASE("an exception other than Error is rethrown as it was") {
  ScopedThreads pool(2);
  CHECK_THROWS_AS(run_ranks(0, 4, kMinParallelElements, nullptr,
                            [](int r, RankStep& step) {
                              step.next(kFirst);
                              if (r == 2) throw std::bad_alloc();
                              if (r == 3) throw Error("later rank");
                            }),
                  std::bad_alloc);
  // A lower rank's Error comes first.
  const LocatedError e = failure(4, [](int r, RankStep& step) {
    step.next(kFirst);
    if (r == 2) throw std::bad_alloc();
    if (r == 1) throw Error("lower rank");
  });
  CHECK(e.ranks == std::vector<int>{1});
}

TEST_CASE("a process's share of the ranks runs only those ranks, reporting their first failure") {
  ScopedThreads pool(2);
  std::vector<std::atomic<int>> runs(8);
  run_ranks(3, 6, kMinParallelElements, nullptr, [&](int r, RankStep& step) {
    step.next(kFirst);
    runs[static_cast<size_t>(r)].fetch_add(1);
  });
  for (int r = 0; r < 8; ++r) CHECK(runs[static_cast<size_t>(r)].load() == (r >= 3 && r < 6));
  const auto fail = [](int r, RankStep& step) {
    step.next(kFirst);
    if (r >= 4) throw Error("bad");
  };
  try {
    run_ranks(3, 6, 0, nullptr, fail);
    FAIL("no failure");
  } catch (const LocatedError& e) {
    CHECK(e.ranks == std::vector<int>{4, 5});
  }
}
