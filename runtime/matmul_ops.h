// The Tensor Engine's operations and the transposes (nisa.nc_matmul,
// nisa.nc_transpose, nisa.dma_transpose), each described as device_ops.h
// describes an operation. This header is part of device_ops.h, which
// includes it where its DeviceOp list needs these types: include
// device_ops.h, not this one.
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace nkic::rt {

// nisa.nc_matmul: dsts[0] (PSUM, [M, N...]) = srcs[0].T @ srcs[1], the
// stationary [K, M...] and the moving [K, N...] tiles (SBUF; free dims
// flattened). Each product and sum is a float32 operation, k ascending, and
// the result is rounded once to the destination's dtype. `accumulate` adds
// to what is there (add), replaces it (overwrite), or (automatic) adds where
// a matmul has written the element since its allocation and replaces
// elsewhere. With is_transpose the moving tile must be an identity matrix
// and dst gets the stationary tile transposed, every value exactly.
struct NcMatmul {
  static constexpr const char* kName = "nc_matmul";
  static constexpr const char* kType = "NcMatmul";
  static constexpr OperandCounts kOperands{1, 2, 0, 0};
  enum : int64_t { kOverwrite = 0, kAdd = 1, kAutomatic = 2 };
  int64_t accumulate = kAutomatic;
  bool is_transpose = false;
  // Tiling mode: the stationary tile fits a (row_size, column_size) tile of
  // the 128x128 array; both 128 when not tiled.
  int64_t row_size = 128;
  int64_t column_size = 128;

  auto fields() const { return std::tie(accumulate, is_transpose, row_size, column_size); }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.nc_transpose: dsts[0][f, p] = srcs[0][p, f] (the free dims of the
// source flattened), the same dtype, every value exactly.
struct NcTranspose {
  static constexpr const char* kName = "nc_transpose";
  static constexpr const char* kType = "NcTranspose";
  static constexpr OperandCounts kOperands{1, 1, 0, 0};
  int64_t engine = 0;  // the kernel's nisa.engine member (0: unknown)

  auto fields() const { return std::tie(engine); }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.dma_transpose: dsts[0] = srcs[0] with its dims permuted by the ISA's
// fixed permutation for its rank: (1, 0), (2, 1, 0) or (3, 1, 2, 0).
struct DmaTranspose {
  static constexpr const char* kName = "dma_transpose";
  static constexpr const char* kType = "DmaTranspose";
  static constexpr OperandCounts kOperands{1, 1, 0, 0};
  int64_t dge_mode = 0;  // the kernel's nisa.dge_mode member (0: unknown)

  auto fields() const { return std::tie(dge_mode); }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// The permutation dma_transpose applies to a tensor of `ndim` dims; empty
// for a rank it does not take.
std::vector<int> dma_transpose_axes(int ndim);

}  // namespace nkic::rt
