// See tiles.h.
#include "runtime/tiles.h"

#include "runtime/format_util.h"
#include "runtime/machine.h"

namespace nkic::rt {

int64_t partitions(const AccessPattern& ap) {
  return ap.dims.empty() ? 1 : ap.dims[0].count;
}

int64_t free_size(const AccessPattern& ap) {
  int64_t n = 1;
  for (size_t d = 1; d < ap.dims.size(); ++d) n *= ap.dims[d].count;
  return n;
}

std::string tile_text(const AccessPattern& ap) {
  return "'" + ap.buffer->name() + "' (" + std::string(dtype_name(ap.dtype())) + ", " +
         std::string(mem_kind_name(ap.buffer->kind())) + ", " + format_shape(ap.shape()) + ")";
}

}  // namespace nkic::rt
