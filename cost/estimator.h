// The device-time estimate of a run, interpreted or built (README,
// "Device-time model"): hears the run's operations (runtime/op_observer.h),
// prices each one (op_cost.h, collective_cost.h) and places it on its
// unit's tracks (schedule.h). A unit is one program of one rank, one
// NeuronCore. The result is a summary (the slowest rank's time and how busy
// each of its engines was) and a Chrome trace-event / Perfetto timeline,
// written as the run goes (trace_writer.h).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cost/params.h"
#include "cost/schedule.h"
#include "cost/trace_writer.h"
#include "runtime/op_observer.h"

namespace nkic::cost {

class Estimator final : public rt::OpObserver {
 public:
  Estimator(Params params, int ranks, int lnc);

  void op(int rank, int program, const rt::DeviceOp& op, const rt::OpOperands& operands,
          const rt::OpPlace& place) override;
  void collective(rt::CollectiveKind kind, const std::vector<std::pair<int, int>>& pairs,
                  const std::vector<rt::ObservedMember>& members) override;

  // Starts over, for the next run of --iters; the trace ends (the next
  // one starts with trace_to).
  void reset();

  // From now on, writes the timeline to `out` as Chrome trace-event JSON
  // while the operations are heard, keeping none of it: a process per rank,
  // a thread per track of each program, a slice per instruction (a
  // collective's launch and each of its steps), flow arrows from each ring
  // step's or permute's sender to its receiver. end_trace() closes it.
  void trace_to(std::ostream& out);
  void end_trace();

  // When the slowest rank's last instruction ends, in ns, and that rank.
  double device_ns() const;
  int slowest_rank() const;

  // "estimated device time: X us (trn2, LNC 2; slowest rank R)", then how
  // long each engine of the slowest rank's programs was busy.
  std::string summary() const;

 private:
  // An instruction as the trace shows it.
  struct Event {
    Slice slice;
    std::string name;
    std::string place;      // FILE:LINE
    std::string shapes;     // "[128, 512] float32 <- [128, 512] bfloat16"
    std::string algorithm;  // a collective's
    const char* queue = nullptr;  // a DMA's (dma_queue_name)
    int64_t bytes = 0;
    // A collective's: its launch, then its steps, each a slice of its own.
    int64_t steps = 0;
    double launch_ns = 0;
  };

  int unit(int rank, int program) const { return rank * lnc_ + program; }
  // The event's track in its rank's process.
  int tid(const Slice& s, int track) const { return (s.rank % lnc_) * schedule_.tracks() + track; }
  // Writes the event's slices (one per track it spans, per piece).
  void write(const Event& e);
  // Arrows from the middle of each step of `from` to the same step of `to`.
  void write_flow(const Event& from, const Event& to);

  Params params_;
  int ranks_;
  int lnc_;
  std::vector<Access> reads_, writes_;  // the operation's being heard
  Schedule schedule_;
  std::optional<TraceWriter> trace_;
  int64_t flows_ = 0;  // the flow arrows written, for their ids
};

}  // namespace nkic::cost
