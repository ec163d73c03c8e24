// See cpp_names.h.
#include "codegen/cpp_names.h"

#include <cstdio>

namespace nkic::codegen {
namespace {

// Enough of a kernel's name to recognise it in the generated code.
constexpr size_t kMaxNamePart = 24;

bool is_word(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool is_printable(unsigned char c) { return c >= 0x20 && c < 0x7f; }

}  // namespace

std::string cpp_identifier(std::string_view prefix, int id, std::string_view name) {
  std::string out = std::string(prefix) + std::to_string(id);
  std::string part;
  for (char ch : name) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (part.size() >= kMaxNamePart) break;
    if (is_word(c)) {
      part += ch;
    } else if (!part.empty() && part.back() != '_') {
      part += '_';
    }
  }
  while (!part.empty() && part.back() == '_') part.pop_back();
  if (!part.empty()) out += "_" + part;
  return out;
}

std::string cpp_string_literal(std::string_view text) {
  std::string out = "\"";
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (c == '\\' || c == '"' || c == '?') {
      out += '\\';
      out += ch;
    } else if (is_printable(c)) {
      out += ch;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    }
  }
  return out + "\"";
}

std::string cpp_comment_text(std::string_view text) {
  std::string out;
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    const bool ends_block_comment = c == '/' && !out.empty() && out.back() == '*';
    if (is_printable(c) && c != '%' && c != '\\' && !ends_block_comment) {
      out += ch;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

}  // namespace nkic::codegen
