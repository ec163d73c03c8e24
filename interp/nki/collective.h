// The collectives of nki.collectives: what one rank's call records, the
// checks that need only that rank (then the call goes to the rank's Device),
// and, for the interpreter once every member of the sub-group has arrived,
// the checks that they agree and the data movement (rt::run_collective: the
// collective's schedule, members in list order). A compiler runs the shape
// checks alone.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "frontend/diagnostics.h"
#include "interp/evaluator.h"
#include "interp/python/value.h"
#include "runtime/collectives.h"

namespace nkic::interp {

using rt::collective_name;
using rt::CollectiveKind;

// One rank's call of a collective, as recorded when it arrives.
struct CollectiveCall {
  CollectiveKind kind = CollectiveKind::all_reduce;
  std::vector<Value::Tensor> srcs, dsts;
  rt::ReplicaGroup group;
  std::optional<rt::AluOp> op;
  std::optional<int64_t> collective_dim;
  // The implicit permutes' channel_ids (srcs and dsts hold one tensor per
  // channel, the reduce form's srcs the left operands then the right ones).
  std::vector<int64_t> channel_ids;
  // collective_permute's (source, target) pairs; group is then the one list
  // of the ranks they name, ascending.
  std::vector<std::pair<int, int>> pairs;
  SourceRange range;
  int rank = 0;
  int ranks = 1;  // of the machine
  // The calling program of the rank's LNC grid, and how many it has: a
  // collective joins the programs of one id on the members.
  int program = 0;
  int programs = 1;
  // The program as diagnostics name it: -1 without a grid.
  int named_program() const { return programs > 1 ? program : -1; }
  // This rank's list in the group (members in list order).
  std::vector<int> members() const;
  // The collective as a device operation (its attributes and groups).
  rt::CollectiveOp collective_op() const;
};

// The builtin action of every ncc collective: checks the arguments, then
// hands the call to the rank's Device (the interpreter's joins the
// rendezvous, blocking until the sub-group completes).
Value collective_action(CallArgs& call, CollectiveKind kind);

// The most channels a ring of `group` takes on a machine of `ranks`.
size_t max_ring_channels(const rt::ReplicaGroup& group, int ranks);

// Whether every rank that calls the collective must be in a list of its
// group: all but collective_permute, whose pairs name the ranks that take
// part (a rank no pair names has nothing to do). NKI documents no part for
// a rank a replica group leaves out, so calling with one is a mistake.
bool needs_every_caller(CollectiveKind kind);

// A collective called by `ranks`, which are in no list of its group: the
// CompileError naming them (the interpreter's for the calling rank, the
// compiler's for every rank the group leaves out).
[[noreturn]] void not_in_group(const CollectiveCall& call, std::vector<int> ranks);

// Run by the last member to arrive: `calls` are the members' calls in list
// order. Throws CompileError when they disagree or the data does not fit.
void complete_collective(const std::vector<const CollectiveCall*>& calls);

// The shape, dtype and chunking checks complete_collective makes (through
// the runtime's own checks), for `call` made alike by each of `members`,
// without reading run-time offsets or moving data: a mismatch (an
// gathered dst that is not the src with collective_dim times the members,
// chunks that do not divide, ...) throws the CompileError the interpreter
// would, naming the same members and ranks.
void check_collective_shapes(const CollectiveCall& call, const std::vector<int>& members);

// The same for every list of call.group, made alike by every rank (a
// compiler's trace): the list reported is the one the interpreter would
// report, the first to complete. A group that leaves out a rank is
// not_in_group first (but for collective_permute's pairs).
void check_collective_shapes(const CollectiveCall& call);

// "k.py:14:5", for messages that point at another rank's line.
std::string place(const SourceRange& r);

}  // namespace nkic::interp
