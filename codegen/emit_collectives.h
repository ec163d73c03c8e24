// Lowering the collectives of the IR to explicit per-rank DMA transfers and
// reductions in the generated C++ (emit_cpp.h). The code reproduces
// runtime/collectives.h bit for bit: reductions fold left in member order
// into an accumulator (float32 for float dtypes, where the runtime also
// folds in float32; the dtype itself for integers, whose wrapping sum equals
// the runtime's exact sum wrapped once), and every source is read before
// any destination is written. An all_reduce folds straight into its first
// member's destination when that gives the same bits (see emit_collectives.cpp).
#pragma once

#include <string>
#include <vector>

#include "codegen/cpp_writer.h"
#include "codegen/ir.h"

namespace nkic::codegen {

// The names the emitter gave one collective instruction's pieces.
struct CollectiveNames {
  std::string place;  // its rt::SourcePlace constant
  std::string group;  // its member lists: const std::vector<std::vector<int>>
  std::vector<std::string> dsts, srcs;  // per tensor: rt::AccessPattern[kRanks] arrays
  std::string prefix;                   // for the names of its scratch buffers
};

// A host-side buffer a collective needs, of `copies` row-major tensors of
// `shape`, with an rt::AccessPattern member `pattern` over the first of them:
// allocated once, as runtime scratch on rank 0 (not charged against the
// kernel's HBM, as the interpreter's collectives do not charge theirs).
struct Scratch {
  std::string buffer;
  std::string pattern;
  rt::DType dtype = rt::DType::float32;
  std::vector<int64_t> shape;
  int64_t copies = 1;
  std::string label;
};

// Emits the data movement of `instr`, whose operands' offsets are already
// set for every rank; returns the scratch buffers the code uses.
std::vector<Scratch> emit_collective(CppWriter& w, const Instr& instr,
                                     const CollectiveNames& names, const Program& program);

}  // namespace nkic::codegen
