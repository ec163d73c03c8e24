// What a run reports as it goes, to whoever watches it (the device-time
// estimate): each device operation a rank's program performs, with its
// resolved operands; each collective, once, when its sub-group completes
// it; each meeting of a rank's two programs. Called on the thread of the
// rank that runs (one at a time: the scheduler's baton), after the
// operation has run.
#pragma once

#include <vector>

#include "frontend/source.h"
#include "runtime/device_ops.h"

namespace nkic::interp {

struct CollectiveCall;
struct ProgramMeeting;

class RunObserver {
 public:
  virtual ~RunObserver() = default;
  virtual void op(int rank, int program, const rt::DeviceOp& op, const rt::OpOperands& operands,
                  const SourceRange& where) = 0;
  // The members' calls, in list order.
  virtual void collective(const std::vector<const CollectiveCall*>& calls) = 0;
  virtual void meeting(const ProgramMeeting& first, const ProgramMeeting& second) = 0;
};

}  // namespace nkic::interp
