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

}  // namespace nkic::rt
