// Strict mode: on a strict machine (Machine::set_strict), every buffer knows
// which of its elements have been written since it was allocated, and the
// kernel's reads (DMA sources, accumulated destinations, run-time offsets,
// register loads) of an element never written are errors. The reads the
// host makes (printing, writing outputs back) are not checked: an output
// the kernel left partly unwritten shows its uninitialized pattern.
// On a machine that is not strict these cost one test each.
#pragma once

#include <vector>

#include "runtime/access_pattern.h"

namespace nkic::rt {

// Marks the pattern's elements written. The pattern is in bounds.
void note_write(const AccessPattern& ap);

// Marks written the elements of the pattern (row-major) whose flag in
// `which` is set, for an operation that writes only some. The pattern is in
// bounds; `which` has one flag per element.
void note_write_where(const AccessPattern& ap, const std::vector<bool>& which);

// Throws Error naming the first element of the pattern (row-major) that was
// never written. The pattern is in bounds.
void check_written(const AccessPattern& ap);

}  // namespace nkic::rt
