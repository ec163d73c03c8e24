// Buffer lifetimes: the pass that makes the program hold a tensor only while
// the kernel needs it, as the interpreter does. Specialization records each
// allocation as an `allocate` instruction where the kernel made the tensor;
// this pass adds a `release` right after the last node of the same body that
// uses it, so a loop that makes a tile per iteration holds one tile at a
// time, compiled as interpreted, rerolled or not. Releasing at the last use
// can only come earlier than the interpreter, which frees a tensor when its
// last reference goes, so on each rank a program never holds more than
// nkirun does at any allocation. (The program runs ranks in lockstep, nkirun
// one rank at a time between collectives: the sum over ranks, which only the
// memory limit counts, can differ.)
#pragma once

#include "codegen/ir.h"

namespace nkic::codegen {

// Inputs are allocated before the program loads them, and the tensors the
// outputs read live to the end: their `allocate` instructions are dropped
// and they are never released.
void place_lifetimes(Program& program);

}  // namespace nkic::codegen
