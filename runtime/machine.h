// The simulated machine: N ranks, each a NeuronCore with private HBM, shared
// HBM, SBUF and PSUM. A Buffer is one allocation (the storage behind a tensor);
// its bytes are allocated on first touch and filled with the uninitialized
// pattern, so many ranks of small tensors cost little; a first touch that
// overwrites every element skips the fill, since nothing could show it. SBUF
// and PSUM capacity is accounted per partition while a Buffer is alive.
//
// Host storage outlives its Buffer: a dying Buffer hands its bytes to the
// machine's pool, and the next Buffer of the same byte size takes them, so
// a kernel run again on the same machine (`--iters`) allocates no host memory
// after its first run. The pool is bounded (see Machine::kMaxPooledBytes and
// Machine::trim_pool).
//
// Under a logical-NeuronCore grid (--lnc 2) a rank runs several programs,
// each on its own core: SBUF and PSUM are accounted per (rank, program),
// each program having the platform's per-core size, while the HBM kinds are
// the rank's, shared by its programs.
//
// The machine is driven by one rank at a time (the interpreter's scheduler
// passes a baton; generated code runs ranks in order), except in a compiled
// kernel's stretches of device operations (rank_segment.h), whose ranks may
// run side by side: they allocate nothing, but may make a buffer's storage
// on first touch, so the storage pool alone takes a lock.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/dtype.h"
#include "runtime/extents.h"

namespace nkic::rt {

// An error in what the kernel asked of the machine. The interpreter attaches
// the source place and rank; the message says what and why.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// NumPy's limit on an array's dimensions (NPY_MAXDIMS of NumPy 1.x): a tensor
// with more could not be written as a .npy file that NumPy loads.
constexpr int64_t kMaxTensorDims = 32;
// Throws Error for a tensor (or view) of more than kMaxTensorDims dims.
void check_tensor_dims(size_t ndim);

enum class MemKind : uint8_t { hbm, shared_hbm, sbuf, psum };
std::string_view mem_kind_name(MemKind k);  // "hbm", "shared_hbm", "sbuf", "psum"
inline bool is_on_chip(MemKind k) { return k == MemKind::sbuf || k == MemKind::psum; }

struct Platform {
  std::string_view name;
  int partitions;                  // SBUF and PSUM partitions
  int64_t sbuf_partition_bytes;
  int64_t psum_partition_bytes;
  int64_t hbm_bytes_per_rank;      // device memory / ranks per device
};

// "trn2" or "trn3"; nullptr for an unknown name.
const Platform* find_platform(std::string_view name);
const Platform& default_platform();

class Machine;
class Buffer;
class RankQueues;

// The ranks process `index` of `processes` holds when `ranks` ranks are
// shared out in contiguous runs as even as can be (the first ones a rank
// fewer when they do not divide): [first, end).
struct RankShare {
  int first = 0;
  int end = 0;
};
inline RankShare share_of(int ranks, int processes, int index) {
  const auto at = [&](int p) {
    return static_cast<int>(static_cast<int64_t>(p) * ranks / processes);
  };
  return RankShare{at(index), at(index + 1)};
}
// The process holding `rank` under share_of.
inline int process_of(int rank, int ranks, int processes) {
  return static_cast<int>(((static_cast<int64_t>(rank) + 1) * processes - 1) / ranks);
}

// The element of a buffer's own shape at a storage offset, for messages.
std::vector<int64_t> element_index(const Buffer& buffer, int64_t offset);

namespace detail {

// An allocator that leaves new elements uninitialized: storage is filled
// (with the uninitialized pattern or by a write) before anyone reads it, so
// zeroing it first would only cost time.
template <typename T>
struct UninitAllocator : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = UninitAllocator<U>;
  };
  UninitAllocator() = default;
  template <typename U>
  UninitAllocator(const UninitAllocator<U>&) {}
  template <typename U>
  void construct(U* p) {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

}  // namespace detail

// A Buffer's host storage.
using Storage = std::vector<std::byte, detail::UninitAllocator<std::byte>>;

class Buffer {
 public:
  Buffer(Machine& machine, int rank, MemKind kind, DType dtype, Extents shape, std::string name,
         bool io, int program = 0);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  Machine& machine() const { return machine_; }
  // This allocation's number, unique in the process: two tensors that were
  // never alive together can share an address, never a serial.
  uint64_t serial() const { return serial_; }
  int rank() const { return rank_; }
  // The program (of the rank's LNC grid) whose SBUF or PSUM holds it; 0 for HBM.
  int program() const { return program_; }
  MemKind kind() const { return kind_; }
  DType dtype() const { return dtype_; }
  const std::string& name() const { return name_; }
  // The shape it was allocated with; storage is that many elements, row-major.
  const Extents& shape() const { return shape_; }
  int64_t elements() const { return elements_; }
  int64_t bytes() const { return elements_ * static_cast<int64_t>(dtype_size(dtype_)); }
  // An IO tensor: a kernel input, or an output handed back to the host.
  bool io() const { return io_; }
  void set_io(bool io) { io_ = io; }

  // The storage, allocated and filled with the uninitialized pattern on first
  // use. Throws Error on a machine without data (see Machine).
  std::byte* data();
  bool touched() const { return ready_ || elements_ == 0; }
  // The storage, for writing: as data(), and marks the buffer written, so the
  // tool knows which input tensors a kernel wrote. DMA and collectives use it
  // for their destinations.
  std::byte* data_for_write();
  // As data_for_write(), for a caller about to write every element before
  // anything reads one: on first touch the uninitialized fill is skipped.
  std::byte* data_for_overwrite();
  bool written() const { return written_; }

  // Copies a kernel input in from the host: the first min(n, bytes()) bytes
  // of storage become `bytes`. Not a write by the kernel (written() stays
  // as it was), but the elements count as written for strict mode.
  void fill_from_host(const std::byte* bytes, size_t n);

  // Strict mode (Machine::strict()): which elements have been written since
  // allocation, one flag per element of storage, made (all unwritten) on
  // first use; nullptr on a machine that is not strict.
  std::vector<bool>* written_flags();
  // Which elements a matmul has written since the allocation (nc_matmul's
  // accumulate=None starts an accumulation where none has), made (all
  // false) on first use.
  std::vector<bool>& matmul_flags();

 private:
  Machine& machine_;
  uint64_t serial_;
  int rank_;
  int program_;
  MemKind kind_;
  DType dtype_;
  Extents shape_;
  int64_t elements_;
  std::string name_;
  bool io_;
  int64_t charged_bytes_;  // per partition for SBUF/PSUM, total for HBM
  int64_t admitted_bytes_ = 0;  // storage counted against the memory limit
  Storage data_;
  bool ready_ = false;  // data_ is allocated and holds the buffer's contents
  bool written_ = false;
  // Operations held back on a rank's queue that touch this buffer
  // (rank_queues.h): while any wait, touching its data runs the queues
  // first, and releasing it hands its storage to them.
  int held_ = 0;
  bool stand_in_ = false;          // keeps a released buffer's storage (rank_queues.h)
  std::vector<bool> initialized_;  // strict mode only
  std::vector<bool> matmul_written_;

  // Runs the machine's rank queues when operations on this buffer wait there.
  void settle() {
    if (held_ != 0) settle_held();
  }
  void settle_held();
  // Hands the storage back to the machine's pool (a stand-in whose waiting
  // operations all ran): its contents are no one's any more.
  void drop_storage();
  // Makes data_ the buffer's storage (from the pool when it can); fills it
  // with the uninitialized pattern when `fill`.
  void make_ready(bool fill);

  friend class Machine;     // sets the charges once they are accepted
  friend class RankQueues;  // counts held operations, keeps released storage
};

// An engine's accumulator registers on one core, one float32 per partition
// lane, each unset until an instruction sets it: the Scalar Engine's
// (activation's reduce_regs) and the Vector Engine's (exponential's).
enum class AccumulatorEngine : uint8_t { scalar, vector };
struct Accumulators {
  std::vector<float> values;
  std::vector<bool> set;
};

class Machine {
 public:
  // Ranks beyond this are refused: a simulation, not a cluster.
  static constexpr int kMaxRanks = 1024;
  // Host bytes the storage pool may hold for reuse; storage beyond it is
  // freed at once. Enough for the largest kernels we benchmark (8 ranks of
  // several 8 MiB tensors) to run again without allocating, small enough
  // that an idle machine holds little of the host's memory.
  static constexpr int64_t kMaxPooledBytes = int64_t{1} << 30;

  // `has_data` false: a machine for specializing a kernel (compiling it), whose
  // buffers have shapes, places and capacity checks but no contents, since the
  // data exists only when the compiled program runs; touching a buffer's
  // storage is then an Error naming the tensor.
  // `programs`: the programs each rank runs (its LNC, 1 or 2).
  Machine(int ranks, const Platform& platform, bool has_data = true, int programs = 1);

  int ranks() const { return ranks_; }
  int programs() const { return programs_; }
  // The ranks whose memory this machine holds, [first_rank, end_rank): all
  // of them, or one process's share of an MPI run (see share_of), whose
  // other ranks live in other processes. Set before the first allocation.
  void set_share(int first, int end) {
    first_rank_ = first;
    end_rank_ = end;
  }
  int first_rank() const { return first_rank_; }
  // The interpreter's rank queues while a run holds operations back
  // (rank_queues.h); nullptr otherwise.
  void set_queues(RankQueues* queues) { queues_ = queues; }
  RankQueues* queues() const { return queues_; }
  int end_rank() const { return end_rank_; }
  bool has_data() const { return has_data_; }
  const Platform& platform() const { return platform_; }

  // Allocates a tensor's storage on `rank`. Checks the shape (non-negative
  // dims; on SBUF/PSUM at least 2-D with the partition dim first and at most
  // platform().partitions) and capacity; throws Error when refused.
  // `program`: whose SBUF or PSUM an on-chip tensor takes (ignored for HBM).
  // The shape is kept inline (extents.h): a tile's allocation allocates
  // nothing for it.
  std::shared_ptr<Buffer> allocate(int rank, MemKind kind, DType dtype, Extents shape,
                                   std::string name, bool io = false, int program = 0);

  // Strict mode: reading an element no one wrote since its allocation is an
  // Error (see strict.h). Set before the first allocation.
  void set_strict(bool strict) { strict_ = strict; }
  bool strict() const { return strict_; }

  // The bytes of storage every live buffer together may take (host memory:
  // the simulation keeps every element); an allocation beyond it is refused
  // before anything is allocated. 0: no limit.
  void set_memory_limit(int64_t bytes) { memory_limit_ = bytes; }
  // A machine that runs one rank for a program whose `n` ranks all allocate
  // alike (a compiler's trace) charges each allocation n times.
  void set_alike_ranks(int n) { alike_ranks_ = n; }
  int64_t memory_limit() const { return memory_limit_; }
  // Storage bytes of the live buffers, on all ranks together, and of host
  // copies charged below.
  int64_t total_bytes() const { return total_bytes_; }
  // Host memory that holds tensor data outside any buffer (a run's outputs,
  // read back while other ranks still run) counts against the limit too:
  // charge_host throws Error when `bytes` more would exceed it.
  // (Used by runs, whose machines have no alike ranks.)
  void charge_host(const std::string& what, int64_t bytes) {
    admit([&what] { return what; }, bytes);
  }
  void discharge_host(int64_t bytes) { total_bytes_ -= bytes; }
  // A safe share of this host's memory: half of it, in whole MiB.
  static int64_t default_memory_limit();

  // Live bytes on a rank: per partition for SBUF/PSUM (of `program`), in
  // total for HBM kinds.
  int64_t live_bytes(int rank, MemKind kind, int program = 0) const;
  int64_t capacity(MemKind kind) const;

  // A buffer for the runtime's own temporaries (a collective's accumulator):
  // a Buffer on `rank`'s HBM that is not charged against capacity, since the
  // kernel never allocated it.
  std::shared_ptr<Buffer> allocate_scratch(int rank, DType dtype,
                                           const std::vector<int64_t>& shape, std::string name);

  // The accumulator registers of `engine` on `rank`'s core `program`, kept
  // from one instruction to the next (compute_ops.h); all unset at first.
  // Each core's are touched only by the thread running that core.
  Accumulators& accumulators(int rank, int program, AccumulatorEngine engine);

  // Ends a run: keeps in the pool, of each byte size, only as many storages
  // as were taken since the last trim (what running the same kernel again
  // can reuse), and frees the rest.
  void trim_pool();
  // Host bytes the pool holds, for tests.
  int64_t pooled_bytes() const {
    std::lock_guard<std::mutex> lock(pool_mutex_);
    return pooled_bytes_;
  }

 private:
  friend class Buffer;
  void release(int rank, int program, MemKind kind, int64_t bytes, int64_t storage_bytes);
  // live_'s row of a rank's program (the rank's first for HBM kinds).
  size_t core(int rank, MemKind kind, int program) const;
  // Charges storage against the memory limit and returns the bytes charged;
  // throws Error when it would exceed the limit, naming what() ("'x'"),
  // which only a failure calls.
  int64_t admit(const std::function<std::string()>& what, int64_t storage_bytes);
  // Storage of `bytes` bytes from the pool, or empty when it has none.
  Storage take_storage(size_t bytes);
  // A dying buffer's storage, kept for reuse while the pool has room.
  void recycle(Storage storage);

  int ranks_;
  int first_rank_ = 0;
  int end_rank_;
  int programs_;
  const Platform& platform_;
  bool has_data_;
  bool strict_ = false;
  int64_t memory_limit_ = 0;
  int alike_ranks_ = 1;
  int64_t total_bytes_ = 0;
  RankQueues* queues_ = nullptr;
  std::vector<std::vector<int64_t>> live_;  // [rank * programs + program][pool]
  std::vector<Accumulators> accumulators_;  // [(rank * programs + program) * 2 + engine]
  // Of each byte size: the free storages, and how many buffers of that size
  // were made since the last trim. A size's list keeps its capacity, so a
  // buffer made and dropped again and again allocates nothing for the pool.
  struct SizePool {
    std::vector<Storage> free;
    size_t wanted = 0;
  };
  mutable std::mutex pool_mutex_;  // guards the pool: pool_, last_*, pooled_bytes_
  std::unordered_map<size_t, SizePool> pool_;
  // The size asked for last and its entry (entries stay where they are until
  // trim_pool erases them): a tile made and dropped in a loop finds its size
  // without hashing.
  size_t last_size_ = 0;
  SizePool* last_pool_ = nullptr;
  SizePool& size_pool(size_t bytes);
  int64_t pooled_bytes_ = 0;
};

}  // namespace nkic::rt
