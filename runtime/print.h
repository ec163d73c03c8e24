// NumPy-style text for arrays: `format_array` gives what NumPy's
// `str(array)` prints with default print options (precision 8, unique
// shortest digits, line width 75, summarization with `...` above 1000
// elements showing 3 items at each edge), so `--print` output can be compared
// with NumPy's. bfloat16 prints as its float32 value would; float16 with
// float16's own shortest digits, as NumPy does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/dtype.h"

namespace nkic::rt {

// `data` holds prod(shape) elements of `dtype`, C order.
std::string format_array(DType dtype, const std::vector<int64_t>& shape, const std::byte* data);

}  // namespace nkic::rt
