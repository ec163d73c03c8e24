// The device operations, each described once. An operation is a struct of
// its attributes (the constants the kernel gave it) with
//   kName      its name in the ISA, in IR text and in messages;
//   kOperands  the tensors and registers it writes and reads;
//   kType      its C++ type's name, for generated code that builds it;
//   fields()   its attributes as a tuple: equality (loop rerolling merges
//              instructions whose attributes are equal) and the C++
//              initializer generated code writes are derived from it;
//   text()     its line of IR text, given its operands as text;
//   run()      what it does to one rank's memory and registers;
// and, where it has them, check() (shape checks a compiler makes once, with
// no data) and skips_out_of_bounds() (a transfer out of bounds is dropped).
// The interpreter runs an operation through run() on the patterns it
// resolves; generated code, statement or table row, calls the same run().
// DeviceOp lists them all; a consumer visits it, so an operation nobody
// handles does not compile.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "runtime/access_pattern.h"
#include "runtime/bit_cast.h"
#include "runtime/dma.h"
#include "runtime/fill.h"

namespace nkic::rt {

// The double whose bit pattern is `bits`, and back: how generated code
// writes a NaN with its sign and payload, which no literal spells.
inline double double_from_bits(uint64_t bits) { return bit_cast<double>(bits); }
inline uint64_t double_bits(double v) { return bit_cast<uint64_t>(v); }

// A constant as the kernel wrote it: an exact integer or a double.
struct Scalar {
  bool is_float = false;
  int64_t integer = 0;
  double real = 0;

  static Scalar of(int64_t v) { return Scalar{false, v, 0}; }
  static Scalar of(double v) { return Scalar{true, 0, v}; }
  // Floats compare by their bits: -0.0 and 0.0 (or two NaNs of different
  // signs) write different bytes, so loop rerolling must not merge them.
  bool operator==(const Scalar& o) const {
    return is_float == o.is_float &&
           (is_float ? double_bits(real) == double_bits(o.real) : integer == o.integer);
  }
  std::string text() const;  // "1", "0.5" (17 significant digits)
  // Why the value cannot be an element of `dtype` (fill.h's rules), or "".
  std::string fill_problem(DType dtype) const;
  // One element of `dtype` holding the value (floats through float32);
  // Error when it cannot.
  std::vector<std::byte> bytes(DType dtype) const;
};

// A read-only view of contiguous values: a vector's or a braced list's.
template <typename T>
class Span {
 public:
  Span() = default;
  // The list's array lives until the end of the full-expression that made
  // it, as long as the calls a Span is built for.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winit-list-lifetime"
#endif
  Span(std::initializer_list<T> list) : data_(list.begin()), size_(list.size()) {}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
  Span(const std::vector<T>& v) : data_(v.data()), size_(v.size()) {}  // NOLINT: implicit
  Span(const T* data, size_t size) : data_(data), size_(size) {}
  const T& operator[](size_t i) const {
    return data_[i];
  }
  size_t size() const {
    return size_;
  }
  bool empty() const {
    return size_ == 0;
  }
  const T* begin() const {
    return data_;
  }
  const T* end() const {
    return data_ + size_;
  }

 private:
  const T* data_ = nullptr;
  size_t size_ = 0;
};

// What one operation acts on, on one rank: the tensors it writes and reads,
// the registers it writes, and the values of the registers it reads.
struct OpOperands {
  Span<const AccessPattern*> dsts;
  Span<const AccessPattern*> srcs;
  Span<int64_t*> reg_dsts;
  Span<int64_t> reg_srcs;
  int rank = 0;
};

// The most operands of each kind an operation takes: what it writes and
// reads (an operation may take fewer, as register_move takes a constant
// instead of a source register).
struct OperandCounts {
  int dsts = 0, srcs = 0, reg_dsts = 0, reg_srcs = 0;
};

// An operation's operands as text, each list joined, for text().
struct OpText {
  std::string dsts, srcs, reg_dsts, reg_srcs;
};

// nisa.dma_copy (and nisa.tensor_copy): dsts[0] <- srcs[0], element by
// element in row-major order, converting the dtype through float32.
struct DmaCopy {
  static constexpr const char* kName = "dma_copy";
  static constexpr const char* kType = "DmaCopy";
  static constexpr OperandCounts kOperands{1, 1, 0, 0};
  bool oob_skip = false;  // oob_mode.skip
  // nisa.tensor_copy: a compute engine's copy, not a DMA's (the same bytes
  // move; the cost model prices it on the engine).
  bool on_engine = false;
  // The kernel's nisa.engine member (runtime/isa_members.h; 0: unknown):
  // on_engine, the engine that copies; else the one that triggers the DMA.
  int64_t engine = 0;
  int64_t dge_mode = 0;  // a DMA's nisa.dge_mode member

  auto fields() const { return std::tie(oob_skip, on_engine, engine, dge_mode); }
  bool skips_out_of_bounds() const { return oob_skip; }
  void check(const OpOperands& o) const;
  // Inline, as the simple operations' are: a generated statement then costs
  // what a direct rt::dma_copy would.
  void run(const OpOperands& o) const {
    if (on_engine) need_tiles(o);
    if (oob_skip && !(in_bounds(*o.dsts[0]) && in_bounds(*o.srcs[0]))) return;
    dma_copy(*o.dsts[0], *o.srcs[0]);
  }
  // A compute engine's copy (on_engine) moves tiles: both have a partition dim.
  static void need_tiles(const OpOperands& o);
  std::string text(const OpText& t) const;
};

// nisa.memset and the fill of nl.zeros/ones/full: every element of dsts[0]
// becomes the value.
struct Memset {
  static constexpr const char* kName = "memset";
  static constexpr const char* kType = "Memset";
  static constexpr OperandCounts kOperands{1, 0, 0, 0};
  Scalar value;
  int64_t engine = 0;  // the kernel's nisa.engine member (0: unknown)

  auto fields() const { return std::tie(value, engine); }
  // The value must be an element of the dtype (fill.h: an integer dtype
  // takes the integers of its range, a packed one only 0).
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.iota: element [p, f] of dsts[0] (p the partition, f the row-major
// index of the free dims) becomes offset + p * channel_multiplier +
// sum(index_k * step_k) over the pattern's dims at position f, computed in
// int32 arithmetic (wrapping) and converted to the dtype: rounded to a float
// dtype, exactly to an integer one, where a value out of its range is an
// Error (check() finds it when no sum wraps, run() otherwise).
struct Iota {
  static constexpr const char* kName = "iota";
  static constexpr const char* kType = "Iota";
  static constexpr OperandCounts kOperands{1, 0, 0, 0};
  static constexpr size_t kMaxDims = 4;  // the ISA's pattern is 4-D
  std::array<Dim, kMaxDims> pattern{};   // [step, count], padded with [0, 1]
  int64_t offset = 0;
  int64_t channel_multiplier = 0;

  auto fields() const { return std::tie(pattern, offset, channel_multiplier); }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// The int32 value an iota pattern (offset, channel_multiplier) gives element
// [p, f]: offset + p * channel_multiplier + sum(index_k * step_k), f's index
// in each pattern dim taken innermost last, every step wrapping in int32.
// nisa.iota writes it; nisa.affine_select compares it with 0.
int32_t affine_value(const std::array<Dim, Iota::kMaxDims>& pattern, int64_t offset,
                     int64_t channel_multiplier, int64_t p, int64_t f);

// nisa.register_move and register_alloc: reg_dsts[0] <- reg_srcs[0], or the
// constant when there is no source register.
struct RegisterMove {
  static constexpr const char* kName = "register_move";
  static constexpr const char* kType = "RegisterMove";
  static constexpr OperandCounts kOperands{0, 0, 1, 1};
  int64_t constant = 0;

  auto fields() const { return std::tie(constant); }
  void run(const OpOperands& o) const {
    *o.reg_dsts[0] = o.reg_srcs.empty() ? constant : o.reg_srcs[0];
  }
  std::string text(const OpText& t) const;
};

// nisa.register_load: reg_dsts[0] <- the integer in srcs[0] (one element).
struct RegisterLoad {
  static constexpr const char* kName = "register_load";
  static constexpr const char* kType = "RegisterLoad";
  static constexpr OperandCounts kOperands{0, 1, 1, 0};

  auto fields() const { return std::tie(); }
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.register_store: every element of dsts[0] <- reg_srcs[0], which must
// be an element of its dtype (fill.h's rules; a run-time Error otherwise).
struct RegisterStore {
  static constexpr const char* kName = "register_store";
  static constexpr const char* kType = "RegisterStore";
  static constexpr OperandCounts kOperands{1, 0, 0, 1};

  auto fields() const { return std::tie(); }
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// ncc.rank_id(): reg_dsts[0] <- the rank's global id.
struct RankId {
  static constexpr const char* kName = "rank_id";
  static constexpr const char* kType = "RankId";
  static constexpr OperandCounts kOperands{0, 0, 1, 0};

  auto fields() const { return std::tie(); }
  void run(const OpOperands& o) const { *o.reg_dsts[0] = o.rank; }
  std::string text(const OpText& t) const;
};

// ncc.collective_permute_implicit_current_processing_rank_id: reg_dsts[0]
// <- the rank whose data reaches this rank at ring step `iteration` (or
// reg_srcs[0], when the step is a register): the member that many places
// before it in its list, wrapping (step 0: itself; a negative step counts
// forward). `lists` holds each list of the replica group as its size then
// its ranks. A rank in no list is an Error.
struct RingRankId {
  static constexpr const char* kName = "current_processing_rank_id";
  static constexpr const char* kType = "RingRankId";
  static constexpr OperandCounts kOperands{0, 0, 1, 1};
  std::vector<int64_t> lists;
  int64_t iteration = 0;

  auto fields() const { return std::tie(lists, iteration); }
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

// nisa.core_barrier, once both programs of an LNC-2 rank have reached it:
// nothing moves (the scheduler or the program's order has met them); a cost
// model holds both programs here.
struct CoreBarrier {
  static constexpr const char* kName = "core_barrier";
  static constexpr const char* kType = "CoreBarrier";
  static constexpr OperandCounts kOperands{0, 0, 0, 0};

  auto fields() const { return std::tie(); }
  void run(const OpOperands&) const {}
  std::string text(const OpText&) const { return "programs 0 and 1 meet"; }
};

// nisa.sendrecv between the two programs of an LNC-2 rank, once both have
// called it: dsts[0] (program 0's) <- srcs[1] (program 1's) and dsts[1] <-
// srcs[0], as two DMA copies of equal element counts. Both sources are read
// before either destination is written, so a program may receive into the
// tile it sends.
struct LncExchange {
  static constexpr const char* kName = "sendrecv";
  static constexpr const char* kType = "LncExchange";
  static constexpr OperandCounts kOperands{2, 2, 0, 0};

  auto fields() const { return std::tie(); }
  void check(const OpOperands& o) const;
  void run(const OpOperands& o) const;
  std::string text(const OpText& t) const;
};

}  // namespace nkic::rt

#include "runtime/compute_ops.h"  // the element-wise engines, on the types above
#include "runtime/matmul_ops.h"   // the Tensor Engine and the transposes, likewise

namespace nkic::rt {

using DeviceOp =
    std::variant<DmaCopy, Memset, Iota, RegisterMove, RegisterLoad, RegisterStore, RankId,
                 RingRankId, CoreBarrier, LncExchange, NcMatmul, NcTranspose, DmaTranspose, TensorTensor,
                 TensorScalar, Activation, TensorReduce, AffineSelect, TensorCopyPredicated,
                 Exponential>;

// Attribute equality, from fields().
template <typename Op, typename = decltype(std::declval<const Op&>().fields())>
bool operator==(const Op& a, const Op& b) {
  return a.fields() == b.fields();
}
template <typename Op, typename = decltype(std::declval<const Op&>().fields())>
bool operator!=(const Op& a, const Op& b) {
  return !(a == b);
}

namespace detail {
template <typename Op, typename = void>
struct HasCheck : std::false_type {};
template <typename Op>
struct HasCheck<Op, std::void_t<decltype(std::declval<const Op&>().check(OpOperands{}))>>
    : std::true_type {};
template <typename Op, typename = void>
struct HasSkip : std::false_type {};
template <typename Op>
struct HasSkip<Op, std::void_t<decltype(std::declval<const Op&>().skips_out_of_bounds())>>
    : std::true_type {};
}  // namespace detail

// The operation's shape checks (none for most): the ones run() makes too
// that need no data, for a compiler. Throws Error.
template <typename Op>
void check_op(const Op& op, const OpOperands& o) {
  if constexpr (detail::HasCheck<Op>::value) op.check(o);
}

// Whether an out-of-bounds transfer of the operation is dropped, not an error.
template <typename Op>
bool skips_out_of_bounds(const Op& op) {
  if constexpr (detail::HasSkip<Op>::value) {
    return op.skips_out_of_bounds();
  } else {
    return false;
  }
}

const char* op_name(const DeviceOp& op);
OperandCounts operand_counts(const DeviceOp& op);
bool skips_out_of_bounds(const DeviceOp& op);
void check_op(const DeviceOp& op, const OpOperands& o);

// The operation on one rank (its run()).
void run_op(const DeviceOp& op, const OpOperands& o);

}  // namespace nkic::rt
