// A tensor view's shape or strides: a short list of int64 kept inline, so
// that making a view (every `t[i, a:b]`) allocates nothing for them. Views
// rarely have more than a few dims; longer lists live on the heap. Reads as
// a std::vector<int64_t> does; to_vector() makes one where one is wanted.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace nkic::rt {

class Extents {
 public:
  static constexpr size_t kInline = 6;

  Extents() = default;
  Extents(std::initializer_list<int64_t> values) { assign(values.begin(), values.end()); }
  Extents(const std::vector<int64_t>& values) {  // NOLINT: implicit by design
    assign(values.data(), values.data() + values.size());
  }
  std::vector<int64_t> to_vector() const { return {begin(), end()}; }

  static Extents zeros(size_t n) {
    Extents e;
    for (size_t i = 0; i < n; ++i) e.push_back(0);
    return e;
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const int64_t* begin() const { return size_ > kInline ? heap_.data() : inline_; }
  const int64_t* end() const { return begin() + size_; }
  int64_t* begin() { return size_ > kInline ? heap_.data() : inline_; }
  int64_t* end() { return begin() + size_; }
  const int64_t* data() const { return begin(); }
  int64_t operator[](size_t i) const { return begin()[i]; }
  int64_t& operator[](size_t i) { return begin()[i]; }
  int64_t front() const { return *begin(); }
  int64_t back() const { return end()[-1]; }

  void clear() {
    size_ = 0;
    heap_.clear();
  }
  void push_back(int64_t v) {
    if (size_ < kInline) {
      inline_[size_++] = v;
      return;
    }
    if (size_ == kInline) heap_.assign(inline_, inline_ + kInline);
    heap_.push_back(v);
    ++size_;
  }

  friend bool operator==(const Extents& a, const Extents& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  friend bool operator!=(const Extents& a, const Extents& b) { return !(a == b); }
  friend bool operator==(const Extents& a, const std::vector<int64_t>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  friend bool operator!=(const Extents& a, const std::vector<int64_t>& b) { return !(a == b); }
  friend bool operator==(const std::vector<int64_t>& a, const Extents& b) { return b == a; }
  friend bool operator!=(const std::vector<int64_t>& a, const Extents& b) { return !(b == a); }

 private:
  void assign(const int64_t* first, const int64_t* last) {
    clear();
    for (; first != last; ++first) push_back(*first);
  }

  int64_t inline_[kInline] = {};
  size_t size_ = 0;
  std::vector<int64_t> heap_;  // all of them, when more than kInline
};

}  // namespace nkic::rt
