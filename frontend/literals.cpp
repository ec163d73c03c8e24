// Decoding of number and string literals; see the header.
#include "frontend/literals.h"

#include <cstdlib>
#include <limits>

namespace nkic::literals {
namespace {

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

// Reads exactly `n` hex digits at body[i]; false if they are not there.
bool read_hex(std::string_view body, size_t i, size_t n, uint32_t& value) {
  if (i + n > body.size()) return false;
  value = 0;
  for (size_t k = 0; k < n; ++k) {
    const int d = digit_value(body[i + k]);
    if (d > 15) return false;
    value = value * 16 + static_cast<uint32_t>(d);
  }
  return true;
}

// Skips a quoted string inside an f-string field; returns the index after it.
size_t skip_quoted(std::string_view body, size_t i) {
  const char q = body[i];
  for (++i; i < body.size(); ++i) {
    if (body[i] == '\\') {
      ++i;
    } else if (body[i] == q) {
      return i + 1;
    }
  }
  return i;
}

}  // namespace

void append_utf8(uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::optional<int64_t> parse_int(std::string_view text) {
  uint64_t base = 10;
  if (text.size() > 2 && text[0] == '0') {
    const char p = static_cast<char>(text[1] | 0x20);
    base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 10;
    if (base != 10) text.remove_prefix(2);
  }
  const uint64_t limit = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  uint64_t value = 0;
  for (char c : text) {
    if (c == '_') continue;
    const uint64_t d = static_cast<uint64_t>(digit_value(c));
    if (value > (limit - d) / base) return std::nullopt;
    value = value * base + d;
  }
  return static_cast<int64_t>(value);
}

double parse_float(std::string_view text) {
  std::string digits;
  for (char c : text) {
    if (c != '_') digits += c;
  }
  return std::strtod(digits.c_str(), nullptr);
}

StringToken split_string(std::string_view text) {
  StringToken s;
  size_t i = 0;
  while (i < text.size() && text[i] != '\'' && text[i] != '"') {
    const char p = static_cast<char>(text[i] | 0x20);
    s.raw = s.raw || p == 'r';
    s.fstring = s.fstring || p == 'f';
    s.bytes = s.bytes || p == 'b';
    ++i;
  }
  const bool triple = text.size() >= i + 3 && text[i + 1] == text[i] && text[i + 2] == text[i];
  const size_t quote_len = triple ? 3 : 1;
  s.body_offset = i + quote_len;
  // An unterminated string (already reported) may lack its closing quotes.
  size_t end = text.size();
  if (end >= s.body_offset + quote_len) end -= quote_len;
  s.body = text.substr(s.body_offset, end - s.body_offset);
  return s;
}

std::optional<std::string> decode_escapes(std::string_view body, bool raw, std::string& error) {
  std::string out;
  out.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    const char c = body[i];
    if (c != '\\' || raw || i + 1 == body.size()) {
      out += c;
      continue;
    }
    const char e = body[++i];
    switch (e) {
      case '\n':
        break;  // backslash-newline continues the string
      case '\r':
        if (i + 1 < body.size() && body[i + 1] == '\n') ++i;
        break;
      case '\\':
        out += '\\';
        break;
      case '\'':
        out += '\'';
        break;
      case '"':
        out += '"';
        break;
      case 'a':
        out += '\a';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'v':
        out += '\v';
        break;
      case 'x':
      case 'u':
      case 'U': {
        const size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        uint32_t cp = 0;
        if (!read_hex(body, i + 1, n, cp) || cp > 0x10FFFF) {
          error = std::string("invalid \\") + e + " escape in string literal";
          return std::nullopt;
        }
        append_utf8(cp, out);
        i += n;
        break;
      }
      default:
        if (e >= '0' && e <= '7') {
          uint32_t cp = 0;
          size_t k = 0;
          for (; k < 3 && i + k < body.size() && body[i + k] >= '0' && body[i + k] <= '7'; ++k) {
            cp = cp * 8 + static_cast<uint32_t>(body[i + k] - '0');
          }
          append_utf8(cp, out);
          i += k - 1;
        } else if (e == 'N') {
          error = "\\N{...} escapes are not supported";
          return std::nullopt;
        } else {
          out += '\\';  // unknown escapes stay as written, as in Python
          out += e;
        }
    }
  }
  return out;
}

namespace {

// Whether the '=' at `j` ends a self-documenting field (`{x=}`, `{x = :>4}`)
// rather than being part of an operator (==, !=, <=, >=).
bool self_documenting(std::string_view body, size_t j) {
  if (j + 1 < body.size() && body[j + 1] == '=') return false;
  if (j > 0 && std::string_view("=!<>").find(body[j - 1]) != std::string_view::npos) return false;
  size_t k = j + 1;
  while (k < body.size() && body[k] == ' ') ++k;
  return k < body.size() && (body[k] == '}' || body[k] == '!' || body[k] == ':');
}

}  // namespace

std::optional<std::vector<FStringPiece>> split_fstring(std::string_view body, std::string& error) {
  std::vector<FStringPiece> pieces;
  std::string text;
  auto flush_text = [&] {
    if (text.empty()) return;
    FStringPiece p;
    p.text = std::move(text);
    pieces.push_back(std::move(p));
    text.clear();
  };
  size_t i = 0;
  while (i < body.size()) {
    const char c = body[i];
    if (c == '}') {
      if (i + 1 < body.size() && body[i + 1] == '}') {
        text += '}';
        i += 2;
        continue;
      }
      error = "f-string: single '}' is not allowed";
      return std::nullopt;
    }
    if (c != '{') {
      text += c;
      ++i;
      continue;
    }
    if (i + 1 < body.size() && body[i + 1] == '{') {
      text += '{';
      i += 2;
      continue;
    }
    // A replacement field: the expression ends at a top-level '!', ':' or '}'.
    flush_text();
    FStringPiece field;
    field.is_field = true;
    field.expr_offset = i + 1;
    bool debug = false;
    int depth = 0;
    size_t j = i + 1;
    for (; j < body.size(); ++j) {
      const char d = body[j];
      if (d == '\'' || d == '"') {
        j = skip_quoted(body, j) - 1;
      } else if (d == '(' || d == '[' || d == '{') {
        ++depth;
      } else if (d == ')' || d == ']' || (d == '}' && depth > 0)) {
        --depth;
      } else if (depth == 0 && (d == '}' || d == ':' ||
                                (d == '!' && (j + 1 >= body.size() || body[j + 1] != '=')))) {
        break;
      } else if (depth == 0 && d == '=' && self_documenting(body, j)) {
        break;
      }
    }
    field.expr = body.substr(i + 1, j - i - 1);
    if (j < body.size() && body[j] == '=') {
      // `{x = }`: the text up to the '=' and the spaces after it, then
      // the value, as repr() unless a conversion or spec says otherwise.
      ++j;
      while (j < body.size() && body[j] == ' ') ++j;
      FStringPiece label;
      label.text = std::string(body.substr(i + 1, j - i - 1));
      pieces.push_back(std::move(label));
      field.conversion = 'r';
      debug = true;
    }
    if (field.expr.find_first_not_of(" \t\r\n") == std::string_view::npos) {
      error = "f-string: empty expression not allowed";
      return std::nullopt;
    }
    if (j < body.size() && body[j] == '!') {
      if (j + 2 >= body.size() ||
          (body[j + 1] != 'r' && body[j + 1] != 's' && body[j + 1] != 'a')) {
        error = "f-string: invalid conversion character: expected 's', 'r', or 'a'";
        return std::nullopt;
      }
      field.conversion = body[j + 1];
      j += 2;
    } else if (debug && j < body.size() && body[j] == ':') {
      field.conversion = 0;  // `{x=:.2f}` formats the value itself
    }
    if (j < body.size() && body[j] == ':') {
      for (++j; j < body.size() && body[j] != '}'; ++j) {
        if (body[j] != '{') {
          field.format_spec += body[j];
          continue;
        }
        const size_t close = body.find('}', j);
        if (close == std::string_view::npos) break;
        if (close == j + 1 ||
            body.substr(j + 1, close - j - 1).find('{') != std::string_view::npos) {
          error = "f-string: only a plain expression may be nested in a format spec";
          return std::nullopt;
        }
        field.spec_fields.emplace_back(j + 1, body.substr(j + 1, close - j - 1));
        field.format_spec += kSpecFieldMark;
        j = close;
      }
    }
    if (j >= body.size() || body[j] != '}') {
      error = "f-string: expecting '}'";
      return std::nullopt;
    }
    pieces.push_back(std::move(field));
    i = j + 1;
  }
  flush_text();
  return pieces;
}

}  // namespace nkic::literals
