// See lifetimes.h. One walk per body, innermost first: a node's uses are the
// buffers its instruction or loop (all of its body) reads or writes; the
// release of a buffer allocated in a body goes after the last node of that
// body that uses it (rerolling keeps every use of a buffer allocated in a
// loop's iteration inside that iteration, so none is left outside).
#include "codegen/lifetimes.h"

#include <map>
#include <set>

namespace nkic::codegen {
namespace {

void operand_uses(const Operand& o, std::set<int>& uses) {
  uses.insert(o.buffer);
  for (const DynamicOffset& d : o.dynamic) {
    if (d.buffer >= 0) uses.insert(d.buffer);
  }
}

Instr release_of(const Instr& allocation) {
  Instr r;
  r.op = Release{};
  r.where = allocation.where;
  r.program = allocation.program;
  r.buffer = allocation.buffer;
  return r;
}

class Lifetimes {
 public:
  explicit Lifetimes(const Program& p) {
    for (const BufferDecl& b : p.buffers) {
      if (b.input >= 0) inputs_.insert(b.id);
    }
    for (const Output& o : p.outputs) operand_uses(o.view, kept_);
    kept_.insert(inputs_.begin(), inputs_.end());
  }

  // Rewrites `body` with its releases; returns the buffers it uses.
  std::set<int> body(std::vector<Node>& body) {
    std::vector<std::set<int>> uses(body.size());
    std::set<int> all;
    for (size_t n = 0; n < body.size(); ++n) {
      uses[n] = node(body[n]);
      all.insert(uses[n].begin(), uses[n].end());
    }
    std::map<int, size_t> first, last;  // buffer -> the first and last node using it
    for (size_t n = 0; n < body.size(); ++n) {
      for (int b : uses[n]) {
        first.emplace(b, n);
        last[b] = n;
      }
    }
    // Releases after node n, in allocation order. A loop's tensor used
    // before its allocation in the body is the previous iteration's, carried
    // over (reroll_runs.h): allocating it anew frees that one, and the last
    // is released where the loop's parent allocated the first.
    std::map<size_t, std::vector<Instr>> after;
    std::vector<Node> out;
    for (size_t n = 0; n < body.size(); ++n) {
      const Instr* i = std::get_if<Instr>(&body[n]);
      if (i && i->as<Allocate>() && !kept_.count(i->buffer) && first.at(i->buffer) == n) {
        after[last.at(i->buffer)].push_back(release_of(*i));
      }
    }
    for (size_t n = 0; n < body.size(); ++n) {
      const Instr* i = std::get_if<Instr>(&body[n]);
      if (!(i && i->as<Allocate>() && inputs_.count(i->buffer))) {
        out.push_back(std::move(body[n]));
      }
      auto it = after.find(n);
      if (it == after.end()) continue;
      for (Instr& r : it->second) out.emplace_back(std::move(r));
    }
    body = std::move(out);
    return all;
  }

 private:
  std::set<int> node(Node& n) {
    if (auto* loop = std::get_if<std::unique_ptr<Loop>>(&n)) return body((*loop)->body);
    const Instr& i = std::get<Instr>(n);
    std::set<int> uses;
    for (const Operand& o : i.dsts) operand_uses(o, uses);
    for (const Operand& o : i.srcs) operand_uses(o, uses);
    if (i.buffer >= 0) uses.insert(i.buffer);
    return uses;
  }

  std::set<int> inputs_;  // allocated before the program runs
  std::set<int> kept_;    // never released: inputs, and what the outputs read
};

}  // namespace

void place_lifetimes(Program& program) {
  Lifetimes(program).body(program.body);
}

}  // namespace nkic::codegen
