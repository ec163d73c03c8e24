// DMA copy and accumulate between access patterns (see dma.h), on top of the
// strided engine. Overlapping source and destination in one buffer behave as
// if the source were read completely first.
#include "runtime/dma.h"

#include <cstring>

#include "runtime/strided.h"

namespace nkic::rt {
namespace {

void check_counts(std::string_view what, const AccessPattern& dst, const AccessPattern& src) {
  if (dst.elements() == src.elements()) return;
  throw Error(std::string(what) + " element count mismatch: dst has " +
              std::to_string(dst.elements()) + ", src has " + std::to_string(src.elements()) +
              " elements");
}

bool overlaps(const AccessPattern& a, const AccessPattern& b) {
  if (a.buffer != b.buffer || a.elements() == 0 || b.elements() == 0) return false;
  return a.min_offset() <= b.max_offset() && b.min_offset() <= a.max_offset();
}

// The source as a dense temporary of `dtype`, for when it cannot be read in place.
struct Staged {
  std::vector<std::byte> bytes;
  detail::Span span;
};

Staged stage(const AccessPattern& src, DType dtype) {
  Staged s;
  s.bytes.resize(static_cast<size_t>(src.elements()) * dtype_size(dtype));
  s.span = detail::dense_span(s.bytes.data(), dtype, src.elements());
  detail::copy_span(s.span, detail::span_of(src, false));
  return s;
}

detail::Combine to_combine(ReduceOp op) {
  switch (op) {
    case ReduceOp::add: return detail::Combine::add;
    case ReduceOp::minimum: return detail::Combine::minimum;
    case ReduceOp::maximum: return detail::Combine::maximum;
  }
  return detail::Combine::add;
}

}  // namespace

std::string_view reduce_op_name(ReduceOp op) {
  switch (op) {
    case ReduceOp::add: return "add";
    case ReduceOp::minimum: return "minimum";
    case ReduceOp::maximum: return "maximum";
  }
  return "?";
}

void dma_copy(const AccessPattern& dst, const AccessPattern& src) {
  check_counts("dma_copy", dst, src);
  check_bounds(dst);
  check_bounds(src);
  if (dst.elements() == 0) return;
  const detail::Span d = detail::span_of(dst, true);
  if (!overlaps(dst, src)) {
    detail::copy_span(d, detail::span_of(src, false));
    return;
  }
  const detail::Span s = detail::span_of(src, false);
  if (d.contiguous() && s.contiguous() && d.dtype == s.dtype) {
    const int64_t size = static_cast<int64_t>(dtype_size(d.dtype));
    std::memmove(d.base + d.offset * size, s.base + s.offset * size,
                 static_cast<size_t>(d.elements() * size));
    return;
  }
  const Staged staged = stage(src, src.dtype());
  detail::copy_span(d, staged.span);
}

void dma_accumulate(const AccessPattern& dst, const AccessPattern& src, ReduceOp op) {
  check_counts("dma_accumulate", dst, src);
  check_bounds(dst);
  check_bounds(src);
  if (dst.elements() == 0) return;
  const detail::Span d = detail::span_of(dst, true);
  if (src.dtype() == dst.dtype() && !overlaps(dst, src)) {
    detail::combine_span(d, detail::span_of(src, false), to_combine(op));
    return;
  }
  const Staged staged = stage(src, dst.dtype());
  detail::combine_span(d, staged.span, to_combine(op));
}

}  // namespace nkic::rt
