// Straight-line device instructions as data. A long run of instructions that
// did not reroll into a loop (a `range` loop with offsets that are not affine
// in its index, say) is emitted by nkic as constant tables of these records
// instead of C++ statements: one InstrRecord per instruction, with its
// operation's attributes, operands' access patterns, run-time offsets and
// source place as indices into shared pools. run_table() walks a range of the records, each
// instruction on every rank in turn, exactly as the statements nkic writes
// for short runs would, and locates a failure at the instruction's place.
// The C++ compiler then sees data, whose cost grows slowly with the kernel,
// instead of one function of a hundred thousand statements.
//
// The records are plain aggregates, so a table is a brace list the compiler
// reads quickly and a person can still read a line of.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "runtime/op_observer.h"
#include "runtime/access_pattern.h"
#include "runtime/device_ops.h"
#include "runtime/program.h"

namespace nkic::rt {

// A row is a device operation (device_ops.h), or the allocation or release
// of a tensor the kernel makes.
enum class RowKind : uint8_t { op, allocate, release };

// A run-time offset: multiplier * (registers[reg], or the integer value of
// element `element` of buffer slot `buffer`).
struct DynamicRecord {
  int32_t reg;
  int32_t buffer;
  int64_t element;
  int64_t multiplier;
};

// An access pattern over buffer slot `buffer`: offset + the run-time offsets
// dynamic[first_dynamic .. first_dynamic + dynamic_count), with the dims
// dims[first_dim .. first_dim + dim_count). buffer < 0: no operand. as_dtype
// >= 0: the buffer is read as DType(as_dtype), a reinterpret cast.
struct OperandRecord {
  int32_t buffer;
  int32_t first_dim;
  int32_t dim_count;
  int64_t offset;
  int32_t first_dynamic;
  int32_t dynamic_count;
  int32_t as_dtype;
};

// The most tensors of a kind (written, read) a row holds: device_ops.h's
// largest operand counts, with room to spare.
constexpr int32_t kMaxRowOperands = 4;

struct InstrRecord {
  RowKind kind;
  int32_t place;  // into InstrTable::places
  OperandRecord dst;  // the tensor written, or none
  OperandRecord src;  // the tensor read, or none
  int32_t reg_dst;    // the register written, or -1
  int32_t reg_src;    // the register read, or -1
  int32_t aux;        // op: into InstrTable::ops; allocate, release: the buffer slot
  // The tensors past the first of each kind (sendrecv's second tiles, a
  // second source): extra_dsts written, then extra_srcs read, from
  // InstrTable::operands[first_extra]. A row of one tensor of each kind
  // leaves them out of its initializer.
  int32_t first_extra = 0;
  int32_t extra_dsts = 0;
  int32_t extra_srcs = 0;
};

// A tensor the kernel allocates: its shape is shapes[first_dim ..
// first_dim + dim_count).
struct BufferRecord {
  MemKind kind;
  DType dtype;
  int32_t first_dim;
  int32_t dim_count;
  const char* name;
  int32_t program;  // whose SBUF or PSUM holds it under an LNC grid (0 for HBM)
};

// The pools one generated program's records index into.
struct InstrTable {
  const InstrRecord* instrs;
  const DeviceOp* ops;
  const Dim* dims;
  const DynamicRecord* dynamic;
  const SourcePlace* places;
  const BufferRecord* buffers;
  const int64_t* shapes;
  const OperandRecord* operands = nullptr;  // rows' tensors past their first of each kind
};

// What the instructions act on: buffer slot s of rank r is slots[s * ranks +
// r], and register g of rank r is registers[r * registers_per_rank + g].
struct TableState {
  Machine& machine;
  int ranks;
  std::shared_ptr<Buffer>* slots;
  int64_t* registers;
  int registers_per_rank;
  OpObserver* observer = nullptr;  // hears every row's operation
  // The ranks a row runs on: [first_rank, end_rank), end_rank < 0 meaning
  // every rank (a process of an MPI run holds only its share).
  int first_rank = 0;
  int end_rank = -1;
};

// Runs instrs[begin, end) of the table, each on the state's ranks in turn.
// Throws LocatedError at the failing instruction's place and rank.
void run_table(const InstrTable& table, size_t begin, size_t end, TableState& state);

// Allocates the tensor `decl` describes on `rank` into `slot`, freeing the
// slot's previous tensor first (a kernel run again allocates it anew), as
// the statement nkic writes for an allocation does.
void allocate_slot(Machine& machine, const BufferRecord& decl, const int64_t* shapes, int rank,
                   std::shared_ptr<Buffer>& slot);

// The offset of `o` on rank r, run-time offsets included, in checked
// arithmetic: an overflow is an Error, as in the interpreter.
int64_t operand_offset(const InstrTable& table, const OperandRecord& o, const TableState& state,
                       int rank);

}  // namespace nkic::rt
