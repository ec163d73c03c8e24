// See device_ops.h. run() goes through the DMA API (dma.h, fill.h) that the
// rest of the runtime uses, so an operation moves the same bytes wherever
// it runs.
#include "runtime/device_ops.h"

#include <cstdint>
#include <cstdio>
#include <optional>

#include "runtime/checked_int.h"
#include "runtime/dma.h"
#include "runtime/fill.h"
#include "runtime/format_util.h"
#include "runtime/strict.h"
#include "runtime/strided.h"
#include "runtime/tiles.h"

namespace nkic::rt {

std::string Scalar::text() const {
  if (!is_float) return std::to_string(integer);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", real);
  return buf;
}

std::string Scalar::fill_problem(DType dtype) const {
  return is_float ? rt::fill_problem(dtype, real) : rt::fill_problem(dtype, integer);
}

std::vector<std::byte> Scalar::bytes(DType dtype) const {
  return is_float ? scalar_bytes(dtype, real) : scalar_bytes(dtype, integer);
}

// ---- dma_copy ----------------------------------------------------------------

void DmaCopy::need_tiles(const OpOperands& o) {
  need_partition_dim("tensor_copy", "src", *o.srcs[0]);
  need_partition_dim("tensor_copy", "dst", *o.dsts[0]);
}

void DmaCopy::check(const OpOperands& o) const {
  if (on_engine) need_tiles(o);
  const std::string problem = conversion_problem(o.dsts[0]->dtype(), o.srcs[0]->dtype());
  if (!problem.empty()) throw Error(problem);
  const int64_t d = o.dsts[0]->elements(), s = o.srcs[0]->elements();
  if (d == s) return;
  throw Error("dma_copy element count mismatch: dst has " + std::to_string(d) + ", src has " +
              std::to_string(s) + " elements");
}

std::string DmaCopy::text(const OpText& t) const {
  return t.dsts + " <- " + t.srcs + (oob_skip ? " oob_skip" : "") + (on_engine ? " on_engine" : "");
}

// ---- fills -------------------------------------------------------------------

void Memset::check(const OpOperands& o) const {
  value.bytes(o.dsts[0]->dtype());
}

void Memset::run(const OpOperands& o) const {
  fill(*o.dsts[0], value.bytes(o.dsts[0]->dtype()));
}

std::string Memset::text(const OpText& t) const {
  return t.dsts + " <- " + value.text();
}

// ---- iota --------------------------------------------------------------------

int32_t affine_value(const std::array<Dim, Iota::kMaxDims>& pattern, int64_t offset,
                     int64_t channel_multiplier, int64_t p, int64_t f) {
  // Modulo 2^32 throughout, the engine's int32 wrapping: unsigned, so no
  // operand (a step near 2^62, say) can overflow.
  const auto u = [](int64_t v) { return static_cast<uint64_t>(v); };
  uint64_t value = u(offset) + u(p) * u(channel_multiplier);
  int64_t rest = f;
  for (size_t k = pattern.size(); k-- > 0;) {
    if (pattern[k].count <= 0) continue;  // no position has an index there
    const int64_t index = rest % pattern[k].count;
    rest /= pattern[k].count;
    value += u(index) * u(pattern[k].step);
  }
  return static_cast<int32_t>(static_cast<uint32_t>(value));
}

namespace {

// The lowest and highest value an iota pattern gives over `partitions`
// partitions when no sum wraps (each exact sum lies in int32, so it is the
// value), or nullopt when some may wrap or there is no value at all.
std::optional<Extent> iota_range(const std::array<Dim, Iota::kMaxDims>& pattern, int64_t offset,
                                 int64_t channel_multiplier, int64_t partitions) {
  std::vector<Dim> dims(pattern.begin(), pattern.end());
  dims.push_back(Dim{channel_multiplier, partitions});
  for (const Dim& d : dims) {
    if (d.count <= 0) return std::nullopt;
  }
  const std::optional<Extent> range = extent_if_fits(offset, dims);
  if (!range || range->lo < INT32_MIN || range->hi > INT32_MAX) return std::nullopt;
  return range;
}

std::string iota_range_error(const AccessPattern& dst, const std::string& values) {
  const IntRange r = int_range(dst.dtype());
  return "iota: dst " + tile_text(dst) + " holds integers from " + std::to_string(r.lo) + " to " +
         std::to_string(r.hi) + ", and the pattern gives " + values;
}

bool is_integer_dtype(DType t) {
  return !is_float(t) && !is_packed(t) && t != DType::bool_;
}

}  // namespace

void Iota::check(const OpOperands& o) const {
  const AccessPattern& dst = *o.dsts[0];
  if (dst.dims.empty()) throw Error("iota: dst must have a partition dimension");
  const std::string problem = conversion_problem(dst.dtype(), DType::int32);
  if (!problem.empty()) throw Error("iota: " + problem);
  const int64_t partitions = dst.dims[0].count;
  const int64_t per_partition = free_size(dst);
  const int64_t n = element_count(pattern);
  if (partitions != 0 && n != per_partition) {
    throw Error("iota: the pattern has " + std::to_string(n) + " elements, but dst has " +
                std::to_string(per_partition) + " per partition");
  }
  if (!is_integer_dtype(dst.dtype())) return;
  const std::optional<Extent> range = iota_range(pattern, offset, channel_multiplier, partitions);
  const IntRange r = int_range(dst.dtype());
  if (range && (range->lo < r.lo || range->hi > r.hi)) {
    throw Error(iota_range_error(dst, "values from " + std::to_string(range->lo) + " to " +
                                          std::to_string(range->hi)));
  }
}

void Iota::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& dst = *o.dsts[0];
  check_bounds(dst);
  const int64_t partitions = dst.dims[0].count;
  const int64_t per_partition = element_count(pattern);
  const DType dtype = dst.dtype();
  // check() has found any value out of an integer dtype's range unless a
  // sum wraps: then each value is checked here.
  const bool integer = is_integer_dtype(dtype);
  const IntRange r = integer ? int_range(dtype) : IntRange{};
  const size_t size = dtype_size(dtype);
  std::vector<std::byte> all;
  all.reserve(static_cast<size_t>(dst.elements()) * size);
  for (int64_t p = 0; p < partitions; ++p) {
    for (int64_t f = 0; f < per_partition; ++f) {
      const int64_t value = affine_value(pattern, offset, channel_multiplier, p, f);
      if (integer && (value < r.lo || value > r.hi)) {
        throw Error(iota_range_error(dst, std::to_string(value) + " at partition " +
                                              std::to_string(p) + ", element " +
                                              std::to_string(f)));
      }
      const std::vector<std::byte> element = scalar_bytes(dtype, value);
      all.insert(all.end(), element.begin(), element.end());
    }
  }
  if (all.empty()) return;
  detail::scatter_bytes(dst, all);
  note_write(dst);
}

std::string Iota::text(const OpText& t) const {
  std::string p;
  for (size_t k = 0; k < kMaxDims; ++k) {
    p += (k ? ", [" : "[") + std::to_string(pattern[k].step) + ", " +
         std::to_string(pattern[k].count) + "]";
  }
  return t.dsts + " <- [" + p + "] offset " + std::to_string(offset) + " channel_multiplier " +
         std::to_string(channel_multiplier);
}

// ---- registers ---------------------------------------------------------------

std::string RegisterMove::text(const OpText& t) const {
  return t.reg_dsts + " <- " + (t.reg_srcs.empty() ? std::to_string(constant) : t.reg_srcs);
}

void RegisterLoad::run(const OpOperands& o) const {
  *o.reg_dsts[0] = read_scalar_i64(*o.srcs[0]);
}

std::string RegisterLoad::text(const OpText& t) const {
  return t.reg_dsts + " <- " + t.srcs;
}

void RegisterStore::run(const OpOperands& o) const {
  const AccessPattern& dst = *o.dsts[0];
  const std::string problem = fill_problem(dst.dtype(), o.reg_srcs[0]);
  if (!problem.empty()) {
    throw Error("register_store: dst_tensor " + tile_text(dst) +
                " cannot hold the register's value: " + problem);
  }
  fill(dst, scalar_bytes(dst.dtype(), o.reg_srcs[0]));
}

std::string RegisterStore::text(const OpText& t) const {
  return t.dsts + " <- " + t.reg_srcs;
}

std::string RankId::text(const OpText& t) const {
  return t.reg_dsts;
}

namespace {

// RingRankId's lists as a replica group's text: "[[0, 1], [2, 3]]".
std::string lists_text(const std::vector<int64_t>& lists) {
  std::string g = "[";
  for (size_t at = 0; at < lists.size(); at += 1 + static_cast<size_t>(lists[at])) {
    g += at ? ", [" : "[";
    for (int64_t p = 0; p < lists[at]; ++p) {
      g += (p ? ", " : "") + std::to_string(lists[at + 1 + static_cast<size_t>(p)]);
    }
    g += "]";
  }
  return g + "]";
}

}  // namespace

void RingRankId::run(const OpOperands& o) const {
  const int64_t step = o.reg_srcs.empty() ? iteration : o.reg_srcs[0];
  for (size_t at = 0; at < lists.size(); at += 1 + static_cast<size_t>(lists[at])) {
    const int64_t n = lists[at];
    const int64_t* ranks = &lists[at + 1];
    for (int64_t p = 0; p < n; ++p) {
      if (ranks[p] != o.rank) continue;
      const int64_t back = step % n;  // in (-n, n): p - back cannot overflow
      *o.reg_dsts[0] = ranks[((p - back) % n + n) % n];
      return;
    }
  }
  throw Error("the rank is in no list of replica group " + lists_text(lists) +
              ", so it has no ring");
}

std::string RingRankId::text(const OpText& t) const {
  const std::string step = t.reg_srcs.empty() ? std::to_string(iteration) : t.reg_srcs;
  return t.reg_dsts + " <- step " + step + " of " + lists_text(lists);
}

// ---- sendrecv ----------------------------------------------------------------

void LncExchange::check(const OpOperands& o) const {
  for (size_t k = 0; k < 2; ++k) {
    DmaCopy{}.check({{o.dsts[k]}, {o.srcs[1 - k]}, {}, {}, o.rank});
  }
}

void LncExchange::run(const OpOperands& o) const {
  // Program 1's destination may be its own source: that source is copied
  // aside before program 0's tile lands there.
  std::shared_ptr<Buffer> aside;
  AccessPattern from_1 = *o.srcs[1];
  if (o.dsts[1]->buffer == o.srcs[1]->buffer) {
    aside = from_1.buffer->machine().allocate_scratch(from_1.rank(), from_1.dtype(), from_1.shape(),
                                                      "sendrecv");
    AccessPattern staged{aside.get(), 0, row_major_dims(from_1.shape())};
    dma_copy(staged, from_1);
    from_1 = staged;
  }
  dma_copy(*o.dsts[1], *o.srcs[0]);
  dma_copy(*o.dsts[0], from_1);
}

std::string LncExchange::text(const OpText& t) const {
  return t.dsts + " <- " + t.srcs + " swapped";
}

// ---- any operation -----------------------------------------------------------

const char* op_name(const DeviceOp& op) {
  return std::visit([](const auto& x) { return std::decay_t<decltype(x)>::kName; }, op);
}

OperandCounts operand_counts(const DeviceOp& op) {
  return std::visit([](const auto& x) { return std::decay_t<decltype(x)>::kOperands; }, op);
}

bool skips_out_of_bounds(const DeviceOp& op) {
  return std::visit([](const auto& x) { return skips_out_of_bounds(x); }, op);
}

void check_op(const DeviceOp& op, const OpOperands& o) {
  std::visit([&](const auto& x) { check_op(x, o); }, op);
}

void run_op(const DeviceOp& op, const OpOperands& o) {
  std::visit([&](const auto& x) { x.run(o); }, op);
}

}  // namespace nkic::rt
