// DMA copy and accumulate between access patterns (see dma.h), on top of the
// strided engine. Overlapping source and destination in one buffer behave as
// if the source were read completely first.
//
// A copy between two contiguous runs of one dtype, the common case of
// row-sized transfers, is recognised before any general machinery and costs
// one block move; nothing on the way allocates.
#include "runtime/dma.h"

#include <cstdint>
#include <cstring>

#include "runtime/strict.h"
#include "runtime/strided.h"
#include "runtime/thread_pool.h"

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
  if (a.dtype() == b.dtype()) {
    return a.min_offset() <= b.max_offset() && b.min_offset() <= a.max_offset();
  }
  // One storage read as two dtypes: compare byte ranges (both are in bounds,
  // so the products fit).
  const int64_t sa = static_cast<int64_t>(dtype_size(a.dtype()));
  const int64_t sb = static_cast<int64_t>(dtype_size(b.dtype()));
  return a.min_offset() * sa < (b.max_offset() + 1) * sb &&
         b.min_offset() * sb < (a.max_offset() + 1) * sa;
}

// The element count of a pattern that is one row-major run starting at its
// offset, or -1 when it is not (count-1 dims may have any step).
int64_t dense_run(const AccessPattern& ap) {
  int64_t run = 1;
  for (size_t i = ap.dims.size(); i-- > 0;) {
    const Dim& d = ap.dims[i];
    if (d.count == 1) continue;
    if (d.count == 0) return 0;
    if (d.step != run) return -1;
    if (__builtin_mul_overflow(run, d.count, &run)) return -1;  // the general path refuses it
  }
  return run;
}

// Copies a contiguous same-dtype transfer that lies in bounds and returns
// true; false leaves everything (checks included) to the general path.
bool copy_dense(const AccessPattern& dst, const AccessPattern& src) {
  if (dst.dtype() != src.dtype()) return false;
  const int64_t n = dense_run(dst);
  if (n <= 0 || n != dense_run(src)) return false;
  if (dst.offset < 0 || dst.offset > dst.storage_elements() - n) return false;
  if (src.offset < 0 || src.offset > src.storage_elements() - n) return false;
  const int64_t size = static_cast<int64_t>(dtype_size(dst.dtype()));
  // The source first: when both are one buffer, reading it makes its storage.
  const std::byte* s = src.buffer->data() + src.offset * size;
  const bool whole = dst.offset == 0 && n * size == dst.buffer->bytes();
  std::byte* d = (whole ? dst.buffer->data_for_overwrite() : dst.buffer->data_for_write()) +
                 dst.offset * size;
  const size_t bytes = static_cast<size_t>(n * size);
  const auto da = reinterpret_cast<uintptr_t>(d);
  const auto sa = reinterpret_cast<uintptr_t>(s);
  if (da + bytes <= sa || sa + bytes <= da) {
    // Apart: in pieces, on the pool's threads when large.
    split_dense(n, size, [&](int64_t first, int64_t count) {
      std::memcpy(d + first * size, s + first * size, static_cast<size_t>(count * size));
    });
  } else {
    std::memmove(d, s, bytes);  // one buffer, overlapping
  }
  return true;
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
  detail::copy_span(s.span, detail::span_of(src));
  return s;
}

// Only these fold; the other operations are no reductions.
detail::Combine to_combine(AluOp op) {
  if (op == AluOp::add) return detail::Combine::add;
  if (op == AluOp::minimum) return detail::Combine::minimum;
  if (op == AluOp::maximum) return detail::Combine::maximum;
  throw Error("dma_accumulate cannot fold with " + std::string(alu_op_name(op)));
}

// A copy where either side has per-row offsets (a gather or a scatter of
// partitions): the source read row by row into a dense temporary of the
// destination's dtype, then written out row by row.
void copy_rows(const AccessPattern& dst, const AccessPattern& src) {
  check_counts("dma_copy", dst, src);
  check_bounds(dst);
  check_bounds(src);
  const bool strict = dst.buffer->machine().strict();
  const int64_t size = static_cast<int64_t>(dtype_size(dst.dtype()));
  std::vector<std::byte> bytes(static_cast<size_t>(dst.elements() * size));
  int64_t at = 0;
  for_each_row(src, [&](const AccessPattern& row) {
    detail::copy_span(detail::dense_span(bytes.data() + at * size, dst.dtype(), row.elements()),
                      detail::span_of(row));
    if (strict) check_written(row);
    at += row.elements();
  });
  at = 0;
  for_each_row(dst, [&](const AccessPattern& row) {
    detail::copy_span(detail::span_for_write(row, /*overwrite=*/false),
                      detail::dense_span(bytes.data() + at * size, dst.dtype(), row.elements()));
    if (strict) note_write(row);
    at += row.elements();
  });
}

}  // namespace

void dma_copy(const AccessPattern& dst, const AccessPattern& src) {
  if (dst.row_offsets || src.row_offsets) return copy_rows(dst, src);
  if (!copy_dense(dst, src)) {
    check_counts("dma_copy", dst, src);
    check_bounds(dst);
    check_bounds(src);
    if (dst.elements() == 0) return;
    if (!overlaps(dst, src)) {
      const detail::Span s = detail::span_of(src);
      detail::copy_span(detail::span_for_write(dst, /*overwrite=*/true), s);
    } else {
      const Staged staged = stage(src, src.dtype());
      detail::copy_span(detail::span_for_write(dst, /*overwrite=*/false), staged.span);
    }
  }
  // Strict mode checks after the fact: a failed check ends the run anyway.
  if (dst.buffer->machine().strict()) {
    check_written(src);
    note_write(dst);
  }
}

void dma_accumulate(const AccessPattern& dst, const AccessPattern& src, AluOp op) {
  if (dst.row_offsets || src.row_offsets) {
    throw Error("dma_accumulate cannot take a pattern with per-partition offsets");
  }
  check_counts("dma_accumulate", dst, src);
  check_bounds(dst);
  check_bounds(src);
  if (dst.elements() == 0) return;
  check_written(src);
  check_written(dst);
  // The destination is read as well as written, so it never skips its fill.
  if (src.dtype() == dst.dtype() && !overlaps(dst, src)) {
    const detail::Span s = detail::span_of(src);
    detail::combine_span(detail::span_for_write(dst, /*overwrite=*/false), s, to_combine(op));
    return;
  }
  const Staged staged = stage(src, dst.dtype());
  detail::combine_span(detail::span_for_write(dst, /*overwrite=*/false), staged.span,
                       to_combine(op));
}

}  // namespace nkic::rt
