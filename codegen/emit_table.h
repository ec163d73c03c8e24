// Instructions as data for the C++ backend (emit_cpp.h): collects the
// instructions of straight-line runs as rows of runtime/instr_table.h's
// records, deduplicating what they share (operations' attributes, dims,
// source places), and writes the constant tables they index into as C++.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "codegen/ir.h"

namespace nkic::codegen {

// Whether an instruction can be a row: not a collective, at most
// rt::kMaxRowOperands tensors of each kind and one register, and every
// offset constant (no loop variable in it; run-time offsets are fine).
bool fits_table(const Instr& i);

class TableWriter {
 public:
  // Buffer id -> slot: its index in program.buffers.
  explicit TableWriter(const Program& program);

  // Appends the row of `i` (fits_table(i)); returns its index.
  int64_t add(const Instr& i);
  int64_t rows() const { return static_cast<int64_t>(rows_.size()); }
  int slot(int buffer) const { return slots_.at(buffer); }

  // The tables at namespace scope (kOps, kDims, kDynamic, kPlaces, kShapes,
  // kBuffers, kOperands, kInstrs and kTable), or "" when there is no row.
  std::string render() const;

 private:
  std::string operand(const Operand* o);
  int32_t place(const SourceRange& r, int program);
  int32_t dims(const std::vector<rt::Dim>& dims);
  int32_t op(const rt::DeviceOp& op);

  const Program& p_;
  std::map<int, int> slots_;
  std::vector<std::string> rows_;
  std::vector<rt::Dim> dims_;
  std::map<std::string, int32_t> dims_index_;  // by dims_expr()
  std::vector<std::string> dynamic_;
  std::vector<std::string> operands_;  // rows' tensors past their first of each kind
  std::vector<std::string> places_;
  std::map<std::tuple<const void*, int, int, int, int, int>, int32_t> places_index_;
  std::vector<std::string> ops_;
  std::map<std::string, int32_t> ops_index_;  // by op_literal()
};

}  // namespace nkic::codegen
