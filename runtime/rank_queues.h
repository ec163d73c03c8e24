// The interpreter's ranks side by side. nkirun runs one rank at a time (see
// interp/spmd.h); to use every core it holds back, on a queue per rank, the
// data movement of each rank that touches only the rank's own tensors and
// cannot fail once its patterns are resolved (a copy or a fill), and runs
// the queues later, every rank's in its program order, the ranks side by side
// on the thread pool (thread_pool.h).
//
// Nothing can tell: a held-back operation touches only its rank's tensors,
// which only that rank's queue writes, and any other access to a tensor an
// operation waits on (another rank's DMA, a collective, a print, the host
// reading outputs, the tensor's release) first runs every queue. So each
// tensor sees its operations in the order of a serial run, and the results
// are the same bytes; what can fail, fails where it did, since it is not
// held back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/access_pattern.h"
#include "runtime/device_ops.h"

namespace nkic::rt {

// An operation's data on one rank below this many bytes runs at once when
// the rank's queue is empty: a small one costs less done than held back.
constexpr int64_t kMinHeldBytes = int64_t{16} << 10;
// A rank's queue holds at most this many operations; the next one runs the
// queues first, so a long loop does not pile up memory.
constexpr size_t kMaxHeldOps = 4096;

class RankQueues {
 public:
  // Attaches itself to `machine`, whose buffers then run the queues before
  // anyone else touches their data; detaches (after running them) when it
  // dies.
  explicit RankQueues(Machine& machine);
  ~RankQueues();
  RankQueues(const RankQueues&) = delete;
  RankQueues& operator=(const RankQueues&) = delete;

  // Holds `op` on `rank` back and returns true when it may be (see above):
  // its patterns lie in bounds on the rank's own tensors, and it moves
  // enough or the queue already waits; false leaves it to the caller to run
  // now. Copies what it keeps.
  bool hold(int rank, const DeviceOp& op, const OpOperands& operands);

  // Runs every waiting operation and empties the queues.
  void run_all();

  // For Buffer: its data is about to be touched, and operations wait on it.
  // Runs the queues, unless the caller is one of them.
  void before_access();

 private:
  struct Held {
    DeviceOp op;
    AccessPattern dst, src;
    bool has_src = false;
  };
  struct Queue {
    std::vector<Held> ops;  // [0, size) wait; the rest keep their storage
    size_t size = 0;
  };

  void run_queue(Queue& queue);

  Machine& machine_;
  std::vector<Queue> queues_;  // by rank
  std::vector<int> waiting_;   // the ranks whose queues are not empty, in order
};

}  // namespace nkic::rt
