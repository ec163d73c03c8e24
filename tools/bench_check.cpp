// See bench_check.h. The expected values are computed here, element by
// element from the input formula, independently of the collective's
// schedule; only the one rounding of a sum to the dtype uses the runtime's
// conversion.
#include "tools/bench_check.h"

#include <map>
#include <memory>
#include <vector>

#include "runtime/collectives.h"
#include "runtime/dtype.h"

namespace nkic::tools {

namespace {

rt::DType dtype_of(const std::string& name) {
  static const std::map<std::string, rt::DType> dtypes = {
      {"fp32", rt::DType::float32},    {"bf16", rt::DType::bfloat16}, {"fp16", rt::DType::float16},
      {"fp8", rt::DType::float8_e4m3}, {"int8", rt::DType::int8},     {"uint8", rt::DType::uint8},
      {"int16", rt::DType::int16},     {"uint16", rt::DType::uint16}, {"int32", rt::DType::int32},
      {"uint32", rt::DType::uint32}};
  return dtypes.at(name);
}

int64_t input_value(rt::DType t, int rank, int64_t i) {
  const int64_t v = (rank * 7 + i * 13) % 17;  // kPeriod
  return rt::is_float(t) || rt::is_signed_int(t) ? v - 8 : v;
}

// An exact integer as the dtype holds it: rounded once for floats, wrapped
// for integers.
double as_dtype(rt::DType t, int64_t v) {
  std::byte bytes[8] = {};
  if (rt::is_float(t)) {
    rt::store_f32(t, bytes, static_cast<float>(v));
    return rt::load_f64(t, bytes);
  }
  const int bits = static_cast<int>(rt::dtype_size(t)) * 8;
  const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (rt::is_signed_int(t) && (u >> (bits - 1)) & 1) u |= ~mask;
  return static_cast<double>(static_cast<int64_t>(u));
}

// Elements of each rank's source and destination buffers.
struct Counts {
  int64_t src = 0, dst = 0;
};

Counts counts_of(cost::Collective collective, int ranks, int64_t count) {
  const int64_t chunk = count / ranks;
  switch (collective) {
    case cost::Collective::all_gather:
      return {chunk, count};
    case cost::Collective::reduce_scatter:
      return {count, chunk};
    case cost::Collective::all_reduce:
    case cost::Collective::all_to_all:
    case cost::Collective::permute:
      break;
  }
  return {count, count};
}

// Every input element's value depends on its index modulo this, so a sum
// over the ranks does too.
constexpr int64_t kPeriod = 17;

// sums[k]: the exact sum over the ranks of the elements of index k modulo
// kPeriod, as the dtype holds it. O(ranks x kPeriod), once per check.
std::vector<double> sums_by_residue(rt::DType t, int ranks) {
  std::vector<double> sums(kPeriod);
  for (int64_t k = 0; k < kPeriod; ++k) {
    int64_t exact = 0;
    for (int q = 0; q < ranks; ++q) exact += input_value(t, q, k);
    sums[static_cast<size_t>(k)] = as_dtype(t, exact);
  }
  return sums;
}

rt::CollectiveOp op_of(cost::Collective collective, int ranks) {
  rt::CollectiveOp op;
  op.group.groups = {{}};
  for (int r = 0; r < ranks; ++r) op.group.groups[0].push_back(r);
  switch (collective) {
    case cost::Collective::all_reduce:
      op.kind = rt::CollectiveKind::all_reduce;
      break;
    case cost::Collective::all_gather:
      op.kind = rt::CollectiveKind::all_gather;
      break;
    case cost::Collective::reduce_scatter:
      op.kind = rt::CollectiveKind::reduce_scatter;
      break;
    case cost::Collective::all_to_all:
      op.kind = rt::CollectiveKind::all_to_all;
      break;
    case cost::Collective::permute:
      op.kind = rt::CollectiveKind::permute;
      for (int r = 0; r < ranks; ++r) op.pairs.emplace_back(r, (r + 1) % ranks);
      break;
  }
  return op;
}

}  // namespace

int64_t check_bytes(cost::Collective collective, int ranks, int64_t size,
                    const std::string& datatype) {
  const auto elem = static_cast<int64_t>(rt::dtype_size(dtype_of(datatype)));
  const Counts n = counts_of(collective, ranks, size / elem);
  return (n.src + n.dst) * elem * ranks;
}

int64_t wrong_elements(cost::Collective collective, int ranks, int64_t size,
                       const std::string& datatype, const rt::Platform& platform,
                       int64_t memory_limit) {
  const rt::DType t = dtype_of(datatype);
  const auto elem = static_cast<int64_t>(rt::dtype_size(t));
  const int64_t count = size / elem;
  const int64_t chunk = count / ranks;
  const Counts n = counts_of(collective, ranks, count);
  rt::Machine machine(ranks, platform);
  machine.set_memory_limit(memory_limit);
  std::vector<std::shared_ptr<rt::Buffer>> keep;
  std::vector<std::vector<rt::AccessPattern>> srcs, dsts;
  for (int r = 0; r < ranks; ++r) {
    auto src = machine.allocate(r, rt::MemKind::shared_hbm, t, {n.src}, "src");
    auto dst = machine.allocate(r, rt::MemKind::shared_hbm, t, {n.dst}, "dst");
    std::byte* p = src->data_for_overwrite();
    for (int64_t i = 0; i < n.src; ++i) {
      rt::store_f32(t, p + i * elem, static_cast<float>(input_value(t, r, i)));
    }
    srcs.push_back({rt::AccessPattern{src.get(), 0, {{1, n.src}}}});
    dsts.push_back({rt::AccessPattern{dst.get(), 0, {{1, n.dst}}}});
    keep.push_back(src);
    keep.push_back(dst);
  }
  rt::run_collective(op_of(collective, ranks), srcs, dsts);
  const std::vector<double> sums = sums_by_residue(t, ranks);
  int64_t wrong = 0;
  for (int r = 0; r < ranks; ++r) {
    const std::byte* out = dsts[static_cast<size_t>(r)][0].buffer->data();
    for (int64_t i = 0; i < n.dst; ++i) {
      double expected = 0;
      switch (collective) {
        case cost::Collective::all_reduce:
          expected = sums[static_cast<size_t>(i % kPeriod)];
          break;
        case cost::Collective::all_gather:
          expected = as_dtype(t, input_value(t, static_cast<int>(i / chunk), i % chunk));
          break;
        case cost::Collective::reduce_scatter:
          expected = sums[static_cast<size_t>((r * chunk + i) % kPeriod)];
          break;
        case cost::Collective::all_to_all:
          expected =
              as_dtype(t, input_value(t, static_cast<int>(i / chunk), r * chunk + i % chunk));
          break;
        case cost::Collective::permute:
          expected = as_dtype(t, input_value(t, (r + ranks - 1) % ranks, i));
          break;
      }
      if (rt::load_f64(t, out + i * elem) != expected) ++wrong;
    }
  }
  return wrong;
}

}  // namespace nkic::tools
