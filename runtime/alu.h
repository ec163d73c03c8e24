// The arithmetic of the engines: one table of the two-operand element-wise
// operations that the language names (nl.add, nl.maximum, nl.less, ...),
// that reductions (collectives, dma_accumulate) fold with, and that the
// compute operations will apply. A row is the operation's name after `nl.`;
// the semantics of each row are added where an engine computes it.
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
  X(minimum)            \
  X(abs_max)            \
  X(abs_min)            \
  X(power)              \
  X(mod)                \
  X(fmod)               \
  X(equal)              \
  X(not_equal)          \
  X(less)               \
  X(less_equal)         \
  X(greater)            \
  X(greater_equal)      \
  X(bitwise_and)        \
  X(bitwise_or)         \
  X(bitwise_xor)        \
  X(left_shift)         \
  X(right_shift)        \
  X(logical_and)        \
  X(logical_or)         \
  X(logical_xor)

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
