// Tensor views: indexing with NumPy's and NKI's on-chip rules, reshape,
// `.ap()` and resolution into access patterns (see tensor.h).
#include "runtime/tensor.h"

#include <algorithm>

#include "runtime/checked_int.h"
#include "runtime/fill.h"
#include "runtime/format_util.h"
#include "runtime/strided.h"

namespace nkic::rt {
namespace {

constexpr const char* kViewOffset = "a tensor view's offset";
constexpr const char* kViewStride = "a tensor view's stride";
constexpr const char* kViewSize = "a tensor view's element count";

int64_t product(const Extents& v, size_t from = 0) {
  return checked_product(v.data(), v.size(), kViewSize, from);
}

// One dim of an index result: a kept/sliced/new dim, or an integer-selected
// dim that the on-chip rule may have to keep at size 1.
struct OutDim {
  int64_t size;
  int64_t stride;
  bool selected;     // came from an integer index
  bool source_dim0;  // the partition dim of the source
};

// nl.ds(start, size): exactly `size` elements from `start`, which NKI does
// not clip or wrap.
OutDim exact_slice_dim(const IndexItem& item, int64_t size, int64_t stride, int64_t* offset) {
  const int64_t start = item.start.value_or(0);
  const int64_t count = checked_sub(item.stop.value_or(start), start, "nl.ds");
  if (start < 0 || count < 0 || start > size || count > size - start) {
    throw Error("nl.ds(" + std::to_string(start) + ", " + std::to_string(count) +
                ") is out of bounds for a dim of size " + std::to_string(size));
  }
  if (count > 0) {
    *offset = checked_add(*offset, checked_mul(start, stride, kViewOffset), kViewOffset);
  }
  return {count, stride, false, false};
}

// NumPy's basic slicing (Python's slice.indices()). A dim of at most one
// element keeps the source's stride: its step is never walked.
// Inline: every slice of an index comes here.
[[gnu::always_inline]] inline OutDim slice_dim(const IndexItem& item, int64_t size, int64_t stride,
                                               int64_t* offset) {
  if (item.exact) return exact_slice_dim(item, size, stride, offset);
  const SliceSpan span = slice_span(item.start, item.stop, item.step, size);
  if (span.count > 0) {
    *offset = checked_add(*offset, checked_mul(span.start, stride, kViewOffset), kViewOffset);
  }
  const int64_t new_stride = span.count > 1 ? checked_mul(stride, span.step, kViewStride) : stride;
  return {span.count, new_stride, false, false};
}

// A count of `from` elements as a count of `to` elements (the same bytes);
// throws Error, with `what` and where() in the message, when it is not
// whole. `where` is called only then: a message is made only when it is
// shown.
template <typename Where>
int64_t rescale(int64_t n, DType from, DType to, const std::string& what, const Where& where) {
  const int64_t from_size = static_cast<int64_t>(dtype_size(from));
  const int64_t to_size = static_cast<int64_t>(dtype_size(to));
  const int64_t bytes = checked_mul(n, from_size, "a reinterpreted view's extent");
  if (bytes % to_size != 0) {
    throw Error(where() + ": " + what + " of " + std::to_string(n) + " " +
                std::string(dtype_name(from)) + " elements (" + std::to_string(bytes) +
                " bytes) is not a whole number of " + std::string(dtype_name(to)) + " elements (" +
                std::to_string(to_size) + " bytes each)");
  }
  return bytes / to_size;
}

}  // namespace

TensorView::TensorView(std::shared_ptr<Buffer> buffer)
    : buffer_(std::move(buffer)), shape_(buffer_->shape()), strides_(Extents::zeros(ndim())) {
  checked_row_major_strides(shape_.data(), shape_.size(), strides_.begin(), kViewStride);
}

int64_t TensorView::size() const {
  return product(shape_);
}

bool TensorView::contiguous() const {
  if (!scalar_offsets_.empty()) return false;
  if (size() <= 1) return true;
  int64_t expected = 1;
  for (size_t i = shape_.size(); i-- > 0;) {
    if (shape_[i] == 1) continue;
    if (strides_[i] != expected) return false;
    if (__builtin_mul_overflow(expected, shape_[i], &expected)) return false;
  }
  return true;
}

TensorView TensorView::index(const std::vector<IndexItem>& items) const {
  return index(items.data(), items.size());
}

TensorView TensorView::sliced(const IndexItem* items, size_t count) const {
  TensorView v;
  v.buffer_ = buffer_;
  if (!scalar_offsets_.empty()) v.scalar_offsets_ = scalar_offsets_;
  v.as_dtype_ = as_dtype_;
  int64_t offset = offset_;
  for (size_t k = 0; k < shape_.size(); ++k) {
    if (k < count) {
      const OutDim d = slice_dim(items[k], shape_[k], strides_[k], &offset);
      v.shape_.push_back(d.size);
      v.strides_.push_back(d.stride);
    } else {
      v.shape_.push_back(shape_[k]);
      v.strides_.push_back(strides_[k]);
    }
  }
  v.offset_ = offset;
  return v;
}

TensorView TensorView::index(const IndexItem* items, size_t count) const {
  using Kind = IndexItem::Kind;
  if (count <= static_cast<size_t>(ndim()) && !has_row_offsets() &&
      std::all_of(items, items + count,
                  [](const IndexItem& it) { return it.kind == Kind::slice; })) {
    return sliced(items, count);
  }
  int consumed = 0;
  int ellipses = 0;
  for (size_t k = 0; k < count; ++k) {
    const IndexItem& it = items[k];
    if (it.kind == Kind::integer || it.kind == Kind::slice) ++consumed;
    if (it.kind == Kind::ellipsis) ++ellipses;
  }
  if (ellipses > 1) throw Error("an index can only have a single ellipsis ('...')");
  if (consumed > ndim()) {
    throw Error("too many indices for tensor '" + name() + "': it is " + std::to_string(ndim()) +
                "-dimensional, but " + std::to_string(consumed) + " were indexed");
  }
  const bool on_chip = is_on_chip(kind());
  // The result's dims before the dropped ones go, on the stack.
  detail::SmallList<OutDim, 2 * detail::kInlineDims> out;
  int64_t offset = offset_;
  int dim = 0;
  auto take_full = [&](int n) {
    for (int k = 0; k < n; ++k, ++dim) {
      out.push_back({shape_[dim], strides_[dim], false, dim == 0});
    }
  };
  for (size_t k = 0; k < count; ++k) {
    const IndexItem& it = items[k];
    switch (it.kind) {
      case Kind::ellipsis:
        take_full(ndim() - consumed);
        break;
      case Kind::new_axis:
        out.push_back({1, 0, false, false});
        break;
      case Kind::integer: {
        const int64_t size = shape_[dim];
        const int64_t i = it.index < 0 ? it.index + size : it.index;
        if (i < 0 || i >= size) {
          throw Error("index " + std::to_string(it.index) + " is out of bounds for dim " +
                      std::to_string(dim) + " with size " + std::to_string(size));
        }
        offset = checked_add(offset, checked_mul(i, strides_[dim], kViewOffset), kViewOffset);
        out.push_back({1, strides_[dim], true, dim == 0});
        ++dim;
        break;
      }
      case Kind::slice: {
        OutDim d = slice_dim(it, shape_[dim], strides_[dim], &offset);
        d.source_dim0 = dim == 0;
        out.push_back(d);
        ++dim;
        break;
      }
    }
  }
  take_full(ndim() - dim);

  if (on_chip) {
    if (out.empty() || !out[0].source_dim0) {
      throw Error("indexing an " + std::string(mem_kind_name(kind())) +
                  " tensor cannot move the partition dim from position 0");
    }
    out[0].selected = false;  // the partition dim is never dropped
    size_t kept = static_cast<size_t>(
        std::count_if(out.begin(), out.end(), [](const OutDim& d) { return !d.selected; }));
    for (size_t i = out.size(); kept < 2 && i-- > 1;) {
      if (out[i].selected) {
        out[i].selected = false;  // keep the last selected free dim at size 1
        ++kept;
      }
    }
  }
  if (has_row_offsets() && (out.empty() || !out[0].source_dim0 || out[0].selected ||
                            out[0].size != shape_[0] || out[0].stride != strides_[0])) {
    throw Error("the partitions of '" + name() +
                "' are chosen at run time (vector_select): dim 0 can only be taken whole");
  }
  check_tensor_dims(static_cast<size_t>(
      std::count_if(out.begin(), out.end(), [](const OutDim& d) { return !d.selected; })));
  // The result from its parts: a copy of this view would copy the layout
  // only to clear it.
  TensorView v;
  v.buffer_ = buffer_;
  if (!scalar_offsets_.empty()) v.scalar_offsets_ = scalar_offsets_;
  v.as_dtype_ = as_dtype_;
  for (const OutDim& d : out) {
    if (d.selected) continue;
    v.shape_.push_back(d.size);
    v.strides_.push_back(d.stride);
  }
  v.offset_ = offset;
  return v;
}

TensorView TensorView::reshape(const std::vector<int64_t>& shape) const {
  check_tensor_dims(shape.size());
  int unknown = -1;
  int64_t known = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (unknown >= 0) throw Error("reshape: can only specify one unknown dimension");
      unknown = static_cast<int>(i);
    } else if (shape[i] < 0) {
      throw Error("reshape: negative dimension " + std::to_string(shape[i]) + " in shape " +
                  format_shape(shape));
    } else {
      known = checked_mul(known, shape[i], "reshape's shape");
    }
  }
  const int64_t n = size();
  std::vector<int64_t> resolved = shape;
  if (unknown >= 0) {
    if (known == 0 || n % known != 0) {
      throw Error("cannot reshape " + std::to_string(n) + " elements into shape " +
                  format_shape(shape));
    }
    resolved[static_cast<size_t>(unknown)] = n / known;
  } else if (known != n) {
    throw Error("cannot reshape " + std::to_string(n) + " elements into shape " +
                format_shape(shape));
  }
  const bool on_chip = is_on_chip(kind());
  if (on_chip) {
    if (resolved.size() < 2 || resolved[0] != shape_[0]) {
      throw Error("reshape of an " + std::string(mem_kind_name(kind())) +
                  " tensor must keep the partition dim " + std::to_string(shape_[0]) +
                  " first and stay at least 2-D, got shape " + format_shape(shape));
    }
  }
  // On chip each partition is its own memory: only the free dims must be
  // dense, and the partition stride is kept.
  TensorView free_part = *this;
  if (on_chip) {
    free_part.shape_ = std::vector<int64_t>(shape_.begin() + 1, shape_.end());
    free_part.strides_ = std::vector<int64_t>(strides_.begin() + 1, strides_.end());
  }
  if (!free_part.contiguous()) {
    throw Error("cannot reshape a non-contiguous view of '" + name() + "'");
  }
  TensorView v = *this;
  v.shape_ = resolved;
  v.strides_ = checked_row_major_strides(resolved, kViewStride);
  if (on_chip) v.strides_[0] = strides_[0];
  return v;
}

TensorView TensorView::ap(const std::vector<Dim>& pattern, std::optional<int64_t> offset,
                          std::optional<ScalarOffset> scalar_offset, int indirect_dim,
                          std::optional<DType> dtype) const {
  check_tensor_dims(pattern.size());
  const DType to = dtype.value_or(this->dtype());
  const auto cast = [&] {
    return "an access pattern reading '" + name() + "' (" +
           std::string(dtype_name(buffer_->dtype())) + ") as " + std::string(dtype_name(to));
  };
  for (const Dim& d : pattern) {
    if (d.count < 0) {
      throw Error("negative count " + std::to_string(d.count) + " in access pattern");
    }
  }
  const Extents& base = buffer_->shape();
  const bool on_chip = is_on_chip(kind());
  const std::string where = std::string(mem_kind_name(kind()));
  if (on_chip) {
    if (pattern.size() < 2) {
      throw Error("an access pattern on " + where +
                  " needs at least 2 pairs: the partition dim first, then the free dims");
    }
    const int64_t free = rescale(product(base, 1), buffer_->dtype(), to, "a partition", cast);
    if (pattern[0].count > 1 && pattern[0].step != free) {
      throw Error("on " + where +
                  ", the first pattern pair is the partition dim: its step must be " +
                  std::to_string(free) + " (the free elements per partition of '" + name() +
                  "'), not " + std::to_string(pattern[0].step));
    }
  }
  TensorView v = *this;
  v.shape_.clear();
  v.strides_.clear();
  for (const Dim& d : pattern) {
    v.shape_.push_back(d.count);
    v.strides_.push_back(d.step);
  }
  v.offset_ = offset ? *offset : rescale(offset_, this->dtype(), to, "the view's offset", cast);
  v.as_dtype_ = to == buffer_->dtype() ? std::nullopt : std::optional<DType>(to);
  v.scalar_offsets_.clear();  // the last .ap() wins
  if (scalar_offset) {
    // The indirect dim counts dims of the tensor .ap() is called on (a
    // reshaped view selects whole blocks of its own shape).
    const Extents& indexed = shape_;
    if (indirect_dim < 0 || indirect_dim >= static_cast<int>(indexed.size())) {
      throw Error("indirect_dim " + std::to_string(indirect_dim) + " is out of range for '" +
                  name() + "' with " + std::to_string(indexed.size()) + " dims");
    }
    if (scalar_offset->per_row) {
      if (on_chip) {
        throw Error("vector_offset needs an HBM tensor, '" + name() + "' is on " + where);
      }
      if (indirect_dim != 0) {
        throw Error("vector_offset works on indirect_dim 0 only, not " +
                    std::to_string(indirect_dim));
      }
      const int64_t offsets = scalar_offset->tensor->size();
      if (pattern.empty() || pattern[0].count > offsets) {
        throw Error("vector_offset '" + scalar_offset->tensor->name() + "' holds " +
                    std::to_string(offsets) + " offsets, the pattern's first pair counts " +
                    std::to_string(pattern.empty() ? 0 : pattern[0].count));
      }
    } else if (on_chip && indirect_dim == 0) {
      throw Error("scalar_offset on an " + where +
                  " tensor cannot select the partition dim (indirect_dim 0)");
    }
    ScalarOffset so = *scalar_offset;
    check_scalar_offset_source(so);
    const int64_t block = rescale(product(indexed, static_cast<size_t>(indirect_dim) + 1),
                                  this->dtype(), to, "a block of the indirect dim", cast);
    so.multiplier = checked_mul(so.multiplier, block, "a scalar offset's multiplier");
    v.scalar_offsets_.push_back(std::move(so));
  } else {
    v.resolve();  // bounds-checks the static pattern now
  }
  return v;
}

bool TensorView::has_row_offsets() const {
  for (const ScalarOffset& so : scalar_offsets_) {
    if (so.per_row) return true;
  }
  return false;
}

TensorView TensorView::vector_selected(std::shared_ptr<const TensorView> offsets) const {
  if (is_on_chip(kind())) {
    throw Error("vector_select needs an HBM tensor, '" + name() + "' is on " +
                std::string(mem_kind_name(kind())));
  }
  if (!scalar_offsets_.empty()) {
    throw Error("vector_select: '" + name() +
                "' already has a run-time offset; only one dynamic select is allowed per tensor");
  }
  ScalarOffset so{nullptr, std::move(offsets), strides_[0], true};
  check_scalar_offset_source(so);
  if (so.tensor->shape()[1] != 1) {
    throw Error("vector_select takes one offset per partition, shape (P, 1); '" +
                so.tensor->name() + "' has shape " + format_shape(so.tensor->shape()));
  }
  TensorView v = *this;
  v.shape_[0] = so.tensor->shape()[0];
  v.scalar_offsets_.push_back(std::move(so));
  return v;
}

TensorView TensorView::view_as(DType to) const {
  const auto where = [&] {
    return "view(" + std::string(dtype_name(to)) + ") of '" + name() + "' (" +
           std::string(dtype_name(dtype())) + ")";
  };
  if (!scalar_offsets_.empty()) {
    throw Error(where() +
                ": the view has a run-time offset (a dynamic select), which a "
                "reinterpret cast cannot follow");
  }
  TensorView v = *this;
  v.as_dtype_ = to == buffer_->dtype() ? std::nullopt : std::optional<DType>(to);
  if (dtype_size(to) == dtype_size(dtype())) return v;
  if (shape_.empty()) throw Error(where() + ": a 0-D view has no last dim to rescale");
  const size_t last = shape_.size() - 1;
  if (shape_[last] > 1 && strides_[last] != 1) {
    throw Error(where() + ": the last dim must be contiguous, it has stride " +
                std::to_string(strides_[last]));
  }
  v.shape_[last] = rescale(shape_[last], dtype(), to, "the last dim", where);
  v.strides_[last] = 1;
  for (size_t d = 0; d < last; ++d) {
    v.strides_[d] =
        rescale(strides_[d], dtype(), to, "the stride of dim " + std::to_string(d), where);
  }
  v.offset_ = rescale(offset_, dtype(), to, "the offset", where);
  v.resolve();  // bounds-checks the new pattern
  return v;
}

TensorView TensorView::relaid(std::vector<int64_t> shape, std::vector<int64_t> strides,
                              int64_t offset, std::optional<ScalarOffset> added) const {
  check_tensor_dims(shape.size());
  if (has_row_offsets() && (shape.empty() || shape[0] != shape_[0] || strides[0] != strides_[0])) {
    throw Error("the partitions of '" + name() +
                "' are chosen at run time (vector_select): dim 0 stays as it is");
  }
  TensorView v = *this;
  v.shape_ = std::move(shape);
  v.strides_ = std::move(strides);
  v.offset_ = offset;
  if (added) {
    check_scalar_offset_source(*added);
    v.scalar_offsets_.push_back(std::move(*added));
  }
  if (v.scalar_offsets_.empty()) v.resolve();  // bounds-checks the static pattern now
  return v;
}

void check_scalar_offset_source(const ScalarOffset& so) {
  if (so.per_row) {
    const TensorView& t = *so.tensor;
    const std::string what = "a vector_offset tensor";
    if (t.kind() != MemKind::sbuf) {
      throw Error(what + " must be on sbuf, '" + t.name() + "' is on " +
                  std::string(mem_kind_name(t.kind())));
    }
    if (t.ndim() != 2 || t.size() == 0) {
      throw Error(what + " holds offsets in P partitions, shape (P, N); '" + t.name() +
                  "' has shape " + format_shape(t.shape()));
    }
    if (is_float(t.dtype())) {
      throw Error(what + " must have an integer dtype, '" + t.name() + "' is " +
                  std::string(dtype_name(t.dtype())));
    }
    if (!t.scalar_offsets().empty() || t.reinterpreted()) {
      throw Error(what + " must be a plain view of its tensor, '" + t.name() +
                  "' has a run-time offset or another dtype");
    }
    return;
  }
  if (so.tensor) {
    if (so.tensor->size() != 1) {
      throw Error("a scalar_offset tensor must hold exactly one element, '" + so.tensor->name() +
                  "' has " + std::to_string(so.tensor->size()));
    }
    if (so.tensor->kind() != MemKind::sbuf) {
      throw Error("a scalar_offset tensor must be on sbuf, '" + so.tensor->name() + "' is on " +
                  std::string(mem_kind_name(so.tensor->kind())));
    }
    if (so.tensor->reinterpreted()) {
      throw Error("a scalar_offset tensor must be read as its own dtype, '" + so.tensor->name() +
                  "' is a " + std::string(dtype_name(so.tensor->buffer()->dtype())) +
                  " tensor viewed as " + std::string(dtype_name(so.tensor->dtype())));
    }
  } else if (!so.reg) {
    throw Error("a scalar_offset needs a register or a tensor");
  }
}

AccessPattern TensorView::resolve() const {
  AccessPattern ap;
  resolve_into(ap);
  return ap;
}

void TensorView::resolve_into(AccessPattern& ap) const {
  ap.buffer = buffer_.get();
  ap.offset = offset_;
  ap.shown_rank = -1;
  ap.as_dtype = as_dtype_;
  ap.row_offsets = nullptr;
  for (const ScalarOffset& so : scalar_offsets_) {
    if (so.per_row) {
      const AccessPattern src = so.tensor->resolve();
      ap.row_offsets = read_row_offsets(*src.buffer, src.offset, src.dims[0], src.dims[1].step,
                                        shape_[0], so.multiplier);
      continue;
    }
    int64_t value = 0;
    if (so.reg) {
      value = so.reg->value;
    } else {
      const AccessPattern src = so.tensor->resolve();
      value = read_element_i64(*src.buffer, src.offset);
    }
    ap.offset = add_run_time_offset(ap.offset, value, so.multiplier);
  }
  fill_dims(ap);
  check_bounds(ap);
}

void TensorView::fill_dims(AccessPattern& ap) const {
  // Field by field: a Dim built whole on the stack would be stored in halves
  // and read back at once.
  ap.dims.resize(shape_.size());
  for (size_t i = 0; i < shape_.size(); ++i) {
    ap.dims[i].step = strides_[i];
    ap.dims[i].count = shape_[i];
  }
}

AccessPattern TensorView::static_pattern(int shown_rank) const {
  AccessPattern ap;
  ap.buffer = buffer_.get();
  ap.offset = offset_;
  ap.shown_rank = shown_rank;
  ap.as_dtype = as_dtype_;
  fill_dims(ap);
  return ap;
}

std::string TensorView::describe() const {
  const std::string of =
      as_dtype_ ? " view of " + std::string(dtype_name(buffer_->dtype())) : std::string();
  std::string s = "'" + name() + "' (" + std::string(dtype_name(dtype())) + of + ", " +
                  std::string(mem_kind_name(kind())) + ", rank " + std::to_string(rank()) +
                  ") shape " + format_shape(shape_);
  if (!contiguous() || offset_ != 0) {
    s += " strides " + format_shape(strides_) + " offset " + std::to_string(offset_);
  }
  if (!scalar_offsets_.empty()) s += " + run-time offset";
  return s;
}

namespace {

template <typename T, typename Load>
std::vector<T> read_all(const TensorView& t, Load load) {
  const AccessPattern ap = t.resolve();
  std::vector<T> out;
  out.reserve(static_cast<size_t>(ap.elements()));
  if (ap.elements() == 0) return out;
  const std::byte* base = ap.buffer->data();
  const int64_t size = static_cast<int64_t>(dtype_size(ap.dtype()));
  for_each_offset(ap, [&](int64_t off) { out.push_back(load(ap.dtype(), base + off * size)); });
  return out;
}

}  // namespace

std::vector<double> read_f64(const TensorView& t) {
  return read_all<double>(t, load_f64);
}
std::vector<int64_t> read_i64(const TensorView& t) {
  return read_all<int64_t>(t, load_i64);
}

}  // namespace nkic::rt
