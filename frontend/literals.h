// Values of number and string literal tokens, decoded as Python does. Used
// only by the AST builder; kept apart because the rules (bases, underscores,
// prefixes, escapes, f-string fields) are fiddly and tested on their own.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace nkic::literals {

// Appends code point `cp` (<= 0x10FFFF) to `out` as UTF-8; chr() uses it too.
void append_utf8(uint32_t cp, std::string& out);

// An integer token (decimal, 0x, 0o, 0b, with underscores); nullopt when
// the value does not fit in int64.
std::optional<int64_t> parse_int(std::string_view text);

// A float token (1., .5, 1e-3, with underscores).
double parse_float(std::string_view text);

// A string token split into its parts: prefix letters, quotes and the text
// between them (`body`, starting `body_offset` bytes into the token).
struct StringToken {
  bool raw = false;
  bool fstring = false;
  bool bytes = false;
  std::string_view body;
  size_t body_offset = 0;
};
StringToken split_string(std::string_view token_text);

// Applies backslash escapes (unless raw). On a malformed escape returns
// nullopt and sets `error`.
std::optional<std::string> decode_escapes(std::string_view body, bool raw, std::string& error);

// One piece of an f-string body: literal text (escapes not yet applied, `{{`
// and `}}` already collapsed) or a replacement field.
struct FStringPiece {
  bool is_field = false;
  std::string text;         // literal text
  size_t expr_offset = 0;   // field: byte offset of the expression in the body
  std::string_view expr;    // field: the expression's source text
  char conversion = 0;      // field: 0, 'r', 's' or 'a'
  std::string format_spec;  // field
  // field: replacement fields nested in the spec (`{x:>{w}}`), each as its
  // offset and source text; format_spec then holds the text around them,
  // split at kSpecFieldMark.
  std::vector<std::pair<size_t, std::string_view>> spec_fields;
};

// Where a nested field sits in FStringPiece::format_spec.
constexpr char kSpecFieldMark = '\0';

// Splits an f-string body into pieces; on a malformed body returns nullopt
// and sets `error` (e.g. "f-string: single '}' is not allowed").
std::optional<std::vector<FStringPiece>> split_fstring(std::string_view body, std::string& error);

}  // namespace nkic::literals
