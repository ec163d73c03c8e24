// See emit_table.h. One row per instruction, as rt::InstrRecord's aggregate
// initializer; the pools are written once, after every row is known. A pool
// nothing uses still gets one row, since C++ has no empty arrays.
#include "codegen/emit_table.h"

#include "codegen/cpp_literals.h"
#include "codegen/cpp_names.h"
#include "runtime/instr_table.h"

namespace nkic::codegen {
namespace {

bool constant(const Operand& o) {
  if (!o.offset.is_constant()) return false;
  for (const DynamicOffset& d : o.dynamic) {
    if (!d.element.is_constant() || d.per_row) return false;
  }
  return true;
}

// The row's kind, or false for an instruction that is never a row: a
// collective (lowered to loops over members, emit_collectives.h), or an
// operation with more operands of a kind than a row holds.
bool row_kind(const Instr& i, const char** kind) {
  return std::visit(Overloaded{[&](const rt::DeviceOp&) {
                                 *kind = "op";
                                 return i.dsts.size() <= rt::kMaxRowOperands &&
                                        i.srcs.size() <= rt::kMaxRowOperands &&
                                        i.reg_dsts.size() <= 1 && i.reg_srcs.size() <= 1;
                               },
                               [&](const rt::CollectiveOp&) { return false; },
                               [&](const Allocate&) {
                                 *kind = "allocate";
                                 return true;
                               },
                               [&](const Release&) {
                                 *kind = "release";
                                 return true;
                               }},
                    i.op);
}

std::string array(const std::string& decl, const std::vector<std::string>& rows,
                  const std::string& empty_row) {
  std::string s = decl + " = {\n";
  for (const std::string& r : rows) s += "    " + r + ",\n";
  if (rows.empty()) s += "    " + empty_row + ",  // unused\n";
  return s + "};\n";
}

}  // namespace

bool fits_table(const Instr& i) {
  const char* kind = nullptr;
  if (!row_kind(i, &kind)) return false;
  for (const Operand& o : i.dsts) {
    if (!constant(o)) return false;
  }
  for (const Operand& o : i.srcs) {
    if (!constant(o)) return false;
  }
  return true;
}

TableWriter::TableWriter(const Program& program) : p_(program) {
  for (size_t s = 0; s < program.buffers.size(); ++s) {
    slots_[program.buffers[s].id] = static_cast<int>(s);
  }
}

std::string TableWriter::operand(const Operand* o) {
  if (o == nullptr) return "{-1, 0, 0, 0, 0, 0, -1}";
  const int32_t first_dynamic = static_cast<int32_t>(dynamic_.size());
  for (const DynamicOffset& d : o->dynamic) {
    dynamic_.push_back("{" + std::to_string(d.reg) + ", " +
                       std::to_string(d.buffer >= 0 ? slot(d.buffer) : -1) + ", " +
                       int_literal(d.element.constant) + ", " + int_literal(d.multiplier) + "}");
  }
  return "{" + std::to_string(slot(o->buffer)) + ", " + std::to_string(dims(o->dims)) + ", " +
         std::to_string(o->dims.size()) + ", " + int_literal(o->offset.constant) + ", " +
         std::to_string(o->dynamic.empty() ? 0 : first_dynamic) + ", " +
         std::to_string(o->dynamic.size()) + ", " +
         (o->as_dtype ? std::to_string(static_cast<int>(*o->as_dtype)) : std::string("-1")) + "}";
}

int32_t TableWriter::place(const SourceRange& r, int program) {
  const auto key = std::make_tuple(static_cast<const void*>(r.file), r.begin.line, r.begin.col,
                                   r.end.line, r.end.col, program);
  auto it = places_index_.find(key);
  if (it != places_index_.end()) return it->second;
  const int32_t index = static_cast<int32_t>(places_.size());
  places_.push_back(place_literal(r, program));
  places_index_[key] = index;
  return index;
}

int32_t TableWriter::dims(const std::vector<rt::Dim>& d) {
  const std::string key = dims_expr(d);
  auto it = dims_index_.find(key);
  if (it != dims_index_.end()) return it->second;
  const int32_t index = static_cast<int32_t>(dims_.size());
  dims_.insert(dims_.end(), d.begin(), d.end());
  dims_index_[key] = index;
  return index;
}

int32_t TableWriter::op(const rt::DeviceOp& op) {
  const std::string row = op_literal(op);
  auto it = ops_index_.find(row);
  if (it != ops_index_.end()) return it->second;
  const int32_t index = static_cast<int32_t>(ops_.size());
  ops_.push_back(row);
  ops_index_[row] = index;
  return index;
}

int64_t TableWriter::add(const Instr& i) {
  const char* kind = nullptr;
  row_kind(i, &kind);
  const rt::DeviceOp* device_op = std::get_if<rt::DeviceOp>(&i.op);
  const int32_t aux = device_op ? op(*device_op) : slot(i.buffer);
  const std::string dst = operand(i.dsts.empty() ? nullptr : &i.dsts[0]);
  const std::string src = operand(i.srcs.empty() ? nullptr : &i.srcs[0]);
  const int reg_dst = i.reg_dsts.empty() ? -1 : i.reg_dsts[0];
  const int reg_src = i.reg_srcs.empty() ? -1 : i.reg_srcs[0];
  // Tensors past the first of each kind go to the operands pool.
  std::string extra;
  if (i.dsts.size() > 1 || i.srcs.size() > 1) {
    const size_t first = operands_.size();
    for (size_t k = 1; k < i.dsts.size(); ++k) operands_.push_back(operand(&i.dsts[k]));
    for (size_t k = 1; k < i.srcs.size(); ++k) operands_.push_back(operand(&i.srcs[k]));
    extra = ", " + std::to_string(first) + ", " + std::to_string(i.dsts.size() - 1) + ", " +
            std::to_string(i.srcs.size() > 1 ? i.srcs.size() - 1 : 0);
  }
  rows_.push_back("{Row::" + std::string(kind) + ", " + std::to_string(place(i.where, i.program)) +
                  ", " + dst + ", " + src + ", " + std::to_string(reg_dst) + ", " +
                  std::to_string(reg_src) + ", " + std::to_string(aux) + extra + "}");
  return rows() - 1;
}

std::string TableWriter::render() const {
  if (rows_.empty()) return "";
  std::vector<std::string> dims, shapes, buffers;
  for (const rt::Dim& d : dims_)
    dims.push_back("{" + int_literal(d.step) + ", " + int_literal(d.count) + "}");
  for (const BufferDecl& b : p_.buffers) {
    buffers.push_back("{" + kind_expr(b.kind) + ", " + dtype_expr(b.dtype) + ", " +
                      std::to_string(shapes.size()) + ", " + std::to_string(b.shape.size()) + ", " +
                      cpp_string_literal(b.name) + ", " + std::to_string(b.program) + "}");
    for (int64_t d : b.shape) shapes.push_back(int_literal(d));
  }
  std::string s;
  s += "// The straight-line runs of instructions, as data (runtime/instr_table.h): a row\n";
  s += "// per instruction, indexing the pools of operations, dims, run-time offsets,\n";
  s += "// source places and tensor declarations (buffer slot k is kBuffers[k]).\n";
  s += "using Row = rt::RowKind;\n";
  s += array("const rt::DeviceOp kOps[]", ops_, "rt::DmaCopy{}");
  s += array("const rt::Dim kDims[]", dims, "{0, 0}");
  s += array("const rt::DynamicRecord kDynamic[]", dynamic_, "{-1, -1, 0, 0}");
  s += array("const rt::SourcePlace kPlaces[]", places_, "{\"\", 0, 0, 1, \"\"}");
  s += array("const int64_t kShapes[]", shapes, "0");
  s += array("const rt::BufferRecord kBuffers[]", buffers,
             "{rt::MemKind::hbm, rt::DType::float32, 0, 0, \"\", 0}");
  s += array("const rt::OperandRecord kOperands[]", operands_, "{-1, 0, 0, 0, 0, 0, -1}");
  s += "// {kind, place, dst {slot, first dim, dims, offset, first run-time offset, run-time "
       "offsets},\n";
  s += "//  src {...}, register written, register read, aux (the operation in kOps, or a slot)\n";
  s += "//  [, first of kOperands, more written, more read]}\n";
  s += array("const rt::InstrRecord kInstrs[]", rows_, "");
  s += "const rt::InstrTable kTable = {kInstrs, kOps, kDims, kDynamic, kPlaces, kBuffers, "
       "kShapes, kOperands};\n";
  return s;
}

}  // namespace nkic::codegen
