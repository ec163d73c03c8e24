// The cost of one device operation on one NeuronCore, from the platform's
// parameters (params.h): the building blocks the schedule adds up. Times
// are in nanoseconds. Each formula is the documented behaviour it cites in
// the tables' sources; where the documentation gives only a shape, the
// parameter says it is the model's choice.
#pragma once

#include <cstdint>

#include "cost/params.h"

namespace nkic::cost {

// One DMA transfer as the cost model sees it.
struct DmaShape {
  int64_t bytes = 0;       // moved
  int64_t partitions = 1;  // rows of the on-chip side (the outermost dim of an HBM-only copy)
  int64_t run_bytes = 0;   // the longest contiguous run both sides share, in bytes
  enum class Kind { copy, transpose_from_hbm, transpose_in_sbuf } kind = Kind::copy;
};

// The engines a transfer spreads over: one per partitions_per_engine
// partitions, at least one, at most the core's.
int64_t dma_engines(const DmaParams& p, int64_t partitions);

// fixed_ns_per_transfer, then the bytes over the engines in use, each at
// bytes_per_ns_per_engine times run / (run + overhead_bytes_per_run), and
// times the transpose efficiency for a DMA transpose.
double dma_ns(const DmaParams& p, const DmaShape& t);

// The width of an operation's elements, for the rates that depend on it.
enum class Width { bits32, bits16, bits8 };

// An instruction of the Vector, Scalar or GpSimd Engine that streams
// `inputs` tensors of `free_elements` elements per partition (the
// partitions go in parallel, so their count does not matter).
struct StreamShape {
  int64_t free_elements = 0;
  int64_t inputs = 1;
  Width width = Width::bits32;
};

// (fixed_cycles + max(min_cycles, inputs * free_elements / per_partition))
// / ghz, per_partition the engine's elements per cycle (for the width) over
// 128 partitions.
double engine_ns(const EngineParams& p, const StreamShape& s);

// A matmul (or an nc_transpose, a matmul by the identity) whose moving tile
// has `moving_free` columns: max(min_cycles, moving_free /
// moving_columns_per_cycle) cycles, times fp32_factor for 32-bit operands
// (fp8_factor for 8-bit), over ghz.
double matmul_ns(const TensorParams& p, int64_t moving_free, Width width);

}  // namespace nkic::cost
