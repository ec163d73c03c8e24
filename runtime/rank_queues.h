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
// reading outputs) first runs every queue. So each tensor sees its
// operations in the order of a serial run, and the results are the same
// bytes; what can fail, fails where it did, since it is not held back.
//
// A tensor released while operations wait on it is released at once, as a
// serial run releases it (its capacity is free for the next allocation),
// but its storage moves to a stand-in buffer of the queues', which the
// waiting operations use instead and which dies once they ran: a tile
// allocated afresh in each iteration of a loop does not stop the queues.
// The storage so kept counts against the host's memory: past
// kMaxKeptBytes, or when an allocation within the memory limit would go
// beyond it with the kept storage, the queues run first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
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
// The storage of released tensors the queues keep for their operations at
// most; beyond it a release runs the queues.
constexpr int64_t kMaxKeptBytes = int64_t{1} << 30;

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

  // For Buffer: `dying` is being released while operations wait on it. Its
  // storage moves to a stand-in the waiting operations use from then on
  // (or, past kMaxKeptBytes, the queues run now).
  void adopt(Buffer& dying);

  // The storage bytes of released tensors kept for waiting operations.
  int64_t kept_bytes() const { return kept_bytes_; }

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

  // Runs a queue's operations in order and empties it; returns the first
  // failure (the operations after it do not run).
  std::exception_ptr run_queue(Queue& queue);
  // One waiting operation on `b` ran: the last one frees a stand-in's storage
  // for the next allocation to take.
  static void ran_on(Buffer& b);

  Machine& machine_;
  std::vector<Queue> queues_;  // by rank
  std::vector<int> waiting_;   // the ranks whose queues are not empty, in order
  // Stand-ins for released tensors, freed once the queues ran.
  std::vector<std::unique_ptr<Buffer>> stand_ins_;
  int64_t kept_bytes_ = 0;
};

}  // namespace nkic::rt
