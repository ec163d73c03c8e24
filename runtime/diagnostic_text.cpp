// See diagnostic_text.h. The source line is printed verbatim and the caret
// line copies its tabs, so the caret lines up whatever the terminal's tab
// width.
#include "runtime/diagnostic_text.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace nkic::rt {
namespace {

constexpr const char* kBold = "\033[1m";
constexpr const char* kRed = "\033[1;31m";
constexpr const char* kCyan = "\033[1;36m";
constexpr const char* kGreen = "\033[1;32m";
constexpr const char* kReset = "\033[0m";

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Columns count bytes, but a terminal shows one cell per code point, so the
// caret line advances once per code point (continuation bytes add nothing).
std::string caret_line(std::string_view line, int col, int end_col) {
  const size_t begin = static_cast<size_t>(col - 1);
  std::string out;
  for (size_t i = 0; i < begin; ++i) {
    if (i < line.size() && continuation_byte(line[i])) continue;
    out += i < line.size() && line[i] == '\t' ? '\t' : ' ';
  }
  out += '^';
  for (size_t i = begin + 1; i < static_cast<size_t>(end_col > 0 ? end_col - 1 : 0); ++i) {
    if (i >= line.size() || !continuation_byte(line[i])) out += '~';
  }
  return out;
}

bool is_c1_at(std::string_view s, size_t i) {
  return i + 1 < s.size() && static_cast<unsigned char>(s[i]) == 0xC2 &&
         static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
         static_cast<unsigned char>(s[i + 1]) <= 0x9F;
}

bool is_c0_or_del(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u < 0x20 || u == 0x7F;
}

void append_hex(std::string& out, unsigned char u) {
  constexpr const char* kDigits = "0123456789abcdef";
  out += "\\x";
  out += kDigits[u >> 4];
  out += kDigits[u & 0xF];
}

// The source line as printed: control characters but tabs (which the caret
// line copies) become their control pictures, one code point each.
std::string shown_line(std::string_view line) {
  std::string out;
  for (char c : line) {
    if (c == '\t' || !is_c0_or_del(c)) {
      out += c;
      continue;
    }
    const unsigned code =
        static_cast<unsigned char>(c) == 0x7F ? 0x2421 : 0x2400 + static_cast<unsigned char>(c);
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
  return out;
}

}  // namespace

std::string escape_controls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (is_c1_at(text, i)) {
      append_hex(out, static_cast<unsigned char>(text[++i]));
    } else if (!is_c0_or_del(c)) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      append_hex(out, static_cast<unsigned char>(c));
    }
  }
  return out;
}

std::string format_ranks(const std::vector<int>& ranks, int program) {
  const std::string of_program = program >= 0 ? "program " + std::to_string(program) : "";
  if (ranks.empty()) return program >= 0 ? " (" + of_program + ")" : "";
  std::string out = ranks.size() == 1 ? " (rank " : " (ranks ";
  size_t i = 0;
  while (i < ranks.size()) {
    size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    if (i > 0) out += ", ";
    // Runs of three or more consecutive ranks are written as a span.
    if (j - i >= 2) {
      out += std::to_string(ranks[i]) + "-" + std::to_string(ranks[j]);
      i = j + 1;
    } else {
      out += std::to_string(ranks[i]);
      ++i;
    }
  }
  return out + (program >= 0 ? ", " + of_program : "") + ")";
}

std::string format_diagnostic_text(const DiagnosticText& d, bool color) {
  std::string out;
  if (d.placed) {
    if (color) out += kBold;
    out +=
        escape_controls(d.path) + ":" + std::to_string(d.line) + ":" + std::to_string(d.col) + ": ";
    if (color) out += kReset;
  }
  if (color) out += d.is_note ? kCyan : kRed;
  out += d.is_note ? "note: " : "error: ";
  if (color) out += kReset;
  out += escape_controls(d.message) + format_ranks(d.ranks, d.program) + "\n";
  if (!d.placed || !d.line_text || d.col < 1) return out;
  out += shown_line(*d.line_text) + "\n";
  if (color) out += kGreen;
  out += caret_line(*d.line_text, d.col, d.end_col);
  if (color) out += kReset;
  return out + "\n";
}

bool stderr_wants_color() {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  return isatty(fileno(stderr)) != 0;
}

}  // namespace nkic::rt
