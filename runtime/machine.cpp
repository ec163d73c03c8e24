// The simulated machine's memory: platforms, allocation checks and capacity
// accounting (see machine.h).
#include "runtime/machine.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <iterator>
#include <limits>
#include <new>

#include "runtime/block_pool.h"
#include "runtime/checked_int.h"
#include "runtime/dtype_traits.h"
#include "runtime/format_util.h"
#include "runtime/rank_queues.h"

namespace nkic::rt {
namespace {

constexpr int64_t kKiB = 1024;
constexpr int64_t kGiB = 1024 * 1024 * 1024;

// On-chip memory per partition as the SPEC fixes it for each platform: SBUF
// 224 KiB (trn2) or 256 KiB (trn3), PSUM 16 KiB (8 banks of 2 KiB). HBM is
// per device (96 GiB on trn2, 144 GiB on trn3) and shared by the device's 8
// NeuronCores, each of which is one rank here.
constexpr int kTrnPartitions = 128;
constexpr int64_t kTrn2SbufPartitionBytes = 224 * kKiB;
constexpr int64_t kTrn3SbufPartitionBytes = 256 * kKiB;
constexpr int64_t kPsumPartitionBytes = 16 * kKiB;
constexpr int kRanksPerDevice = 8;
constexpr int64_t kTrn2DeviceHbmBytes = 96 * kGiB;
constexpr int64_t kTrn3DeviceHbmBytes = 144 * kGiB;

constexpr std::array<Platform, 2> kPlatforms = {{
    {"trn2", kTrnPartitions, kTrn2SbufPartitionBytes, kPsumPartitionBytes,
     kTrn2DeviceHbmBytes / kRanksPerDevice},
    {"trn3", kTrnPartitions, kTrn3SbufPartitionBytes, kPsumPartitionBytes,
     kTrn3DeviceHbmBytes / kRanksPerDevice},
}};

// HBM and shared HBM draw on the same device memory, so they share a pool.
enum Pool { kPoolHbm, kPoolSbuf, kPoolPsum, kPoolCount };

Pool pool_of(MemKind k) {
  switch (k) {
    case MemKind::sbuf: return kPoolSbuf;
    case MemKind::psum: return kPoolPsum;
    case MemKind::hbm:
    case MemKind::shared_hbm: return kPoolHbm;
  }
  return kPoolHbm;
}

std::string_view pool_label(MemKind k) {
  switch (k) {
    case MemKind::sbuf: return "SBUF";
    case MemKind::psum: return "PSUM";
    default: return "HBM";
  }
}

// Product of shape[from:] times `scale`, or -1 when it does not fit; `shape`
// is any contiguous run of dims (an Extents or a vector).
template <typename Dims>
int64_t product_or_minus_one(const Dims& shape, size_t from, int64_t scale) {
  return product_if_fits(shape.data(), shape.size(), from, scale).value_or(-1);
}

}  // namespace

std::string_view mem_kind_name(MemKind k) {
  switch (k) {
    case MemKind::hbm: return "hbm";
    case MemKind::shared_hbm: return "shared_hbm";
    case MemKind::sbuf: return "sbuf";
    case MemKind::psum: return "psum";
  }
  return "?";
}

const Platform* find_platform(std::string_view name) {
  for (const Platform& p : kPlatforms) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const Platform& default_platform() { return kPlatforms[0]; }

namespace {

uint64_t next_serial() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

Buffer::Buffer(Machine& machine, int rank, MemKind kind, DType dtype, Extents shape,
               std::string name, bool io, int program)
    : machine_(machine),
      serial_(next_serial()),
      rank_(rank),
      program_(is_on_chip(kind) ? program : 0),
      kind_(kind),
      dtype_(dtype),
      shape_(std::move(shape)),
      elements_(product_or_minus_one(shape_, 0, 1)),
      name_(std::move(name)),
      io_(io),
      charged_bytes_(0) {}

Buffer::~Buffer() {
  if (held_ != 0) {
    if (RankQueues* queues = machine_.queues()) queues->adopt(*this);
  }
  machine_.release(rank_, program_, kind_, charged_bytes_, admitted_bytes_);
  if (!data_.empty()) machine_.recycle(std::move(data_));
}

void Buffer::make_ready(bool fill) {
  if (!machine_.has_data()) {
    throw Error("the values of " +
                (name_.empty() ? std::string("a tensor") : "tensor '" + name_ + "'") +
                " are only known when the program runs");
  }
  ready_ = true;
  if (elements_ == 0) return;
  const size_t total = static_cast<size_t>(bytes());
  data_ = machine_.take_storage(total);
  if (data_.empty()) {
    try {
      data_.resize(total);
    } catch (const std::bad_alloc&) {
      ready_ = false;
      throw Error("out of host memory for '" + name_ + "' (" + format_bytes(bytes()) + ")");
    }
  }
  if (!fill) return;
  // One element, then doubling block copies: a fill at memcpy speed for any dtype.
  const size_t size = dtype_size(dtype_);
  std::byte* p = data_.data();
  store_uninit(dtype_, p);
  for (size_t done = size; done < total;) {
    const size_t n = std::min(done, total - done);
    std::memcpy(p + done, p, n);
    done += n;
  }
}

void Buffer::drop_storage() {
  if (!data_.empty()) machine_.recycle(std::move(data_));
  data_ = Storage();
  ready_ = false;
}

void Buffer::settle_held() {
  if (RankQueues* queues = machine_.queues()) queues->before_access();
}

std::byte* Buffer::data() {
  settle();
  if (!ready_) make_ready(/*fill=*/true);
  return data_.data();
}

std::byte* Buffer::data_for_write() {
  std::byte* p = data();
  written_ = true;
  return p;
}

std::byte* Buffer::data_for_overwrite() {
  settle();
  if (!ready_) make_ready(/*fill=*/false);
  written_ = true;
  return data_.data();
}

void Buffer::fill_from_host(const std::byte* bytes, size_t n) {
  n = std::min(n, static_cast<size_t>(this->bytes()));
  if (n == 0) return;
  settle();
  const bool whole = n == static_cast<size_t>(this->bytes());
  if (!ready_) make_ready(/*fill=*/!whole);
  std::memcpy(data_.data(), bytes, n);
  if (std::vector<bool>* flags = written_flags()) {
    const size_t full = n / dtype_size(dtype_);
    std::fill(flags->begin(), flags->begin() + static_cast<std::ptrdiff_t>(full), true);
  }
}

std::vector<bool>* Buffer::written_flags() {
  if (!machine_.strict()) return nullptr;
  if (initialized_.empty() && elements_ > 0) {
    initialized_.assign(static_cast<size_t>(elements_), false);
  }
  return &initialized_;
}

std::vector<int64_t> element_index(const Buffer& buffer, int64_t offset) {
  const Extents& shape = buffer.shape();
  std::vector<int64_t> index(shape.size(), 0);
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] == 0) continue;
    index[d] = offset % shape[d];
    offset /= shape[d];
  }
  return index;
}

std::vector<bool>& Buffer::matmul_flags() {
  settle();
  if (matmul_written_.empty() && elements_ > 0) {
    matmul_written_.assign(static_cast<size_t>(elements_), false);
  }
  return matmul_written_;
}

Machine::Machine(int ranks, const Platform& platform, bool has_data, int programs)
    : ranks_(ranks),
      end_rank_(ranks),
      programs_(programs),
      platform_(platform),
      has_data_(has_data),
      memory_limit_(default_memory_limit()) {
  if (ranks < 1 || ranks > kMaxRanks) {
    throw Error("the number of ranks must be between 1 and " + std::to_string(kMaxRanks) +
                ", got " + std::to_string(ranks));
  }
  if (programs < 1 || programs > 2) {
    throw Error("a rank runs 1 or 2 programs (--lnc), got " + std::to_string(programs));
  }
  live_.assign(static_cast<size_t>(ranks) * static_cast<size_t>(programs),
               std::vector<int64_t>(kPoolCount, 0));
  const size_t lanes = static_cast<size_t>(platform.partitions);
  accumulators_.assign(live_.size() * 2,
                       Accumulators{std::vector<float>(lanes, 0.0f), std::vector<bool>(lanes)});
}

Accumulators& Machine::accumulators(int rank, int program, AccumulatorEngine engine) {
  const size_t core =
      static_cast<size_t>(rank) * static_cast<size_t>(programs_) + static_cast<size_t>(program);
  return accumulators_.at(core * 2 + (engine == AccumulatorEngine::vector ? 1 : 0));
}

int64_t Machine::default_memory_limit() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  constexpr int64_t kMiB = 1024 * 1024;
  if (pages <= 0 || page_size <= 0) return 8 * kGiB;  // unknown: a laptop's share
  const int64_t half = static_cast<int64_t>(pages) / 2 * static_cast<int64_t>(page_size);
  return std::max<int64_t>(half / kMiB * kMiB, kMiB);
}

int64_t Machine::admit(const std::function<std::string()>& what, int64_t storage_bytes) {
  const int64_t one_rank = storage_bytes;
  if (alike_ranks_ > 1 &&
      __builtin_mul_overflow(storage_bytes, int64_t{alike_ranks_}, &storage_bytes)) {
    storage_bytes = std::numeric_limits<int64_t>::max();
  }
  // Within the limit, but not with the storage the rank queues keep for
  // released tensors: they run first and free it.
  if (memory_limit_ > 0 && queues_ && storage_bytes <= memory_limit_ - total_bytes_ &&
      storage_bytes > memory_limit_ - total_bytes_ - queues_->kept_bytes()) {
    queues_->run_all();
  }
  if (memory_limit_ > 0 && storage_bytes > memory_limit_ - total_bytes_) {
    const std::string per_rank = alike_ranks_ > 1 ? " (" + format_bytes(one_rank) + " on each of " +
                                                        std::to_string(alike_ranks_) + " ranks)"
                                                  : "";
    throw Error("memory limit exceeded: " + what() + " needs " + format_bytes(storage_bytes) +
                per_rank + ", the tensors of all ranks hold " + format_bytes(total_bytes_) +
                " already, and the limit is " + format_bytes(memory_limit_) + " (--memory-limit)");
  }
  total_bytes_ += storage_bytes;
  return storage_bytes;
}

size_t Machine::core(int rank, MemKind kind, int program) const {
  const int p = is_on_chip(kind) ? program : 0;
  return static_cast<size_t>(rank) * static_cast<size_t>(programs_) + static_cast<size_t>(p);
}

int64_t Machine::live_bytes(int rank, MemKind kind, int program) const {
  return live_.at(core(rank, kind, program))[pool_of(kind)];
}

int64_t Machine::capacity(MemKind kind) const {
  switch (kind) {
    case MemKind::sbuf: return platform_.sbuf_partition_bytes;
    case MemKind::psum: return platform_.psum_partition_bytes;
    default: return platform_.hbm_bytes_per_rank;
  }
}

void check_tensor_dims(size_t ndim) {
  if (static_cast<int64_t>(ndim) <= kMaxTensorDims) return;
  throw Error("a tensor has at most " + std::to_string(kMaxTensorDims) + " dimensions, got " +
              std::to_string(ndim));
}

std::shared_ptr<Buffer> Machine::allocate(int rank, MemKind kind, DType dtype, Extents shape,
                                          std::string name, bool io, int program) {
  if (rank < 0 || rank >= ranks_) {
    throw Error("rank " + std::to_string(rank) + " does not exist (there are " +
                std::to_string(ranks_) + " ranks)");
  }
  check_tensor_dims(shape.size());
  for (int64_t d : shape) {
    if (d < 0) throw Error("negative dimension " + std::to_string(d) + " in shape " + format_shape(shape));
  }
  const bool on_chip = is_on_chip(kind);
  if (on_chip && shape.size() < 2) {
    throw Error("an " + std::string(mem_kind_name(kind)) +
                " tensor needs at least 2 dimensions (partition first), got shape " +
                format_shape(shape));
  }
  if (on_chip && shape[0] > platform_.partitions) {
    throw Error("partition dimension " + std::to_string(shape[0]) + " exceeds the " +
                std::to_string(platform_.partitions) + " " + std::string(pool_label(kind)) +
                " partitions");
  }
  const int64_t elements = product_or_minus_one(shape, 0, 1);
  const int64_t charge =
      product_or_minus_one(shape, on_chip ? 1 : 0, static_cast<int64_t>(dtype_size(dtype)));
  const int64_t storage = product_or_minus_one(shape, 0, static_cast<int64_t>(dtype_size(dtype)));
  if (elements < 0 || charge < 0 || storage < 0) {
    throw Error("tensor '" + name + "' of shape " + format_shape(shape) + " is too large");
  }
  if (program < 0 || program >= programs_) {
    throw Error("program " + std::to_string(program) + " does not exist (each rank runs " +
                std::to_string(programs_) + ")");
  }
  int64_t& live = live_[core(rank, kind, program)][pool_of(kind)];
  const int64_t cap = capacity(kind);
  if (charge > cap - live) {
    throw Error(std::string(pool_label(kind)) + " overflow: allocating '" + name + "' needs " + format_bytes(charge) +
                (on_chip ? " per partition, " : ", ") + format_bytes(live) + " of " +
                format_bytes(cap) + " already live");
  }
  const int64_t admitted = admit([&name] { return "'" + name + "'"; }, storage);
  auto buffer = std::allocate_shared<Buffer>(PooledAllocator<Buffer>(), *this, rank, kind, dtype,
                                             std::move(shape), std::move(name), io, program);
  buffer->charged_bytes_ = charge;
  buffer->admitted_bytes_ = admitted;
  live += charge;
  return buffer;
}

std::shared_ptr<Buffer> Machine::allocate_scratch(int rank, DType dtype,
                                                  const std::vector<int64_t>& shape,
                                                  std::string name) {
  const int64_t storage = product_or_minus_one(shape, 0, static_cast<int64_t>(dtype_size(dtype)));
  if (storage < 0) {
    throw Error("scratch '" + name + "' of shape " + format_shape(shape) + " is too large");
  }
  const int64_t admitted = admit([&name] { return "'" + name + "'"; }, storage);
  auto buffer = std::make_shared<Buffer>(*this, rank, MemKind::hbm, dtype, shape, std::move(name),
                                         /*io=*/false);
  buffer->admitted_bytes_ = admitted;
  return buffer;
}

void Machine::release(int rank, int program, MemKind kind, int64_t bytes, int64_t storage_bytes) {
  live_[core(rank, kind, program)][pool_of(kind)] -= bytes;
  total_bytes_ -= storage_bytes;
}

Machine::SizePool& Machine::size_pool(size_t bytes) {
  if (last_pool_ == nullptr || last_size_ != bytes) {
    last_pool_ = &pool_[bytes];
    last_size_ = bytes;
  }
  return *last_pool_;
}

Storage Machine::take_storage(size_t bytes) {
  std::lock_guard<std::mutex> lock(pool_mutex_);
  SizePool& size = size_pool(bytes);
  ++size.wanted;
  if (size.free.empty()) return Storage();
  Storage s = std::move(size.free.back());
  size.free.pop_back();
  pooled_bytes_ -= static_cast<int64_t>(bytes);
  return s;
}

void Machine::recycle(Storage storage) {
  std::lock_guard<std::mutex> lock(pool_mutex_);
  const int64_t bytes = static_cast<int64_t>(storage.size());
  if (bytes > kMaxPooledBytes - pooled_bytes_) return;  // freed here
  pooled_bytes_ += bytes;
  size_pool(storage.size()).free.push_back(std::move(storage));
}

void Machine::trim_pool() {
  std::lock_guard<std::mutex> lock(pool_mutex_);
  last_pool_ = nullptr;
  for (auto it = pool_.begin(); it != pool_.end();) {
    SizePool& size = it->second;
    if (size.free.size() > size.wanted) {
      pooled_bytes_ -= static_cast<int64_t>((size.free.size() - size.wanted) * it->first);
      size.free.resize(size.wanted);
    }
    size.wanted = 0;
    it = size.free.empty() ? pool_.erase(it) : std::next(it);
  }
}

}  // namespace nkic::rt
