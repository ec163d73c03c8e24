// See exception_text.h.
#include "runtime/exception_text.h"

#include <new>

namespace nkic::rt {

std::string exception_message(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e) != nullptr) return "out of memory";
  return std::string("internal error: ") + e.what();
}

}  // namespace nkic::rt
