// See cpp_literals.h.
#include "codegen/cpp_literals.h"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "codegen/cpp_names.h"

namespace nkic::codegen {

std::string int_literal(int64_t v) {
  if (v == INT64_MIN) return "(-9223372036854775807 - 1)";
  return std::to_string(v);
}

std::string double_literal(double v) {
  // No literal spells a NaN's sign and payload: its bits do.
  if (v != v) {
    char bits[32];
    std::snprintf(bits, sizeof bits, "0x%016llxull",
                  static_cast<unsigned long long>(rt::double_bits(v)));
    return std::string("rt::double_from_bits(") + bits + ")";
  }
  if (v == std::numeric_limits<double>::infinity())
    return "std::numeric_limits<double>::infinity()";
  if (v == -std::numeric_limits<double>::infinity()) {
    return "-std::numeric_limits<double>::infinity()";
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);  // exact
  return buf;
}

std::string dtype_expr(rt::DType t) {
  return "rt::DType::" + std::string(rt::dtype_name(t));
}

std::string kind_expr(rt::MemKind k) {
  return "rt::MemKind::" + std::string(rt::mem_kind_name(k));
}

std::string list_expr(const std::vector<int64_t>& v) {
  std::string s = "{";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + int_literal(v[i]);
  return s + "}";
}

std::string dims_expr(const std::vector<rt::Dim>& dims) {
  std::string s = "{";
  for (size_t i = 0; i < dims.size(); ++i) {
    s += (i ? ", " : "") + std::string("{") + int_literal(dims[i].step) + ", " +
         int_literal(dims[i].count) + "}";
  }
  return s + "}";
}

std::string place_literal(const SourceRange& r, int program) {
  const std::string tail = program >= 0 ? ", " + std::to_string(program) + "}" : "}";
  if (!r.valid()) return "{\"\", 0, 0, 1, \"\"" + tail;
  const std::string text(r.file->line(r.begin.line));
  // A range over several lines is shown by its first column alone, as the
  // interpreter's diagnostics show it.
  const int end_col = r.end.line == r.begin.line ? r.end.col : r.begin.col + 1;
  return "{" + cpp_string_literal(r.file->path()) + ", " + std::to_string(r.begin.line) + ", " +
         std::to_string(r.begin.col) + ", " + std::to_string(std::max(end_col, r.begin.col + 1)) +
         ", " + cpp_string_literal(text) + tail;
}

std::string place_comment(const SourceRange& r) {
  if (!r.valid()) return "<unknown>";
  std::string text(r.file->line(r.begin.line));
  const size_t first = text.find_first_not_of(" \t");
  text = first == std::string::npos ? "" : text.substr(first);
  return cpp_comment_text(r.file->path() + ":" + std::to_string(r.begin.line) + ": " + text);
}

std::string alu_op_expr(rt::AluOp op) {
  return "rt::AluOp::" + std::string(rt::alu_op_name(op));
}

namespace {

// One attribute, by type.
std::string field_literal(bool v) {
  return v ? "true" : "false";
}
std::string field_literal(int64_t v) {
  return int_literal(v);
}
std::string field_literal(const std::vector<int64_t>& v) {
  return list_expr(v);
}
std::string field_literal(rt::AluOp v) {
  return alu_op_expr(v);
}
std::string field_literal(rt::ActFunc v) {
  return "rt::ActFunc::" + std::string(rt::act_func_name(v));
}
std::string field_literal(const rt::Scalar& v) {
  return "rt::Scalar{" + field_literal(v.is_float) + ", " + int_literal(v.integer) + ", " +
         double_literal(v.real) + "}";
}
template <size_t N>
std::string field_literal(const std::array<rt::Dim, N>& dims) {
  return "{" + dims_expr(std::vector<rt::Dim>(dims.begin(), dims.end())) + "}";
}

}  // namespace

std::string op_literal(const rt::DeviceOp& op) {
  return std::visit(
      [](const auto& x) {
        std::string fields;
        std::apply(
            [&](const auto&... f) {
              ((fields += (fields.empty() ? "" : ", ") + field_literal(f)), ...);
            },
            x.fields());
        return std::string("rt::") + std::decay_t<decltype(x)>::kType + "{" + fields + "}";
      },
      op);
}

}  // namespace nkic::codegen
