// Rerolling straight-line code that a loop left behind. Under an LNC grid the
// two programs are traced one after the other, switching where they meet
// (nisa.sendrecv, nisa.core_barrier), so a loop that contains a meeting is
// recorded unrolled: its iterations are spliced into the body with the other
// program's instructions between them (specialize.cpp). This pass finds, in
// those stretches of the body, runs of nodes that repeat with offsets affine
// in the repeat index (one repeat being, say, program 0's iteration, program
// 1's and their exchange) and makes each run of at least four one loop. Shorter repeats are
// taken first and the search runs again over the result, so loops nested in
// the kernel come back nested. A thousand exchanges become one loop of one
// exchange: the generated C++ does not grow with the iteration count.
#pragma once

#include <cstddef>
#include <vector>

#include "codegen/ir.h"

namespace nkic::codegen {

// body[begin, end) of the top level, where a split loop's iterations lie;
// `where` is that loop's `for`, the place the loops made there are given.
struct SplitStretch {
  size_t begin = 0;
  size_t end = 0;
  SourceRange where;
};

// Rewrites program.body (and program.loop_vars) in place. A repeat is
// alike the first as reroll.h's iterations are: once the tensors each repeat
// allocates (and uses nowhere else) are matched up by allocation order,
// likewise the registers it alone uses (each written before it is read),
// the same instructions with offset constants v0 + k * (v1 - v0) in repeat
// k. The matched tensors and registers become the first repeat's. The
// program runs the same instructions in the same order.
void reroll_runs(Program& program, std::vector<SplitStretch> stretches);

}  // namespace nkic::codegen
