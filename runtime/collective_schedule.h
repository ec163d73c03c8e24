// A collective lowered into a schedule of steps: DMA copies and
// accumulations between the members' tensors and scratch buffers, in the
// order that makes results bit-exact (collectives.h). A collective lowers
// once, here; the interpreter runs the schedule (run_schedule), the C++
// emitter prints it as explicit DMA calls, and a cost model can time the
// same steps. Another algorithm (a ring, say) is another schedule of the
// same steps. The lowerings themselves are the collectives'
// (collectives.cpp); this file holds what they build and how it runs.
//
// A step may repeat over up to two loops over the members (i outer, j
// inner), each from a first member to the last; the member and the chunk a
// step touches are then a loop variable plus a constant.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "runtime/access_pattern.h"
#include "runtime/alu.h"

namespace nkic::rt {

// loops[var] + constant, or the constant when var < 0.
struct Index {
  int var = -1;
  int64_t constant = 0;

  int64_t at(const int64_t* loops) const { return (var >= 0 ? loops[var] : 0) + constant; }
};

// Where a step reads or writes.
struct Slot {
  enum class Kind : uint8_t { src, dst, scratch };
  Kind kind = Kind::src;
  int tensor = 0;  // src, dst: the call's tensor k; scratch: the scratch buffer
  Index member;    // src, dst: the member; scratch: the copy
  int dim = -1;    // >= 0: only chunk `chunk` of chunk_size elements along dim
  Index chunk;
  int64_t chunk_size = 0;
};

// The loops a step may repeat over (see above): the lowerings need no more,
// and the loops' values live in an array of this size.
constexpr size_t kMaxStepLoops = 2;

struct Step {
  enum class Kind : uint8_t { copy, accumulate };
  Kind kind = Kind::copy;
  AluOp op = AluOp::add;  // accumulate: dst = op(dst, src)
  Slot dst, src;
  // Loop v runs from loops[v] to the last member; at most kMaxStepLoops
  // (ScheduleBuilder checks).
  std::vector<int64_t> loops;
};

// A scratch buffer: `copies` dense row-major tensors of `shape`.
struct ScratchBuffer {
  DType dtype = DType::float32;
  std::vector<int64_t> shape;
  int64_t copies = 1;
  std::string label;
};

struct Schedule {
  size_t members = 0;
  std::vector<ScratchBuffer> scratch;
  std::vector<Step> steps;
};

// What a lowering needs to know of a call besides its attributes, per
// tensor k (from any member: the checks have made them agree).
struct CollectiveTensor {
  DType dtype = DType::float32;  // the source's
  std::vector<int64_t> shape;    // the source's
  bool staged = false;           // one of the member's destinations shares the source's buffer
  bool fold_in_dst = false;      // all_reduce: the first member's dst may hold the fold
};

// One operand of one member, as collective_tensors() sees it: `buffer`
// identifies its buffer (two operands with equal keys share storage).
struct OperandInfo {
  uintptr_t buffer = 0;
  DType dtype = DType::float32;
  std::vector<Dim> dims;
};

// The facts above for a call whose members pass srcs[m][k] and dsts[m][k]
// (as many sources as destinations, or more: the ones past the destinations
// never fold in a destination)
// (`dynamic`: some operand has a run-time offset, so a step could still fail
// after writing, and the fold keeps to scratch).
std::vector<CollectiveTensor> collective_tensors(const std::vector<std::vector<OperandInfo>>& srcs,
                                                 const std::vector<std::vector<OperandInfo>>& dsts,
                                                 bool dynamic);
OperandInfo operand_info(const AccessPattern& ap);

// The dtype a reduction folds in: float32 for floats, the dtype itself
// (wrapping) for integers.
DType accumulator_dtype(DType t);

// Builds a schedule step by step, for the lowerings (collectives.cpp).
class ScheduleBuilder {
 public:
  ScheduleBuilder(size_t members, std::string label_prefix);

  // Slots: member `member`'s tensor k, and a new scratch buffer (copy 0).
  static Slot src(size_t k, Index member);
  static Slot dst(size_t k, Index member);
  Slot scratch(const std::string& what, DType dtype, const std::vector<int64_t>& shape,
               int64_t copies);
  // The slot restricted to chunk `which` of `size` elements along dim.
  static Slot chunk(Slot s, int dim, Index which, int64_t size);

  void copy(Slot to, Slot from, std::vector<int64_t> loops = {});
  void accumulate(Slot to, Slot from, AluOp op, std::vector<int64_t> loops);

  int64_t members() const { return static_cast<int64_t>(s_.members); }
  Schedule take() { return std::move(s_); }

 private:
  Schedule s_;
  std::string label_prefix_;
};

// Index helpers: a constant, and loop variable i (0) or j (1).
inline Index at(int64_t constant) {
  return Index{-1, constant};
}
inline Index loop_var(int v) {
  return Index{v, 0};
}

// Runs the schedule on the members' patterns (srcs[m][k], dsts[m][k]), with
// scratch buffers allocated on the first member's rank.
void run_schedule(const Schedule& s, const std::vector<std::vector<AccessPattern>>& srcs,
                  const std::vector<std::vector<AccessPattern>>& dsts);

// Copy j of a scratch buffer whose first copy `first` is.
AccessPattern scratch_copy(const AccessPattern& first, int64_t j);

// Calls one(step, loops) for every step of `s` and each of its repetitions,
// in the schedule's order; loops[v] is loop v's value.
void for_each_step(const Schedule& s, const std::function<void(const Step&, const int64_t*)>& one);
// The pattern slot `s` names at `loops`, given `base`: the member's operand
// (member s.member.at(loops)'s srcs or dsts pattern) or the scratch buffer's
// first copy.
AccessPattern slot_view(const Slot& s, const int64_t* loops, const AccessPattern& base);

}  // namespace nkic::rt
