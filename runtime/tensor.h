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
#include "runtime/extents.h"

namespace nkic::rt {

// A device register (`ncc.rank_id()`, `nisa.register_alloc`). Its value is
// known while a rank runs; the compiler treats it as a run-time value.
struct Register {
  int64_t value = 0;
  std::string name;
};

class TensorView;

// A run-time offset: `multiplier * value`, where value is read from a
// register or from a 1x1 tensor (on SBUF) when the view is resolved. A
// per-row offset (vector_select, `.ap(vector_offset=)`) reads one value per
// partition from a (P, 1) SBUF tensor instead: row p of dim 0 moves by
// multiplier * tensor[p].
struct ScalarOffset {
  std::shared_ptr<const Register> reg;
  std::shared_ptr<const TensorView> tensor;
  int64_t multiplier = 1;
  bool per_row = false;
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
  // The dtype its elements are read as: the buffer's, unless reinterpreted.
  DType dtype() const { return as_dtype_ ? *as_dtype_ : buffer_->dtype(); }
  // Whether it reads the storage as a dtype other than the buffer's.
  bool reinterpreted() const { return as_dtype_.has_value(); }
  // Whether its rows (dim 0) each have their own run-time offset.
  bool has_row_offsets() const;
  MemKind kind() const { return buffer_->kind(); }
  int rank() const { return buffer_->rank(); }
  const std::string& name() const { return buffer_->name(); }
  const Extents& shape() const { return shape_; }
  const Extents& strides() const { return strides_; }
  int64_t offset() const { return offset_; }
  const std::vector<ScalarOffset>& scalar_offsets() const { return scalar_offsets_; }
  int ndim() const { return static_cast<int>(shape_.size()); }
  int64_t size() const;
  bool contiguous() const;  // row-major dense, no run-time offset

  // Indexing with NumPy's rules (negative indices count from the end; slices
  // clamp), plus the partition rules above. Throws Error for an index out of
  // range, too many indices or a zero step.
  TensorView index(const std::vector<IndexItem>& items) const;
  TensorView index(const IndexItem* items, size_t count) const;

  // A view of the same elements with a new shape (one -1 dim is inferred);
  // needs an equal element count and a contiguous view (on SBUF and PSUM,
  // contiguous within each partition, the partition dim kept first).
  TensorView reshape(const std::vector<int64_t>& shape) const;

  // `.ap()`: a view over the storage (not this view's shape): element [i..]
  // at offset + sum(i_j * pattern[j].step). `offset` replaces this view's
  // offset when given. A scalar offset adds value * prod(shape[indirect_dim+1:]).
  // The static part is bounds-checked here; the rest when resolved.
  // With `dtype` the storage is read as that dtype (a reinterpret cast):
  // pattern and offset count its elements, the inherited offset and the
  // scalar offset's multiplier are converted to them.
  TensorView ap(const std::vector<Dim>& pattern, std::optional<int64_t> offset,
                std::optional<ScalarOffset> scalar_offset, int indirect_dim,
                std::optional<DType> dtype = std::nullopt) const;

  // `.view(dtype)`: the same bytes read as `dtype`, as NumPy's ndarray.view:
  // the last dim (which must be contiguous) scales by the ratio of the
  // element sizes, the other strides and the offset are converted. Throws
  // Error where a size, stride or offset is not a whole number of the new
  // elements, and on a view with a run-time offset.
  TensorView view_as(DType dtype) const;

  // `.vector_select(0, offsets)` of an HBM view: row p of the result is row
  // offsets[p] of this view, read when the view is resolved; the result has
  // offsets.shape[0] rows. Throws Error unless `offsets` is a (P, 1) integer
  // tensor on SBUF and the view has no run-time offset yet.
  TensorView vector_selected(std::shared_ptr<const TensorView> offsets) const;

  // The same storage under a new layout, for the view methods (permute,
  // broadcast, select, ...), which check their own rules; `added` is one
  // more run-time offset (a dynamic select). Static bounds are checked here.
  TensorView relaid(std::vector<int64_t> shape, std::vector<int64_t> strides, int64_t offset,
                    std::optional<ScalarOffset> added = std::nullopt) const;

  // Resolves run-time offsets (reading registers and tensors now) and checks
  // bounds. Throws Error when out of bounds.
  AccessPattern resolve() const;
  // The same into `ap`, whose dims keep their storage: a caller resolving
  // operand after operand (the interpreter's device) allocates nothing.
  void resolve_into(AccessPattern& ap) const;
  // The view's elements without its run-time offsets and unchecked, for
  // shape checks where no data exists; messages name `shown_rank` when >= 0.
  AccessPattern static_pattern(int shown_rank = -1) const;

  // "'x' (float32, sbuf, rank 1) shape [2, 8]", plus strides and offset when
  // not the whole buffer, for messages.
  std::string describe() const;

 private:
  // ap.dims made this view's strides and shape.
  void fill_dims(AccessPattern& ap) const;
  // index() of slices alone, no more than the dims (`x[i:i + 1, :]`): no
  // dim is dropped, moved or added, so neither the partition dim's rule nor
  // the dims' count can fail, and each dim is its slice of the source's.
  TensorView sliced(const IndexItem* items, size_t count) const;

  std::shared_ptr<Buffer> buffer_;
  Extents shape_;
  Extents strides_;
  int64_t offset_ = 0;
  std::vector<ScalarOffset> scalar_offsets_;
  std::optional<DType> as_dtype_;  // set only when it differs from the buffer's
};

// Throws unless `so` reads a register or a one-element tensor on SBUF (per
// row: a (P, 1) integer tensor on SBUF).
void check_scalar_offset_source(const ScalarOffset& so);

// Reads a view's elements in row-major order, for printing and tests.
std::vector<double> read_f64(const TensorView& t);
std::vector<int64_t> read_i64(const TensorView& t);

}  // namespace nkic::rt
