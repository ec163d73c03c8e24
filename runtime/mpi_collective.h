// A collective of a program built with --mpi: the schedule nkirun runs
// (collective_schedule.h), walked by every process, each doing the steps
// that touch its ranks. A step between two of its own tensors is the DMA
// nkirun does; a step whose source is held by another process receives that
// process's packed source and does the same DMA from it; a step whose
// destination is elsewhere packs the source and sends it. Every process so
// makes the same moves and folds in the same order as one process running
// every rank, and the results are the same bits. A contiguous source that
// no later step of the schedule writes is sent from where it lies, without
// a packed copy. A scratch buffer is held
// by the process of the list's first member, as nkirun keeps it on that
// member's rank.
//
// Before it moves anything a collective is a point where the processes
// agree whether one of them has failed (Processes::agree): a process that
// failed earlier stops there, and so do the others; so does every process
// when an operand of one of its members is out of bounds (each process
// checks its own members', and the agreement joins them into one report,
// member_faults.h). A step that fails
// still sends what its peers wait for, and the failure is thrown once the
// collective is done, at the place and on the members nkirun would name.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "runtime/collectives.h"
#include "runtime/located_error.h"
#include "runtime/machine.h"
#include "runtime/run_failure.h"

namespace nkic::rt {

class MpiCollective {
 public:
  // `tensors`: the call's tensors as the compiler lowered them;
  // `dst_dtypes[k]`: destination k's dtype.
  MpiCollective(Machine& machine, CollectiveOp op, std::vector<CollectiveTensor> tensors,
                std::vector<DType> dst_dtypes);

  // srcs[k] and dsts[k]: tensor k's patterns on every rank (arrays of
  // machine.ranks(), set for this process's ranks).
  void run(const std::vector<const AccessPattern*>& srcs,
           const std::vector<const AccessPattern*>& dsts, const SourcePlace& place);

 private:
  struct Lowered {
    Schedule schedule;
    // Per step: nothing the schedule writes from that step on can change its
    // source, so the source may travel from where it is, unpacked.
    std::vector<bool> source_stays;
    std::vector<std::shared_ptr<Buffer>> buffers;  // made when first used
    std::vector<AccessPattern> scratch;
  };
  Lowered& lowered(size_t members);
  DType source_dtype(const Slot& s, const Lowered& l) const;
  // The failure of the members `holds` whose operands are out of bounds.
  std::optional<RunFailure> bounds_failure(const std::vector<const AccessPattern*>& srcs,
                                           const std::vector<const AccessPattern*>& dsts,
                                           const SourcePlace& place,
                                           const std::function<bool(int)>& holds) const;

  Machine& machine_;
  CollectiveOp op_;
  std::vector<CollectiveTensor> tensors_;
  std::vector<DType> dst_dtypes_;
  std::map<size_t, Lowered> lowered_;  // by list size
};

}  // namespace nkic::rt
