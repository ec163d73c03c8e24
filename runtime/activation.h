// The one-operand functions of the language (nl.exp, nl.silu, nl.gelu, ...):
// the activation functions of the scalar engine and the unary element-wise
// operations. Kernels hold them as values at import time (tables mapping a
// configuration to its function, `op=` arguments), so each is a row here
// with its name after `nl.`; the semantics of a row are added where an
// engine computes it.
#pragma once

#include <cstdint>
#include <string_view>

namespace nkic::rt {

#define NKIC_ACT_FUNCS(X)  \
  X(copy)                  \
  X(abs)                   \
  X(square)                \
  X(negative)              \
  X(sign)                  \
  X(reciprocal)            \
  X(exp)                   \
  X(log)                   \
  X(sqrt)                  \
  X(rsqrt)                 \
  X(tanh)                  \
  X(sigmoid)               \
  X(relu)                  \
  X(prelu)                 \
  X(gelu)                  \
  X(gelu_dx)               \
  X(gelu_apprx_tanh)       \
  X(gelu_apprx_sigmoid)    \
  X(gelu_apprx_sigmoid_dx) \
  X(silu)                  \
  X(silu_dx)               \
  X(softplus)              \
  X(mish)                  \
  X(erf)                   \
  X(erf_dx)                \
  X(sin)                   \
  X(cos)                   \
  X(tan)                   \
  X(arctan)                \
  X(ceil)                  \
  X(floor)                 \
  X(trunc)                 \
  X(invert)                \
  X(logical_not)           \
  X(bypass)

enum class ActFunc : uint8_t {
#define NKIC_ACT_ENUM(name) name,
  NKIC_ACT_FUNCS(NKIC_ACT_ENUM)
#undef NKIC_ACT_ENUM
};

// "silu", "exp", ...: the name after `nl.`.
std::string_view act_func_name(ActFunc f);

// Every ActFunc, in declaration order.
inline constexpr ActFunc kActFuncs[] = {
#define NKIC_ACT_ITEM(name) ActFunc::name,
    NKIC_ACT_FUNCS(NKIC_ACT_ITEM)
#undef NKIC_ACT_ITEM
};

}  // namespace nkic::rt
