// The data movement of the collectives, once every member has arrived.
// `members` are the participants of one sub-group in list order (a member's
// position is its index); each call reads every source before writing any
// destination, so sources and destinations may alias. Reductions fold left in
// member order: float dtypes accumulate in float32 and round once at the end,
// integer dtypes accumulate exactly in int64 and wrap to the dtype; so results
// are reproducible bit for bit.
//
// Shapes, dtypes and chunking are checked here and reported as Error; which
// ranks arrive at which collective is the interpreter's business.
#pragma once

#include <vector>

#include "runtime/access_pattern.h"
#include "runtime/dma.h"

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

// The checks each operation below makes before it moves any data (memory
// kinds, dtypes, shapes, collective_dim and chunking; not bounds, which may
// depend on run-time offsets), on their own, throwing the same Error: for a
// compiler, which knows the shapes but has no data.
void check_all_reduce(const std::vector<std::vector<AccessPattern>>& srcs,
                      const std::vector<std::vector<AccessPattern>>& dsts);
void check_all_gather(const std::vector<AccessPattern>& srcs,
                      const std::vector<AccessPattern>& dsts, int dim);
void check_reduce_scatter(const std::vector<AccessPattern>& srcs,
                          const std::vector<AccessPattern>& dsts, int dim);
void check_all_to_all(const std::vector<AccessPattern>& srcs,
                      const std::vector<AccessPattern>& dsts, int dim);

// srcs[m][k] and dsts[m][k]: member m's k-th tensor. dsts[m][k] = fold over
// members of srcs[*][k].
void all_reduce(const std::vector<std::vector<AccessPattern>>& srcs,
                const std::vector<std::vector<AccessPattern>>& dsts, ReduceOp op);

// dsts[m] = concatenation of srcs[*] along dim `dim`.
void all_gather(const std::vector<AccessPattern>& srcs, const std::vector<AccessPattern>& dsts,
                int dim);

// Each src split into n equal chunks along `dim`; dsts[i] = fold of chunk i.
void reduce_scatter(const std::vector<AccessPattern>& srcs,
                    const std::vector<AccessPattern>& dsts, int dim, ReduceOp op);

// Chunk j of dsts[i] = chunk i of srcs[j], chunks along `dim`.
void all_to_all(const std::vector<AccessPattern>& srcs, const std::vector<AccessPattern>& dsts,
                int dim);

}  // namespace nkic::rt
