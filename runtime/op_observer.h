// What a run reports as it goes, to whoever watches it (the cost model's
// estimate, cost/estimator.h): each device operation a rank's program
// performs, with its resolved operands and its place; each collective, once
// per list of its group, with every member's tensors. The interpreter
// (interp/exec_device.cpp, interp/spmd.cpp) and generated programs (through
// run_observed and observe_collective, and the instruction tables) report
// alike, so a run and a built program are estimated alike. Called after the
// operation has run, one at a time.
#pragma once

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "runtime/collectives.h"
#include "runtime/device_ops.h"
#include "runtime/located_error.h"

namespace nkic::rt {

// Where an operation is in the kernel: formatted ("FILE:LINE") only by an
// observer that keeps it, so that watching a run costs no text per
// operation.
struct OpPlace {
  const char* file = nullptr;  // nullptr: unknown
  int line = 0;
  std::string text() const;  // "FILE:LINE", or "" when unknown
};

struct ObservedMember {
  int rank = 0;
  int program = 0;
  std::vector<AccessPattern> srcs, dsts;
  std::string place;  // FILE:LINE
};

class OpObserver {
 public:
  virtual ~OpObserver() = default;
  virtual void op(int rank, int program, const DeviceOp& op, const OpOperands& operands,
                  const OpPlace& place) = 0;
  // The members of one list, in list order; `pairs` a collective_permute's.
  virtual void collective(CollectiveKind kind, const std::vector<std::pair<int, int>>& pairs,
                          const std::vector<ObservedMember>& members) = 0;
};

// "FILE:LINE".
std::string place_text(const SourcePlace& place);

// A generated statement: runs the operation, then reports it.
template <typename Op>
void run_observed(const Op& op, const OpOperands& o, OpObserver* observer,
                  const SourcePlace& place) {
  op.run(o);
  if (observer)
    observer->op(o.rank, place.program < 0 ? 0 : place.program, DeviceOp(op), o,
                 OpPlace{place.file, place.line});
}

// A generated collective's report: for each list of `groups`, its members'
// patterns, srcs[k][rank] being tensor k's on that rank.
void observe_collective(OpObserver* observer, CollectiveKind kind,
                        const std::vector<std::pair<int, int>>& pairs,
                        const std::vector<std::vector<int>>& groups,
                        std::initializer_list<const AccessPattern*> srcs,
                        std::initializer_list<const AccessPattern*> dsts, const SourcePlace& place);

}  // namespace nkic::rt
