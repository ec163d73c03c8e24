// Strict mode's per-element written flags (see strict.h).
#include "runtime/strict.h"

#include "runtime/format_util.h"

namespace nkic::rt {
namespace {

// Calls fn(e) for each element of the buffer's own dtype that the pattern's
// element at `off` covers: one, unless the pattern reinterprets the storage.
template <typename Fn>
void for_each_covered(const AccessPattern& ap, int64_t off, Fn&& fn) {
  if (!ap.as_dtype) return fn(off);
  const int64_t size = static_cast<int64_t>(dtype_size(*ap.as_dtype));
  const int64_t own = static_cast<int64_t>(dtype_size(ap.buffer->dtype()));
  const int64_t first = off * size / own;
  const int64_t end = ((off + 1) * size + own - 1) / own;
  for (int64_t e = first; e < end; ++e) fn(e);
}

}  // namespace

void note_write(const AccessPattern& ap) {
  std::vector<bool>* flags = ap.buffer->written_flags();
  if (!flags) return;
  for_each_offset(ap, [&](int64_t off) {
    for_each_covered(ap, off, [&](int64_t e) { (*flags)[static_cast<size_t>(e)] = true; });
  });
}

void note_write_where(const AccessPattern& ap, const std::vector<bool>& which) {
  std::vector<bool>* flags = ap.buffer->written_flags();
  if (!flags) return;
  size_t i = 0;
  for_each_offset(ap, [&](int64_t off) {
    if (which[i++]) {
      for_each_covered(ap, off, [&](int64_t e) { (*flags)[static_cast<size_t>(e)] = true; });
    }
  });
}

void check_written(const AccessPattern& ap) {
  std::vector<bool>* flags = ap.buffer->written_flags();
  if (!flags) return;
  int64_t unwritten = -1;
  for_each_offset(ap, [&](int64_t off) {
    for_each_covered(ap, off, [&](int64_t e) {
      if (unwritten < 0 && !(*flags)[static_cast<size_t>(e)]) unwritten = e;
    });
  });
  if (unwritten < 0) return;
  const Buffer& b = *ap.buffer;
  throw Error("strict mode: element " + format_shape(element_index(b, unwritten)) + " of '" +
              b.name() + "' is read but was never written");
}

}  // namespace nkic::rt
