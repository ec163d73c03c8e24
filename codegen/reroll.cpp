// See reroll.h. Iteration 0 is the template: the other iterations are
// compared with it under a renaming of their own allocations to iteration
// 0's, collecting their offset constants in a fixed walk order ("slots");
// when every slot is affine in the iteration index, iteration 0's body gains
// the loop variable's term in each slot and becomes the loop body.
#include "codegen/reroll.h"

#include <map>
#include <utility>

#include "codegen/alike.h"
#include "codegen/reroll_runs.h"

namespace nkic::codegen {
namespace {

class Reroller {
 public:
  Reroller(const Trace& trace, Program& program) : trace_(trace), program_(program) {}

  // at, when given, gets the index in the result of each node of `in`, and
  // its size last.
  std::vector<Node> nodes(std::vector<TraceNode>& in, int depth,
                          std::vector<size_t>* at = nullptr) {
    std::vector<Node> out;
    for (TraceNode& n : in) {
      if (at) at->push_back(out.size());
      if (auto* instr = std::get_if<Instr>(&n)) {
        out.emplace_back(std::move(*instr));
      } else {
        loop(*std::get<std::unique_ptr<TraceLoop>>(n), depth, out);
      }
    }
    if (at) at->push_back(out.size());
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
    std::vector<std::vector<int64_t>> slots{values(bodies[0])};
    for (size_t k = 1; k < bodies.size(); ++k) {
      Renaming map;
      if (!match_allocations(first, l.iterations[k], map)) return false;
      if (bodies[k].size() != bodies[0].size() ||
          !alike(bodies[0].data(), bodies[k].data(), bodies[0].size(), map)) {
        return false;
      }
      slots.push_back(values(bodies[k]));
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
    for_each_slot(bodies[0].data(), bodies[0].size(), [&](Affine& a) {
      if (deltas[s] != 0) a.terms.emplace_back(depth, deltas[s]);
      ++s;
    });
    return true;
  }

  static std::vector<int64_t> values(const std::vector<Node>& body) {
    return slot_values(body.data(), body.size());
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
  std::vector<size_t> at;
  program.body = r.nodes(trace.body, 0, &at);
  program.loop_vars = r.loop_vars();
  std::vector<SplitStretch> stretches;
  for (const SplitLoop& s : trace.split_loops) {
    stretches.push_back(SplitStretch{at.at(s.begin), at.at(s.end), s.where});
  }
  reroll_runs(program, std::move(stretches));
}

}  // namespace nkic::codegen
