// Single values through access patterns: the element a constant becomes,
// filling a pattern with it, reading one integer element (register loads,
// run-time offsets) and reading a whole pattern row-major (kernel outputs).
// The fill rules, every constant's (memset, nl.full, register_store, the
// scalars of tensor_copy_predicated and affine_select): floats go through
// float32; an integer dtype takes exactly the integers of its range (a float
// rounded to nearest even first) and refuses any other value, never
// saturating or wrapping it; bool is nonzero; a packed dtype takes only 0.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/access_pattern.h"

namespace nkic::rt {

// Why the value cannot be an element of `dtype` by the rules above ("a fill
// of uint8 must be an integer from 0 to 255, not -1"), or "" when it can.
std::string fill_problem(DType dtype, int64_t value);
std::string fill_problem(DType dtype, double value);

// One element of `dtype` holding the value; Error (fill_problem's message)
// when it cannot.
std::vector<std::byte> scalar_bytes(DType dtype, int64_t value);
std::vector<std::byte> scalar_bytes(DType dtype, double value);

// Every element of dst becomes `element` (one element of dst's dtype).
// Checks bounds; throws Error when out of bounds.
void fill(const AccessPattern& dst, const std::vector<std::byte>& element);

// Whether the pattern lies inside its buffer (oob_mode.skip).
bool in_bounds(const AccessPattern& ap);

// The integer value of element `element` of the buffer (no bounds check:
// callers check it, at compile time or before).
int64_t read_element_i64(Buffer& buffer, int64_t element);

// Per-row offsets: multiplier * the integer value of index tensor element i
// for i < count, taken column by column from a (partitions.count, N) tensor
// at `first` (element i is [i % P, i / P], as the hardware flattens it), no
// bounds check, as read_element_i64; an overflow is an Error.
std::shared_ptr<const std::vector<int64_t>> read_row_offsets(Buffer& buffer, int64_t first,
                                                             Dim partitions, int64_t column_step,
                                                             int64_t count, int64_t multiplier);

// The first element of a pattern, bounds-checked, as an integer.
int64_t read_scalar_i64(const AccessPattern& ap);

// The pattern's elements in row-major order of its dims, in its dtype.
std::vector<std::byte> read_bytes(const AccessPattern& ap);

}  // namespace nkic::rt
