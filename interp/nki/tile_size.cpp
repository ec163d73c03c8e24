// nl.tile_size: the hardware's tile limits as kernels read them, often at
// import time (`P_MAX = nl.tile_size.pmax`). The values follow NKI's
// documentation; the memory sizes come from the platform the kernel runs on
// (--platform), so a kernel sizes its tiles to the machine that checks them.
#include "interp/nki/args.h"

namespace nkic::interp::nki {
namespace {

// A PSUM bank is 2 KiB of each partition: 512 float32 accumulators.
constexpr int64_t kPsumBankBytes = 2048;
constexpr int64_t kF32Bytes = 4;
// The Tensor Engine's operand limits and BN_STATS' input limit, in elements.
constexpr int64_t kGemmStationaryFmax = 128;
constexpr int64_t kGemmMovingFmax = 512;
constexpr int64_t kBnStatsFmax = 512;
// Byte alignment of a free-dim address: a PSUM accumulator is 4 bytes wide;
// SBUF addresses any byte.
constexpr int64_t kPsumMinAlign = 4;
constexpr int64_t kSbufMinAlign = 1;

}  // namespace

Value::Module tile_size_module(const rt::Platform& platform) {
  auto m = new_module("nki.language.tile_size");
  auto& f = m->scope->vars;
  const int64_t psum_bank_fmax = kPsumBankBytes / kF32Bytes;
  f["pmax"] = Value(int64_t{platform.partitions});
  // Deprecated by NKI, which keeps it as the bank's free size too.
  f["psum_fmax"] = Value(psum_bank_fmax);
  f["psum_bank_fmax"] = Value(psum_bank_fmax);
  f["psum_bank_fmax_bytes"] = Value(kPsumBankBytes);
  f["psum_num_banks"] = Value(platform.psum_partition_bytes / kPsumBankBytes);
  f["gemm_stationary_fmax"] = Value(kGemmStationaryFmax);
  f["gemm_moving_fmax"] = Value(kGemmMovingFmax);
  f["bn_stats_fmax"] = Value(kBnStatsFmax);
  f["psum_min_align"] = Value(kPsumMinAlign);
  f["sbuf_min_align"] = Value(kSbufMinAlign);
  f["sbuf_size_bytes"] = Value(platform.sbuf_partition_bytes * platform.partitions);
  f["sbuf_fmax_bytes"] = Value(platform.sbuf_partition_bytes);
  f["sbuf_fmax"] = Value(platform.sbuf_partition_bytes / kF32Bytes);
  // Deprecated by NKI: despite its name, the usable bytes of one partition.
  f["total_available_sbuf_size"] = Value(platform.sbuf_partition_bytes);
  return m;
}

}  // namespace nkic::interp::nki
