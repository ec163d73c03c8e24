// What every Device checks of a call before it runs or records it.
#include "interp/device.h"

#include "interp/python/value.h"

namespace nkic::interp {

void check_row_operands(const DeviceCall& call) {
  if (std::holds_alternative<rt::DmaCopy>(call.op) ||
      std::holds_alternative<rt::DmaTranspose>(call.op)) {
    return;
  }
  for (const auto& list : {call.dsts, call.srcs}) {
    for (const rt::TensorView* t : list) {
      if (t->has_row_offsets()) {
        throw ValueError(std::string(rt::op_name(call.op)) + ": '" + t->name() +
                         "' has per-partition offsets (vector_select), which only "
                         "nisa.dma_copy takes");
      }
    }
  }
}

}  // namespace nkic::interp
