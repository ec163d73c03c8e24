// C++ expressions for the IR's constants, shared by the statement and the
// table forms of the generated code: exact integer and floating-point
// literals, dtype, memory-kind and ALU enumerators, brace lists of shapes and
// dims, device operations' attributes, and a source place as an
// rt::SourcePlace initializer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/source.h"
#include "runtime/access_pattern.h"
#include "runtime/alu.h"
#include "runtime/device_ops.h"
#include "runtime/dtype.h"
#include "runtime/machine.h"

namespace nkic::codegen {

std::string int_literal(int64_t v);    // INT64_MIN included
// Exact: a hex float, an infinity, or a NaN by its bits (sign and payload
// kept); -0.0 keeps its sign.
std::string double_literal(double v);
std::string dtype_expr(rt::DType t);   // rt::DType::float32
std::string kind_expr(rt::MemKind k);  // rt::MemKind::sbuf
std::string list_expr(const std::vector<int64_t>& v);     // {1, 2}
std::string dims_expr(const std::vector<rt::Dim>& dims);  // {{step, count}, ...}
std::string alu_op_expr(rt::AluOp op);                    // rt::AluOp::add
// The operation's attributes as a C++ initializer: rt::DmaCopy{true}.
std::string op_literal(const rt::DeviceOp& op);

// `{"k.py", LINE, COL, END_COL, "the line"}`: what run-time errors print.
// `program`: the LNC program its errors name (-1: none).
std::string place_literal(const SourceRange& r, int program = -1);
// "k.py:LINE: the line, trimmed", safe inside a comment.
std::string place_comment(const SourceRange& r);

}  // namespace nkic::codegen
