// The C++ backend: a specialized program (ir.h) as one C++ source file that
// links the runtime and `program_main` (runtime/program.h). Its kernel class
// allocates the inputs and builds the access-pattern descriptors once, in its
// constructor; execute() runs the body as SPMD code (each instruction for
// each rank in turn, so the ranks move in lockstep and a collective finds
// every member's sources ready), allocating and releasing the other tensors
// where the IR's allocate and release instructions say (lifetimes.h). Loops
// of the IR are C++ loops that only update descriptor offsets; collectives
// are their schedules printed as DMA transfers and reductions
// (emit_collectives.h). Names
// and strings from the kernel source are sanitised and escaped (cpp_names.h).
//
// Straight-line code scales: a run of at least EmitOptions::min_table_run
// consecutive non-collective instructions with constant offsets (what a
// non-affine loop unrolls into) becomes rows of a constant table that the
// runtime walks (runtime/instr_table.h), and the statements left are split
// into member functions of about kMaxLinesPerFunction lines, so
// the C++ compiler's time and memory grow slowly with the kernel.
#pragma once

#include <cstdint>
#include <string>

#include "codegen/ir.h"

namespace nkic::codegen {

// Shorter runs stay statements, which read as a person would write them: a
// run this long is past reading one statement at a time, and a table of it
// costs the C++ compiler a few hundredths of what the statements do.
constexpr int64_t kMinTableRun = 64;
// Lines of statements per generated function: g++ -O2 needs time and
// memory that grow faster than linearly with a function's size (a collective
// is some twenty lines, a DMA eight); functions of a few hundred lines
// compile in a fraction of a second each.
constexpr int64_t kMaxLinesPerFunction = 400;

struct EmitOptions {
  int64_t min_table_run = kMinTableRun;  // 1: every eligible instruction as data (tests)
  // A program for mpirun (`nkic build --mpi`): each process runs its share
  // of the ranks, [first_, end_), and collectives run as rt::MpiCollective
  // (runtime/mpi_collective.h) instead of DMA statements.
  bool mpi = false;
};

std::string emit_cpp(const Program& program, const EmitOptions& options = {});

}  // namespace nkic::codegen
