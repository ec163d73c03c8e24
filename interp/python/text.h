// Python's str over our UTF-8 strings: a str is a sequence of code points, so
// its length, indices, slices and iteration count code points, not bytes.
// Strings come from source text (valid UTF-8, checked by the frontend) or are
// built from such strings and chr(), so they are always well-formed. An ASCII
// string, the usual case, takes the byte-wise fast paths.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/checked_int.h"

namespace nkic::interp::text {

bool is_ascii(std::string_view s);

// The number of code points.
int64_t length(std::string_view s);

// The code points one by one, each as its own string (iteration, list(s)).
std::vector<std::string> characters(std::string_view s);

// Code point i (0 <= i < length(s)).
std::string at(std::string_view s, int64_t i);

// The code points a slice walks (see rt::slice_span, over length(s) items).
std::string slice(std::string_view s, const rt::SliceSpan& span);

// The byte length of the code point that starts at byte i (< s.size()).
size_t char_bytes(std::string_view s, size_t i);

// s without its leading (left) and trailing (right) code points that are
// among those of `chars`: str.strip, lstrip and rstrip.
std::string strip(std::string_view s, std::string_view chars, bool left, bool right);

// Python's whitespace (str.isspace(), split() and strip() without arguments),
// its code points in UTF-8.
extern const char* const kWhitespace;
// The bytes of the whitespace code point at byte i of s, or 0.
size_t space_at(std::string_view s, size_t i);
// The bytes of the whitespace code point that ends at byte `end` of s, or 0.
size_t space_before(std::string_view s, size_t end);

// The code point index of a byte offset at a code point boundary.
int64_t index_of_offset(std::string_view s, size_t offset);

// The bytes [first, second) of code points start..end of `s`, each clamped as a
// slice's bounds are (negative counts from the end), as str.find(sub, start,
// end) reads them; first > second when start lies past end.
std::pair<size_t, size_t> byte_window(std::string_view s, int64_t start, int64_t end);

// The byte offset of `needle` in `s` at or after byte `from`, or npos; in
// linear time whatever the inputs (a naive search is quadratic).
size_t find(std::string_view s, std::string_view needle, size_t from = 0);

// ord() of a one-character string; chr() of a code point (ValueError when
// outside 0..0x10FFFF).
int64_t ord(std::string_view one_character);
// `s` with every non-ASCII code point escaped as Python's ascii() does:
// \xNN, \uNNNN or \UNNNNNNNN.
std::string ascii_escape(std::string_view s);
std::string chr(int64_t code_point);

}  // namespace nkic::interp::text
