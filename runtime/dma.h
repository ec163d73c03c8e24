// DMA between access patterns: the hot path of both the interpreter and the
// generated code. A copy moves elements in row-major order of each side's own
// dims, so the two sides need equal element counts, not equal shapes; a dtype
// change converts through float32. Contiguous same-dtype copies are one block
// copy; others are tight strided loops.
#pragma once

#include <string_view>

#include "runtime/access_pattern.h"
#include "runtime/alu.h"

namespace nkic::rt {

// Checks both sides' bounds and element counts; throws Error when wrong.
void dma_copy(const AccessPattern& dst, const AccessPattern& src);

// Elementwise combine into dst: dst = op(dst, src), in float32 for floats and
// exactly (wrapping in the dtype) for integers. The building block of
// reductions. Folds with add, maximum and minimum; another op is an Error.
void dma_accumulate(const AccessPattern& dst, const AccessPattern& src, AluOp op);

}  // namespace nkic::rt
