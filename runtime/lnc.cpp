// See lnc.h.
#include "runtime/lnc.h"

namespace nkic::rt {

std::string lnc_problem(const std::string& text) {
  for (int lnc = kMinLnc; lnc <= kMaxLnc; ++lnc) {
    if (text == std::to_string(lnc)) return "";
  }
  return "the LNC (programs per rank) must be 1 or 2, not '" + text + "'";
}

}  // namespace nkic::rt
