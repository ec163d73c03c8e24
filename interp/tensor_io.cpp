// Row-major reads of tensor views, through the runtime's strided engine
// (block copies for contiguous runs).
#include "interp/tensor_io.h"

#include "runtime/fill.h"
#include "runtime/print.h"

namespace nkic::interp {

std::vector<std::byte> read_view_bytes(const rt::TensorView& view) {
  return rt::read_bytes(view.resolve());
}

std::string format_tensor(const rt::TensorView& view) {
  const std::vector<std::byte> bytes = read_view_bytes(view);
  return rt::format_array(view.dtype(), view.shape().to_vector(), bytes.data());
}

}  // namespace nkic::interp
