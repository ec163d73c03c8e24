// A stretch of a compiled kernel that every rank runs on its own: device
// operations on the rank's own tensors and registers, with no collective,
// allocation or release among them. nkic writes such a stretch once, as the
// body of one rank, and run_ranks runs it for every rank: side by side on
// the thread pool (thread_pool.h) when it moves enough data, rank after rank
// otherwise. Either way each rank runs its instructions in program order on
// its own data, so the results do not depend on the threads; and a failure
// is reported as nkirun, which runs a stretch rank after rank, reports it:
// the lowest failing rank's error, naming with it every rank that failed
// alike at the same place.
#pragma once

#include <cstdint>
#include <functional>

#include "runtime/located_error.h"
#include "runtime/op_observer.h"

namespace nkic::rt {

// Where a rank is in its stretch: the body calls next() before each
// instruction it runs.
class RankStep {
 public:
  void next(const SourcePlace& place) { place_ = &place; }
  const SourcePlace* place() const { return place_; }

 private:
  const SourcePlace* place_ = nullptr;
};

// A stretch that moves fewer elements per rank than this runs rank after
// rank: handing its ranks to the pool would cost more than it saves.
constexpr int64_t kMinParallelElements = int64_t{1} << 16;

// Runs body(r, step) for every rank r in [first, end), then reports the lowest
// failing rank's failure: an Error as a LocatedError at its instruction's
// place, naming the ranks whose Error was the same at the same place, any
// other exception as it was thrown. `elements`: what one rank's instructions
// write, as nkic counts them. With an observer (the cost model, which hears
// one operation at a time) the ranks run one after the other.
void run_ranks(int first, int end, int64_t elements, const OpObserver* observer,
               const std::function<void(int, RankStep&)>& body);

}  // namespace nkic::rt
