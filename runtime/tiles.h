// What the engines' operations (matmul_ops, compute_ops) say of a tile: its
// partitions (dim 0), its elements per partition (the free dims' counts
// multiplied) and how messages name it.
#pragma once

#include <cstdint>
#include <string>

#include "runtime/access_pattern.h"

namespace nkic::rt {

int64_t partitions(const AccessPattern& ap);  // 1 for a 0-D pattern
int64_t free_size(const AccessPattern& ap);
// "'name' (dtype, memory, [shape])".
std::string tile_text(const AccessPattern& ap);

}  // namespace nkic::rt
