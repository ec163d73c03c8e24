// Text helpers for runtime messages (see format_util.h).
#include "runtime/format_util.h"

#include <cctype>

namespace nkic::rt {

std::string format_shape(const int64_t* shape, size_t count) {
  std::string s = "[";
  for (size_t i = 0; i < count; ++i) {
    if (i) s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

std::string format_bytes(int64_t bytes) {
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  if (bytes == 0 || bytes % 1024 != 0) return std::to_string(bytes) + " bytes";
  int unit = 0;
  bytes /= 1024;
  while (unit < 3 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++unit;
  }
  return std::to_string(bytes) + " " + kUnits[unit];
}

std::optional<int64_t> parse_bytes(std::string_view text) {
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || digits > 18) return std::nullopt;
  int64_t value = std::stoll(std::string(text.substr(0, digits)));
  std::string unit;
  for (char c : text.substr(digits)) unit += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  static constexpr std::string_view kPrefixes = "kmgt";
  if (unit.empty() || unit == "b") return value;
  const size_t power = kPrefixes.find(unit[0]);
  const std::string_view rest = std::string_view(unit).substr(1);
  if (power == std::string_view::npos || !(rest.empty() || rest == "b" || rest == "ib")) {
    return std::nullopt;
  }
  for (size_t i = 0; i <= power; ++i) {
    if (__builtin_mul_overflow(value, int64_t{1024}, &value)) return std::nullopt;
  }
  return value;
}

std::string byte_size_error(const std::string& text) {
  if (parse_bytes(text)) return "";
  return "'" + text + "' is not a byte size (examples: 4096, 512M, 8GiB; 0: no limit)";
}

}  // namespace nkic::rt
