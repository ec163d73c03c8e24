// See rank_queues.h.
#include "runtime/rank_queues.h"

#include <exception>
#include <new>

#include "runtime/dtype.h"
#include "runtime/fill.h"
#include "runtime/machine.h"
#include "runtime/thread_pool.h"

namespace nkic::rt {
namespace {

// Whether this thread is running a queue: its operations' own accesses.
thread_local bool running_queue = false;

// A pattern the rank's queue alone may touch: in bounds on the rank's own
// tensor (not a shared one), every element at a fixed place (no per-row offsets).
bool own_pattern(const AccessPattern& ap, int rank) {
  return ap.buffer->rank() == rank && ap.buffer->kind() != MemKind::shared_hbm && !ap.row_offsets &&
         in_bounds(ap);
}

// Whether the operation is one that cannot fail on patterns that passed
// own_pattern: a copy of equal counts between convertible dtypes, a fill of
// a dtype that is not packed (only 0 fills those).
bool cannot_fail(const DeviceOp& op, const OpOperands& o) {
  const AccessPattern& dst = *o.dsts[0];
  if (std::holds_alternative<DmaCopy>(op)) {
    if (o.srcs.size() != 1) return false;
    const AccessPattern& src = *o.srcs[0];
    return dst.elements() == src.elements() &&
           (dst.dtype() == src.dtype() || conversion_problem(dst.dtype(), src.dtype()).empty());
  }
  return std::holds_alternative<Memset>(op) && !is_packed(dst.dtype());
}

}  // namespace

RankQueues::RankQueues(Machine& machine)
    : machine_(machine), queues_(static_cast<size_t>(machine.ranks())) {
  machine_.set_queues(this);
}

RankQueues::~RankQueues() {
  run_all();
  machine_.set_queues(nullptr);
}

bool RankQueues::hold(int rank, const DeviceOp& op, const OpOperands& o) {
  if (machine_.strict() || machine_.programs() > 1) return false;
  if (o.dsts.size() != 1 || o.srcs.size() > 1 || !o.reg_dsts.empty() || !o.reg_srcs.empty()) {
    return false;
  }
  Queue& q = queues_[static_cast<size_t>(rank)];
  const AccessPattern& dst = *o.dsts[0];
  // The cheapest refusal first: many small transfers come this way.
  if (q.size == 0 &&
      dst.elements() * static_cast<int64_t>(dtype_size(dst.dtype())) < kMinHeldBytes) {
    return false;
  }
  if (!own_pattern(dst, rank) || (!o.srcs.empty() && !own_pattern(*o.srcs[0], rank))) {
    return false;
  }
  if (!cannot_fail(op, o)) return false;
  if (q.size == kMaxHeldOps) run_all();
  if (q.size == q.ops.size()) q.ops.emplace_back(Held{op, {}, {}, false});
  Held& h = q.ops[q.size];
  h.op = op;
  h.dst = dst;
  h.has_src = !o.srcs.empty();
  if (h.has_src) h.src = *o.srcs[0];
  if (q.size++ == 0) waiting_.push_back(rank);
  // A held write marks its tensor written now, when a serial run would have.
  ++h.dst.buffer->held_;
  h.dst.buffer->written_ = true;
  if (h.has_src) ++h.src.buffer->held_;
  return true;
}

void RankQueues::ran_on(Buffer& b) {
  if (--b.held_ == 0 && b.stand_in_) b.drop_storage();
}

std::exception_ptr RankQueues::run_queue(Queue& q) {
  const bool outer = running_queue;
  running_queue = true;
  std::exception_ptr failure;
  for (size_t i = 0; i < q.size; ++i) {
    const Held& h = q.ops[i];
    if (!failure) {
      const AccessPattern* dst = &h.dst;
      const AccessPattern* src = &h.src;
      OpOperands o;
      o.dsts = Span<const AccessPattern*>(&dst, 1);
      o.srcs = Span<const AccessPattern*>(&src, h.has_src ? 1 : 0);
      try {
        run_op(h.op, o);
      } catch (...) {
        failure = std::current_exception();
      }
    }
    // Each buffer is its rank's alone: its count is this thread's to keep.
    ran_on(*h.dst.buffer);
    if (h.has_src) ran_on(*h.src.buffer);
  }
  q.size = 0;
  running_queue = outer;
  return failure;
}

void RankQueues::run_all() {
  if (waiting_.empty()) return;
  // Taken before any queue runs: an access from a queue's own operations
  // finds nothing waiting.
  std::vector<int> ranks;
  ranks.swap(waiting_);
  std::vector<std::exception_ptr> failures(ranks.size());
  const auto run_rank = [&](int64_t i) {
    const size_t k = static_cast<size_t>(i);
    failures[k] = run_queue(queues_[static_cast<size_t>(ranks[k])]);
  };
  // One queue runs on the caller, its large transfers still split on the pool.
  if (ranks.size() == 1) {
    run_rank(0);
  } else {
    parallel_pieces(static_cast<int64_t>(ranks.size()), run_rank);
  }
  stand_ins_.clear();
  kept_bytes_ = 0;
  // Held operations cannot fail on the patterns they were given; one that
  // does anyway (the host out of memory) is no kernel's error.
  for (const std::exception_ptr& f : failures) {
    if (f) std::rethrow_exception(f);
  }
}

void RankQueues::before_access() {
  if (!running_queue) run_all();
}

void RankQueues::adopt(Buffer& dying) {
  if (dying.bytes() > kMaxKeptBytes - kept_bytes_) {
    run_all();
    return;
  }
  // Made and kept before anything moves to it: a host out of memory here
  // leaves the dying buffer as it was, and the queues run instead.
  try {
    stand_ins_.push_back(std::make_unique<Buffer>(machine_, dying.rank(), dying.kind(),
                                                  dying.dtype(), dying.shape(), dying.name(),
                                                  dying.io(), dying.program()));
  } catch (const std::bad_alloc&) {
    run_all();
    return;
  }
  Buffer* stand_in = stand_ins_.back().get();
  stand_in->stand_in_ = true;
  stand_in->data_.swap(dying.data_);
  stand_in->ready_ = dying.ready_;
  stand_in->written_ = dying.written_;
  std::swap(stand_in->held_, dying.held_);
  // Only the dying buffer's rank may hold operations on it (own_pattern).
  // From the newest back, until all of them are found: a tile's operations
  // are the last few.
  Queue& q = queues_[static_cast<size_t>(dying.rank())];
  for (size_t i = q.size, left = static_cast<size_t>(stand_in->held_); left > 0 && i-- > 0;) {
    Held& h = q.ops[i];
    if (h.dst.buffer == &dying) {
      h.dst.buffer = stand_in;
      --left;
    }
    if (h.has_src && h.src.buffer == &dying) {
      h.src.buffer = stand_in;
      --left;
    }
  }
  kept_bytes_ += dying.bytes();
}

}  // namespace nkic::rt
