// The device operations as the interpreter performs them (see exec_device.h).
// The op table has checked every argument already; what can still fail here
// is what depends on the data: a run-time offset out of bounds.
#include "interp/exec_device.h"

#include <array>

#include "interp/spmd.h"
#include "runtime/rank_queues.h"

namespace nkic::interp {

namespace {

// The list's size, checked against what the operation describes.
template <typename T>
size_t checked_count(const rt::Span<T>& list, int most) {
  if (list.size() > static_cast<size_t>(most) || list.size() > ExecDevice::kMaxOperands) {
    throw rt::Error("internal: a device operation given more operands than it takes");
  }
  return list.size();
}

}  // namespace

std::string place_text(const SourceRange& where) {
  return where.valid() ? where.file->path() + ":" + std::to_string(where.begin.line) : "";
}

std::shared_ptr<rt::Register> ExecDevice::new_register(const char* name, const SourceRange&) {
  auto r = std::make_shared<rt::Register>();
  r->name = name;
  return r;
}

void ExecDevice::run(const DeviceCall& call) {
  check_row_operands(call);
  std::array<const rt::AccessPattern*, kMaxOperands> dst_ptrs{}, src_ptrs{};
  const rt::OperandCounts most = rt::operand_counts(call.op);
  const size_t nd = checked_count(call.dsts, most.dsts), ns = checked_count(call.srcs, most.srcs);
  try {
    for (size_t i = 0; i < nd; ++i) call.dsts[i]->resolve_into(dsts_[i]);
    for (size_t i = 0; i < ns; ++i) call.srcs[i]->resolve_into(srcs_[i]);
  } catch (const rt::Error&) {
    if (rt::skips_out_of_bounds(call.op)) return;  // oob_mode.skip: dropped
    throw;
  }
  for (size_t i = 0; i < kMaxOperands; ++i) {
    dst_ptrs[i] = &dsts_[i];
    src_ptrs[i] = &srcs_[i];
  }
  std::array<int64_t*, kMaxOperands> reg_dsts{};
  std::array<int64_t, kMaxOperands> reg_srcs{};
  const size_t rd = checked_count(call.reg_dsts, most.reg_dsts);
  const size_t rs = checked_count(call.reg_srcs, most.reg_srcs);
  for (size_t i = 0; i < rd; ++i) reg_dsts[i] = &call.reg_dsts[i]->value;
  for (size_t i = 0; i < rs; ++i) reg_srcs[i] = call.reg_srcs[i]->value;
  rt::OpOperands o;
  o.dsts = rt::Span<const rt::AccessPattern*>(dst_ptrs.data(), nd);
  o.srcs = rt::Span<const rt::AccessPattern*>(src_ptrs.data(), ns);
  o.reg_dsts = rt::Span<int64_t*>(reg_dsts.data(), rd);
  o.reg_srcs = rt::Span<int64_t>(reg_srcs.data(), rs);
  o.rank = rank_;
  // Held back to run beside the other ranks' (rank_queues.h), when it may be.
  if (rt::RankQueues* queues = nd > 0 ? dsts_[0].buffer->machine().queues() : nullptr;
      queues && queues->hold(rank_, call.op, o)) {
    return;
  }
  rt::run_op(call.op, o);
  if (observer_) {
    const SourceRange& w = call.where;
    observer_->op(rank_, program_, call.op, o,
                  rt::OpPlace{w.valid() ? w.file->path().c_str() : nullptr, w.begin.line});
  }
}

void ExecDevice::collective(CollectiveCall call) {
  if (!call.group.group_of(call.rank)) {
    // collective_permute goes on without a rank its pairs do not name.
    if (needs_every_caller(call.kind)) not_in_group(call, {call.rank});
    return;
  }
  spmd_->join(std::move(call));
}

}  // namespace nkic::interp
