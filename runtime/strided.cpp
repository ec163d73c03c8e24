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
  std::vector<int64_t> odometer_;
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

// NaN-propagating, as NumPy's minimum and maximum are.
template <Combine kOp, typename V>
V apply(V a, V b) {
  if constexpr (kOp == Combine::add) {
    return a + b;
  } else {
    if constexpr (std::is_floating_point_v<V>) {
      if (std::isnan(a) || std::isnan(b)) return a + b;
    }
    if constexpr (kOp == Combine::minimum) return b < a ? b : a;
    return a < b ? b : a;
  }
}

template <typename T, Combine kOp>
void combine_run(std::byte* d, int64_t ds, const std::byte* s, int64_t ss, int64_t n) {
  const int64_t step = static_cast<int64_t>(sizeof(typename T::storage));
  for (int64_t i = 0; i < n; ++i, d += ds * step, s += ss * step) {
    if constexpr (T::kType == DType::float32 || T::kType == DType::float16 ||
                  T::kType == DType::bfloat16) {
      T::store(d, T::from_f32(apply<kOp>(T::to_f32(T::load(d)), T::to_f32(T::load(s)))));
    } else {
      T::store(d, T::from_i64(apply<kOp>(T::to_i64(T::load(d)), T::to_i64(T::load(s)))));
    }
  }
}

}  // namespace

int64_t Span::elements() const {
  int64_t n = 1;
  for (const Dim& d : dims) n *= d.count;
  return n;
}

Span span_of(const AccessPattern& ap, bool for_write) {
  const AccessPattern n = normalized(ap);
  std::byte* base = for_write ? ap.buffer->data_for_write() : ap.buffer->data();
  return Span{base, ap.dtype(), n.offset, n.dims};
}

Span dense_span(std::byte* data, DType dtype, int64_t n) {
  return Span{data, dtype, 0, {Dim{1, n}}};
}

void copy_span(const Span& dst, const Span& src) {
  if (dst.elements() == 0) return;
  if (dst.dtype == src.dtype) {
    const size_t size = dtype_size(dst.dtype);
    if (dst.contiguous() && src.contiguous()) {
      std::memcpy(dst.base + dst.offset * static_cast<int64_t>(size),
                  src.base + src.offset * static_cast<int64_t>(size),
                  static_cast<size_t>(dst.elements()) * size);
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
  std::vector<std::byte> out(static_cast<size_t>(ap.elements()) * dtype_size(ap.dtype()));
  copy_span(dense_span(out.data(), ap.dtype(), ap.elements()), span_of(ap, false));
  return out;
}

void scatter_bytes(const AccessPattern& dst, const std::vector<std::byte>& bytes) {
  Span src = dense_span(const_cast<std::byte*>(bytes.data()), dst.dtype(), dst.elements());
  copy_span(span_of(dst, true), src);
}

std::vector<float> gather_f32(const AccessPattern& ap) {
  std::vector<float> out(static_cast<size_t>(ap.elements()));
  copy_span(dense_span(reinterpret_cast<std::byte*>(out.data()), DType::float32, ap.elements()),
            span_of(ap, false));
  return out;
}

void scatter_f32(const AccessPattern& dst, const float* values) {
  Span src = dense_span(reinterpret_cast<std::byte*>(const_cast<float*>(values)), DType::float32,
                        dst.elements());
  copy_span(span_of(dst, true), src);
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

void scatter_i64(const AccessPattern& dst, const int64_t* values) {
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
