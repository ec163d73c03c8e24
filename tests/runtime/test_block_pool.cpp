// The pooled allocator: freed blocks are taken again, by size and by thread,
// up to the list's bound, and the objects in them are made and destroyed as
// std::allocate_shared makes and destroys them.
#include <doctest/doctest.h>

#include <array>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include "runtime/block_pool.h"

namespace {

using nkic::rt::PooledAllocator;

// A size no other test or runtime type shares, so these lists are this file's.
struct Payload {
  explicit Payload(int v, int* destroyed) : value(v), destroyed_count(destroyed) {}
  ~Payload() { ++*destroyed_count; }
  int value;
  int* destroyed_count;
  std::array<char, 1000> pad{};
};

std::shared_ptr<Payload> make(int v, int* destroyed) {
  return std::allocate_shared<Payload>(PooledAllocator<Payload>(), v, destroyed);
}

}  // namespace

TEST_CASE("a freed block is the next one of its size taken") {
  int destroyed = 0;
  auto a = make(1, &destroyed);
  const Payload* first = a.get();
  a.reset();
  CHECK(destroyed == 1);
  auto b = make(2, &destroyed);
  CHECK(b.get() == first);
  CHECK(b->value == 2);
  b.reset();
  CHECK(destroyed == 2);
}

TEST_CASE("a list keeps at most its bound of free blocks") {
  int destroyed = 0;
  constexpr size_t kBound = 64;  // BlockList's kMaxFreeBlocks
  std::vector<std::shared_ptr<Payload>> held;
  for (size_t i = 0; i < kBound + 8; ++i) held.push_back(make(static_cast<int>(i), &destroyed));
  std::set<const Payload*> freed;
  for (const auto& p : held) freed.insert(p.get());
  held.clear();
  CHECK(destroyed == static_cast<int>(kBound + 8));
  // The bound's worth come back from the freed ones; the rest were deleted.
  size_t reused = 0;
  for (size_t i = 0; i < kBound + 8; ++i) {
    held.push_back(make(0, &destroyed));
    if (i < kBound) reused += freed.count(held.back().get());
  }
  CHECK(reused == kBound);
}

TEST_CASE("a block freed on another thread joins that thread's list") {
  int destroyed = 0;
  std::shared_ptr<Payload> made_here = make(7, &destroyed);
  const Payload* block = made_here.get();
  const Payload* taken_there = nullptr;
  std::thread other([&] {
    made_here.reset();  // freed on the other thread
    auto again = make(8, &destroyed);
    taken_there = again.get();
  });
  other.join();
  CHECK(destroyed == 2);
  CHECK(taken_there == block);
}
