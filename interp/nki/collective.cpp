// Collectives: argument checks on the calling rank, agreement checks and data
// movement once the sub-group has met, and the shape checks alone.
#include "interp/nki/collective.h"

#include <algorithm>
#include <set>

#include "interp/device.h"
#include "interp/nki/modules.h"
#include "runtime/format_util.h"
#include "runtime/member_faults.h"

namespace nkic::interp {

namespace {

std::vector<Value::Tensor> tensor_list(const std::string& op, const char* what, const Value& v) {
  const ValueList* items = sequence_items(v);
  if (!items) {
    throw ValueError(op + ": " + what + " must be a list of tensors, not '" + type_name(v) + "'");
  }
  std::vector<Value::Tensor> out;
  for (const Value& item : *items) {
    auto t = item.get<Value::Tensor>();
    if (!t) {
      throw ValueError(op + ": " + what + " must hold tensors, not '" + type_name(item) + "'");
    }
    out.push_back(*t);
  }
  return out;
}

// A by-channel list: one list per channel, each of exactly one tensor (no
// coalescing), flattened.
std::vector<Value::Tensor> channel_list(const std::string& op, const char* what, const Value& v) {
  const ValueList* channels = sequence_items(v);
  if (!channels) {
    throw ValueError(op + ": " + what + " must be a list of tensor lists, one per channel, not '" +
                     type_name(v) + "'");
  }
  if (channels->empty()) throw ValueError(op + ": " + what + " is empty");
  std::vector<Value::Tensor> out;
  for (size_t ch = 0; ch < channels->size(); ++ch) {
    const std::string which = std::string(what) + "[" + std::to_string(ch) + "]";
    std::vector<Value::Tensor> one = tensor_list(op, which.c_str(), (*channels)[ch]);
    if (one.size() != 1) {
      throw ValueError(op + ": " + which + " holds " + std::to_string(one.size()) +
                       " tensors, but each channel takes exactly one");
    }
    out.push_back(one[0]);
  }
  return out;
}

std::vector<int64_t> channel_ids_arg(const std::string& op, const Value& v, size_t channels,
                                     const rt::ReplicaGroup& group, int ranks) {
  const ValueList* items = sequence_items(v);
  if (!items) {
    throw ValueError(op + ": channel_ids must be a list of ints, not '" + type_name(v) + "'");
  }
  std::vector<int64_t> ids;
  std::string text;
  for (const Value& item : *items) {
    if (auto reg = item.get<Value::Register>()) register_misuse(**reg, "a channel id");
    ids.push_back(to_int(item, op + ": a channel id"));
    text += (text.empty() ? "" : ", ") + std::to_string(ids.back());
  }
  bool consecutive = ids.size() == channels;
  for (size_t k = 0; k < ids.size() && consecutive; ++k) consecutive = ids[k] == int64_t(k);
  if (!consecutive) {
    throw ValueError(op + ": channel_ids [" + text +
                     "] should be the consecutive integers from 0, " + "one per channel (" +
                     std::to_string(channels) + ")");
  }
  const size_t most = max_ring_channels(group, ranks);
  if (channels > most) {
    throw ValueError(op + ": " + std::to_string(channels) +
                     " channels, but a ring of replica group " + group.describe() +
                     " takes at most " + std::to_string(most));
  }
  return ids;
}

std::string pair_text(const std::pair<int, int>& p) {
  return "(" + std::to_string(p.first) + ", " + std::to_string(p.second) + ")";
}

// collective_permute's pairs: ranks of the machine, no rank sending twice
// or receiving twice (each message names the ranks involved).
std::vector<std::pair<int, int>> pairs_arg(const std::string& op, const Value& v, int ranks) {
  const ValueList* items = sequence_items(v);
  if (!items) {
    throw ValueError(op + ": source_target_pairs must be a list of (source, target) pairs, not '" +
                     type_name(v) + "'");
  }
  if (items->empty()) throw ValueError(op + ": source_target_pairs is empty");
  std::vector<std::pair<int, int>> pairs;
  for (const Value& item : *items) {
    const ValueList* pair = sequence_items(item);
    if (!pair || pair->size() != 2) {
      throw ValueError(op + ": each of source_target_pairs must be a (source, target) pair, not " +
                       to_str(item));
    }
    int ends[2] = {0, 0};
    for (size_t e = 0; e < 2; ++e) {
      const Value& r = (*pair)[e];
      if (auto reg = r.get<Value::Register>()) register_misuse(**reg, "a rank in a pair");
      const int64_t id = to_int(r, op + ": a rank id");
      if (id < 0 || id >= ranks) {
        throw ValueError(op + ": pair " + to_str(item) + " names rank " + std::to_string(id) +
                         ", but the ranks are 0 to " + std::to_string(ranks - 1));
      }
      ends[e] = static_cast<int>(id);
    }
    for (const auto& earlier : pairs) {
      if (earlier.first == ends[0]) {
        throw ValueError(op + ": rank " + std::to_string(ends[0]) + " sends twice, to ranks " +
                         std::to_string(earlier.second) + " and " + std::to_string(ends[1]) +
                         " (pairs " + pair_text(earlier) + " and " + pair_text({ends[0], ends[1]}) +
                         "): the pairs must form a permutation");
      }
      if (earlier.second == ends[1]) {
        throw ValueError(op + ": rank " + std::to_string(ends[1]) + " receives twice, from ranks " +
                         std::to_string(earlier.first) + " and " + std::to_string(ends[0]) +
                         " (pairs " + pair_text(earlier) + " and " + pair_text({ends[0], ends[1]}) +
                         "): the pairs must form a permutation");
      }
    }
    pairs.emplace_back(ends[0], ends[1]);
  }
  return pairs;
}

// The one list of the ranks the pairs name, ascending.
rt::ReplicaGroup pairs_group(const std::vector<std::pair<int, int>>& pairs) {
  std::set<int> named;
  for (const auto& [source, target] : pairs) {
    named.insert(source);
    named.insert(target);
  }
  rt::ReplicaGroup g;
  g.groups.emplace_back(named.begin(), named.end());
  return g;
}

std::string ids_text(const std::vector<int64_t>& ids) {
  std::string s = "[";
  for (size_t k = 0; k < ids.size(); ++k) s += (k ? ", " : "") + std::to_string(ids[k]);
  return s + "]";
}

std::string pairs_text(const std::vector<std::pair<int, int>>& pairs) {
  std::string s = "[";
  for (size_t k = 0; k < pairs.size(); ++k) s += (k ? ", " : "") + pair_text(pairs[k]);
  return s + "]";
}

std::string tensor_text(const rt::TensorView& t) {
  return rt::format_shape(t.shape()) + " " + std::string(rt::dtype_name(t.dtype()));
}

bool is_hbm(rt::MemKind k) {
  return k == rt::MemKind::hbm || k == rt::MemKind::shared_hbm;
}

void check_memory(const std::string& op, const std::vector<Value::Tensor>& srcs,
                  const std::vector<Value::Tensor>& dsts, bool& on_hbm) {
  std::optional<bool> hbm;
  for (const auto* list : {&srcs, &dsts}) {
    for (const auto& t : *list) {
      if (t->kind() == rt::MemKind::psum) {
        throw ValueError(op + ": collectives work on HBM or SBUF tensors, and '" + t->name() +
                         "' is in psum");
      }
      if (t->has_row_offsets()) {
        throw ValueError(op + ": '" + t->name() +
                         "' has per-partition offsets (vector_select), which only "
                         "nisa.dma_copy takes");
      }
      const bool h = is_hbm(t->kind());
      if (hbm && *hbm != h) throw ValueError(op + ": srcs and dsts mix HBM and SBUF tensors");
      hbm = h;
    }
  }
  on_hbm = hbm.value_or(true);
}

void check_io(const std::string& op, const std::vector<Value::Tensor>& tensors, const char* verb) {
  for (const auto& t : tensors) {
    if (t->buffer()->io()) {
      throw ValueError(op + " cannot " + verb + " the kernel IO tensor '" + t->name() +
                       "': copy it into a nl.shared_hbm tensor first");
    }
  }
}

rt::AluOp reduce_op(const std::string& op, const Value& v) {
  if (auto tok = v.get<rt::AluOp>()) {
    if (*tok == rt::AluOp::add || *tok == rt::AluOp::minimum || *tok == rt::AluOp::maximum) {
      return *tok;
    }
  }
  throw ValueError(op + ": op must be nl.add, nl.minimum or nl.maximum, not " +
                   (v.is<rt::AluOp>() ? to_str(v) : "'" + type_name(v) + "'"));
}

Diagnostic note_at(const CollectiveCall& c, const std::string& what) {
  Diagnostic d;
  d.severity = Severity::note;
  d.range = c.range;
  d.ranks = {c.rank};
  d.program = c.named_program();
  d.message = "rank " + std::to_string(c.rank) + " " + what;
  return d;
}

[[noreturn]] void disagree(const CollectiveCall& a, const CollectiveCall& b,
                           const std::string& message) {
  Diagnostic d;
  d.range = b.range;
  d.ranks = {a.rank, b.rank};
  d.program = b.named_program();
  d.message = message;
  d.notes.push_back(note_at(a, std::string("calls ") + collective_name(a.kind) + " here"));
  throw CompileError(std::move(d));
}

void check_tensors_agree(const CollectiveCall& a, const CollectiveCall& b, const char* what,
                         const std::vector<Value::Tensor>& x, const std::vector<Value::Tensor>& y) {
  for (size_t k = 0; k < x.size(); ++k) {
    if (x[k]->shape() == y[k]->shape() && x[k]->dtype() == y[k]->dtype()) continue;
    disagree(a, b,
             std::string(collective_name(b.kind)) + ": " + what + "[" + std::to_string(k) +
                 "] is " + tensor_text(*y[k]) + " on rank " + std::to_string(b.rank) + " but " +
                 tensor_text(*x[k]) + " on rank " + std::to_string(a.rank) + " (" + place(a.range) +
                 ")");
  }
}

void check_agree(const CollectiveCall& a, const CollectiveCall& b) {
  const std::string name = collective_name(b.kind);
  const std::string ranks = " on rank " + std::to_string(b.rank) + " but ";
  const std::string other = " on rank " + std::to_string(a.rank) + " (" + place(a.range) + ")";
  if (a.kind != b.kind) {
    disagree(a, b,
             "rank " + std::to_string(b.rank) + " calls " + name + " but rank " +
                 std::to_string(a.rank) + " calls " + collective_name(a.kind) + " (" +
                 place(a.range) + ")");
  }
  if (a.group.groups != b.group.groups) {
    disagree(a, b,
             name + ": replica group " + b.group.describe() + ranks + a.group.describe() + other);
  }
  if (a.op != b.op) {
    disagree(a, b,
             name + ": op nl." + std::string(rt::alu_op_name(*b.op)) + ranks + "nl." +
                 std::string(rt::alu_op_name(*a.op)) + other);
  }
  if (a.collective_dim != b.collective_dim) {
    disagree(a, b,
             name + ": collective_dim " + std::to_string(*b.collective_dim) + ranks +
                 std::to_string(*a.collective_dim) + other);
  }
  if (a.channel_ids != b.channel_ids) {
    disagree(a, b,
             name + ": channel_ids " + ids_text(b.channel_ids) + ranks + ids_text(a.channel_ids) +
                 other);
  }
  if (a.pairs != b.pairs) {
    disagree(a, b,
             name + ": source_target_pairs " + pairs_text(b.pairs) + ranks + pairs_text(a.pairs) +
                 other);
  }
  if (a.srcs.size() != b.srcs.size()) {
    disagree(a, b,
             name + ": " + std::to_string(b.srcs.size()) + " tensors" + ranks +
                 std::to_string(a.srcs.size()) + other);
  }
  check_tensors_agree(a, b, "srcs", a.srcs, b.srcs);
  check_tensors_agree(a, b, "dsts", a.dsts, b.dsts);
}

// Runs `run` on the members' calls in list order as patterns (`resolve`:
// their run-time offsets read now, each member's own, and a member whose
// operands do not resolve in bounds is at fault alone; otherwise a
// compiler's one traced call standing for each member), reporting an
// rt::Error at the first member's call, naming every member's rank, the
// others' calls as notes.
template <class F>
void with_patterns(const std::vector<const CollectiveCall*>& calls, bool resolve, F&& run) {
  const CollectiveCall& first = *calls.front();
  try {
    std::vector<std::vector<rt::AccessPattern>> srcs(calls.size()), dsts(calls.size());
    std::vector<rt::MemberFault> faults;
    for (size_t m = 0; m < calls.size(); ++m) {
      const CollectiveCall& c = *calls[m];
      const auto pattern = [&](const Value::Tensor& t) {
        return resolve ? t->resolve() : t->static_pattern(c.rank);
      };
      try {
        // Tensor k's src then its dst (the reduce form has more srcs than dsts).
        for (size_t k = 0; k < c.srcs.size(); ++k) {
          srcs[m].push_back(pattern(c.srcs[k]));
          if (k < c.dsts.size()) dsts[m].push_back(pattern(c.dsts[k]));
        }
      } catch (const rt::Error& e) {
        faults.push_back(rt::MemberFault{c.rank, 0, e.what()});
      }
    }
    if (!faults.empty()) throw rt::OperandsOutOfBounds(rt::report_faults(faults));
    run(first.collective_op(), srcs, dsts);
  } catch (const rt::OperandsOutOfBounds& e) {
    // Each member's operands checked with its own offsets: only the members
    // at fault are named, as a program names them (member_faults.h).
    Diagnostic d;
    d.range = first.range;
    d.message = std::string(collective_name(first.kind)) + ": " + e.what();
    d.ranks = e.ranks();
    d.program = first.named_program();
    throw CompileError(std::move(d));
  } catch (const rt::Error& e) {
    const std::string name = collective_name(first.kind);
    const std::string what = e.what();
    Diagnostic d;
    d.range = first.range;
    // The runtime's own collective messages already begin with the name.
    d.message = what.compare(0, name.size(), name) == 0 ? what : name + ": " + what;
    for (const CollectiveCall* c : calls) d.ranks.push_back(c->rank);
    d.program = first.named_program();
    for (size_t m = 1; m < calls.size(); ++m) {
      d.notes.push_back(
          note_at(*calls[m], std::string("calls ") + collective_name(calls[m]->kind) + " here"));
    }
    throw CompileError(std::move(d));
  }
}

}  // namespace

std::string place(const SourceRange& r) {
  if (!r.valid()) return "<unknown>";
  return r.file->path() + ":" + std::to_string(r.begin.line) + ":" + std::to_string(r.begin.col);
}

std::vector<int> CollectiveCall::members() const {
  const std::vector<int>* list = group.group_of(rank);
  return list ? *list : std::vector<int>{};
}

rt::CollectiveOp CollectiveCall::collective_op() const {
  rt::CollectiveOp c;
  c.kind = kind;
  c.op = op.value_or(rt::AluOp::add);
  c.dim = static_cast<int>(collective_dim.value_or(0));
  c.group = group;
  c.pairs = pairs;
  return c;
}

namespace {

// The call's tensors, as each kind names them: the ring permutes' by
// channel (the reduce form's left operands, then its right ones), the rest's
// as srcs and dsts lists.
void read_tensors(CallArgs& c, const std::string& op, CollectiveCall& call) {
  const auto count = [](const std::vector<Value::Tensor>& t) { return std::to_string(t.size()); };
  if (call.kind == CollectiveKind::permute_implicit_reduce) {
    call.srcs = channel_list(op, "srcs0_by_channel", c["srcs0_by_channel"]);
    const std::vector<Value::Tensor> right =
        channel_list(op, "srcs1_by_channel", c["srcs1_by_channel"]);
    call.dsts = channel_list(op, "dsts_by_channel", c["dsts_by_channel"]);
    if (right.size() != call.srcs.size() || call.dsts.size() != call.srcs.size()) {
      throw ValueError(op + ": srcs0_by_channel has " + count(call.srcs) +
                       " channels, srcs1_by_channel " + count(right) + " and dsts_by_channel " +
                       count(call.dsts));
    }
    call.srcs.insert(call.srcs.end(), right.begin(), right.end());
    return;
  }
  if (call.kind == CollectiveKind::permute_implicit) {
    call.srcs = channel_list(op, "srcs_by_channel", c["srcs_by_channel"]);
    call.dsts = channel_list(op, "dsts_by_channel", c["dsts_by_channel"]);
    if (call.dsts.size() != call.srcs.size()) {
      throw ValueError(op + ": srcs_by_channel has " + count(call.srcs) +
                       " channels but dsts_by_channel has " + count(call.dsts));
    }
    return;
  }
  call.srcs = tensor_list(op, "srcs", c["srcs"]);
  call.dsts = tensor_list(op, "dsts", c["dsts"]);
  if (call.srcs.empty()) throw ValueError(op + ": srcs is empty");
  if (call.kind == CollectiveKind::permute) {
    for (const auto* list : {&call.srcs, &call.dsts}) {
      if (list->size() == 1) continue;
      throw ValueError(op + ": " + (list == &call.srcs ? "srcs" : "dsts") + " holds " +
                       count(*list) + " tensors, but " + op + " takes exactly one (no coalescing)");
    }
  }
  if (call.srcs.size() != call.dsts.size()) {
    throw ValueError(op + ": srcs has " + count(call.srcs) + " tensors but dsts has " +
                     count(call.dsts));
  }
}

}  // namespace

size_t max_ring_channels(const rt::ReplicaGroup& group, int ranks) {
  // As NKI documents: more when the one list is every rank of the node (the
  // machine).
  constexpr size_t kMaxChannelsWholeNode = 4;
  constexpr size_t kMaxChannels = 2;
  const bool whole_node =
      group.groups.size() == 1 && group.groups[0].size() == static_cast<size_t>(ranks);
  return whole_node ? kMaxChannelsWholeNode : kMaxChannels;
}

bool needs_every_caller(CollectiveKind kind) {
  return kind != CollectiveKind::permute;
}

void not_in_group(const CollectiveCall& call, std::vector<int> ranks) {
  Diagnostic d;
  d.range = call.range;
  d.ranks = std::move(ranks);
  d.program = call.named_program();
  d.message = std::string(collective_name(call.kind)) + ": replica group " + call.group.describe() +
              " leaves out the calling rank, and " +
              (rt::is_ring(call.kind) ? "a ring permute takes every rank that calls it"
                                      : "every rank that calls a collective must be in one of "
                                        "its group's lists");
  throw CompileError(std::move(d));
}

Value collective_action(CallArgs& c, CollectiveKind kind) {
  const std::string op = collective_name(kind);
  CollectiveCall call;
  call.kind = kind;
  call.rank = c.ev.rank();
  call.program = c.ev.context().program;
  call.programs = c.ev.context().programs;
  call.range = c.range;
  call.ranks = c.ev.context().ranks;
  read_tensors(c, op, call);
  check_io(op, call.srcs, "read");
  check_io(op, call.dsts, "write");
  bool on_hbm = true;
  check_memory(op, call.srcs, call.dsts, on_hbm);
  if (!on_hbm && kind == CollectiveKind::permute) {
    throw ValueError(op + " works on HBM tensors only (NKI does not support SBUF for it)");
  }
  if (!on_hbm && call.srcs.size() > 1 && !rt::is_ring(kind)) {
    throw ValueError(op + ": several tensors in one collective work only on HBM");
  }
  if (kind == CollectiveKind::permute) {
    call.pairs = pairs_arg(op, c["source_target_pairs"], call.ranks);
    call.group = pairs_group(call.pairs);
  } else {
    call.group = replica_group_value(c["replica_group"], op);
  }
  call.group.validate(call.ranks);
  if (c.has("channel_ids")) {
    call.channel_ids =
        channel_ids_arg(op, c["channel_ids"], call.dsts.size(), call.group, call.ranks);
  }
  if (c.has("op")) call.op = reduce_op(op, c["op"]);
  if (c.has("collective_dim")) {
    call.collective_dim = to_int(c["collective_dim"], op + ": collective_dim");
    rt::check_collective_dim(kind, *call.collective_dim, on_hbm);
  }
  c.ev.context().device->collective(std::move(call));
  return Value();
}

void complete_collective(const std::vector<const CollectiveCall*>& calls) {
  const CollectiveCall& first = *calls.front();
  for (size_t m = 1; m < calls.size(); ++m) check_agree(first, *calls[m]);
  with_patterns(calls, /*resolve=*/true, rt::run_collective);
}

void check_collective_shapes(const CollectiveCall& call) {
  if (needs_every_caller(call.kind)) {
    std::vector<int> left_out;
    for (int r = 0; r < call.ranks; ++r) {
      if (!call.group.group_of(r)) left_out.push_back(r);
    }
    if (!left_out.empty()) not_in_group(call, std::move(left_out));
  }
  // The interpreter's baton runs the ranks in order up to the collective, so
  // a list completes (and fails) when its highest rank arrives.
  std::vector<const std::vector<int>*> lists;
  for (const auto& list : call.group.groups) {
    if (!list.empty()) lists.push_back(&list);
  }
  auto highest = [](const std::vector<int>* l) { return *std::max_element(l->begin(), l->end()); };
  std::sort(lists.begin(), lists.end(),
            [&](const auto* a, const auto* b) { return highest(a) < highest(b); });
  std::set<size_t> passed;  // the checks depend on a list's size alone
  for (const std::vector<int>* list : lists) {
    if (!passed.insert(list->size()).second) continue;
    check_collective_shapes(call, *list);
  }
}

void check_collective_shapes(const CollectiveCall& call, const std::vector<int>& members) {
  if (members.empty()) return;
  // Every member runs the same program, so each passes this call's tensors.
  std::vector<CollectiveCall> made(members.size(), call);
  std::vector<const CollectiveCall*> calls;
  for (size_t m = 0; m < members.size(); ++m) {
    made[m].rank = members[m];
    calls.push_back(&made[m]);
  }
  with_patterns(calls, /*resolve=*/false, rt::check_collective);
}

}  // namespace nkic::interp
