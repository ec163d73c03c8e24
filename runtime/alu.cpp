// See alu.h.
#include "runtime/alu.h"

namespace nkic::rt {

std::string_view alu_op_name(AluOp op) {
  switch (op) {
#define NKIC_ALU_NAME(name) \
  case AluOp::name:         \
    return #name;
    NKIC_ALU_OPS(NKIC_ALU_NAME)
#undef NKIC_ALU_NAME
  }
  return "?";
}

std::optional<AluOp> alu_op_from_name(std::string_view name) {
  for (AluOp op : kAluOps) {
    if (alu_op_name(op) == name) return op;
  }
  return std::nullopt;
}

}  // namespace nkic::rt
