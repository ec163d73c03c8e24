// The element-moving engine under dma.h and collectives.h: strided spans
// over raw storage, copied chunk by chunk, where a chunk is the longest run
// both sides can take with one fixed step each. Per-dtype work is chosen once
// per call (dtype_traits.h), never per element. Internal to the runtime.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/access_pattern.h"

namespace nkic::rt::detail {

// Elements at base + (offset + sum(i_j * dims[j].step)) * dtype_size.
struct Span {
  std::byte* base = nullptr;
  DType dtype = DType::float32;
  int64_t offset = 0;
  std::vector<Dim> dims;  // normalized: no count-1 dims, at least one dim

  int64_t elements() const;
  bool contiguous() const { return dims.size() == 1 && (dims[0].step == 1 || dims[0].count <= 1); }
};

// An access pattern's storage; `for_write` marks the buffer written.
Span span_of(const AccessPattern& ap, bool for_write);
// A dense run of `n` elements at `data`.
Span dense_span(std::byte* data, DType dtype, int64_t n);

// Copies element i of src to element i of dst (row-major order on each side),
// converting through float32 when the dtypes differ. Equal element counts and
// no overlap are the caller's business.
void copy_span(const Span& dst, const Span& src);

enum class Combine : uint8_t { add, minimum, maximum };
// dst[i] = op(dst[i], src[i]); both spans of the same dtype, no overlap.
void combine_span(const Span& dst, const Span& src, Combine op);

// Row-major reads and writes of whole access patterns, for collectives.
std::vector<std::byte> gather_bytes(const AccessPattern& ap);
void scatter_bytes(const AccessPattern& dst, const std::vector<std::byte>& bytes);
std::vector<float> gather_f32(const AccessPattern& ap);
void scatter_f32(const AccessPattern& dst, const float* values);
std::vector<int64_t> gather_i64(const AccessPattern& ap);
// Wraps each value to the dtype (bool: nonzero becomes 1).
void scatter_i64(const AccessPattern& dst, const int64_t* values);

}  // namespace nkic::rt::detail
