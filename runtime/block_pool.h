// Blocks of one size kept for reuse, one list per thread: the objects a
// kernel makes and drops by the thousand a second (a tile's buffer, each
// index's view) skip malloc and free. For std::allocate_shared:
//
//   std::allocate_shared<TensorView>(PooledAllocator<TensorView>(), ...)
//
// The allocator is empty, so every allocator of a type is equal and a block
// may be freed on another thread than the one that took it: it joins the
// freeing thread's list. Each list keeps at most kMaxFreeBlocks blocks and
// gives them back when its thread ends; a block freed after that (by another
// thread-local object's destructor) goes straight back to operator delete.
#pragma once

#include <cstddef>
#include <new>

namespace nkic::rt {

namespace detail {

template <size_t Bytes>
class BlockList {
 public:
  static constexpr size_t kMaxFreeBlocks = 64;

  ~BlockList() {
    while (head_ != nullptr) {
      Node* next = head_->next;
      ::operator delete(head_);
      head_ = next;
    }
    closed_ = true;
  }
  void* take() {
    if (head_ == nullptr) return ::operator new(Bytes);
    Node* n = head_;
    head_ = n->next;
    --count_;
    return n;
  }
  void give(void* p) {
    if (count_ == kMaxFreeBlocks || closed_) {
      ::operator delete(p);
      return;
    }
    head_ = new (p) Node{head_};
    ++count_;
  }
  static BlockList& mine() {
    static thread_local BlockList list;
    return list;
  }

 private:
  struct Node {
    Node* next;
  };
  static_assert(Bytes >= sizeof(Node), "a block holds the list's link while it is free");
  Node* head_ = nullptr;
  size_t count_ = 0;
  bool closed_ = false;
};

}  // namespace detail

template <class T>
struct PooledAllocator {
  using value_type = T;
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__, "operator new aligns the blocks");

  PooledAllocator() = default;
  template <class U>
  PooledAllocator(const PooledAllocator<U>&) {}  // NOLINT: rebinding, as allocators do

  T* allocate(size_t n) {
    if (n != 1) return static_cast<T*>(::operator new(n * sizeof(T)));
    return static_cast<T*>(detail::BlockList<sizeof(T)>::mine().take());
  }
  void deallocate(T* p, size_t n) {
    if (n != 1) {
      ::operator delete(p);
      return;
    }
    detail::BlockList<sizeof(T)>::mine().give(p);
  }
  template <class U>
  bool operator==(const PooledAllocator<U>&) const {
    return true;
  }
  template <class U>
  bool operator!=(const PooledAllocator<U>&) const {
    return false;
  }
};

}  // namespace nkic::rt
