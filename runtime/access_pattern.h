// The unit of the DMA API: a fully resolved access pattern over one Buffer's
// storage. Element [i0, .., ik] lives at offset + sum(ij * dims[j].step),
// counted in elements of the buffer's dtype; dims are outermost first and their
// counts are the logical shape. The interpreter resolves tensor views into
// access patterns; the generated C++ builds them directly.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/checked_int.h"
#include "runtime/machine.h"

namespace nkic::rt {

struct Dim {
  int64_t step = 0;
  int64_t count = 0;
  bool operator==(const Dim& o) const { return step == o.step && count == o.count; }
};

// One transfer moves at most this many elements: more than any buffer the
// memory limit admits holds, so only a pattern that repeats elements (a step
// of 0) can reach it, and walking it would take minutes.
constexpr int64_t kMaxPatternElements = int64_t{1} << 34;

// The element count of dims ({step, count} items): 0 when a count is 0,
// otherwise the product of the counts; an overflow is an Error. The one
// count of patterns, spans and pattern attributes.
template <typename Dims>
int64_t element_count(const Dims& dims) {
  for (const auto& d : dims) {
    if (d.count == 0) return 0;
  }
  int64_t n = 1;
  for (const auto& d : dims) n = checked_mul(n, d.count, "the element count of an access pattern");
  return n;
}

// The dims of a dense row-major tensor of `shape` (the last dim has step 1).
std::vector<Dim> row_major_dims(const int64_t* shape, size_t count);
inline std::vector<Dim> row_major_dims(const std::vector<int64_t>& shape) {
  return row_major_dims(shape.data(), shape.size());
}
inline std::vector<Dim> row_major_dims(const Extents& shape) {
  return row_major_dims(shape.data(), shape.size());
}

struct AccessPattern {
  Buffer* buffer = nullptr;
  int64_t offset = 0;
  std::vector<Dim> dims;
  // The rank messages name, when not the buffer's: a compiler checks the one
  // rank's trace it has as if each member of a replica group had made it.
  int shown_rank = -1;
  // The dtype the storage is read as when it is not the buffer's own (a
  // reinterpret cast: `.view(dtype)`, `.ap(dtype=)`); offset and steps then
  // count elements of this dtype.
  std::optional<DType> as_dtype = std::nullopt;
  // Per-row run-time offsets (vector_select, `.ap(vector_offset=)`): row p
  // of dim 0 starts at offset + (*row_offsets)[p], whatever dims[0].step
  // says. Only DMA copies take such patterns; row_of() splits them.
  std::shared_ptr<const std::vector<int64_t>> row_offsets = nullptr;

  DType dtype() const { return as_dtype ? *as_dtype : buffer->dtype(); }
  // The buffer's storage in whole elements of dtype().
  int64_t storage_elements() const;
  int rank() const { return shown_rank >= 0 ? shown_rank : buffer->rank(); }
  // The element count; an overflow is an Error.
  int64_t elements() const;
  std::vector<int64_t> shape() const;
  // Whether the elements are one contiguous run in row-major order.
  bool contiguous() const;
  // The lowest and highest element offsets touched (offset when empty); an
  // overflow is an Error (check_bounds first, and there is none).
  int64_t min_offset() const;
  int64_t max_offset() const;
  // "x (rank 0, sbuf) offset 4 pattern [[512, 128], [1, 512]]", for messages.
  std::string describe() const;
};

// Row p of a pattern with per-row offsets, as an ordinary pattern; an
// overflow of its offset is an Error.
AccessPattern row_of(const AccessPattern& ap, int64_t p);

// Calls fn(row) for each row of a pattern with per-row offsets, or fn(ap)
// once for any other pattern.
template <typename Fn>
void for_each_row(const AccessPattern& ap, Fn&& fn) {
  if (!ap.row_offsets) return fn(ap);
  for (int64_t p = 0; p < ap.dims[0].count; ++p) fn(row_of(ap, p));
}

// Calls fn(offset) for every element of the pattern, row-major over its dims.
template <typename Fn>
void for_each_offset(const AccessPattern& ap, Fn&& fn) {
  if (ap.row_offsets) {
    for_each_row(ap, [&](const AccessPattern& row) { for_each_offset(row, fn); });
    return;
  }
  const int64_t n = ap.elements();
  if (n == 0) return;
  std::vector<int64_t> idx(ap.dims.size(), 0);
  int64_t off = ap.offset;
  for (int64_t left = n; left > 0; --left) {
    fn(off);
    for (size_t d = idx.size(); d-- > 0;) {
      if (ap.dims[d].count == 1) continue;  // any step; bounds checks ignore it too
      off += ap.dims[d].step;
      if (++idx[d] < ap.dims[d].count) break;
      off -= ap.dims[d].step * ap.dims[d].count;
      idx[d] = 0;
    }
  }
}

// Throws Error when the pattern reaches outside its buffer's storage, or has
// more than kMaxPatternElements elements. Overflow-safe: a pattern whose
// extent does not fit in 64 bits is out of bounds.
void check_bounds(const AccessPattern& ap);

// The same elements in the same order with adjacent dims merged where they
// form one run, and count-1 dims dropped; the fast paths work on this form.
AccessPattern normalized(const AccessPattern& ap);

// Restricts dim `d` to [start, start + count).
AccessPattern sub_range(const AccessPattern& ap, int d, int64_t start, int64_t count);

}  // namespace nkic::rt
