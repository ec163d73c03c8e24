// What the two rerolling passes share: whether two stretches of IR nodes do
// the same thing up to the constants of their offsets ("slots"), once one
// stretch's own buffers and registers are renamed to the other's, and a walk
// over those slots in a fixed order. reroll.h compares the iterations of a
// recorded loop; reroll_runs.h compares repeats of straight-line code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "codegen/ir.h"

namespace nkic::codegen {

// Maps one stretch's allocations to the template's; other ids map to
// themselves.
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

// Whether b[0, n) equals a[0, n) up to offset constants, with b's ids
// renamed: the same operations with equal attributes at the same source
// places on the same LNC programs, loops of the same counts, operands of
// the same buffers, dims and offset terms.
bool alike(const Node* a, const Node* b, size_t n, const Renaming& map);

// Calls f(Affine&) on every offset constant of nodes[0, n) (operand offsets
// and the element offsets of run-time offsets, nested loops included), in a
// fixed order.
template <typename NodeT, typename F>
void for_each_slot(NodeT* nodes, size_t n, F&& f) {
  for (size_t k = 0; k < n; ++k) {
    if (auto* instr = std::get_if<Instr>(&nodes[k])) {
      for (auto* list : {&instr->dsts, &instr->srcs}) {
        for (auto& o : *list) {
          f(o.offset);
          for (auto& d : o.dynamic) f(d.element);
        }
      }
      continue;
    }
    auto& body = std::get<std::unique_ptr<Loop>>(nodes[k])->body;
    for_each_slot(body.data(), body.size(), f);
  }
}

// The constants of the slots of nodes[0, n), in walk order.
std::vector<int64_t> slot_values(const Node* nodes, size_t n);

}  // namespace nkic::codegen
