// Reading a tensor view's elements as plain row-major bytes: to hand outputs
// back as .npy arrays and to print tensors NumPy-style. (Writing is the
// Device's business: device.h.)
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "runtime/tensor.h"

namespace nkic::interp {

// The view's elements in row-major order of its shape, in its dtype.
std::vector<std::byte> read_view_bytes(const rt::TensorView& view);

// NumPy's str() of the view.
std::string format_tensor(const rt::TensorView& view);

}  // namespace nkic::interp
