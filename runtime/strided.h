// The element-moving engine under dma.h and collectives.h: strided spans
// over raw storage, copied chunk by chunk, where a chunk is the longest run
// both sides can take with one fixed step each. Per-dtype work is chosen once
// per call (dtype_traits.h), never per element. Internal to the runtime.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "runtime/access_pattern.h"

namespace nkic::rt::detail {

// A short list kept inline, so that a DMA's bookkeeping allocates nothing:
// access patterns rarely have more than a few dims. Longer lists spill to
// the heap.
template <typename T, size_t kInline>
class SmallList {
 public:
  SmallList() = default;
  SmallList(size_t n, const T& value) {
    for (size_t i = 0; i < n; ++i) push_back(value);
  }

  // Inline while the list fits, which is nearly always.
  void push_back(const T& v) {
    if (size_ < kInline) {
      inline_[size_++] = v;
      return;
    }
    spill(v);
  }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* begin() { return size_ > kInline ? spill_.data() : inline_.data(); }
  T* end() { return begin() + size_; }
  const T* begin() const { return size_ > kInline ? spill_.data() : inline_.data(); }
  const T* end() const { return begin() + size_; }
  T& operator[](size_t i) { return begin()[i]; }
  const T& operator[](size_t i) const { return begin()[i]; }
  T& back() { return begin()[size_ - 1]; }
  const T& back() const { return begin()[size_ - 1]; }

 private:
  [[gnu::noinline]] void spill(const T& v) {
    if (size_ == kInline) spill_.assign(inline_.begin(), inline_.end());
    spill_.push_back(v);
    ++size_;
  }

  std::array<T, kInline> inline_;  // only the first size_ are ever read
  std::vector<T> spill_;
  size_t size_ = 0;
};

// Dims kept inline: more than any kernel of ours uses.
constexpr size_t kInlineDims = 8;
using Dims = SmallList<Dim, kInlineDims>;

// Elements at base + (offset + sum(i_j * dims[j].step)) * dtype_size.
struct Span {
  std::byte* base = nullptr;
  DType dtype = DType::float32;
  int64_t offset = 0;
  Dims dims;  // normalized: no count-1 dims, at least one dim

  int64_t elements() const;
  bool contiguous() const { return dims.size() == 1 && (dims[0].step == 1 || dims[0].count <= 1); }
};

// An access pattern's dims in Span form (normalized, see access_pattern.h).
Dims normalized_dims(const AccessPattern& ap);

// An access pattern's storage, to read.
Span span_of(const AccessPattern& ap);
// An access pattern's storage, to write (marks the buffer written). When the
// pattern covers its whole buffer once in order and `overwrite`, the caller
// promises to write every element before reading any, so a first touch
// skips the uninitialized fill.
Span span_for_write(const AccessPattern& ap, bool overwrite);
// A dense run of `n` elements at `data`.
Span dense_span(std::byte* data, DType dtype, int64_t n);

// Copies element i of src to element i of dst (row-major order on each side),
// converting through float32 when the dtypes differ. Equal element counts and
// no overlap are the caller's business.
void copy_span(const Span& dst, const Span& src);

enum class Combine : uint8_t { add, minimum, maximum };
// dst[i] = op(dst[i], src[i]); both spans of the same dtype, no overlap.
void combine_span(const Span& dst, const Span& src, Combine op);

// Row-major reads and writes of whole access patterns, for collectives and
// the engines. A write takes exactly dst's element count of values (else an
// Error: never a read past their end).
std::vector<std::byte> gather_bytes(const AccessPattern& ap);
void scatter_bytes(const AccessPattern& dst, const std::vector<std::byte>& bytes);
std::vector<float> gather_f32(const AccessPattern& ap);
void scatter_f32(const AccessPattern& dst, const std::vector<float>& values);
std::vector<int64_t> gather_i64(const AccessPattern& ap);
// Wraps each value to the dtype (bool: nonzero becomes 1).
void scatter_i64(const AccessPattern& dst, const std::vector<int64_t>& values);

}  // namespace nkic::rt::detail
