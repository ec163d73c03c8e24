// The simulated machine: N ranks, each a NeuronCore with private HBM, shared
// HBM, SBUF and PSUM. A Buffer is one allocation (the storage behind a tensor);
// its bytes are allocated on first touch and filled with the uninitialized
// pattern, so many ranks of small tensors cost little. SBUF and PSUM capacity
// is accounted per partition while a Buffer is alive.
//
// The machine is driven by one rank at a time (the interpreter's scheduler
// passes a baton; generated code runs ranks in order), so it needs no locks.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/dtype.h"

namespace nkic::rt {

// An error in what the kernel asked of the machine. The interpreter attaches
// the source place and rank; the message says what and why.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

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

class Buffer {
 public:
  Buffer(Machine& machine, int rank, MemKind kind, DType dtype, std::vector<int64_t> shape,
         std::string name, bool io);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  int rank() const { return rank_; }
  MemKind kind() const { return kind_; }
  DType dtype() const { return dtype_; }
  const std::string& name() const { return name_; }
  // The shape it was allocated with; storage is that many elements, row-major.
  const std::vector<int64_t>& shape() const { return shape_; }
  int64_t elements() const { return elements_; }
  int64_t bytes() const { return elements_ * static_cast<int64_t>(dtype_size(dtype_)); }
  // An IO tensor: a kernel input, or an output handed back to the host.
  bool io() const { return io_; }
  void set_io(bool io) { io_ = io; }

  // The storage, allocated and filled with the uninitialized pattern on first
  // use. Throws Error on a machine without data (see Machine).
  std::byte* data();
  bool touched() const { return !data_.empty() || elements_ == 0; }
  // The storage, for writing: as data(), and marks the buffer written, so the
  // tool knows which input tensors a kernel wrote. DMA and collectives use it
  // for their destinations.
  std::byte* data_for_write();
  bool written() const { return written_; }

 private:
  Machine& machine_;
  int rank_;
  MemKind kind_;
  DType dtype_;
  std::vector<int64_t> shape_;
  int64_t elements_;
  std::string name_;
  bool io_;
  int64_t charged_bytes_;  // per partition for SBUF/PSUM, total for HBM
  std::vector<std::byte> data_;
  bool written_ = false;

  friend class Machine;  // sets charged_bytes_ once the charge is accepted
};

class Machine {
 public:
  // Ranks beyond this are refused: a simulation, not a cluster.
  static constexpr int kMaxRanks = 1024;

  // `has_data` false: a machine for specializing a kernel (compiling it), whose
  // buffers have shapes, places and capacity checks but no contents, since the
  // data exists only when the compiled program runs; touching a buffer's
  // storage is then an Error naming the tensor.
  Machine(int ranks, const Platform& platform, bool has_data = true);

  int ranks() const { return ranks_; }
  bool has_data() const { return has_data_; }
  const Platform& platform() const { return platform_; }

  // Allocates a tensor's storage on `rank`. Checks the shape (non-negative
  // dims; on SBUF/PSUM at least 2-D with the partition dim first and at most
  // platform().partitions) and capacity; throws Error when refused.
  std::shared_ptr<Buffer> allocate(int rank, MemKind kind, DType dtype,
                                   const std::vector<int64_t>& shape, std::string name,
                                   bool io = false);

  // Live bytes on a rank: per partition for SBUF/PSUM, in total for HBM kinds.
  int64_t live_bytes(int rank, MemKind kind) const;
  int64_t capacity(MemKind kind) const;

 private:
  friend class Buffer;
  void release(int rank, MemKind kind, int64_t bytes);

  int ranks_;
  const Platform& platform_;
  bool has_data_;
  std::vector<std::vector<int64_t>> live_;  // [rank][kind]
};

}  // namespace nkic::rt
