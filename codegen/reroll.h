// Rerolling: the pass that turns each recorded loop (trace.h) back into a
// loop of the IR when every iteration issued the same instructions except for
// integer offsets that are affine in the iteration index; otherwise the
// iterations are spliced in, unrolled. A 4096-iteration loop of row copies
// stays one loop of one instruction.
#pragma once

#include "codegen/ir.h"
#include "codegen/trace.h"

namespace nkic::codegen {

// Fills program.body and program.loop_vars from the trace. program.buffers
// and program.registers must declare every id the trace uses. Nested loops
// are rerolled first. Iterations are alike when, once the buffers and
// registers each allocated are matched up by allocation order (same kind,
// dtype and shape, and none used after its own iteration), their
// instructions are equal except for offset constants (operand offsets and
// the element offsets of run-time offsets), each of which is v0 + i * (v1 -
// v0) in iteration i. The matched allocations then become one, reused by
// every iteration. A loop that issued no instruction disappears (an
// allocation is an instruction, so a loop that only allocates stays); a loop
// of one iteration is spliced in. Last, the stretches of loops split where
// LNC programs met (trace.h) are searched for repeats (reroll_runs.h).
void reroll(Trace trace, Program& program);

}  // namespace nkic::codegen
