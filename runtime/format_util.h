// Small text helpers shared by the runtime's error messages: shapes as
// "[4, 8]" and byte counts in the largest exact binary unit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/extents.h"

namespace nkic::rt {

// "[4, 8]"; "[]" for a scalar.
std::string format_shape(const int64_t* shape, size_t count);
inline std::string format_shape(const std::vector<int64_t>& shape) {
  return format_shape(shape.data(), shape.size());
}
inline std::string format_shape(const Extents& shape) {
  return format_shape(shape.data(), shape.size());
}

// "224 KiB", "12 GiB", "1000 bytes": the largest unit that divides exactly,
// so a message never rounds the numbers it compares.
std::string format_bytes(int64_t bytes);

// A byte count as a command line gives it: digits with an optional binary
// unit, K/M/G/T with or without "iB" or "B" (case-insensitive), so "512M",
// "8GiB" and "4096" all parse. nullopt when malformed or above int64.
std::optional<int64_t> parse_bytes(std::string_view text);
// For a command-line check: empty when `text` parses, else what is wrong.
std::string byte_size_error(const std::string& text);

}  // namespace nkic::rt
