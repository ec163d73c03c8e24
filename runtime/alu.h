// The arithmetic of the engines: one enum of the element-wise operations that
// the language's nl.add, nl.maximum, ... name, that reductions (collectives,
// dma_accumulate) fold with, and that the compute operations will apply.
#pragma once

#include <cstdint>
#include <string_view>

namespace nkic::rt {

#define NKIC_ALU_OPS(X) \
  X(add)                \
  X(subtract)           \
  X(multiply)           \
  X(divide)             \
  X(maximum)            \
  X(minimum)

enum class AluOp : uint8_t {
#define NKIC_ALU_ENUM(name) name,
  NKIC_ALU_OPS(NKIC_ALU_ENUM)
#undef NKIC_ALU_ENUM
};

// "add", "maximum", ...: the name after `nl.`.
std::string_view alu_op_name(AluOp op);

// Every AluOp, in declaration order.
inline constexpr AluOp kAluOps[] = {
#define NKIC_ALU_ITEM(name) AluOp::name,
    NKIC_ALU_OPS(NKIC_ALU_ITEM)
#undef NKIC_ALU_ITEM
};

}  // namespace nkic::rt
