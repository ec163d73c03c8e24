// Maps ANTLR's positions to ours. ANTLR indexes the input by code point
// (it decodes UTF-8) while SourceLoc columns count bytes, as clang's do; the
// two agree only on ASCII text, so every location goes through this table.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "frontend/source.h"

namespace nkic {

class TextPositions {
 public:
  explicit TextPositions(const SourceFile& file);

  const SourceFile& file() const { return *file_; }
  // The location of the code point at `cp_index` (one past the end is allowed).
  SourceLoc at(size_t cp_index) const;
  // The code point index of 1-based `line`, 0-based code point `column`,
  // counting lines as ANTLR does (at '\n'), within the text that starts at
  // code point `base` (a substring parsed on its own, e.g. an f-string field).
  size_t index_of(size_t base, size_t line, size_t column) const;
  size_t code_point_count() const;
  size_t byte_of(size_t cp_index) const;

 private:

  const SourceFile* file_;
  std::vector<size_t> cp_to_byte_;  // empty when the text is ASCII
  std::vector<size_t> line_starts_;  // byte offsets, lines as SourceFile counts them
};

}  // namespace nkic
