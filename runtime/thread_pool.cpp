#include "runtime/thread_pool.h"

#include <pthread.h>
#include <sched.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

namespace nkic::rt {
namespace {

// Whether this thread is running a job's pieces: a piece that starts a job
// of its own runs it itself (the pool is busy with the outer one).
thread_local bool in_job = false;

// The default stack a new thread reserves, as "8 MiB".
std::string stack_text() {
  pthread_attr_t attr;
  size_t bytes = 0;
  if (pthread_attr_init(&attr) == 0) {
    pthread_attr_getstacksize(&attr, &bytes);
    pthread_attr_destroy(&attr);
  }
  return bytes >= (size_t{1} << 20) ? std::to_string(bytes >> 20) + " MiB"
                                    : std::to_string(bytes >> 10) + " KiB";
}

// Workers start on the first job that needs them and wait between jobs; a
// job's pieces are handed out one at a time, to whichever thread asks next.
class Pool {
 public:
  ~Pool() { stop(); }

  // Without waiting for a job that runs (a job's piece may ask, too).
  int size() {
    if (const int n = size_.load(std::memory_order_relaxed)) return n;
    std::lock_guard<std::mutex> job(job_mutex_);
    if (size_ == 0) size_ = available_cores();
    return size_;
  }
  // Starts the threads now; on failure keeps none (size 1) and says why.
  std::string resize(int n) {
    std::lock_guard<std::mutex> job(job_mutex_);
    stop();
    size_ = n;
    const std::string problem = start_workers();
    if (problem.empty()) return "";
    stop();
    size_ = 1;
    return problem;
  }

  void run(int64_t pieces, const std::function<void(int64_t)>& piece) {
    std::unique_lock<std::mutex> job(job_mutex_, std::defer_lock);
    if (!in_job) job.try_lock();
    if (job.owns_lock() && size_ == 0) size_ = available_cores();
    if (!job.owns_lock() || size_ <= 1 || pieces <= 1) {
      const bool outer = in_job;
      in_job = true;
      for (int64_t i = 0; i < pieces; ++i) piece(i);
      in_job = outer;
      return;
    }
    // Fewer threads when the process cannot start them all: the same
    // results, only slower.
    if (!start_workers().empty()) size_ = static_cast<int>(workers_.size()) + 1;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      piece_ = &piece;
      pieces_ = pieces;
      next_.store(0, std::memory_order_relaxed);
      busy_ = workers_.size();
      ++generation_;
    }
    wake_.notify_all();
    work();
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return busy_ == 0; });
    piece_ = nullptr;
  }

 private:
  void work() {
    in_job = true;
    for (int64_t i; (i = next_.fetch_add(1, std::memory_order_relaxed)) < pieces_;) (*piece_)(i);
    in_job = false;
  }

  void worker_main() {
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      lock.unlock();
      work();
      lock.lock();
      if (--busy_ == 0) done_.notify_one();
    }
  }

  // With job_mutex_ held. "" when every worker runs, else why the first
  // that could not start did not (the others started are kept).
  std::string start_workers() {
    if (!workers_.empty()) return "";
    stopping_ = false;
    for (int i = 1; i < size_; ++i) {
      try {
        workers_.emplace_back([this] { worker_main(); });
      } catch (const std::system_error& e) {
        return "only " + std::to_string(i) + " of the " + std::to_string(size_) +
               " threads could start (" +
               e.code().message() + "; each thread reserves " + stack_text() +
               " of address space for its stack)";
      }
    }
    return "";
  }
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
    workers_.clear();
  }

  std::mutex job_mutex_;  // held by the one job running, and by resize
  std::atomic<int> size_{0};  // 0: not yet read from the machine; set with job_mutex_ held
  std::vector<std::thread> workers_;

  std::mutex mutex_;  // guards what follows, but next_
  std::condition_variable wake_, done_;
  bool stopping_ = false;
  uint64_t generation_ = 0;
  size_t busy_ = 0;  // workers still in the current job
  const std::function<void(int64_t)>* piece_ = nullptr;
  int64_t pieces_ = 0;
  std::atomic<int64_t> next_{0};
};

Pool& pool() {
  static Pool p;
  return p;
}

}  // namespace

int available_cores() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    const int n = CPU_COUNT(&set);
    if (n > 0) return n;
  }
  const unsigned n = std::thread::hardware_concurrency();
  return n > 0 ? static_cast<int>(n) : 1;
}

std::string set_thread_count(int n) {
  return pool().resize(n < 1 ? 1 : n);
}

int thread_count() {
  return pool().size();
}

void parallel_pieces(int64_t pieces, const std::function<void(int64_t)>& piece) {
  pool().run(pieces, piece);
}

}  // namespace nkic::rt
