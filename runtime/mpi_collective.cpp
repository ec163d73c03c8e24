// See mpi_collective.h.
#include "runtime/mpi_collective.h"

#include <optional>
#include <string>
#include <utility>

#include "runtime/dma.h"
#include "runtime/mpi_world.h"
#include "runtime/run_failure.h"
#include "runtime/strict.h"

namespace nkic::rt {
namespace {

// A dense pattern over all of a buffer.
AccessPattern whole(Buffer& b) {
  return AccessPattern{&b, 0, row_major_dims(b.shape())};
}

void apply(const Step& step, const AccessPattern& to, const AccessPattern& from) {
  if (step.kind == Step::Kind::copy) {
    dma_copy(to, from);
  } else {
    dma_accumulate(to, from, step.op);
  }
}

}  // namespace

MpiCollective::MpiCollective(Machine& machine, CollectiveOp op,
                             std::vector<CollectiveTensor> tensors, std::vector<DType> dst_dtypes)
    : machine_(machine),
      op_(std::move(op)),
      tensors_(std::move(tensors)),
      dst_dtypes_(std::move(dst_dtypes)) {}

MpiCollective::Lowered& MpiCollective::lowered(size_t members) {
  auto it = lowered_.find(members);
  if (it != lowered_.end()) return it->second;
  Lowered& l = lowered_[members];
  l.schedule = lower_collective(op_, members, tensors_);
  const std::vector<Step>& steps = l.schedule.steps;
  for (size_t n = 0; n < steps.size(); ++n) {
    const Slot& from = steps[n].src;
    // A source that shares a destination's buffer changes when that does.
    bool stays =
        from.kind != Slot::Kind::src || !tensors_.at(static_cast<size_t>(from.tensor)).staged;
    for (size_t t = n; t < steps.size() && stays; ++t) {
      const Slot& to = steps[t].dst;
      const bool same_kind = to.kind == from.kind;
      stays = !(same_kind && (to.kind == Slot::Kind::dst || to.tensor == from.tensor));
    }
    l.source_stays.push_back(stays);
  }
  for (const ScratchBuffer& b : l.schedule.scratch) {
    std::vector<int64_t> storage = b.shape;
    storage.insert(storage.begin(), b.copies);
    // Storage is made on first touch: only the process that folds pays for it.
    l.buffers.push_back(
        machine_.allocate_scratch(machine_.first_rank(), b.dtype, storage, b.label));
    l.scratch.push_back(AccessPattern{l.buffers.back().get(), 0, row_major_dims(b.shape)});
  }
  return l;
}

DType MpiCollective::source_dtype(const Slot& s, const Lowered& l) const {
  const size_t k = static_cast<size_t>(s.tensor);
  switch (s.kind) {
    case Slot::Kind::src:
      return tensors_.at(k).dtype;
    case Slot::Kind::dst:
      return dst_dtypes_.at(k);
    case Slot::Kind::scratch:
      break;
  }
  return l.schedule.scratch.at(k).dtype;
}

std::optional<RunFailure> MpiCollective::bounds_failure(
    const std::vector<const AccessPattern*>& srcs, const std::vector<const AccessPattern*>& dsts,
    const SourcePlace& place, const std::function<bool(int)>& holds) const {
  std::vector<MemberFault> faults = collective_faults(op_.group.groups, srcs, dsts, holds);
  if (faults.empty()) return std::nullopt;
  const std::string prefix = std::string(op_.name()) + ": ";
  FaultReport report = report_faults(faults);
  RunFailure f = located_failure(LocatedError(place, std::move(report.ranks), prefix + report.text),
                                 machine_.first_rank());
  f.faults = std::move(faults);
  f.fault_prefix = prefix;
  return f;
}

void MpiCollective::run(const std::vector<const AccessPattern*>& srcs,
                        const std::vector<const AccessPattern*>& dsts, const SourcePlace& place) {
  ++failure_checks;
  MpiWorld& world = mpi_world();
  const int me = world.index();
  const int ranks = machine_.ranks();
  const auto holder = [&](int rank) { return process_of(rank, ranks, world.count()); };
  // Each process checks its own members' operands; the processes then agree
  // on one report of every member at fault, before anything moves.
  const std::optional<RunFailure> mine =
      bounds_failure(srcs, dsts, place, [&](int rank) { return holder(rank) == me; });
  if (std::optional<RunFailure> failed = world.agree(mine ? &*mine : nullptr)) {
    throw AgreedFailure{*failed};
  }
  std::optional<LocatedError> failure;        // the first step of ours that failed
  std::vector<std::shared_ptr<Buffer>> sent;  // packed sources, kept until delivered
  const std::vector<std::vector<int>>& lists = op_.group.groups;
  for (size_t li = 0; li < lists.size(); ++li) {
    const std::vector<int>& members = lists[li];
    bool ours = false;
    for (int r : members) ours = ours || holder(r) == me;
    if (!ours) continue;  // nothing of this list moves to or from us
    Lowered& l = lowered(members.size());
    const auto process = [&](const Slot& s, const int64_t* loops) {
      const int64_t m = s.kind == Slot::Kind::scratch ? 0 : s.member.at(loops);
      return holder(members[static_cast<size_t>(m)]);
    };
    const auto view = [&](const Slot& s, const int64_t* loops) {
      const size_t k = static_cast<size_t>(s.tensor);
      const int rank = members[static_cast<size_t>(s.member.at(loops))];
      switch (s.kind) {
        case Slot::Kind::src:
          return slot_view(s, loops, srcs.at(k)[rank]);
        case Slot::Kind::dst:
          return slot_view(s, loops, dsts.at(k)[rank]);
        case Slot::Kind::scratch:
          break;
      }
      return slot_view(s, loops, l.scratch.at(k));
    };
    // A slot's element count, from its operand's dims (set on every rank).
    const auto count = [&](const Slot& s, const int64_t* loops) {
      std::vector<Dim> dims;
      if (s.kind == Slot::Kind::scratch) {
        dims = l.scratch.at(static_cast<size_t>(s.tensor)).dims;
      } else {
        const int rank = members[static_cast<size_t>(s.member.at(loops))];
        const AccessPattern* of =
            (s.kind == Slot::Kind::src ? srcs : dsts).at(static_cast<size_t>(s.tensor));
        dims = of[rank].dims;
      }
      if (s.dim >= 0) dims.at(static_cast<size_t>(s.dim)).count = s.chunk_size;
      return element_count(dims);
    };
    int64_t step_number = 0;
    for_each_step(l.schedule, [&](const Step& step, const int64_t* loops) {
      const int64_t n = step_number++;
      const int to = process(step.dst, loops), from = process(step.src, loops);
      if (to != me && from != me) return;
      // A failure on the destination's side comes first, as dma_copy checks
      // the destination first.
      const auto fail = [&](int side, const std::exception& e) {
        if (failure) return;
        failure.emplace(place, members, std::string(op_.name()) + ": " + e.what());
        failure->within = {static_cast<int64_t>(li), n, side};
      };
      if (to == me && from == me) {
        try {
          apply(step, view(step.dst, loops), view(step.src, loops));
        } catch (const std::exception& e) {
          fail(0, e);
        }
        return;
      }
      // What travels: the source slot's elements, a count both sides know
      // whatever the run-time offsets are, so a failing side still sends or
      // receives what its peer expects.
      const int64_t elements = count(step.src, loops);
      const DType dtype = source_dtype(step.src, l);
      if (from == me) {
        if (l.source_stays[static_cast<size_t>(&step - l.schedule.steps.data())]) {
          try {
            const AccessPattern source = view(step.src, loops);
            if (source.contiguous() && !source.row_offsets) {
              check_bounds(source);
              check_written(source);
              const size_t size = dtype_size(source.dtype());
              world.post_send(source.buffer->data() + source.offset * static_cast<int64_t>(size),
                              static_cast<size_t>(elements) * size, to);
              return;
            }
          } catch (const std::exception& e) {
            fail(1, e);  // and the packed copy below goes instead
          }
        }
        std::shared_ptr<Buffer> packed =
            machine_.allocate_scratch(machine_.first_rank(), dtype, {elements}, "sent");
        try {
          dma_copy(whole(*packed), view(step.src, loops));
        } catch (const std::exception& e) {
          fail(1, e);
        }
        world.post_send(packed->data(), static_cast<size_t>(packed->bytes()), to);
        sent.push_back(std::move(packed));
        return;
      }
      std::shared_ptr<Buffer> received =
          machine_.allocate_scratch(machine_.first_rank(), dtype, {elements}, "received");
      world.receive(received->data_for_overwrite(), static_cast<size_t>(received->bytes()), from);
      if (std::vector<bool>* written = received->written_flags()) {
        written->assign(written->size(), true);
      }
      try {
        apply(step, view(step.dst, loops), whole(*received));
      } catch (const std::exception& e) {
        fail(0, e);
      }
    });
    // Delivered before the next list, which may fold in the same scratch.
    world.wait_sends();
    sent.clear();
  }
  if (failure) throw *failure;
}

}  // namespace nkic::rt
