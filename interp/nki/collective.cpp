// Collectives: argument checks on the calling rank, agreement checks and data
// movement once the sub-group has met, and the shape checks alone.
#include "interp/nki/collective.h"

#include <algorithm>
#include <set>

#include "interp/nki/modules.h"
#include "interp/device.h"
#include "runtime/format_util.h"

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
  if (a.srcs.size() != b.srcs.size()) {
    disagree(a, b,
             name + ": " + std::to_string(b.srcs.size()) + " tensors" + ranks +
                 std::to_string(a.srcs.size()) + other);
  }
  check_tensors_agree(a, b, "srcs", a.srcs, b.srcs);
  check_tensors_agree(a, b, "dsts", a.dsts, b.dsts);
}

// Runs `run` on the members' calls in list order as patterns (`resolve`:
// their run-time offsets read now; otherwise a compiler's one traced call
// standing for each member), reporting an rt::Error at the first member's
// call, naming every member's rank, the others' calls as notes.
template <class F>
void with_patterns(const std::vector<const CollectiveCall*>& calls, bool resolve, F&& run) {
  const CollectiveCall& first = *calls.front();
  try {
    const size_t count = first.srcs.size();
    std::vector<std::vector<rt::AccessPattern>> srcs(calls.size()), dsts(calls.size());
    for (size_t m = 0; m < calls.size(); ++m) {
      for (size_t k = 0; k < count; ++k) {
        const CollectiveCall& c = *calls[m];
        srcs[m].push_back(resolve ? c.srcs[k]->resolve() : c.srcs[k]->static_pattern(c.rank));
        dsts[m].push_back(resolve ? c.dsts[k]->resolve() : c.dsts[k]->static_pattern(c.rank));
      }
    }
    run(first.collective_op(), srcs, dsts);
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
  return c;
}

Value collective_action(CallArgs& c, CollectiveKind kind) {
  const std::string op = collective_name(kind);
  CollectiveCall call;
  call.kind = kind;
  call.rank = c.ev.rank();
  call.program = c.ev.context().program;
  call.programs = c.ev.context().programs;
  call.range = c.range;
  call.srcs = tensor_list(op, "srcs", c["srcs"]);
  call.dsts = tensor_list(op, "dsts", c["dsts"]);
  if (call.srcs.empty()) throw ValueError(op + ": srcs is empty");
  if (call.srcs.size() != call.dsts.size()) {
    throw ValueError(op + ": srcs has " + std::to_string(call.srcs.size()) +
                     " tensors but dsts has " + std::to_string(call.dsts.size()));
  }
  check_io(op, call.srcs, "read");
  check_io(op, call.dsts, "write");
  bool on_hbm = true;
  check_memory(op, call.srcs, call.dsts, on_hbm);
  if (!on_hbm && call.srcs.size() > 1) {
    throw ValueError(op + ": several tensors in one collective work only on HBM");
  }
  call.group = replica_group_value(c["replica_group"], op);
  call.group.validate(c.ev.context().ranks);
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
