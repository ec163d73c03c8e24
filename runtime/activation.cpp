// See activation.h.
#include "runtime/activation.h"

namespace nkic::rt {

std::string_view act_func_name(ActFunc f) {
  switch (f) {
#define NKIC_ACT_NAME(name) \
  case ActFunc::name:       \
    return #name;
    NKIC_ACT_FUNCS(NKIC_ACT_NAME)
#undef NKIC_ACT_NAME
  }
  return "?";
}

}  // namespace nkic::rt
