// The chunked strided engine (see strided.h). A Cursor walks one side's runs
// (its innermost dim) with an odometer over the outer dims; copy and combine
// hand each chunk, the overlap of the two sides' current runs, to a kernel
// templated on the element types, so the inner loops are tight and free of
// dtype switches.
#include "runtime/strided.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "runtime/dtype_traits.h"
#include "runtime/thread_pool.h"

namespace nkic::rt::detail {
namespace {

class Cursor {
 public:
  explicit Cursor(const Span& s)
      : span_(s),
        esize_(static_cast<int64_t>(dtype_size(s.dtype))),
        inner_(s.dims.back()),
        odometer_(s.dims.size() - 1, 0),
        run_start_(s.offset),
        pos_(s.offset),
        left_(inner_.count) {}

  std::byte* ptr() const { return span_.base + pos_ * esize_; }
  int64_t step() const { return inner_.step; }
  int64_t left() const { return left_; }

  void advance(int64_t n) {
    if (n < left_) {
      pos_ += n * inner_.step;
      left_ -= n;
      return;
    }
    for (size_t d = odometer_.size(); d-- > 0;) {
      const Dim& dim = span_.dims[d];
      run_start_ += dim.step;
      if (++odometer_[d] < dim.count) break;
      run_start_ -= dim.step * dim.count;
      odometer_[d] = 0;
    }
    pos_ = run_start_;
    left_ = inner_.count;
  }

 private:
  const Span& span_;
  int64_t esize_;
  Dim inner_;
  SmallList<int64_t, kInlineDims> odometer_;
  int64_t run_start_;
  int64_t pos_;
  int64_t left_;
};

// Calls kernel(dst_ptr, dst_step, src_ptr, src_step, n) over matching chunks.
template <typename Kernel>
void for_each_chunk(const Span& dst, const Span& src, Kernel&& kernel) {
  Cursor d(dst);
  Cursor s(src);
  for (int64_t remaining = dst.elements(); remaining > 0;) {
    const int64_t n = std::min(d.left(), s.left());
    kernel(d.ptr(), d.step(), s.ptr(), s.step(), n);
    d.advance(n);
    s.advance(n);
    remaining -= n;
  }
}

template <size_t kSize>
void copy_same(std::byte* d, int64_t ds, const std::byte* s, int64_t ss, int64_t n) {
  if (ds == 1 && ss == 1) {
    std::memcpy(d, s, static_cast<size_t>(n) * kSize);
    return;
  }
  const int64_t db = ds * static_cast<int64_t>(kSize);
  const int64_t sb = ss * static_cast<int64_t>(kSize);
  for (int64_t i = 0; i < n; ++i, d += db, s += sb) std::memcpy(d, s, kSize);
}

template <typename D, typename S>
void copy_convert(std::byte* d, int64_t ds, const std::byte* s, int64_t ss, int64_t n) {
  const int64_t db = ds * static_cast<int64_t>(sizeof(typename D::storage));
  const int64_t sb = ss * static_cast<int64_t>(sizeof(typename S::storage));
  for (int64_t i = 0; i < n; ++i, d += db, s += sb) {
    D::store(d, D::from_f32(S::to_f32(S::load(s))));
  }
}

// NaN-propagating, as NumPy's minimum and maximum are. Written as selects,
// not branches, so that dense loops of it vectorize.
template <Combine kOp, typename V>
V apply(V a, V b) {
  if constexpr (kOp == Combine::add) {
    return a + b;
  } else {
    const V picked = kOp == Combine::minimum ? (b < a ? b : a) : (a < b ? b : a);
    if constexpr (std::is_floating_point_v<V>) {
      return std::isnan(a) || std::isnan(b) ? a + b : picked;
    }
    return picked;
  }
}

template <typename T, Combine kOp>
void combine_run(std::byte* d, int64_t ds, const std::byte* s, int64_t ss, int64_t n) {
  const int64_t step = static_cast<int64_t>(sizeof(typename T::storage));
  for (int64_t i = 0; i < n; ++i, d += ds * step, s += ss * step) {
    if constexpr (T::kType == DType::float32 || T::kType == DType::float16 ||
                  T::kType == DType::bfloat16 || T::kType == DType::float8_e4m3 ||
                  T::kType == DType::float8_e4m3fn || T::kType == DType::float8_e5m2 ||
                  T::kType == DType::float8_e8m0fnu) {
      T::store(d, T::from_f32(apply<kOp>(T::to_f32(T::load(d)), T::to_f32(T::load(s)))));
    } else {
      T::store(d, T::from_i64(apply<kOp>(T::to_i64(T::load(d)), T::to_i64(T::load(s)))));
    }
  }
}

// Elements per block of the dense combine: a constant trip count lets the
// compiler vectorize the block at -O2 (its cheap cost model refuses loops
// that would need a scalar epilogue).
constexpr int64_t kCombineBlock = 64;

template <typename T, Combine kOp>
void combine_dense_block(std::byte* __restrict d, const std::byte* __restrict s, int64_t n) {
  using V = typename T::storage;
  for (int64_t i = 0; i < n; ++i) {
    V a, b;
    std::memcpy(&a, d + i * static_cast<int64_t>(sizeof(V)), sizeof(V));
    std::memcpy(&b, s + i * static_cast<int64_t>(sizeof(V)), sizeof(V));
    a = apply<kOp>(a, b);
    std::memcpy(d + i * static_cast<int64_t>(sizeof(V)), &a, sizeof(V));
  }
}

// dst[i] = op(dst[i], src[i]) over two dense runs of float32 (whose
// arithmetic needs no conversion), block by block.
template <Combine kOp>
void combine_dense_f32(std::byte* d, const std::byte* s, int64_t n) {
  constexpr int64_t kBytes = kCombineBlock * static_cast<int64_t>(sizeof(float));
  int64_t i = 0;
  for (; i + kCombineBlock <= n; i += kCombineBlock, d += kBytes, s += kBytes) {
    combine_dense_block<F32, kOp>(d, s, kCombineBlock);
  }
  combine_dense_block<F32, kOp>(d, s, n - i);
}

}  // namespace

int64_t Span::elements() const { return element_count(dims); }

Dims normalized_dims(const AccessPattern& ap) {
  if (ap.row_offsets) throw Error("internal: a pattern with per-row offsets given to a strided copy");
  Dims out;
  if (ap.elements() == 0) {
    out.push_back({1, 0});
    return out;
  }
  for (const Dim& d : ap.dims) {
    if (d.count == 1) continue;
    int64_t span = 0;  // checked: the pattern may not have been bounds-checked
    if (!out.empty() && !__builtin_mul_overflow(d.step, d.count, &span) && out.back().step == span) {
      out.back() = {d.step, out.back().count * d.count};
      continue;
    }
    out.push_back(d);
  }
  if (out.empty()) out.push_back({1, 1});
  return out;
}

Span span_of(const AccessPattern& ap) {
  return Span{ap.buffer->data(), ap.dtype(), ap.offset, normalized_dims(ap)};
}

Span span_for_write(const AccessPattern& ap, bool overwrite) {
  Span s{nullptr, ap.dtype(), ap.offset, normalized_dims(ap)};
  const bool whole = s.offset == 0 && s.contiguous() &&
                     s.elements() * static_cast<int64_t>(dtype_size(s.dtype)) == ap.buffer->bytes();
  s.base = overwrite && whole ? ap.buffer->data_for_overwrite() : ap.buffer->data_for_write();
  return s;
}

Span dense_span(std::byte* data, DType dtype, int64_t n) {
  Span s{data, dtype, 0, {}};
  s.dims.push_back(Dim{1, n});
  return s;
}

void copy_span(const Span& dst, const Span& src) {
  if (dst.elements() == 0) return;
  if (const std::string problem = conversion_problem(dst.dtype, src.dtype); !problem.empty()) {
    throw Error(problem);
  }
  if (dst.dtype == src.dtype) {
    const size_t size = dtype_size(dst.dtype);
    if (dst.contiguous() && src.contiguous()) {
      const int64_t esize = static_cast<int64_t>(size);
      std::byte* d = dst.base + dst.offset * esize;
      const std::byte* s = src.base + src.offset * esize;
      split_dense(dst.elements(), esize, [&](int64_t first, int64_t n) {
        std::memcpy(d + first * esize, s + first * esize, static_cast<size_t>(n * esize));
      });
      return;
    }
    switch (size) {
      case 1: for_each_chunk(dst, src, copy_same<1>); return;
      case 2: for_each_chunk(dst, src, copy_same<2>); return;
      default: for_each_chunk(dst, src, copy_same<4>); return;
    }
  }
  dispatch(dst.dtype, [&](auto dt) {
    dispatch(src.dtype, [&](auto st) {
      using D = typename decltype(dt)::type;
      using S = typename decltype(st)::type;
      for_each_chunk(dst, src, copy_convert<D, S>);
    });
  });
}

void combine_span(const Span& dst, const Span& src, Combine op) {
  if (dst.elements() == 0) return;
  if (is_packed(dst.dtype)) throw_packed_value(dst.dtype);
  if (const std::string problem = conversion_problem(dst.dtype, src.dtype); !problem.empty()) {
    throw Error(problem);
  }
  if (dst.dtype == DType::float32 && dst.contiguous() && src.contiguous()) {
    constexpr int64_t kSize = static_cast<int64_t>(sizeof(float));
    std::byte* d = dst.base + dst.offset * kSize;
    const std::byte* s = src.base + src.offset * kSize;
    split_dense(dst.elements(), kSize, [&](int64_t first, int64_t n) {
      std::byte* dp = d + first * kSize;
      const std::byte* sp = s + first * kSize;
      switch (op) {
        case Combine::add:
          combine_dense_f32<Combine::add>(dp, sp, n);
          return;
        case Combine::minimum:
          combine_dense_f32<Combine::minimum>(dp, sp, n);
          return;
        case Combine::maximum:
          combine_dense_f32<Combine::maximum>(dp, sp, n);
          return;
      }
    });
    return;
  }
  dispatch(dst.dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    switch (op) {
      case Combine::add: for_each_chunk(dst, src, combine_run<T, Combine::add>); return;
      case Combine::minimum: for_each_chunk(dst, src, combine_run<T, Combine::minimum>); return;
      case Combine::maximum: for_each_chunk(dst, src, combine_run<T, Combine::maximum>); return;
    }
  });
}

std::vector<std::byte> gather_bytes(const AccessPattern& ap) {
  const size_t size = dtype_size(ap.dtype());
  std::vector<std::byte> out(static_cast<size_t>(ap.elements()) * size);
  size_t at = 0;
  for_each_row(ap, [&](const AccessPattern& row) {
    copy_span(dense_span(out.data() + at * size, row.dtype(), row.elements()), span_of(row));
    at += static_cast<size_t>(row.elements());
  });
  return out;
}

namespace {

// A write of `count` items of `unit` bytes (or values, unit 1) into dst: a
// count other than dst's elements is the caller's bug, refused before a byte
// moves rather than read past the items' end.
void need_values(const AccessPattern& dst, size_t count, size_t unit = 1) {
  if (count % unit == 0 && count / unit == static_cast<size_t>(dst.elements())) return;
  throw Error("internal error: " + std::to_string(count / unit) + " values to write into the " +
              std::to_string(dst.elements()) + " elements of " + dst.describe());
}

}  // namespace

void scatter_bytes(const AccessPattern& dst, const std::vector<std::byte>& bytes) {
  need_values(dst, bytes.size(), dtype_size(dst.dtype()));
  Span src = dense_span(const_cast<std::byte*>(bytes.data()), dst.dtype(), dst.elements());
  copy_span(span_for_write(dst, /*overwrite=*/true), src);
}

std::vector<float> gather_f32(const AccessPattern& ap) {
  std::vector<float> out(static_cast<size_t>(ap.elements()));
  copy_span(dense_span(reinterpret_cast<std::byte*>(out.data()), DType::float32, ap.elements()),
            span_of(ap));
  return out;
}

void scatter_f32(const AccessPattern& dst, const std::vector<float>& values) {
  need_values(dst, values.size());
  Span src = dense_span(reinterpret_cast<std::byte*>(const_cast<float*>(values.data())),
                        DType::float32, dst.elements());
  copy_span(span_for_write(dst, /*overwrite=*/true), src);
}

std::vector<int64_t> gather_i64(const AccessPattern& ap) {
  const std::vector<std::byte> bytes = gather_bytes(ap);
  std::vector<int64_t> out(static_cast<size_t>(ap.elements()));
  dispatch(ap.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const std::byte* p = bytes.data();
    for (int64_t& v : out) {
      v = T::to_i64(T::load(p));
      p += sizeof(typename T::storage);
    }
  });
  return out;
}

void scatter_i64(const AccessPattern& dst, const std::vector<int64_t>& values) {
  need_values(dst, values.size());
  std::vector<std::byte> bytes(static_cast<size_t>(dst.elements()) * dtype_size(dst.dtype()));
  dispatch(dst.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    std::byte* p = bytes.data();
    for (size_t i = 0; i < static_cast<size_t>(dst.elements()); ++i) {
      T::store(p, T::from_i64(values[i]));
      p += sizeof(typename T::storage);
    }
  });
  scatter_bytes(dst, bytes);
}

}  // namespace nkic::rt::detail
