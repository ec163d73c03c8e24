// What the engines' operations (matmul_ops, compute_ops) say of a tile: its
// partitions (dim 0), its elements per partition (the free dims' counts
// multiplied) and how messages name it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "runtime/access_pattern.h"

namespace nkic::rt {

int64_t partitions(const AccessPattern& ap);  // 1 for a 0-D pattern
// The counts of dims [from, to) multiplied: 0 when one is 0, an overflow an
// Error (a view that repeats elements can count past int64).
int64_t dims_size(const AccessPattern& ap, size_t from, size_t to);
int64_t free_size(const AccessPattern& ap);  // dims_size(ap, 1, all)
// "OP: ROLE 'x' (...) has no partition dim (it is 0-D)" unless ap has dims:
// what an engine's operation checks before it reads dim 0.
void need_partition_dim(const char* op, const char* role, const AccessPattern& ap);
// "'name' (dtype, memory, [shape])".
std::string tile_text(const AccessPattern& ap);

}  // namespace nkic::rt
