// Python's ints as text and back: int(text, base) with its prefixes and
// underscores, and hex(), oct(), bin(); over our 64-bit ints, with an
// overflow error where CPython would return a bigger int.
#pragma once

#include <cstdint>
#include <string>

namespace nkic::interp {

// int(text, base): base 0 or 2..36 (0: the base from the prefix, as a
// literal). A ValueError as CPython's for text that is no int in that base.
int64_t parse_int_text(const std::string& text, int64_t base);

// hex(x), oct(x), bin(x): `prefix` is "0x", "0o" or "0b", `radix` 16, 8, 2.
std::string int_to_prefixed(int64_t x, unsigned radix, const char* prefix);

}  // namespace nkic::interp
