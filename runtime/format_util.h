// Small text helpers shared by the runtime's error messages: shapes as
// "[4, 8]" and byte counts in the largest exact binary unit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace nkic::rt {

// "[4, 8]"; "[]" for a scalar.
std::string format_shape(const std::vector<int64_t>& shape);

// "224 KiB", "12 GiB", "1000 bytes": the largest unit that divides exactly,
// so a message never rounds the numbers it compares.
std::string format_bytes(int64_t bytes);

}  // namespace nkic::rt
