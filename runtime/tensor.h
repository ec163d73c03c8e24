// Tensors are views: a Buffer plus shape, strides and offset in elements, and
// optionally run-time offsets (`scalar_offset` of `.ap()`), read when the view
// is resolved into an AccessPattern at the moment a DMA uses it. Indexing,
// slicing, reshape and `.ap()` make new views and never copy.
//
// NKI's rules for on-chip tensors: on SBUF and PSUM the partition dim stays at
// position 0 and a view stays at least 2-D, so an integer index there keeps
// the dim with size 1 instead of dropping it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/access_pattern.h"

namespace nkic::rt {

// A device register (`ncc.rank_id()`, `nisa.register_alloc`). Its value is
// known while a rank runs; the compiler treats it as a run-time value.
struct Register {
  int64_t value = 0;
  std::string name;
};

class TensorView;

// A run-time offset: `multiplier * value`, where value is read from a
// register or from a 1x1 tensor (on SBUF) when the view is resolved.
struct ScalarOffset {
  std::shared_ptr<const Register> reg;
  std::shared_ptr<const TensorView> tensor;
  int64_t multiplier = 1;
};

// One item of an index expression: x[2], x[1:5:2], x[...], x[None], and
// x[nl.ds(start, size)], a window that must lie inside the dim (`exact`)
// where a slice would be clipped.
struct IndexItem {
  enum class Kind { integer, slice, ellipsis, new_axis } kind = Kind::integer;
  int64_t index = 0;                         // integer
  std::optional<int64_t> start, stop, step;  // slice
  bool exact = false;                        // slice: nl.ds(start, stop - start)
};

class TensorView {
 public:
  TensorView() = default;
  // The whole of a buffer, row-major.
  explicit TensorView(std::shared_ptr<Buffer> buffer);

  const std::shared_ptr<Buffer>& buffer() const { return buffer_; }
  DType dtype() const { return buffer_->dtype(); }
  MemKind kind() const { return buffer_->kind(); }
  int rank() const { return buffer_->rank(); }
  const std::string& name() const { return buffer_->name(); }
  const std::vector<int64_t>& shape() const { return shape_; }
  const std::vector<int64_t>& strides() const { return strides_; }
  int64_t offset() const { return offset_; }
  const std::vector<ScalarOffset>& scalar_offsets() const { return scalar_offsets_; }
  int ndim() const { return static_cast<int>(shape_.size()); }
  int64_t size() const;
  bool contiguous() const;  // row-major dense, no run-time offset

  // Indexing with NumPy's rules (negative indices count from the end; slices
  // clamp), plus the partition rules above. Throws Error for an index out of
  // range, too many indices or a zero step.
  TensorView index(const std::vector<IndexItem>& items) const;

  // A view of the same elements with a new shape (one -1 dim is inferred);
  // needs an equal element count and a contiguous view (on SBUF and PSUM,
  // contiguous within each partition, the partition dim kept first).
  TensorView reshape(const std::vector<int64_t>& shape) const;

  // `.ap()`: a view over the storage (not this view's shape): element [i..]
  // at offset + sum(i_j * pattern[j].step). `offset` replaces this view's
  // offset when given. A scalar offset adds value * prod(shape[indirect_dim+1:]).
  // The static part is bounds-checked here; the rest when resolved.
  TensorView ap(const std::vector<Dim>& pattern, std::optional<int64_t> offset,
                std::optional<ScalarOffset> scalar_offset, int indirect_dim) const;

  // The same storage under a new layout, for the view methods (permute,
  // broadcast, select, ...), which check their own rules; `added` is one
  // more run-time offset (a dynamic select). Static bounds are checked here.
  TensorView relaid(std::vector<int64_t> shape, std::vector<int64_t> strides, int64_t offset,
                    std::optional<ScalarOffset> added = std::nullopt) const;

  // Resolves run-time offsets (reading registers and tensors now) and checks
  // bounds. Throws Error when out of bounds.
  AccessPattern resolve() const;
  // The view's elements without its run-time offsets and unchecked, for
  // shape checks where no data exists; messages name `shown_rank` when >= 0.
  AccessPattern static_pattern(int shown_rank = -1) const;

  // "'x' (float32, sbuf, rank 1) shape [2, 8]", plus strides and offset when
  // not the whole buffer, for messages.
  std::string describe() const;

 private:
  std::shared_ptr<Buffer> buffer_;
  std::vector<int64_t> shape_;
  std::vector<int64_t> strides_;
  int64_t offset_ = 0;
  std::vector<ScalarOffset> scalar_offsets_;
};

// Throws unless `so` reads a register or a one-element tensor on SBUF.
void check_scalar_offset_source(const ScalarOffset& so);

// Reads a view's elements in row-major order, for printing and tests.
std::vector<double> read_f64(const TensorView& t);
std::vector<int64_t> read_i64(const TensorView& t);

}  // namespace nkic::rt
