// Moving a tensor view's elements in and out of plain row-major bytes: to hand
// outputs back as .npy arrays, to fill kernel inputs, and to print tensors
// NumPy-style.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "runtime/tensor.h"

namespace nkic::interp {

// The view's elements in row-major order of its shape, in its dtype.
std::vector<std::byte> read_view_bytes(const rt::TensorView& view);

// Overwrites the view's elements from row-major bytes (as many as its size).
void write_view_bytes(const rt::TensorView& view, const std::vector<std::byte>& bytes);

// NumPy's str() of the view.
std::string format_tensor(const rt::TensorView& view);

}  // namespace nkic::interp
