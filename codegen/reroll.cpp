// See reroll.h. Iteration 0 is the template: the other iterations are
// compared with it under a renaming of their own allocations to iteration
// 0's, collecting their offset constants in a fixed walk order ("slots");
// when every slot is affine in the iteration index, iteration 0's body gains
// the loop variable's term in each slot and becomes the loop body.
#include "codegen/reroll.h"

#include <map>
#include <utility>

namespace nkic::codegen {
namespace {

// Maps another iteration's allocations to iteration 0's; ids allocated
// outside the loop map to themselves.
struct Renaming {
  std::map<int, int> buffers, registers;

  int buffer(int id) const {
    auto it = buffers.find(id);
    return it == buffers.end() ? id : it->second;
  }
  int reg(int id) const {
    auto it = registers.find(id);
    return it == registers.end() ? id : it->second;
  }
};

// Calls f(Affine&) on every offset constant of a node tree, in a fixed order.
template <typename NodeT, typename F>
void for_each_slot(NodeT& node, F&& f);

template <typename OperandT, typename F>
void operand_slots(OperandT& o, F&& f) {
  f(o.offset);
  for (auto& d : o.dynamic) f(d.element);
}

template <typename NodesT, typename F>
void nodes_slots(NodesT& nodes, F&& f) {
  for (auto& n : nodes) for_each_slot(n, f);
}

template <typename NodeT, typename F>
void for_each_slot(NodeT& node, F&& f) {
  if (auto* instr = std::get_if<Instr>(&node)) {
    for (auto& o : instr->dsts) operand_slots(o, f);
    for (auto& o : instr->srcs) operand_slots(o, f);
    return;
  }
  nodes_slots(std::get<std::unique_ptr<Loop>>(node)->body, f);
}

bool same_place(const SourceRange& a, const SourceRange& b) {
  return a.file == b.file && a.begin.line == b.begin.line && a.begin.col == b.begin.col &&
         a.end.line == b.end.line && a.end.col == b.end.col;
}

// Equal up to offset constants, with b's allocations renamed.
class Alike {
 public:
  explicit Alike(const Renaming& map) : map_(map) {}

  bool nodes(const std::vector<Node>& a, const std::vector<Node>& b) const {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!node(a[i], b[i])) return false;
    }
    return true;
  }

 private:
  bool node(const Node& a, const Node& b) const {
    if (a.index() != b.index()) return false;
    if (auto* ia = std::get_if<Instr>(&a)) return instr(*ia, std::get<Instr>(b));
    const Loop& la = *std::get<std::unique_ptr<Loop>>(a);
    const Loop& lb = *std::get<std::unique_ptr<Loop>>(b);
    return la.var == lb.var && la.count == lb.count && same_place(la.where, lb.where) &&
           nodes(la.body, lb.body);
  }

  // Attributes compare as the operations define equality; every id is an
  // operand and compares under the renaming.
  bool instr(const Instr& a, const Instr& b) const {
    return a.op == b.op && same_place(a.where, b.where) && operands(a.dsts, b.dsts) &&
           operands(a.srcs, b.srcs) && regs(a.reg_dsts, b.reg_dsts) &&
           regs(a.reg_srcs, b.reg_srcs) &&
           a.buffer == (b.buffer < 0 ? b.buffer : map_.buffer(b.buffer));
  }

  bool regs(const std::vector<int>& a, const std::vector<int>& b) const {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!reg(a[i], b[i])) return false;
    }
    return true;
  }

  bool operands(const std::vector<Operand>& a, const std::vector<Operand>& b) const {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!operand(a[i], b[i])) return false;
    }
    return true;
  }

  bool operand(const Operand& a, const Operand& b) const {
    if (a.buffer != map_.buffer(b.buffer) || a.offset.terms != b.offset.terms ||
        a.dims != b.dims || a.dynamic.size() != b.dynamic.size() || a.as_dtype != b.as_dtype) {
      return false;
    }
    for (size_t i = 0; i < a.dynamic.size(); ++i) {
      const DynamicOffset& x = a.dynamic[i];
      const DynamicOffset& y = b.dynamic[i];
      const int y_buffer = y.buffer < 0 ? y.buffer : map_.buffer(y.buffer);
      if (!reg(x.reg, y.reg) || x.buffer != y_buffer || x.element.terms != y.element.terms ||
          x.multiplier != y.multiplier || x.per_row != y.per_row || x.row_step != y.row_step ||
          x.partitions != y.partitions || x.column_step != y.column_step || x.rows != y.rows) {
        return false;
      }
    }
    return true;
  }

  bool reg(int a, int b) const { return a == (b < 0 ? b : map_.reg(b)); }

  const Renaming& map_;
};

std::vector<int64_t> slot_values(const std::vector<Node>& body) {
  std::vector<int64_t> out;
  nodes_slots(body, [&](const Affine& a) { out.push_back(a.constant); });
  return out;
}

class Reroller {
 public:
  Reroller(const Trace& trace, Program& program) : trace_(trace), program_(program) {}

  std::vector<Node> nodes(std::vector<TraceNode>& in, int depth) {
    std::vector<Node> out;
    for (TraceNode& n : in) {
      if (auto* instr = std::get_if<Instr>(&n)) {
        out.emplace_back(std::move(*instr));
      } else {
        loop(*std::get<std::unique_ptr<TraceLoop>>(n), depth, out);
      }
    }
    return out;
  }

  int loop_vars() const { return loop_vars_; }

 private:
  void loop(TraceLoop& l, int depth, std::vector<Node>& out) {
    std::vector<std::vector<Node>> bodies;
    bool any = false;
    for (TraceIteration& it : l.iterations) {
      bodies.push_back(nodes(it.body, depth + 1));
      any = any || !bodies.back().empty();
    }
    if (!any) return;
    if (bodies.size() >= 2 && rerollable(l, bodies, depth)) {
      auto loop = std::make_unique<Loop>();
      loop->var = depth;
      loop->count = static_cast<int64_t>(bodies.size());
      loop->where = l.where;
      loop->body = std::move(bodies[0]);
      out.emplace_back(std::move(loop));
      loop_vars_ = std::max(loop_vars_, depth + 1);
      return;
    }
    for (std::vector<Node>& body : bodies) {
      for (Node& n : body) out.push_back(std::move(n));
    }
  }

  // Whether the iterations are alike; if so, adds the loop variable's terms
  // to bodies[0].
  bool rerollable(const TraceLoop& l, std::vector<std::vector<Node>>& bodies, int depth) const {
    const TraceIteration& first = l.iterations[0];
    std::vector<std::vector<int64_t>> slots{slot_values(bodies[0])};
    for (size_t k = 1; k < bodies.size(); ++k) {
      Renaming map;
      if (!match_allocations(first, l.iterations[k], map)) return false;
      if (!Alike(map).nodes(bodies[0], bodies[k])) return false;
      slots.push_back(slot_values(bodies[k]));
    }
    std::vector<int64_t> deltas;
    for (size_t s = 0; s < slots[0].size(); ++s) {
      const int64_t delta = slots[1][s] - slots[0][s];
      for (size_t i = 2; i < slots.size(); ++i) {
        if (slots[i][s] != slots[0][s] + static_cast<int64_t>(i) * delta) return false;
      }
      deltas.push_back(delta);
    }
    size_t s = 0;
    nodes_slots(bodies[0], [&](Affine& a) {
      if (deltas[s] != 0) a.terms.emplace_back(depth, deltas[s]);
      ++s;
    });
    return true;
  }

  bool match_allocations(const TraceIteration& first, const TraceIteration& other,
                         Renaming& map) const {
    if (first.buffers.size() != other.buffers.size() ||
        first.registers.size() != other.registers.size()) {
      return false;
    }
    for (size_t j = 0; j < first.buffers.size(); ++j) {
      const BufferDecl* a = program_.find_buffer(first.buffers[j]);
      const BufferDecl* b = program_.find_buffer(other.buffers[j]);
      if (!a || !b || a->kind != b->kind || a->dtype != b->dtype || a->shape != b->shape ||
          a->input >= 0 || b->input >= 0 || !local(trace_.buffer_last_use, a->id, first) ||
          !local(trace_.buffer_last_use, b->id, other)) {
        return false;
      }
      map.buffers[b->id] = a->id;
    }
    for (size_t j = 0; j < first.registers.size(); ++j) {
      const int a = first.registers[j];
      const int b = other.registers[j];
      if (!local(trace_.register_last_use, a, first) ||
          !local(trace_.register_last_use, b, other)) {
        return false;
      }
      map.registers[b] = a;
    }
    return true;
  }

  // Not used after the iteration that allocated it.
  static bool local(const std::vector<int64_t>& last_use, int id, const TraceIteration& it) {
    const size_t i = static_cast<size_t>(id);
    return i >= last_use.size() || last_use[i] <= it.last;
  }

  const Trace& trace_;
  Program& program_;
  int loop_vars_ = 0;
};

}  // namespace

void reroll(Trace trace, Program& program) {
  Reroller r(trace, program);
  program.body = r.nodes(trace.body, 0);
  program.loop_vars = r.loop_vars();
}

}  // namespace nkic::codegen
