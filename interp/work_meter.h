// What bounds the meta-program's work: every rank has a meter of steps, and
// --max-steps is its limit. A statement, a call of a Python function and an
// item of a comprehension are one step each; an operation on n items (a copy,
// a comparison, a hash, a search) is n steps, and an operation on text one
// step per kTextBytesPerStep bytes, charged
// where the work is done, so a loop whose every statement copies millions of
// items stops as soon as one that runs millions of statements does.
//
// Operations charge the calling thread's meter: each rank runs on a thread of
// its own, and the evaluator makes its meter current (WorkMeter::Use) for as
// long as it evaluates, as it does with its ContainerArena.
#pragma once

#include <cstddef>
#include <cstdint>

namespace nkic::interp {

class WorkMeter {
 public:
  // limit 0: no bound (the REPL, which has Ctrl-C).
  explicit WorkMeter(int64_t limit) : limit_(limit) {}

  // Adds `units` steps; a ValueError beyond the limit.
  void charge(int64_t units) {
    if (__builtin_add_overflow(used_, units, &used_)) used_ = INT64_MAX;
    if (limit_ > 0 && used_ > limit_) exceeded();
  }
  int64_t used() const { return used_; }

  // Makes `meter` the calling thread's meter until the Use ends.
  class Use {
   public:
    explicit Use(WorkMeter& meter);
    ~Use();
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;

   private:
    WorkMeter* previous_;
  };

 private:
  [[noreturn]] void exceeded() const;
  int64_t limit_;
  int64_t used_ = 0;
};

// Charges the calling thread's meter, if it has one.
void charge_work(int64_t units);

// Scanning or copying text is far cheaper per byte than anything per item:
// a step for every this many bytes (and one for any text at all).
constexpr int64_t kTextBytesPerStep = 64;
void charge_text(size_t bytes);

}  // namespace nkic::interp
