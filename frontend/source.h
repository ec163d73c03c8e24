// Source text and positions. Every AST node carries a SourceRange; a range
// points at the SourceFile it came from, so a diagnostic raised while running
// a stdlib module cites that module, not the user's kernel. SourceFiles are
// owned by a SourceManager and never move, so the pointers stay valid for the
// whole run.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace nkic {

class SourceFile {
 public:
  SourceFile(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  int line_count() const { return static_cast<int>(line_starts_.size()); }
  // The text of 1-based line `n` without its line break; empty when out of range.
  std::string_view line(int n) const;

 private:
  std::string path_;
  std::string text_;
  std::vector<size_t> line_starts_;
};

// 1-based line and column (columns count bytes, as clang and gcc do).
struct SourceLoc {
  int line = 0;
  int col = 0;
};

// [begin, end): `end` is one past the last character, on the same line or a later one.
struct SourceRange {
  const SourceFile* file = nullptr;
  SourceLoc begin;
  SourceLoc end;

  bool valid() const { return file != nullptr && begin.line > 0; }
};

// Owns every SourceFile loaded during a run (the kernel, stdlib modules,
// command-line expressions).
class SourceManager {
 public:
  const SourceFile& add(std::string path, std::string text);
  // Reads a file; returns nullptr when it cannot be read.
  const SourceFile* load(const std::string& path);

 private:
  std::vector<std::unique_ptr<SourceFile>> files_;
};

}  // namespace nkic
