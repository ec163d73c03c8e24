// See formulas.h.
#include "cost/formulas.h"

#include <algorithm>

namespace nkic::cost {

namespace {

constexpr double kPartitions = 128;  // an on-chip tensor's partitions, streamed in parallel

}  // namespace

int64_t dma_engines(const DmaParams& p, int64_t partitions) {
  const auto per = static_cast<int64_t>(p.partitions_per_engine);
  const int64_t engines = (std::max<int64_t>(partitions, 1) + per - 1) / per;
  return std::min(engines, static_cast<int64_t>(p.engines_per_core));
}

double dma_ns(const DmaParams& p, const DmaShape& t) {
  if (t.bytes <= 0) return p.fixed_ns_per_transfer;
  const double run = static_cast<double>(std::max<int64_t>(t.run_bytes, 1));
  double rate = static_cast<double>(dma_engines(p, t.partitions)) * p.bytes_per_ns_per_engine *
                run / (run + p.overhead_bytes_per_run);
  if (t.kind == DmaShape::Kind::transpose_from_hbm) rate *= p.transpose_efficiency_from_hbm;
  if (t.kind == DmaShape::Kind::transpose_in_sbuf) rate *= p.transpose_efficiency_in_sbuf;
  return p.fixed_ns_per_transfer + static_cast<double>(t.bytes) / rate;
}

double engine_ns(const EngineParams& p, const StreamShape& s) {
  const double width = s.width == Width::bits32 ? p.elements_per_cycle : p.elements_per_cycle_16bit;
  const double per_partition = width / kPartitions;
  const double stream = static_cast<double>(s.inputs * s.free_elements) / per_partition;
  return (p.fixed_cycles + std::max(p.min_cycles, stream)) / p.ghz;
}

double matmul_ns(const TensorParams& p, int64_t moving_free, Width width) {
  double cycles =
      std::max(p.min_cycles, static_cast<double>(moving_free) / p.moving_columns_per_cycle);
  if (width == Width::bits32) cycles *= p.fp32_factor;
  if (width == Width::bits8) cycles *= p.fp8_factor;
  return cycles / p.ghz;
}

}  // namespace nkic::cost
