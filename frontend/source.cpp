// SourceFile line indexing and the SourceManager that owns every file.
#include "frontend/source.h"

#include <fstream>
#include <sstream>

namespace nkic {

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i) {
    const bool crlf = text_[i] == '\r' && i + 1 < text_.size() && text_[i + 1] == '\n';
    if (crlf) ++i;
    if (text_[i] == '\n' || text_[i] == '\r') line_starts_.push_back(i + 1);
  }
  // A final line break does not start another line.
  if (line_starts_.size() > 1 && line_starts_.back() == text_.size()) line_starts_.pop_back();
}

std::string_view SourceFile::line(int n) const {
  if (n < 1 || n > line_count()) return {};
  const size_t begin = line_starts_[static_cast<size_t>(n - 1)];
  size_t end = begin;
  while (end < text_.size() && text_[end] != '\n' && text_[end] != '\r') ++end;
  return std::string_view(text_).substr(begin, end - begin);
}

const SourceFile& SourceManager::add(std::string path, std::string text) {
  files_.push_back(std::make_unique<SourceFile>(std::move(path), std::move(text)));
  return *files_.back();
}

const SourceFile* SourceManager::load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return nullptr;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return nullptr;
  return &add(path, text.str());
}

}  // namespace nkic
