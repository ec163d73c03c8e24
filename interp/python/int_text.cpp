#include "interp/python/int_text.h"

#include <cctype>

#include "interp/python/value.h"

namespace nkic::interp {

namespace {

// Python's str.strip() of whitespace for int(): ASCII space, \t\n\v\f\r.
std::string strip_space(const std::string& s) {
  const char* space = " \t\n\v\f\r";
  const size_t first = s.find_first_not_of(space);
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(space) + 1 - first);
}

int digit_value(char ch) {
  const unsigned char c = static_cast<unsigned char>(ch);
  if (std::isdigit(c)) return c - '0';
  if (std::isalpha(c)) return std::tolower(c) - 'a' + 10;
  return 99;
}

// The base a "0x"/"0o"/"0b" prefix names, 0 for none.
int64_t prefix_base(const std::string& s, size_t at) {
  if (at + 1 >= s.size() || s[at] != '0') return 0;
  switch (std::tolower(static_cast<unsigned char>(s[at + 1]))) {
    case 'x': return 16;
    case 'o': return 8;
    case 'b': return 2;
    default: return 0;
  }
}

}  // namespace

int64_t parse_int_text(const std::string& text, int64_t base) {
  if (base != 0 && (base < 2 || base > 36)) {
    throw ValueError("int() base must be >= 2 and <= 36, or 0", "ValueError");
  }
  auto invalid = [&]() {
    return ValueError(
        "invalid literal for int() with base " + std::to_string(base) + ": " + repr_string(text),
        "ValueError");
  };
  const std::string s = strip_space(text);
  size_t at = 0;
  const bool negative = !s.empty() && s[0] == '-';
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) at = 1;
  int64_t radix = base;
  // A prefix is read when it names the base (or base 0 asks for it); after
  // it, one '_' may come before the first digit, as in a literal.
  bool after_prefix = false;
  if (const int64_t named = prefix_base(s, at); named && (base == 0 || base == named)) {
    radix = named;
    at += 2;
    after_prefix = true;
  }
  if (radix == 0) radix = 10;
  // Base 0 takes a decimal literal, which has no leading zeros but 0 itself.
  const bool literal_decimal = base == 0 && !after_prefix;
  uint64_t magnitude = 0;
  const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  bool overflow = false, any_digit = false, nonzero = false, leading_zero = false;
  bool last_underscore = false;
  for (size_t i = at; i < s.size(); ++i) {
    if (s[i] == '_') {
      if (last_underscore || (!any_digit && !after_prefix)) throw invalid();
      last_underscore = true;
      continue;
    }
    const int d = digit_value(s[i]);
    if (d >= radix) throw invalid();
    if (!any_digit && d == 0) leading_zero = true;
    any_digit = true;
    last_underscore = false;
    nonzero = nonzero || d != 0;
    if (magnitude > (limit - static_cast<uint64_t>(d)) / static_cast<uint64_t>(radix)) {
      overflow = true;
    } else {
      magnitude = magnitude * static_cast<uint64_t>(radix) + static_cast<uint64_t>(d);
    }
  }
  if (!any_digit || last_underscore) throw invalid();
  if (literal_decimal && leading_zero && nonzero) throw invalid();
  if (overflow) {
    throw ValueError("integer overflow: int(" + repr_string(text) + ") does not fit in 64 bits");
  }
  return negative ? static_cast<int64_t>(uint64_t{0} - magnitude) : static_cast<int64_t>(magnitude);
}

std::string int_to_prefixed(int64_t x, unsigned radix, const char* prefix) {
  // The magnitude as unsigned, so that -2**63 has one.
  uint64_t magnitude = x < 0 ? uint64_t{0} - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
  std::string digits;
  do {
    digits.insert(digits.begin(), "0123456789abcdef"[magnitude % radix]);
    magnitude /= radix;
  } while (magnitude);
  return (x < 0 ? "-" : "") + std::string(prefix) + digits;
}

}  // namespace nkic::interp
