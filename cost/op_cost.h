// What the schedule needs of one device operation as it ran on a rank: the
// track it runs on (a compute engine, a DMA queue, or none for the
// registers' bookkeeping), how long it takes (formulas.h), and the bytes it
// reads and writes (schedule.h's Access), from the operation and its
// resolved operands.
#pragma once

#include <vector>

#include "cost/formulas.h"
#include "cost/schedule.h"
#include "runtime/device_ops.h"

namespace nkic::cost {

struct OpCost {
  enum class Where { engine, dma, none } where = Where::none;
  Engine engine = Engine::vector;
  // A DMA's engines: partitions p0.. of its on-chip side use engines
  // p0 / partitions_per_engine onwards (an HBM-only copy, from engine 0).
  int first_dma_engine = 0;
  int dma_engines = 1;
  DmaQueue dma_queue = DmaQueue::sync;
  double ns = 0;
  int64_t bytes = 0;  // moved or written, for a timeline's details
};

// The engine is the kernel's `engine=` where an instruction takes one
// (tensor_tensor, tensor_scalar, tensor_copy, memset, nc_transpose), else
// where NKI places each operation by default: the element-wise
// instructions, tensor_copy, exponential and an on-chip memset on the Vector
// Engine, activation on the Scalar Engine, iota and affine_select on GpSimd,
// nc_matmul on the Tensor Engine, and nc_transpose there from SBUF to PSUM,
// else on the Vector Engine. DMA copies and transposes, the LNC exchange and
// a memset in HBM are transfers, on the queue their dge_mode= and engine=
// name (schedule.h's DmaQueue).
OpCost op_cost(const Params& p, const rt::DeviceOp& op, const rt::OpOperands& o);

// The bytes of the buffer a pattern spans, lowest to highest element.
Access access_of(const rt::AccessPattern& ap);

// The longest contiguous run of a pattern, in bytes: its innermost dim when
// that has step 1 (after merging the dims that form one run; on chip, within
// a partition), else one element.
int64_t run_bytes(const rt::AccessPattern& ap);

}  // namespace nkic::cost
