// The arguments of one builtin call bound at its site, held on the stack.
#pragma once

#include <cstddef>
#include <new>

#include "interp/python/binder.h"
#include "interp/python/value.h"

namespace nkic::interp {

// `width` values, None until set, for as long as the call runs: a keyword
// call of a builtin (nisa.dma_copy(dst=..., src=...)) needs no list to bind
// into, nor to give back.
class ArgFrame {
 public:
  explicit ArgFrame(size_t width) : width_(width) {
    for (size_t i = 0; i < width_; ++i) new (slot(i)) Value();
  }
  ~ArgFrame() {
    for (size_t i = width_; i-- > 0;) slot(i)->~Value();
  }
  ArgFrame(const ArgFrame&) = delete;
  ArgFrame& operator=(const ArgFrame&) = delete;

  Value& operator[](size_t i) { return *slot(i); }
  const Value* data() { return slot(0); }
  size_t size() const { return width_; }

 private:
  Value* slot(size_t i) { return std::launder(reinterpret_cast<Value*>(storage_) + i); }

  alignas(Value) unsigned char storage_[kMaxPlainParams * sizeof(Value)];
  size_t width_;
};

}  // namespace nkic::interp
