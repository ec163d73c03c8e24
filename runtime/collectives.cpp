// The collectives, each described here once (see collectives.h): its name,
// its checks and its lowering into a schedule of steps (run by
// collective_schedule.cpp).
#include "runtime/collectives.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <set>

#include "runtime/collective_schedule.h"
#include "runtime/format_util.h"
#include "runtime/member_faults.h"

namespace nkic::rt {
namespace {

std::string member_label(size_t m, const AccessPattern& ap) {
  return "member " + std::to_string(m) + " (rank " + std::to_string(ap.rank()) + ")";
}

void check_member_counts(std::string_view op, size_t srcs, size_t dsts) {
  if (srcs == 0) throw Error(std::string(op) + ": no members");
  if (srcs != dsts) {
    throw Error(std::string(op) + ": " + std::to_string(srcs) + " sources but " +
                std::to_string(dsts) + " destinations");
  }
}

// Every member's src has member 0's shape and dtype; the dst has `dst_shape`
// and the same dtype.
void check_tensors(std::string_view op, const std::vector<const AccessPattern*>& srcs,
                   const std::vector<const AccessPattern*>& dsts,
                   const std::vector<int64_t>& dst_shape, const std::string& dst_rule) {
  const AccessPattern& first = *srcs[0];
  const bool on_chip = is_on_chip(first.buffer->kind());
  for (size_t m = 0; m < srcs.size(); ++m) {
    const AccessPattern& s = *srcs[m];
    const AccessPattern& d = *dsts[m];
    for (const AccessPattern* t : {&s, &d}) {
      if (is_on_chip(t->buffer->kind()) == on_chip) continue;
      throw Error(std::string(op) + ": tensors mix HBM and on-chip memory: '" + t->buffer->name() +
                  "' on " + member_label(m, *t) + " is in " +
                  std::string(mem_kind_name(t->buffer->kind())) + ", '" + first.buffer->name() +
                  "' on " + member_label(0, first) + " is in " +
                  std::string(mem_kind_name(first.buffer->kind())));
    }
    if (s.dtype() != first.dtype()) {
      throw Error(std::string(op) + ": src dtype " + std::string(dtype_name(s.dtype())) + " on " +
                  member_label(m, s) + " differs from " + std::string(dtype_name(first.dtype())) +
                  " on " + member_label(0, first));
    }
    if (s.shape() != first.shape()) {
      throw Error(std::string(op) + ": src shape " + format_shape(s.shape()) + " on " +
                  member_label(m, s) + " differs from " + format_shape(first.shape()) + " on " +
                  member_label(0, first));
    }
    if (d.dtype() != s.dtype()) {
      throw Error(std::string(op) + ": dst dtype " + std::string(dtype_name(d.dtype())) + " on " +
                  member_label(m, d) + " differs from the src dtype " +
                  std::string(dtype_name(s.dtype())));
    }
    if (d.shape() != dst_shape) {
      throw Error(std::string(op) + ": dst shape " + format_shape(d.shape()) + " on " +
                  member_label(m, d) + " should be " + format_shape(dst_shape) + " (" + dst_rule +
                  ")");
    }
  }
}

// Size of one of n chunks along `dim`, or an Error naming why not.
int64_t chunk_size(std::string_view op, const AccessPattern& ap, int dim, size_t n) {
  const std::vector<int64_t> shape = ap.shape();
  if (dim < 0 || dim >= static_cast<int>(shape.size())) {
    throw Error(std::string(op) + ": collective_dim " + std::to_string(dim) +
                " is out of range for shape " + format_shape(shape));
  }
  const int64_t size = shape[static_cast<size_t>(dim)];
  if (size % static_cast<int64_t>(n) != 0) {
    throw Error(std::string(op) + ": dim " + std::to_string(dim) + " of size " +
                std::to_string(size) + " does not split into " + std::to_string(n) +
                " equal chunks");
  }
  return size / static_cast<int64_t>(n);
}

// Every member passes as many sources and destinations as member 0, `per`
// sources for each destination.
void check_tensor_counts(std::string_view op, const std::vector<std::vector<AccessPattern>>& srcs,
                         const std::vector<std::vector<AccessPattern>>& dsts, size_t per) {
  check_member_counts(op, srcs.size(), dsts.size());
  const size_t tensors = srcs[0].size();
  for (size_t m = 0; m < srcs.size(); ++m) {
    if (srcs[m].size() != tensors || dsts[m].size() * per != tensors) {
      throw Error(std::string(op) + ": member " + std::to_string(m) + " passes " +
                  std::to_string(srcs[m].size()) + " sources and " +
                  std::to_string(dsts[m].size()) + " destinations, member 0 passes " +
                  std::to_string(tensors) + " sources");
    }
  }
}

}  // namespace

void ReplicaGroup::validate(int ranks) const {
  if (groups.empty()) throw Error("replica group has no lists");
  std::set<int> seen;
  for (const std::vector<int>& list : groups) {
    if (list.empty()) throw Error("replica group has an empty list");
    for (int r : list) {
      if (r < 0)
        throw Error("replica group names rank " + std::to_string(r) + ", which is negative");
      if (r >= ranks) {
        throw Error("replica group names rank " + std::to_string(r) + ", but there are only " +
                    std::to_string(ranks) + " ranks");
      }
      if (!seen.insert(r).second) {
        throw Error("replica group " + describe() + " lists rank " + std::to_string(r) + " twice");
      }
    }
  }
}

const std::vector<int>* ReplicaGroup::group_of(int rank, int* position) const {
  for (const std::vector<int>& list : groups) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (list[i] != rank) continue;
      if (position) *position = static_cast<int>(i);
      return &list;
    }
  }
  return nullptr;
}

std::string ReplicaGroup::describe() const {
  std::string s = "[";
  for (size_t g = 0; g < groups.size(); ++g) {
    if (g) s += ", ";
    s += "[";
    for (size_t i = 0; i < groups[g].size(); ++i) {
      if (i) s += ", ";
      s += std::to_string(groups[g][i]);
    }
    s += "]";
  }
  return s + "]";
}

namespace {

void check_all_reduce(const std::vector<const AccessPattern*>& srcs,
                      const std::vector<const AccessPattern*>& dsts, std::string_view op) {
  check_tensors(op, srcs, dsts, srcs[0]->shape(), "the src shape");
}

void check_all_gather(const std::vector<const AccessPattern*>& srcs,
                      const std::vector<const AccessPattern*>& dsts, int dim, std::string_view op) {
  const std::vector<int64_t> src_shape = srcs[0]->shape();
  if (dim != 0 && dim != 1) {
    throw Error(std::string(op) + ": collective_dim must be 0 or 1, got " + std::to_string(dim));
  }
  if (dim == 1 && src_shape.size() != 2) {
    throw Error(std::string(op) + " along dim 1 needs 2-D tensors, src on " +
                member_label(0, *srcs[0]) + " has shape " + format_shape(src_shape));
  }
  if (src_shape.empty()) throw Error(std::string(op) + ": cannot gather 0-D tensors");
  const size_t n = srcs.size();
  std::vector<int64_t> dst_shape = src_shape;
  int64_t& gathered = dst_shape[static_cast<size_t>(dim)];
  gathered = checked_mul(gathered, static_cast<int64_t>(n), "the gathered dim of an all-gather");
  check_tensors(
      op, srcs, dsts, dst_shape,
      "the src shape with dim " + std::to_string(dim) + " times " + std::to_string(n) + " members");
}

void check_reduce_scatter(const std::vector<const AccessPattern*>& srcs,
                          const std::vector<const AccessPattern*>& dsts, int dim,
                          std::string_view op) {
  const size_t n = srcs.size();
  const int64_t chunk = chunk_size(op, *srcs[0], dim, n);
  std::vector<int64_t> dst_shape = srcs[0]->shape();
  dst_shape[static_cast<size_t>(dim)] = chunk;
  check_tensors(
      op, srcs, dsts, dst_shape,
      "one of " + std::to_string(n) + " chunks of the src along dim " + std::to_string(dim));
}

void check_all_to_all(const std::vector<const AccessPattern*>& srcs,
                      const std::vector<const AccessPattern*>& dsts, int dim, std::string_view op) {
  chunk_size(op, *srcs[0], dim, srcs.size());
  check_tensors(op, srcs, dsts, srcs[0]->shape(), "the src shape");
}

// ---- the lowerings -------------------------------------------------------------
//
// Today's algorithms are direct ("mesh"): every member's data moves straight
// to every member that needs it, and a reduction folds into one accumulator
// in member order. Loop variable i is the outer loop, j the inner.

constexpr int kI = 0, kJ = 1;
using B = ScheduleBuilder;

// Every tensor's fold first, then every destination.
void lower_all_reduce(B& b, AluOp op, const std::vector<CollectiveTensor>& tensors) {
  std::vector<Slot> accs;
  for (size_t k = 0; k < tensors.size(); ++k) {
    const CollectiveTensor& t = tensors[k];
    accs.push_back(t.fold_in_dst ? B::dst(k, at(0))
                                 : b.scratch("acc" + std::to_string(k), accumulator_dtype(t.dtype),
                                             t.shape, 1));
    b.copy(accs[k], B::src(k, at(0)));
    b.accumulate(accs[k], B::src(k, loop_var(kI)), op, {1});
  }
  for (size_t k = 0; k < tensors.size(); ++k) {
    // A fold in place already is the first member's result.
    b.copy(B::dst(k, loop_var(kI)), accs[k], {tensors[k].fold_in_dst ? 1 : 0});
  }
}

// Member `member_var`'s source of tensor k: staged in scratch first when a
// destination shares its buffer (every source is copied before any write).
Slot source(B& b, size_t k, const CollectiveTensor& t, int member_var) {
  if (!t.staged) return B::src(k, loop_var(member_var));
  Slot staged = b.scratch("staged" + std::to_string(k), t.dtype, t.shape, b.members());
  staged.member = loop_var(kI);
  b.copy(staged, B::src(k, loop_var(kI)), {0});
  staged.member = loop_var(member_var);
  return staged;
}

void lower_all_gather(B& b, int dim, size_t k, const CollectiveTensor& t) {
  const Slot from = source(b, k, t, kJ);
  const int64_t size = t.shape[static_cast<size_t>(dim)];
  b.copy(B::chunk(B::dst(k, loop_var(kI)), dim, loop_var(kJ), size), from, {0, 0});
}

void lower_reduce_scatter(B& b, AluOp op, int dim, size_t k, const CollectiveTensor& t) {
  const int64_t size = t.shape[static_cast<size_t>(dim)] / b.members();
  const Slot acc = b.scratch("acc" + std::to_string(k), accumulator_dtype(t.dtype), t.shape, 1);
  const Slot part = B::chunk(acc, dim, loop_var(kI), size);
  b.copy(part, B::chunk(B::src(k, at(0)), dim, loop_var(kI), size), {0});
  b.accumulate(part, B::chunk(B::src(k, loop_var(kJ)), dim, loop_var(kI), size), op, {0, 1});
  b.copy(B::dst(k, loop_var(kI)), part, {0});
}

void lower_all_to_all(B& b, int dim, size_t k, const CollectiveTensor& t) {
  const Slot from = source(b, k, t, kJ);
  const int64_t size = t.shape[static_cast<size_t>(dim)] / b.members();
  b.copy(B::chunk(B::dst(k, loop_var(kI)), dim, loop_var(kJ), size),
         B::chunk(from, dim, loop_var(kI), size), {0, 0});
}

// ---- the permutes ---------------------------------------------------------------

std::string tensor_text(const AccessPattern& ap) {
  return format_shape(ap.shape()) + " " + std::string(dtype_name(ap.dtype()));
}

// The member whose data member t receives: its predecessor around the ring,
// or the source of the pair whose target it is (-1: none).
std::vector<int64_t> senders(const CollectiveOp& op, size_t members) {
  std::vector<int64_t> from(members, -1);
  if (op.kind != CollectiveKind::permute) {
    for (size_t t = 0; t < members; ++t)
      from[t] = static_cast<int64_t>((t + members - 1) % members);
    return from;
  }
  const std::vector<int>& list = op.group.groups.at(0);
  const auto position = [&](int rank) {
    return std::find(list.begin(), list.end(), rank) - list.begin();
  };
  for (const auto& [source, target] : op.pairs) {
    from.at(static_cast<size_t>(position(target))) = position(source);
  }
  return from;
}

// One memory, the reduce form's operands alike, and every destination the
// shape and dtype of the source its sender sends it.
void check_permute(const CollectiveOp& op, const std::vector<std::vector<AccessPattern>>& srcs,
                   const std::vector<std::vector<AccessPattern>>& dsts) {
  const std::string name = op.name();
  const AccessPattern& first = srcs[0][0];
  const bool on_chip = is_on_chip(first.buffer->kind());
  for (size_t m = 0; m < srcs.size(); ++m) {
    for (const auto* list : {&srcs[m], &dsts[m]}) {
      for (const AccessPattern& t : *list) {
        if (is_on_chip(t.buffer->kind()) == on_chip) continue;
        throw Error(name + ": tensors mix HBM and on-chip memory: '" + t.buffer->name() + "' on " +
                    member_label(m, t) + " is in " + std::string(mem_kind_name(t.buffer->kind())) +
                    ", '" + first.buffer->name() + "' on " + member_label(0, first) + " is in " +
                    std::string(mem_kind_name(first.buffer->kind())));
      }
    }
  }
  const size_t channels = dsts[0].size();
  const bool ring = op.kind != CollectiveKind::permute;
  const auto which = [&](const char* list, size_t c) {
    return std::string(list) + (ring ? "[" + std::to_string(c) + "]" : "");
  };
  for (size_t m = 0; m < srcs.size() && op.kind == CollectiveKind::permute_implicit_reduce; ++m) {
    for (size_t c = 0; c < channels; ++c) {
      const AccessPattern &left = srcs[m][c], &right = srcs[m][channels + c];
      if (left.shape() == right.shape() && left.dtype() == right.dtype()) continue;
      throw Error(name + ": srcs1" + which("", c) + " is " + tensor_text(right) + " but srcs0" +
                  which("", c) + " is " + tensor_text(left) + " on " + member_label(m, left));
    }
  }
  const std::vector<int64_t> from = senders(op, srcs.size());
  for (size_t t = 0; t < dsts.size(); ++t) {
    if (from[t] < 0) continue;
    const size_t s = static_cast<size_t>(from[t]);
    for (size_t c = 0; c < channels; ++c) {
      const AccessPattern &sent = srcs[s][c], &into = dsts[t][c];
      if (sent.shape() == into.shape() && sent.dtype() == into.dtype()) continue;
      throw Error(name + ": " + which("dsts", c) + " on " + member_label(t, into) + " is " +
                  tensor_text(into) + ", but " + member_label(s, sent) + " sends it " +
                  which("srcs", c) + ", " + tensor_text(sent));
    }
  }
}

// Where member i's data of tensor k is sent from: the source itself, or a
// copy staged in scratch (every member's) when it shares a buffer with a
// destination of the member, so that every send reads what was there before
// any receive.
Slot sent_from(B& b, size_t k, const CollectiveTensor& t) {
  if (!t.staged) return B::src(k, loop_var(kI));
  Slot staged = b.scratch("staged" + std::to_string(k), t.dtype, t.shape, b.members());
  staged.member = loop_var(kI);
  b.copy(staged, B::src(k, loop_var(kI)), {0});
  return staged;
}

// Destination `to` of each member i <- `from` of member i - 1, member 0's
// from the last member's.
void send_around_ring(B& b, Slot to, Slot from) {
  to.member = loop_var(kI);
  from.member = Index{kI, -1};
  b.copy(to, from, {1});
  to.member = at(0);
  from.member = at(b.members() - 1);
  b.copy(to, from);
}

// Every channel's sources staged (or, for the reduce form, combined in
// scratch) before any destination is written.
void lower_permute_implicit(B& b, const std::vector<CollectiveTensor>& tensors, size_t channels,
                            const std::optional<AluOp>& reduce) {
  std::vector<Slot> from;
  for (size_t c = 0; c < channels; ++c) {
    if (!reduce) {
      from.push_back(sent_from(b, c, tensors[c]));
      continue;
    }
    const CollectiveTensor& t = tensors[c];
    Slot acc =
        b.scratch("acc" + std::to_string(c), accumulator_dtype(t.dtype), t.shape, b.members());
    acc.member = loop_var(kI);
    b.copy(acc, B::src(c, loop_var(kI)), {0});
    b.accumulate(acc, B::src(channels + c, loop_var(kI)), *reduce, {0});
    from.push_back(acc);
  }
  for (size_t c = 0; c < channels; ++c) send_around_ring(b, B::dst(c, at(0)), from[c]);
}

// One copy per pair, from the (staged) source to the target's destination.
void lower_permute(B& b, const CollectiveOp& op, const std::vector<CollectiveTensor>& tensors) {
  const std::vector<int64_t> from = senders(op, static_cast<size_t>(b.members()));
  for (size_t k = 0; k < tensors.size(); ++k) {
    Slot sent = sent_from(b, k, tensors[k]);
    for (size_t t = 0; t < from.size(); ++t) {
      if (from[t] < 0) continue;
      sent.member = at(from[t]);
      b.copy(B::dst(k, at(static_cast<int64_t>(t))), sent);
    }
  }
}

}  // namespace

const char* collective_name(CollectiveKind kind) {
  switch (kind) {
    case CollectiveKind::all_reduce:
      return "all_reduce";
    case CollectiveKind::all_gather:
      return "all_gather";
    case CollectiveKind::reduce_scatter:
      return "reduce_scatter";
    case CollectiveKind::all_to_all:
      return "all_to_all";
    case CollectiveKind::permute_implicit:
      return "collective_permute_implicit";
    case CollectiveKind::permute_implicit_reduce:
      return "collective_permute_implicit_reduce";
    case CollectiveKind::permute:
      return "collective_permute";
  }
  return "?";
}

bool has_reduce_op(CollectiveKind kind) {
  switch (kind) {
    case CollectiveKind::all_reduce:
    case CollectiveKind::reduce_scatter:
    case CollectiveKind::permute_implicit_reduce:
      return true;
    case CollectiveKind::all_gather:
    case CollectiveKind::all_to_all:
    case CollectiveKind::permute_implicit:
    case CollectiveKind::permute:
      return false;
  }
  return false;
}

bool has_collective_dim(CollectiveKind kind) {
  switch (kind) {
    case CollectiveKind::all_gather:
    case CollectiveKind::reduce_scatter:
    case CollectiveKind::all_to_all:
      return true;
    case CollectiveKind::all_reduce:
    case CollectiveKind::permute_implicit:
    case CollectiveKind::permute_implicit_reduce:
    case CollectiveKind::permute:
      return false;
  }
  return false;
}

bool is_ring(CollectiveKind kind) {
  return kind == CollectiveKind::permute_implicit ||
         kind == CollectiveKind::permute_implicit_reduce;
}

size_t sources_per_destination(CollectiveKind kind) {
  return kind == CollectiveKind::permute_implicit_reduce ? 2 : 1;
}

void check_collective_dim(CollectiveKind kind, int64_t dim, bool on_hbm) {
  const std::string op = collective_name(kind);
  int64_t max_dim = 0;
  switch (kind) {
    case CollectiveKind::all_to_all:
      if (!on_hbm) throw Error(op + " works on HBM tensors only (NKI does not support SBUF for it)");
      break;
    case CollectiveKind::all_gather:
      max_dim = on_hbm ? 0 : 1;
      break;
    case CollectiveKind::all_reduce:
    case CollectiveKind::reduce_scatter:
    case CollectiveKind::permute_implicit:
    case CollectiveKind::permute_implicit_reduce:
    case CollectiveKind::permute:
      break;
  }
  if (dim < 0 || dim > max_dim) {
    throw Error(op + ": collective_dim " + std::to_string(dim) + " is not supported " +
                (on_hbm ? "on HBM" : "on SBUF") + " (only " + (max_dim == 1 ? "0 or 1" : "0") +
                ")");
  }
}

std::string CollectiveOp::text(const OpText& t) const {
  std::string s;
  if (has_reduce_op(kind)) s += std::string(alu_op_name(op)) + " ";
  if (has_collective_dim(kind)) s += "dim " + std::to_string(dim) + " ";
  if (kind == CollectiveKind::permute) {
    s += "pairs [";
    for (size_t p = 0; p < pairs.size(); ++p) {
      s += (p ? ", (" : "(") + std::to_string(pairs[p].first) + ", " +
           std::to_string(pairs[p].second) + ")";
    }
    s += "] ";
  }
  return s + "group " + group.describe() + " " + t.dsts + " <- " + t.srcs;
}

void check_collective(const CollectiveOp& op, const std::vector<std::vector<AccessPattern>>& srcs,
                      const std::vector<std::vector<AccessPattern>>& dsts) {
  const std::string_view name = op.name();
  check_tensor_counts(name, srcs, dsts, sources_per_destination(op.kind));
  switch (op.kind) {
    case CollectiveKind::permute_implicit:
    case CollectiveKind::permute_implicit_reduce:
    case CollectiveKind::permute:
      check_permute(op, srcs, dsts);
      return;
    case CollectiveKind::all_reduce:
    case CollectiveKind::all_gather:
    case CollectiveKind::reduce_scatter:
    case CollectiveKind::all_to_all:
      break;
  }
  for (size_t k = 0; k < srcs[0].size(); ++k) {
    std::vector<const AccessPattern*> s, d;
    for (size_t m = 0; m < srcs.size(); ++m) {
      s.push_back(&srcs[m][k]);
      d.push_back(&dsts[m][k]);
    }
    switch (op.kind) {
      case CollectiveKind::all_reduce:
        check_all_reduce(s, d, name);
        break;
      case CollectiveKind::all_gather:
        check_all_gather(s, d, op.dim, name);
        break;
      case CollectiveKind::reduce_scatter:
        check_reduce_scatter(s, d, op.dim, name);
        break;
      case CollectiveKind::all_to_all:
        check_all_to_all(s, d, op.dim, name);
        break;
      case CollectiveKind::permute_implicit:
      case CollectiveKind::permute_implicit_reduce:
      case CollectiveKind::permute:
        break;  // checked above
    }
  }
}

Schedule lower_collective(const CollectiveOp& op, size_t members,
                          const std::vector<CollectiveTensor>& tensors) {
  B b(members, op.name());
  switch (op.kind) {
    case CollectiveKind::permute_implicit:
      lower_permute_implicit(b, tensors, tensors.size(), std::nullopt);
      return b.take();
    case CollectiveKind::permute_implicit_reduce:
      lower_permute_implicit(b, tensors, tensors.size() / 2, op.op);
      return b.take();
    case CollectiveKind::permute:
      lower_permute(b, op, tensors);
      return b.take();
    case CollectiveKind::all_reduce:
    case CollectiveKind::all_gather:
    case CollectiveKind::reduce_scatter:
    case CollectiveKind::all_to_all:
      break;
  }
  // An all_reduce folds every tensor before it writes any; the others lower
  // one tensor after another.
  for (size_t k = 0; k < tensors.size(); ++k) {
    switch (op.kind) {
      case CollectiveKind::all_reduce:
        break;
      case CollectiveKind::all_gather:
        lower_all_gather(b, op.dim, k, tensors[k]);
        break;
      case CollectiveKind::reduce_scatter:
        lower_reduce_scatter(b, op.op, op.dim, k, tensors[k]);
        break;
      case CollectiveKind::all_to_all:
        lower_all_to_all(b, op.dim, k, tensors[k]);
        break;
      case CollectiveKind::permute_implicit:
      case CollectiveKind::permute_implicit_reduce:
      case CollectiveKind::permute:
        break;  // lowered above
    }
  }
  if (op.kind == CollectiveKind::all_reduce) lower_all_reduce(b, op.op, tensors);
  return b.take();
}

void run_collective(const CollectiveOp& op, const std::vector<std::vector<AccessPattern>>& srcs,
                    const std::vector<std::vector<AccessPattern>>& dsts) {
  // Bounds first, as the single-tensor operations do, then everything else.
  check_tensor_counts(op.name(), srcs, dsts, sources_per_destination(op.kind));
  std::vector<MemberFault> faults;
  for (size_t m = 0; m < srcs.size(); ++m) {
    std::vector<const AccessPattern*> operands;
    for (size_t k = 0; k < srcs[m].size(); ++k) {
      operands.push_back(&srcs[m][k]);
      if (k < dsts[m].size()) operands.push_back(&dsts[m][k]);
    }
    std::string message = operands_fault(operands);
    if (!message.empty()) faults.push_back(MemberFault{srcs[m][0].rank(), 0, std::move(message)});
  }
  if (!faults.empty()) throw OperandsOutOfBounds(report_faults(faults));
  check_collective(op, srcs, dsts);
  std::vector<std::vector<OperandInfo>> s(srcs.size()), d(dsts.size());
  for (size_t m = 0; m < srcs.size(); ++m) {
    for (const AccessPattern& ap : srcs[m]) s[m].push_back(operand_info(ap));
    for (const AccessPattern& ap : dsts[m]) d[m].push_back(operand_info(ap));
  }
  const Schedule schedule =
      lower_collective(op, srcs.size(), collective_tensors(s, d, /*dynamic=*/false));
  run_schedule(schedule, srcs, dsts);
}

}  // namespace nkic::rt
