// See tiles.h.
#include "runtime/tiles.h"

#include <algorithm>

#include "runtime/format_util.h"
#include "runtime/machine.h"

namespace nkic::rt {

int64_t partitions(const AccessPattern& ap) {
  return ap.dims.empty() ? 1 : ap.dims[0].count;
}

int64_t dims_size(const AccessPattern& ap, size_t from, size_t to) {
  // A view repeating elements (step 0) can count past int64: counted as
  // element_count counts, 0 for an empty dim, an overflow an Error.
  to = std::min(to, ap.dims.size());
  for (size_t d = from; d < to; ++d) {
    if (ap.dims[d].count == 0) return 0;
  }
  int64_t n = 1;
  for (size_t d = from; d < to; ++d) {
    n = checked_mul(n, ap.dims[d].count, "the element count of a tile");
  }
  return n;
}

int64_t free_size(const AccessPattern& ap) {
  return dims_size(ap, 1, ap.dims.size());
}

void need_partition_dim(const char* op, const char* role, const AccessPattern& ap) {
  if (!ap.dims.empty()) return;
  throw Error(std::string(op) + ": " + role + " " + tile_text(ap) +
              " has no partition dim (it is 0-D)");
}

std::string tile_text(const AccessPattern& ap) {
  return "'" + ap.buffer->name() + "' (" + std::string(dtype_name(ap.dtype())) + ", " +
         std::string(mem_kind_name(ap.buffer->kind())) + ", " + format_shape(ap.shape()) + ")";
}

}  // namespace nkic::rt
