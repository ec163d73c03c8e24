// The timeline of a run: every instruction of every unit (a rank's
// program, one NeuronCore) gets a start and an end. An instruction starts
// once its tracks are free (its compute engine, or the DMA engines its
// transfer spreads over) and once every earlier instruction of its unit
// that touched what it touches in a conflicting way has ended: it reads
// after their writes, writes after their reads and writes. A compute engine
// runs its instructions in program order. Transfers on different DMA
// engines overlap; two that need the same engine take turns, in program
// order within one queue, while a transfer of another queue may go first
// into a time the engine would otherwise wait.
// A collective's members start together, when the last of them is ready; a
// barrier lets nothing of its units start before all they did has ended.
// Durations come from the formulas (formulas.h); the schedule only places
// them.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace nkic::cost {

// The tracks of one unit: the four compute engines, then its DMA engines,
// then the collective-communication stream.
enum class Engine { tensor, vector, scalar, gpsimd };

// The DMA queue a transfer is submitted to. The documentation ties a queue
// to the engine that triggers the transfer and to how its descriptors are
// made: hardware DGE from SyncE or ScalarE, software DGE on GpSimd, or
// descriptors the runtime built before the run. A queue spans every DMA
// engine; on one engine its transfers run in order, and the queues take
// turns.
enum class DmaQueue { sync, scalar, gpsimd, prebuilt };
constexpr int kDmaQueues = static_cast<int>(DmaQueue::prebuilt) + 1;
const char* dma_queue_name(DmaQueue q);

// Bytes [begin, end) of one tensor's storage, read or written. `buffer`
// identifies the tensor (rt::Buffer::serial()).
struct Access {
  uint64_t buffer = 0;
  int64_t begin = 0;
  int64_t end = 0;
};

struct Slice {
  int rank = 0;    // the unit
  int track = 0;   // see Schedule::track_name
  int tracks = 1;  // a DMA's: the consecutive tracks of the engines it uses
  double start = 0;
  double end = 0;
};

class Schedule {
 public:
  Schedule(int units, int dma_engines);

  // Places one instruction and returns its slice.
  Slice engine_op(int rank, Engine engine, double duration, const std::vector<Access>& reads,
                  const std::vector<Access>& writes);
  // A transfer of `queue` on DMA engines [first, first + count) (clamped to
  // the unit's).
  Slice dma(int rank, DmaQueue queue, int first, int count, double duration,
            const std::vector<Access>& reads, const std::vector<Access>& writes);
  // One member of a collective, with what it reads and writes.
  struct Member {
    int rank = 0;
    std::vector<Access> reads, writes;
  };
  // Every member starts at the latest of their ready times and ends
  // `duration` later; returns their slices in the members' order.
  std::vector<Slice> collective(const std::vector<Member>& members, double duration);
  // Nothing the units do next starts before everything they did has ended.
  void barrier(const std::vector<int>& units);

  int tracks() const { return 4 + dma_engines_ + 1; }
  // "tensor", "vector", "scalar", "gpsimd", "dma 0".., "collectives".
  std::string track_name(int track) const;
  // When the rank's last instruction ends (0 when it has none).
  double end_of(int rank) const;
  // How long each track of the rank was busy.
  std::vector<double> busy(int rank) const;

 private:
  struct Touch {
    int64_t begin, end;
    double until;  // when the instruction that touched it ends
  };
  struct BufferHistory {
    std::vector<Touch> reads, writes;
    // The latest end among touches dropped to bound the history: a later
    // access conservatively waits for them.
    double older_reads = 0, older_writes = 0;
    // The latest end of all, kept and dropped: an access from then on waits
    // for none of them.
    double reads_until = 0, writes_until = 0;
  };
  struct Interval {
    double start, end;
  };
  // What one DMA engine does: its transfers' times in order, the oldest
  // folded into `busy_until` to bound the history (a later transfer
  // conservatively starts after them), and when each queue's last transfer
  // on it ends.
  struct DmaEngine {
    std::vector<Interval> taken;
    double busy_until = 0;
    double queue_free[kDmaQueues] = {};
  };
  struct Rank {
    // By track: when a compute engine or the collectives stream is free (a
    // DMA engine's times are in `dma`); how long each track was busy.
    std::vector<double> free_at;
    std::vector<double> busy;
    std::vector<DmaEngine> dma;
    std::map<uint64_t, BufferHistory> buffers;
    double end = 0;
    double floor = 0;  // the last barrier's
  };

  // The earliest time from `from` when what the accesses touch is ready.
  double ready(const Rank& r, const std::vector<Access>& reads, const std::vector<Access>& writes,
               double from) const;
  void record(Rank& r, const std::vector<Access>& reads, const std::vector<Access>& writes,
              double until);
  Slice place(int rank, int track, double earliest, double duration,
              const std::vector<Access>& reads, const std::vector<Access>& writes);
  // Ends the slice's placement: the tracks' busy time, the unit's end and
  // what it touched.
  void commit(Rank& r, const Slice& s, const std::vector<Access>& reads,
              const std::vector<Access>& writes);

  int dma_engines_;
  std::vector<Rank> ranks_;
};

}  // namespace nkic::cost
