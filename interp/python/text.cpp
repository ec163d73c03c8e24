// See text.h.
#include "interp/python/text.h"

#include <cstdio>
#include <string.h>  // memmem (GNU): a linear-time substring search

#include "frontend/literals.h"
#include "interp/python/value.h"

namespace nkic::interp::text {
namespace {

bool is_continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The byte offset where each code point starts, plus s.size() at the end.
std::vector<size_t> boundaries(std::string_view s) {
  std::vector<size_t> b;
  for (size_t i = 0; i < s.size(); ++i) {
    if (!is_continuation(s[i])) b.push_back(i);
  }
  b.push_back(s.size());
  return b;
}

// The byte offset of code point i (0 <= i <= length(s); s.size() for i ==
// length(s)), without building the table of boundaries.
size_t offset_of_index(std::string_view s, int64_t i) {
  int64_t seen = -1;
  for (size_t b = 0; b < s.size(); ++b) {
    if (!is_continuation(s[b]) && ++seen == i) return b;
  }
  return s.size();
}

}  // namespace

size_t char_bytes(std::string_view s, size_t i) {
  size_t n = 1;
  while (i + n < s.size() && is_continuation(s[i + n])) ++n;
  return n;
}

std::string ascii_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t n = char_bytes(s, i);
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      out += s[i];
    } else {
      const int64_t code = ord(s.substr(i, n));
      char buf[16];
      const char* format = code < 0x100 ? "\\x%02x" : code < 0x10000 ? "\\u%04x" : "\\U%08x";
      std::snprintf(buf, sizeof buf, format, static_cast<unsigned>(code));
      out += buf;
    }
    i += n;
  }
  return out;
}

bool is_ascii(std::string_view s) {
  for (char c : s) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

int64_t length(std::string_view s) {
  int64_t n = 0;
  for (char c : s) n += is_continuation(c) ? 0 : 1;
  return n;
}

std::vector<std::string> characters(std::string_view s) {
  std::vector<std::string> out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t n = char_bytes(s, i);
    out.emplace_back(s.substr(i, n));
    i += n;
  }
  return out;
}

std::string at(std::string_view s, int64_t i) {
  const size_t first = offset_of_index(s, i);
  return std::string(s.substr(first, char_bytes(s, first)));
}

std::string slice(std::string_view s, const rt::SliceSpan& span) {
  std::string out;
  if (span.count == 0) return out;
  if (span.step == 1) {
    if (is_ascii(s))
      return std::string(
          s.substr(static_cast<size_t>(span.start), static_cast<size_t>(span.count)));
    const size_t first = offset_of_index(s, span.start);
    const size_t last = first + offset_of_index(s.substr(first), span.count);
    return std::string(s.substr(first, last - first));
  }
  if (is_ascii(s)) {
    out.reserve(static_cast<size_t>(span.count));
    for (int64_t i = 0; i < span.count; ++i) out += s[static_cast<size_t>(span.at(i))];
    return out;
  }
  const std::vector<size_t> b = boundaries(s);
  for (int64_t i = 0; i < span.count; ++i) {
    const size_t k = static_cast<size_t>(span.at(i));
    out.append(s.substr(b[k], b[k + 1] - b[k]));
  }
  return out;
}

std::string strip(std::string_view s, std::string_view chars, bool left, bool right) {
  const std::vector<std::string> set = characters(chars);
  auto member = [&](std::string_view c) {
    for (const std::string& x : set) {
      if (x == c) return true;
    }
    return false;
  };
  size_t first = 0, last = s.size();
  while (left && first < last && member(s.substr(first, char_bytes(s, first)))) {
    first += char_bytes(s, first);
  }
  while (right && last > first) {
    size_t start = last - 1;
    while (start > first && is_continuation(s[start])) --start;
    if (!member(s.substr(start, last - start))) break;
    last = start;
  }
  return std::string(s.substr(first, last - first));
}

const char* const kWhitespace =
    " " "\x09" "\x0a" "\x0b" "\x0c" "\x0d" "\x1c" "\x1d"
    "\x1e" "\x1f" "\xc2\x85" "\xc2\xa0" "\xe1\x9a\x80" "\xe2\x80\x80" "\xe2\x80\x81" "\xe2\x80\x82"
    "\xe2\x80\x83" "\xe2\x80\x84" "\xe2\x80\x85" "\xe2\x80\x86" "\xe2\x80\x87" "\xe2\x80\x88" "\xe2\x80\x89" "\xe2\x80\x8a"
    "\xe2\x80\xa8" "\xe2\x80\xa9" "\xe2\x80\xaf" "\xe2\x81\x9f" "\xe3\x80\x80";

size_t space_at(std::string_view s, size_t i) {
  const size_t n = char_bytes(s, i);
  const std::string_view c = s.substr(i, n);
  for (std::string_view all = kWhitespace; !all.empty();) {
    const size_t m = char_bytes(all, 0);
    if (all.substr(0, m) == c) return n;
    all.remove_prefix(m);
  }
  return 0;
}

size_t space_before(std::string_view s, size_t end) {
  if (end == 0) return 0;
  size_t start = end - 1;
  while (start > 0 && is_continuation(s[start])) --start;
  return space_at(s, start) == end - start ? end - start : 0;
}

int64_t index_of_offset(std::string_view s, size_t offset) {
  return length(s.substr(0, offset));
}

std::pair<size_t, size_t> byte_window(std::string_view s, int64_t start, int64_t end) {
  const int64_t n = length(s);
  auto clamp = [n](int64_t i) { return i < 0 ? std::max<int64_t>(i + n, 0) : std::min(i, n); };
  auto offset = [s](int64_t index) {
    size_t at = 0;
    for (int64_t k = 0; k < index; ++k) at += char_bytes(s, at);
    return at;
  };
  // A start past the end stays past it, so that find('', 5) on 'abc' is -1.
  if (start > n) return {s.size() + 1, s.size()};
  return {offset(clamp(start)), offset(clamp(end))};
}

size_t find(std::string_view s, std::string_view needle, size_t from) {
  if (from > s.size()) return std::string_view::npos;
  if (needle.empty()) return from;
  const void* hit = memmem(s.data() + from, s.size() - from, needle.data(), needle.size());
  return hit ? static_cast<size_t>(static_cast<const char*>(hit) - s.data())
             : std::string_view::npos;
}

int64_t ord(std::string_view c) {
  const auto b = static_cast<unsigned char>(c[0]);
  if (b < 0x80) return b;
  const int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : 1;
  int64_t cp = b & (0x3F >> extra);
  for (int k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<unsigned char>(c[k]) & 0x3F);
  return cp;
}

std::string chr(int64_t cp) {
  if (cp < 0 || cp > 0x10FFFF) throw ValueError("chr() arg not in range(0x110000)", "ValueError");
  std::string out;
  literals::append_utf8(static_cast<uint32_t>(cp), out);
  return out;
}

}  // namespace nkic::interp::text
