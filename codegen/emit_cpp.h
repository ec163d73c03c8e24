// The C++ backend: a specialized program (ir.h) as one C++ source file that
// links the runtime and `program_main` (runtime/program.h). Its kernel class
// allocates every buffer once per rank and builds the access-pattern
// descriptors once, in its constructor; run() copies the inputs in, runs the
// body as one SPMD function (each instruction for each rank in turn, so the
// ranks move in lockstep and a collective finds every member's sources
// ready), and reads the outputs out. Loops of the IR are C++ loops that only
// update descriptor offsets; collectives are lowered to DMA transfers and
// reductions (emit_collectives.h). Names and strings from the kernel source
// are sanitised and escaped (cpp_names.h).
#pragma once

#include <string>

#include "codegen/ir.h"

namespace nkic::codegen {

std::string emit_cpp(const Program& program);

}  // namespace nkic::codegen
