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
  const int64_t v = (rank * 7 + i * 13) % 17;
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

}  // namespace

int64_t wrong_elements(cost::Collective collective, int ranks, int64_t size,
                       const std::string& datatype, const rt::Platform& platform,
                       int64_t memory_limit) {
  const rt::DType t = dtype_of(datatype);
  const auto elem = static_cast<int64_t>(rt::dtype_size(t));
  const int64_t count = size / elem;
  const int64_t chunk = count / ranks;
  int64_t src_count = count, dst_count = count;
  rt::CollectiveOp op;
  op.group.groups = {{}};
  for (int r = 0; r < ranks; ++r) op.group.groups[0].push_back(r);
  switch (collective) {
    case cost::Collective::all_reduce:
      op.kind = rt::CollectiveKind::all_reduce;
      break;
    case cost::Collective::all_gather:
      op.kind = rt::CollectiveKind::all_gather;
      src_count = chunk;
      break;
    case cost::Collective::reduce_scatter:
      op.kind = rt::CollectiveKind::reduce_scatter;
      dst_count = chunk;
      break;
    case cost::Collective::all_to_all:
      op.kind = rt::CollectiveKind::all_to_all;
      break;
    case cost::Collective::permute:
      op.kind = rt::CollectiveKind::permute;
      for (int r = 0; r < ranks; ++r) op.pairs.emplace_back(r, (r + 1) % ranks);
      break;
  }
  rt::Machine machine(ranks, platform);
  machine.set_memory_limit(memory_limit);
  std::vector<std::shared_ptr<rt::Buffer>> keep;
  std::vector<std::vector<rt::AccessPattern>> srcs, dsts;
  for (int r = 0; r < ranks; ++r) {
    auto src = machine.allocate(r, rt::MemKind::shared_hbm, t, {src_count}, "src");
    auto dst = machine.allocate(r, rt::MemKind::shared_hbm, t, {dst_count}, "dst");
    std::byte* p = src->data_for_overwrite();
    for (int64_t i = 0; i < src_count; ++i) {
      rt::store_f32(t, p + i * elem, static_cast<float>(input_value(t, r, i)));
    }
    srcs.push_back({rt::AccessPattern{src.get(), 0, {{1, src_count}}}});
    dsts.push_back({rt::AccessPattern{dst.get(), 0, {{1, dst_count}}}});
    keep.push_back(src);
    keep.push_back(dst);
  }
  rt::run_collective(op, srcs, dsts);
  int64_t wrong = 0;
  for (int r = 0; r < ranks; ++r) {
    const std::byte* out = dsts[static_cast<size_t>(r)][0].buffer->data();
    for (int64_t i = 0; i < dst_count; ++i) {
      int64_t exact = 0;
      switch (collective) {
        case cost::Collective::all_reduce:
          for (int q = 0; q < ranks; ++q) exact += input_value(t, q, i);
          break;
        case cost::Collective::all_gather:
          exact = input_value(t, static_cast<int>(i / chunk), i % chunk);
          break;
        case cost::Collective::reduce_scatter:
          for (int q = 0; q < ranks; ++q) exact += input_value(t, q, r * chunk + i);
          break;
        case cost::Collective::all_to_all:
          exact = input_value(t, static_cast<int>(i / chunk), r * chunk + i % chunk);
          break;
        case cost::Collective::permute:
          exact = input_value(t, (r + ranks - 1) % ranks, i);
          break;
      }
      if (rt::load_f64(t, out + i * elem) != as_dtype(t, exact)) ++wrong;
    }
  }
  return wrong;
}

}  // namespace nkic::tools
