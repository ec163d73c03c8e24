// Strict mode's per-element written flags (see strict.h).
#include "runtime/strict.h"

#include "runtime/format_util.h"

namespace nkic::rt {
namespace {

// The element of the buffer's own shape at a storage offset.
std::vector<int64_t> element_index(const Buffer& buffer, int64_t offset) {
  const std::vector<int64_t>& shape = buffer.shape();
  std::vector<int64_t> index(shape.size(), 0);
  for (size_t d = shape.size(); d-- > 0;) {
    if (shape[d] == 0) continue;
    index[d] = offset % shape[d];
    offset /= shape[d];
  }
  return index;
}

}  // namespace

void note_write(const AccessPattern& ap) {
  std::vector<bool>* flags = ap.buffer->written_flags();
  if (!flags) return;
  for_each_offset(ap, [&](int64_t off) { (*flags)[static_cast<size_t>(off)] = true; });
}

void check_written(const AccessPattern& ap) {
  std::vector<bool>* flags = ap.buffer->written_flags();
  if (!flags) return;
  int64_t unwritten = -1;
  for_each_offset(ap, [&](int64_t off) {
    if (unwritten < 0 && !(*flags)[static_cast<size_t>(off)]) unwritten = off;
  });
  if (unwritten < 0) return;
  const Buffer& b = *ap.buffer;
  throw Error("strict mode: element " + format_shape(element_index(b, unwritten)) + " of '" +
              b.name() + "' is read but was never written");
}

}  // namespace nkic::rt
