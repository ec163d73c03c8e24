// The collectives of nki.collectives, described once: their kinds and
// attributes (CollectiveOp), the checks a call must pass once every member
// of a sub-group has arrived, and run_collective, which lowers the call into
// a schedule of DMA steps (collective_schedule.h) and runs it. `members` are
// the participants of one sub-group in list order (a member's position is
// its index): srcs[m][k] and dsts[m][k] are member m's k-th tensors.
// The permutes move each member's tensors to one other member (its successor
// in the list's ring, or the target a pair names) and fold nothing but the
// reduce form's two operands. Reductions fold left in member order: float dtypes accumulate in
// float32 and round once at the end, integer dtypes accumulate exactly in their own dtype,
// wrapping; every source is read before any destination is written, so sources and destinations may
// alias; results are reproducible bit for bit.
//
// Shapes, dtypes and chunking are checked here and reported as Error; which
// ranks arrive at which collective is the interpreter's business.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "runtime/access_pattern.h"
#include "runtime/alu.h"
#include "runtime/collective_schedule.h"
#include "runtime/device_ops.h"

namespace nkic::rt {

// A collective's replica groups: disjoint lists of global rank ids.
struct ReplicaGroup {
  std::vector<std::vector<int>> groups;

  // Throws Error for an empty list, a repeated rank, a rank outside
  // [0, ranks), or a rank in two lists.
  void validate(int ranks) const;
  // The list holding `rank` and its position there; nullptr when in none.
  const std::vector<int>* group_of(int rank, int* position = nullptr) const;
  std::string describe() const;  // "[[0, 1], [2, 3]]"
};

enum class CollectiveKind : uint8_t {
  all_reduce,      // dsts[m][k] = fold over members of srcs[*][k]
  all_gather,      // dsts[m][k] = srcs[*][k] concatenated along dim
  reduce_scatter,  // srcs split into n chunks along dim; dsts[i][k] = fold of chunk i
  all_to_all,      // chunk j of dsts[i][k] = chunk i of srcs[j][k], chunks along dim
  // dsts[i][k] = srcs[i - 1][k] around the list's ring (member 0's from the
  // last member's); k is the channel.
  permute_implicit,
  // With C channels, srcs[m] holds C left operands then C right ones, and
  // dsts[i][k] = op(srcs[i - 1][k], srcs[i - 1][C + k]) around the ring.
  permute_implicit_reduce,
  // dsts[t][0] = srcs[s][0] for each pair (s, t), members by their position
  // in the one list (the ranks the pairs name, ascending).
  permute,
};
const char* collective_name(CollectiveKind kind);
// Whether the kind has a reduction op, and a collective_dim.
bool has_reduce_op(CollectiveKind kind);
bool has_collective_dim(CollectiveKind kind);
// Whether the kind sends around the ring of each list (the implicit
// permutes): every rank that calls it must be in a list.
bool is_ring(CollectiveKind kind);
// How many sources a member passes per destination (2 for the reduce form).
size_t sources_per_destination(CollectiveKind kind);

// Which collective_dim a call may name, on HBM tensors or on SBUF ones
// (and whether the kind works on SBUF at all). Throws Error.
void check_collective_dim(CollectiveKind kind, int64_t dim, bool on_hbm);

// One collective as a device operation: its kind, attributes and groups.
struct CollectiveOp {
  CollectiveKind kind = CollectiveKind::all_reduce;
  AluOp op = AluOp::add;  // with has_reduce_op
  int dim = 0;            // with has_collective_dim
  ReplicaGroup group;
  // permute: the (source, target) pairs, global rank ids; group is then one
  // list of the ranks they name, ascending.
  std::vector<std::pair<int, int>> pairs;

  const char* name() const { return collective_name(kind); }
  // "add group [[0, 1]] DSTS <- SRCS", "dim 1 group ...", "pairs [(0, 1)]
  // group ..." (IR text).
  std::string text(const OpText& t) const;
  bool operator==(const CollectiveOp& o) const {
    return kind == o.kind && op == o.op && dim == o.dim && group.groups == o.group.groups &&
           pairs == o.pairs;
  }
};

// The checks a call makes before it moves any data (member and tensor
// counts, memory kinds, dtypes, shapes, collective_dim and chunking; not
// bounds, which may depend on run-time offsets), throwing Error: for a
// compiler too, which knows the shapes but has no data.
void check_collective(const CollectiveOp& op, const std::vector<std::vector<AccessPattern>>& srcs,
                      const std::vector<std::vector<AccessPattern>>& dsts);

// The schedule of a checked call over `members` members.
Schedule lower_collective(const CollectiveOp& op, size_t members,
                          const std::vector<CollectiveTensor>& tensors);

// Checks bounds (each member's operands; OperandsOutOfBounds names the
// members at fault, member_faults.h) and everything above, then moves the
// data by the call's schedule, with scratch buffers from the first member's
// machine.
void run_collective(const CollectiveOp& op, const std::vector<std::vector<AccessPattern>>& srcs,
                    const std::vector<std::vector<AccessPattern>>& dsts);

}  // namespace nkic::rt
