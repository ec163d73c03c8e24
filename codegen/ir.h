// The specialized device program: what one kernel does for given shapes,
// dtypes, ranks and constant arguments, with the meta-program evaluated away.
// One instruction per ISA or collective operation, every access pattern fully
// resolved (buffer, offset, [step, count] pairs) except for run-time offsets
// (a register, or one element of a tensor read when the instruction runs).
// Loops over nl ranges whose bodies are affine in the loop index stay loops:
// offsets are then affine expressions of the enclosing loop variables.
//
// The program is SPMD: the same instructions run on every rank, each on its
// own buffers and registers; collectives name their replica groups.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "frontend/source.h"
#include "runtime/access_pattern.h"
#include "runtime/collectives.h"
#include "runtime/device_ops.h"
#include "runtime/dtype.h"
#include "runtime/machine.h"
#include "runtime/overloaded.h"

namespace nkic::codegen {

// constant + sum(coefficient * loop variable), loop variables by id.
struct Affine {
  int64_t constant = 0;
  std::vector<std::pair<int, int64_t>> terms;  // (loop var, coefficient), coefficient != 0

  bool is_constant() const { return terms.empty(); }
  bool operator==(const Affine& o) const { return constant == o.constant && terms == o.terms; }
};

// Buffer and register ids are unique within a Program and increase along
// Program::buffers / registers; they need not be dense (buffers merged by
// rerolling or never used are dropped).
struct BufferDecl {
  int id = 0;
  rt::MemKind kind = rt::MemKind::hbm;
  rt::DType dtype = rt::DType::float32;
  std::vector<int64_t> shape;
  std::string name;  // as in the kernel (may be empty); sanitised by the emitter
  int input = -1;    // index into Program::inputs when this buffer holds a kernel input
  SourceRange where;  // where it was allocated (invalid for inputs)
  int program = 0;    // under an LNC grid: whose SBUF or PSUM holds it (0 for HBM)
};

struct RegisterDecl {
  int id = 0;
  SourceRange where;  // where the kernel made it
};

// A run-time offset: multiplier * (a register's value, or the integer value of
// one element of a buffer, read when the instruction runs). Per row
// (vector_select): row i of the operand's dim 0 moves by multiplier * the
// buffer's element `element + (i % partitions) * row_step + (i / partitions)
// * column_step`, for i < rows (rt::read_row_offsets).
struct DynamicOffset {
  int reg = -1;     // a register id, or
  int buffer = -1;  // a buffer id and the element's offset in it
  Affine element;
  int64_t multiplier = 1;
  bool per_row = false;
  int64_t row_step = 0;
  int64_t partitions = 0;
  int64_t column_step = 0;
  int64_t rows = 0;
};

// A resolved access pattern: element [i0..ik] of the operand is element
// offset + sum(ij * dims[j].step) (+ dynamic offsets) of the buffer.
struct Operand {
  int buffer = 0;
  Affine offset;
  std::vector<rt::Dim> dims;
  std::vector<DynamicOffset> dynamic;
  // The dtype the buffer is read as when not its own (a reinterpret cast);
  // offset and steps count its elements.
  std::optional<rt::DType> as_dtype;
};

// The lifetime instructions: the program allocates a tensor where the
// kernel does, and frees it after its last use (lifetimes.h).
struct Allocate {
  static constexpr const char* kName = "allocate";
  bool operator==(const Allocate&) const { return true; }
};
struct Release {
  static constexpr const char* kName = "release";
  bool operator==(const Release&) const { return true; }
};

// What an instruction does: a device operation (runtime/device_ops.h), a
// collective, or a lifetime instruction. Every attribute is here; every id
// an instruction refers to is among its operands, so passes that rename
// buffers and registers walk the operands alone.
using InstrOp = std::variant<rt::DeviceOp, rt::CollectiveOp, Allocate, Release>;

struct Instr {
  InstrOp op;
  SourceRange where;  // the call in the kernel source
  std::vector<Operand> dsts;  // tensors written
  std::vector<Operand> srcs;  // tensors read
  std::vector<int> reg_dsts;  // registers written
  std::vector<int> reg_srcs;  // registers read
  int buffer = -1;            // the tensor an allocate or release is about
  int program = -1;           // the LNC program that issued it (--lnc 2); -1 without a grid

  const char* name() const;
  template <typename T>
  const T* as() const {
    return std::get_if<T>(&op);
  }
};

struct Loop;
// A node of the program body: an instruction or a loop.
using Node = std::variant<Instr, std::unique_ptr<Loop>>;

struct Loop {
  int var = 0;  // the loop variable's id, used by Affine terms in the body
  int64_t count = 0;
  SourceRange where;  // the `for` statement
  std::vector<Node> body;
};

// A kernel parameter holding a tensor: the program reads it from a .npy file.
struct Input {
  std::string name;
  int buffer = 0;
};

// What the program writes out per rank: the returned tensors (named after
// the returned variables, ret{i} without one), then the inputs it wrote.
struct Output {
  std::string name;
  Operand view;  // read row-major over its dims
};

struct Program {
  std::string file;    // the kernel file as given on the command line
  std::string kernel;  // the kernel's name
  int ranks = 1;
  // The programs each rank runs (--lnc): the body holds program 0's
  // instructions, then program 1's, which is the order nkirun runs them in.
  int lnc = 1;
  std::string platform;  // "trn2", "trn3"
  std::vector<BufferDecl> buffers;
  std::vector<RegisterDecl> registers;
  std::vector<Input> inputs;
  std::vector<Output> outputs;
  std::vector<Node> body;
  // Loop variable ids are 0 .. loop_vars-1: a loop's variable is its nesting
  // depth, so sibling loops share ids and only enclosing loops are in scope.
  int loop_vars = 0;

  const BufferDecl* find_buffer(int id) const;
  const RegisterDecl* find_register(int id) const;
};

// The program as text, one instruction per line, loops indented, each
// instruction with its FILE:LINE (`nkic emit --dump-ir`).
std::string print_ir(const Program& p);

}  // namespace nkic::codegen
