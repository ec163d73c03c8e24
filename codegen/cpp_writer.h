// Writing C++ text with managed indentation, in the manner of a code
// generator's emit helpers: line() writes one indented line, and a Block
// opens `header {` and closes it (and the indentation) when it goes out of
// scope, so the structure of the emitting code mirrors the emitted code's.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>

namespace nkic::codegen {

class CppWriter {
 public:
  // Indentation per block level, as the project's own code has.
  static constexpr int kIndent = 2;

  // `depth`: the block level the text will be placed at.
  explicit CppWriter(int depth = 0) : depth_(depth) {}

  void line(const std::string& text) {
    ++lines_;
    if (text.empty()) {
      out_ << "\n";
      return;
    }
    out_ << std::string(static_cast<size_t>(depth_ * kIndent), ' ') << text << "\n";
  }

  // Text written by another writer (at the right depth already), as is.
  void raw(const std::string& text) { out_ << text; }

  class Block {
   public:
    Block(CppWriter& w, const std::string& header, std::string closer = "}")
        : w_(w), closer_(std::move(closer)) {
      w_.line(header.empty() ? "{" : header + " {");
      ++w_.depth_;
    }
    ~Block() {
      --w_.depth_;
      w_.line(closer_);
    }
    Block(const Block&) = delete;
    Block& operator=(const Block&) = delete;

   private:
    CppWriter& w_;
    std::string closer_;
  };

  // The body of a construct a Block's closer opened (`} catch (...) {`):
  // indented, and closed with "}".
  class Continuation {
   public:
    explicit Continuation(CppWriter& w) : w_(w) { ++w_.depth_; }
    ~Continuation() {
      --w_.depth_;
      w_.line("}");
    }
    Continuation(const Continuation&) = delete;
    Continuation& operator=(const Continuation&) = delete;

   private:
    CppWriter& w_;
  };

  std::string str() const { return out_.str(); }
  // Lines written by line() so far.
  int64_t lines() const { return lines_; }

 private:
  std::ostringstream out_;
  int64_t lines_ = 0;
  int depth_ = 0;
};

}  // namespace nkic::codegen
