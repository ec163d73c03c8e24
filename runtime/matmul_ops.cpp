// See matmul_ops.h. The matmul reads its tiles into dense float32 arrays and
// accumulates each output element over k in ascending order, one float32
// multiply and one float32 add per step: the interpreter and generated
// programs run this same code, so they get the same bits. The file is
// built with floating-point contraction off (runtime/CMakeLists.txt): a
// fused multiply-add would round once where this rounds twice.
#include <cstdio>
#include <cstring>

#include "runtime/device_ops.h"
#include "runtime/format_util.h"
#include "runtime/isa_members.h"
#include "runtime/strict.h"
#include "runtime/strided.h"
#include "runtime/tiles.h"

namespace nkic::rt {
namespace {

// The longest last dim of a hardware-DGE transpose's source (NKI's
// dma_transpose documentation).
constexpr int64_t kMaxHardwareDgeLastDim = 128;

void need_memory(const char* op, const char* role, const AccessPattern& ap, MemKind kind) {
  if (ap.buffer->kind() == kind) return;
  throw Error(std::string(op) + ": the " + role + " tile must be in " +
              std::string(mem_kind_name(kind)) + ", " + tile_text(ap) + " is not");
}

std::string value_text(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", double(v));
  return buf;
}

bool is_trn3(const AccessPattern& ap) { return ap.buffer->machine().platform().name == "trn3"; }

// The dtypes the Tensor Engine multiplies.
void need_matmul_dtype(const char* role, const AccessPattern& ap) {
  const DType t = ap.dtype();
  const bool ok = t == DType::float32 || t == DType::bfloat16 || t == DType::float16 ||
                  t == DType::float8_e4m3 || t == DType::float8_e5m2 ||
                  (t == DType::float8_e4m3fn && is_trn3(ap));
  if (ok) return;
  throw Error(std::string("nc_matmul: the ") + role + " tile " + tile_text(ap) +
              " has a dtype the Tensor Engine does not multiply (float32, bfloat16, float16, "
              "float8_e4m3, float8_e5m2" +
              (is_trn3(ap) ? ", float8_e4m3fn" : "; float8_e4m3fn from trn3 on") + ")");
}

// A dense row-major array of `shape` with its dims permuted: element
// [i_axes[0], ..] of the result is element [i_0, ..] of the source.
std::vector<std::byte> permuted(const std::vector<std::byte>& src, const std::vector<int64_t>& shape,
                                const std::vector<int>& axes, size_t esize) {
  const size_t n = shape.size();
  std::vector<int64_t> src_strides(n, 1);
  for (size_t d = n - 1; d-- > 0;) src_strides[d] = src_strides[d + 1] * shape[d + 1];
  std::vector<int64_t> out_shape(n), out_src_stride(n);
  for (size_t i = 0; i < n; ++i) {
    out_shape[i] = shape[static_cast<size_t>(axes[i])];
    out_src_stride[i] = src_strides[static_cast<size_t>(axes[i])];
  }
  std::vector<std::byte> out(src.size());
  std::vector<int64_t> idx(n, 0);
  int64_t from = 0;
  for (size_t k = 0; k < src.size() / esize; ++k) {
    std::memcpy(out.data() + k * esize, src.data() + static_cast<size_t>(from) * esize, esize);
    for (size_t d = n; d-- > 0;) {
      from += out_src_stride[d];
      if (++idx[d] < out_shape[d]) break;
      from -= out_src_stride[d] * out_shape[d];
      idx[d] = 0;
    }
  }
  return out;
}

// Writes the dense `bytes` (of `dtype`) into dst, converting; strict mode
// marks them written.
void write_dense(const AccessPattern& dst, std::vector<std::byte>& bytes, DType dtype) {
  detail::copy_span(detail::span_for_write(dst, /*overwrite=*/false),
                    detail::dense_span(bytes.data(), dtype, dst.elements()));
  note_write(dst);
}

// The source read whole, for a transpose: bounds and strict mode checked.
std::vector<std::byte> read_whole(const AccessPattern& src) {
  check_bounds(src);
  check_written(src);
  return detail::gather_bytes(src);
}

}  // namespace

std::vector<int> dma_transpose_axes(int ndim) {
  if (ndim == 2) return {1, 0};
  if (ndim == 3) return {2, 1, 0};
  if (ndim == 4) return {3, 1, 2, 0};
  return {};
}

// ---- nc_matmul ---------------------------------------------------------------

void NcMatmul::check(const OpOperands& o) const {
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& st = *o.srcs[0];
  const AccessPattern& mv = *o.srcs[1];
  need_memory("nc_matmul", "stationary", st, MemKind::sbuf);
  need_memory("nc_matmul", "moving", mv, MemKind::sbuf);
  need_memory("nc_matmul", "dst", dst, MemKind::psum);
  need_partition_dim("nc_matmul", "the stationary tile", st);
  need_partition_dim("nc_matmul", "the moving tile", mv);
  need_partition_dim("nc_matmul", "dst", dst);
  const int64_t k = st.dims[0].count, m = free_size(st);
  const int64_t k2 = mv.dims[0].count, n = free_size(mv);
  if (k != k2) {
    throw Error("nc_matmul: the stationary and moving tiles contract over their partition dim, "
                "and " + tile_text(st) + " has " + std::to_string(k) + " partitions where " +
                tile_text(mv) + " has " + std::to_string(k2));
  }
  if (k > row_size) {
    throw Error("nc_matmul: the contraction (partition) dim of " + std::to_string(k) +
                " exceeds the " + std::to_string(row_size) + " rows of the Tensor Engine tile");
  }
  if (m > column_size) {
    throw Error("nc_matmul: the stationary tile's free size " + std::to_string(m) + " exceeds the " +
                std::to_string(column_size) + " columns of the Tensor Engine tile " +
                "(nl.tile_size.gemm_stationary_fmax)");
  }
  const bool trn3 = is_trn3(dst);
  const DType out = dst.dtype();
  if (!(out == DType::float32 || (trn3 && out == DType::bfloat16) ||
        (is_transpose && out == st.dtype()))) {
    throw Error("nc_matmul: dst " + tile_text(dst) + " must be float32" +
                std::string(trn3 ? " or bfloat16" : " (bfloat16 from trn3 on)") +
                ": the Tensor Engine accumulates in float32");
  }
  if (dst.as_dtype) throw Error("nc_matmul: dst cannot be a reinterpreted view");
  const int64_t moving_max = !trn3 ? 512 : out == DType::bfloat16 ? 8192 : 4096;
  if (n > moving_max) {
    throw Error("nc_matmul: the moving tile's free size " + std::to_string(n) + " exceeds " +
                std::to_string(moving_max) +
                (trn3 ? " (the whole PSUM)" : " (one PSUM bank of float32, nl.tile_size.gemm_moving_fmax)"));
  }
  if (dst.dims[0].count != m || free_size(dst) != n) {
    throw Error("nc_matmul: dst " + tile_text(dst) + " must hold " + std::to_string(m) +
                " partitions of " + std::to_string(n) + " elements, stationary.T @ moving");
  }
  need_matmul_dtype("stationary", st);
  need_matmul_dtype("moving", mv);
  const bool st32 = st.dtype() == DType::float32, mv32 = mv.dtype() == DType::float32;
  if (st32 != mv32) {
    throw Error("nc_matmul: a float32 tile multiplies only a float32 tile, and the stationary is " +
                std::string(dtype_name(st.dtype())) + " where the moving is " +
                std::string(dtype_name(mv.dtype())));
  }
  const auto e4m3 = [](DType t) { return t == DType::float8_e4m3; };
  const auto e4m3fn = [](DType t) { return t == DType::float8_e4m3fn; };
  if ((e4m3(st.dtype()) && e4m3fn(mv.dtype())) || (e4m3fn(st.dtype()) && e4m3(mv.dtype()))) {
    throw Error("nc_matmul: float8_e4m3 and float8_e4m3fn cannot be mixed in one matmul");
  }
  if (is_transpose && n != k) {
    throw Error("nc_matmul: is_transpose multiplies by an identity matrix, so the moving tile must "
                "be " + std::to_string(k) + " x " + std::to_string(k) + ", not " +
                std::to_string(k) + " x " + std::to_string(n));
  }
}

void NcMatmul::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& st = *o.srcs[0];
  const AccessPattern& mv = *o.srcs[1];
  for (const AccessPattern* ap : {&dst, &st, &mv}) check_bounds(*ap);
  check_written(st);
  check_written(mv);
  const int64_t k = st.dims[0].count, m = free_size(st), n = free_size(mv);
  const std::vector<float> b = detail::gather_f32(mv);
  std::vector<float> acc(static_cast<size_t>(m * n), 0.0f);
  if (is_transpose) {
    for (int64_t r = 0; r < k; ++r) {
      for (int64_t c = 0; c < n; ++c) {
        const float v = b[static_cast<size_t>(r * n + c)];
        if (v != (r == c ? 1.0f : 0.0f)) {
          throw Error("nc_matmul: is_transpose needs an identity matrix as the moving tile, and " +
                      tile_text(mv) + " holds " + value_text(v) + " at [" +
                      std::to_string(r) + ", " + std::to_string(c) + "]");
        }
      }
    }
    // Every value exactly, NaN and infinities included: the bits move.
    std::vector<std::byte> t = permuted(read_whole(st), {k, m}, {1, 0}, dtype_size(st.dtype()));
    write_dense(dst, t, st.dtype());
    std::vector<bool>& flags = dst.buffer->matmul_flags();
    for_each_offset(dst, [&](int64_t off) { flags[static_cast<size_t>(off)] = true; });
    return;
  }
  const std::vector<float> a = detail::gather_f32(st);
  for (int64_t kk = 0; kk < k; ++kk) {
    const float* brow = b.data() + kk * n;
    for (int64_t mm = 0; mm < m; ++mm) {
      const float x = a[static_cast<size_t>(kk * m + mm)];
      float* out = acc.data() + mm * n;
      for (int64_t nn = 0; nn < n; ++nn) {
        const float p = x * brow[nn];
        out[nn] = out[nn] + p;
      }
    }
  }
  std::vector<bool>& flags = dst.buffer->matmul_flags();
  const bool reads = accumulate != kOverwrite;
  const std::vector<float> old = reads ? detail::gather_f32(dst) : std::vector<float>();
  size_t i = 0;
  for_each_offset(dst, [&](int64_t off) {
    const bool started = flags[static_cast<size_t>(off)];
    if (accumulate == kAdd && !started) {
      throw Error("nc_matmul: accumulate=True adds to PSUM element " +
                  format_shape(element_index(*dst.buffer, off)) + " of '" + dst.buffer->name() +
                  "', which no matmul has written since its allocation; the first matmul into "
                  "it must overwrite (accumulate=False)");
    }
    if (reads && started) acc[i] = old[i] + acc[i];
    flags[static_cast<size_t>(off)] = true;
    ++i;
  });
  detail::scatter_f32(dst, acc);
  note_write(dst);
}

std::string NcMatmul::text(const OpText& t) const {
  const char* mode[] = {"overwrite", "accumulate", "accumulate if written"};
  std::string s = t.dsts + " <- matmul(" + t.srcs + ") " + mode[accumulate];
  if (is_transpose) s += " is_transpose";
  if (row_size != 128 || column_size != 128) {
    s += " tile " + std::to_string(row_size) + "x" + std::to_string(column_size);
  }
  return s;
}

// ---- transposes --------------------------------------------------------------

void NcTranspose::check(const OpOperands& o) const {
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& src = *o.srcs[0];
  for (const AccessPattern* ap : {&dst, &src}) {
    if (!is_on_chip(ap->buffer->kind())) {
      throw Error("nc_transpose: tiles must be in SBUF or PSUM, " + tile_text(*ap) + " is not");
    }
  }
  need_partition_dim("nc_transpose", "data", src);
  need_partition_dim("nc_transpose", "dst", dst);
  // SBUF to PSUM is the Tensor Engine's (up to 128 x 128); the Vector
  // Engine moves the rest (up to 32 x 32).
  const bool tensor_engine =
      src.buffer->kind() == MemKind::sbuf && dst.buffer->kind() == MemKind::psum;
  const int64_t most = tensor_engine ? 128 : 32;
  const int64_t p = src.dims[0].count, f = free_size(src);
  if (p > most || f > most) {
    throw Error("nc_transpose: " + tile_text(src) + " is " + std::to_string(p) + " x " +
                std::to_string(f) + "; the " + (tensor_engine ? "Tensor" : "Vector") +
                " Engine transposes at most " + std::to_string(most) + " x " +
                std::to_string(most) +
                (tensor_engine ? "" : " (SBUF to PSUM goes through the Tensor Engine, up to 128)"));
  }
  if (dst.dtype() != src.dtype()) {
    throw Error("nc_transpose: dst " + tile_text(dst) + " must have the dtype of " +
                tile_text(src));
  }
  if (dst.dims[0].count != f || free_size(dst) != p) {
    throw Error("nc_transpose: dst " + tile_text(dst) + " must hold " + std::to_string(f) +
                " partitions of " + std::to_string(p) + " elements, the transpose of " +
                tile_text(src));
  }
}

void NcTranspose::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& src = *o.srcs[0];
  check_bounds(*o.dsts[0]);
  std::vector<std::byte> t = permuted(read_whole(src), {src.dims[0].count, free_size(src)},
                                      {1, 0}, dtype_size(src.dtype()));
  write_dense(*o.dsts[0], t, src.dtype());
}

std::string NcTranspose::text(const OpText& t) const { return t.dsts + " <- transpose(" + t.srcs + ")"; }

void DmaTranspose::check(const OpOperands& o) const {
  const AccessPattern& dst = *o.dsts[0];
  const AccessPattern& src = *o.srcs[0];
  if (dst.buffer->kind() != MemKind::sbuf) {
    throw Error("dma_transpose: dst must be in SBUF, " + tile_text(dst) + " is not");
  }
  if (src.buffer->kind() == MemKind::psum) {
    throw Error("dma_transpose: src must be in HBM or SBUF, " + tile_text(src) + " is not");
  }
  const std::vector<int> axes = dma_transpose_axes(static_cast<int>(src.dims.size()));
  if (axes.empty()) {
    throw Error("dma_transpose: src must be 2-D to 4-D, " + tile_text(src) + " is " +
                std::to_string(src.dims.size()) + "-D");
  }
  if (dst.dtype() != src.dtype()) {
    throw Error("dma_transpose: dst " + tile_text(dst) + " must have the dtype of " +
                tile_text(src));
  }
  // After the rank check: src has a last dim.
  if (dge_mode == isa::kDgeHardware) {
    if (dtype_size(src.dtype()) != 2) {
      throw Error("dma_transpose: a hardware-DGE transpose moves 2-byte elements, and " +
                  tile_text(src) + " is not");
    }
    if (src.dims.back().count > kMaxHardwareDgeLastDim) {
      throw Error("dma_transpose: a hardware-DGE transpose takes a last dim of at most " +
                  std::to_string(kMaxHardwareDgeLastDim) + ", " + tile_text(src) + " has " +
                  std::to_string(src.dims.back().count));
    }
  }
  std::vector<int64_t> want;
  for (int a : axes) want.push_back(src.dims[static_cast<size_t>(a)].count);
  if (dst.shape() != want) {
    throw Error("dma_transpose: dst " + tile_text(dst) + " must have shape " + format_shape(want) +
                ", the transpose of " + tile_text(src));
  }
}

void DmaTranspose::run(const OpOperands& o) const {
  check(o);
  const AccessPattern& src = *o.srcs[0];
  check_bounds(*o.dsts[0]);
  std::vector<std::byte> t = permuted(read_whole(src), src.shape(),
                                      dma_transpose_axes(static_cast<int>(src.dims.size())),
                                      dtype_size(src.dtype()));
  write_dense(*o.dsts[0], t, src.dtype());
}

std::string DmaTranspose::text(const OpText& t) const {
  return t.dsts + " <- dma_transpose(" + t.srcs + ")";
}

}  // namespace nkic::rt
