// A test's thread count (thread_pool.h), restored when it ends.
#pragma once

#include "runtime/thread_pool.h"

struct ScopedThreads {
  int before = nkic::rt::thread_count();
  explicit ScopedThreads(int n) { nkic::rt::set_thread_count(n); }
  ~ScopedThreads() { nkic::rt::set_thread_count(before); }
  ScopedThreads(const ScopedThreads&) = delete;
  ScopedThreads& operator=(const ScopedThreads&) = delete;
};
