// See collective_schedule.h: building schedules, the facts lowerings need,
// and running a schedule on the members' patterns.
#include "runtime/collective_schedule.h"

#include <algorithm>
#include <stdexcept>

#include "runtime/dma.h"

namespace nkic::rt {
namespace {

// Whether a pattern's elements are all at different offsets: ordered by step,
// each dim steps past everything the smaller dims reach.
bool distinct_elements(std::vector<Dim> dims) {
  dims.erase(std::remove_if(dims.begin(), dims.end(), [](const Dim& d) { return d.count <= 1; }),
             dims.end());
  for (Dim& d : dims) d.step = d.step < 0 ? -d.step : d.step;
  std::sort(dims.begin(), dims.end(), [](const Dim& a, const Dim& b) { return a.step < b.step; });
  int64_t reach = 0;  // the largest offset the smaller dims add
  for (const Dim& d : dims) {
    if (d.step <= reach) return false;
    reach += d.step * (d.count - 1);
  }
  return true;
}

// Runs one schedule on concrete patterns.
class Runner {
 public:
  Runner(const Schedule& s, const std::vector<std::vector<AccessPattern>>& srcs,
         const std::vector<std::vector<AccessPattern>>& dsts)
      : s_(s), srcs_(srcs), dsts_(dsts) {}

  void run() {
    if (s_.steps.empty()) return;
    const AccessPattern& like = srcs_.at(0).at(0);
    for (const ScratchBuffer& b : s_.scratch) {
      std::vector<int64_t> storage = b.shape;
      storage.insert(storage.begin(), b.copies);
      buffers_.push_back(
          like.buffer->machine().allocate_scratch(like.buffer->rank(), b.dtype, storage, b.label));
      scratch_.push_back(AccessPattern{buffers_.back().get(), 0, row_major_dims(b.shape)});
    }
    for_each_step(s_, [this](const Step& step, const int64_t* loops) { one(step, loops); });
  }

 private:
  AccessPattern pattern(const Slot& s, const int64_t* loops) const {
    const size_t m = static_cast<size_t>(s.member.at(loops));
    const size_t k = static_cast<size_t>(s.tensor);
    switch (s.kind) {
      case Slot::Kind::src:
        return slot_view(s, loops, srcs_[m][k]);
      case Slot::Kind::dst:
        return slot_view(s, loops, dsts_[m][k]);
      case Slot::Kind::scratch:
        break;
    }
    return slot_view(s, loops, scratch_[k]);
  }

  void one(const Step& step, const int64_t* loops) {
    const AccessPattern to = pattern(step.dst, loops), from = pattern(step.src, loops);
    switch (step.kind) {
      case Step::Kind::copy:
        dma_copy(to, from);
        return;
      case Step::Kind::accumulate:
        dma_accumulate(to, from, step.op);
        return;
    }
  }

  const Schedule& s_;
  const std::vector<std::vector<AccessPattern>>& srcs_;
  const std::vector<std::vector<AccessPattern>>& dsts_;
  std::vector<std::shared_ptr<Buffer>> buffers_;
  std::vector<AccessPattern> scratch_;
};

}  // namespace

DType accumulator_dtype(DType t) {
  return is_float(t) ? DType::float32 : t;
}

ScheduleBuilder::ScheduleBuilder(size_t members, std::string label_prefix)
    : label_prefix_(std::move(label_prefix)) {
  s_.members = members;
}

Slot ScheduleBuilder::src(size_t k, Index member) {
  Slot s;
  s.kind = Slot::Kind::src;
  s.tensor = static_cast<int>(k);
  s.member = member;
  return s;
}

Slot ScheduleBuilder::dst(size_t k, Index member) {
  Slot s = src(k, member);
  s.kind = Slot::Kind::dst;
  return s;
}

Slot ScheduleBuilder::scratch(const std::string& what, DType dtype,
                              const std::vector<int64_t>& shape, int64_t copies) {
  s_.scratch.push_back(ScratchBuffer{dtype, shape, copies, label_prefix_ + " " + what});
  Slot slot;
  slot.kind = Slot::Kind::scratch;
  slot.tensor = static_cast<int>(s_.scratch.size() - 1);
  return slot;
}

Slot ScheduleBuilder::chunk(Slot s, int dim, Index which, int64_t size) {
  s.dim = dim;
  s.chunk = which;
  s.chunk_size = size;
  return s;
}

namespace {

std::vector<int64_t> checked_loops(std::vector<int64_t> loops) {
  if (loops.size() > kMaxStepLoops) {
    throw std::logic_error("a collective's step repeats over " + std::to_string(loops.size()) +
                           " loops; at most " + std::to_string(kMaxStepLoops) + " are allowed");
  }
  return loops;
}

}  // namespace

void ScheduleBuilder::copy(Slot to, Slot from, std::vector<int64_t> loops) {
  s_.steps.push_back(
      Step{Step::Kind::copy, AluOp::add, to, from, checked_loops(std::move(loops))});
}

void ScheduleBuilder::accumulate(Slot to, Slot from, AluOp op, std::vector<int64_t> loops) {
  s_.steps.push_back(Step{Step::Kind::accumulate, op, to, from, checked_loops(std::move(loops))});
}

OperandInfo operand_info(const AccessPattern& ap) {
  return OperandInfo{reinterpret_cast<uintptr_t>(ap.buffer), ap.dtype(), ap.dims};
}

std::vector<CollectiveTensor> collective_tensors(const std::vector<std::vector<OperandInfo>>& srcs,
                                                 const std::vector<std::vector<OperandInfo>>& dsts,
                                                 bool dynamic) {
  std::vector<CollectiveTensor> out;
  const std::vector<OperandInfo>& first_srcs = srcs.at(0);
  const std::vector<OperandInfo>& first_dsts = dsts.at(0);
  for (size_t k = 0; k < first_srcs.size(); ++k) {
    CollectiveTensor t;
    t.dtype = first_srcs[k].dtype;
    for (const Dim& d : first_srcs[k].dims) t.shape.push_back(d.count);
    for (size_t m = 0; m < srcs.size(); ++m) {
      for (const OperandInfo& d : dsts[m]) t.staged = t.staged || srcs[m][k].buffer == d.buffer;
    }
    out.push_back(std::move(t));
    if (k >= first_dsts.size()) continue;
    CollectiveTensor& folded = out.back();
    const OperandInfo& d = first_dsts[k];
    folded.fold_in_dst =
        !dynamic && d.dtype == accumulator_dtype(folded.dtype) && distinct_elements(d.dims);
    for (size_t j = 0; j < first_srcs.size() && folded.fold_in_dst; ++j) {
      if (first_srcs[j].buffer == d.buffer) folded.fold_in_dst = false;
      if (j < first_dsts.size() && j != k && first_dsts[j].buffer == d.buffer) {
        folded.fold_in_dst = false;
      }
    }
  }
  return out;
}

void run_schedule(const Schedule& s, const std::vector<std::vector<AccessPattern>>& srcs,
                  const std::vector<std::vector<AccessPattern>>& dsts) {
  Runner(s, srcs, dsts).run();
}

AccessPattern scratch_copy(const AccessPattern& first, int64_t j) {
  AccessPattern ap = first;
  ap.offset = j * first.elements();
  return ap;
}

namespace {

// `loops` holds kMaxStepLoops values; the bound on depth says so to the
// compiler too, which cannot see ScheduleBuilder's check.
void repeat(const Schedule& s, const Step& step, size_t depth, int64_t* loops,
            const std::function<void(const Step&, const int64_t*)>& one) {
  if (depth == step.loops.size() || depth >= kMaxStepLoops) {
    one(step, loops);
    return;
  }
  for (int64_t v = step.loops[depth]; v < static_cast<int64_t>(s.members); ++v) {
    loops[depth] = v;
    repeat(s, step, depth + 1, loops, one);
  }
}

}  // namespace

void for_each_step(const Schedule& s, const std::function<void(const Step&, const int64_t*)>& one) {
  for (const Step& step : s.steps) {
    int64_t loops[kMaxStepLoops] = {};
    repeat(s, step, 0, loops, one);
  }
}

AccessPattern slot_view(const Slot& s, const int64_t* loops, const AccessPattern& base) {
  const AccessPattern ap =
      s.kind == Slot::Kind::scratch ? scratch_copy(base, s.member.at(loops)) : base;
  if (s.dim < 0) return ap;
  return sub_range(ap, s.dim, s.chunk.at(loops) * s.chunk_size, s.chunk_size);
}

}  // namespace nkic::rt
