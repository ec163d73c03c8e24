// Code point index <-> line and byte column; see the header.
#include "frontend/text_positions.h"

#include <algorithm>

namespace nkic {

TextPositions::TextPositions(const SourceFile& file) : file_(&file) {
  const std::string& text = file.text();
  const bool ascii =
      std::all_of(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0x80) == 0; });
  if (!ascii) {
    for (size_t i = 0; i < text.size(); ++i) {
      // Continuation bytes (10xxxxxx) do not start a code point.
      if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) cp_to_byte_.push_back(i);
    }
    cp_to_byte_.push_back(text.size());
  }
  line_starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    if (text[i] == '\n' || text[i] == '\r') line_starts_.push_back(i + 1);
  }
}

size_t TextPositions::code_point_count() const {
  return cp_to_byte_.empty() ? file_->text().size() : cp_to_byte_.size() - 1;
}

size_t TextPositions::byte_of(size_t cp_index) const {
  if (cp_to_byte_.empty()) return std::min(cp_index, file_->text().size());
  return cp_to_byte_[std::min(cp_index, cp_to_byte_.size() - 1)];
}

SourceLoc TextPositions::at(size_t cp_index) const {
  const size_t byte = byte_of(cp_index);
  const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), byte);
  const size_t line = static_cast<size_t>(it - line_starts_.begin());
  return SourceLoc{static_cast<int>(line), static_cast<int>(byte - line_starts_[line - 1] + 1)};
}

size_t TextPositions::index_of(size_t base, size_t line, size_t column) const {
  const std::string& text = file_->text();
  size_t cp = base;
  size_t byte = byte_of(base);
  for (size_t l = 1; l < line && byte < text.size(); ++byte) {
    if ((static_cast<unsigned char>(text[byte]) & 0xC0) != 0x80) ++cp;
    if (text[byte] == '\n') ++l;
  }
  return cp + column;
}

}  // namespace nkic
