#include "runtime/rank_segment.h"

#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "runtime/machine.h"
#include "runtime/thread_pool.h"

namespace nkic::rt {
namespace {

bool same_place(const SourcePlace* a_place, const SourcePlace* b_place) {
  if (a_place == nullptr || b_place == nullptr) return a_place == b_place;
  const SourcePlace& a = *a_place;
  const SourcePlace& b = *b_place;
  return a.line == b.line && a.col == b.col && a.end_col == b.end_col && a.program == b.program &&
         std::strcmp(a.file, b.file) == 0;
}

}  // namespace

void run_ranks(int first_rank, int end_rank, int64_t elements, const OpObserver* observer,
               const std::function<void(int, RankStep&)>& body) {
  struct Outcome {
    RankStep at;
    bool failed = false;
    bool error = false;  // an Error, with this message
    std::string message;
    std::exception_ptr thrown;
  };
  ++failure_checks;
  std::vector<Outcome> outcomes(static_cast<size_t>(end_rank - first_rank));
  const auto one = [&](int64_t n) {
    Outcome& o = outcomes[static_cast<size_t>(n)];
    try {
      body(first_rank + static_cast<int>(n), o.at);
    } catch (const Error& e) {
      o.failed = true;
      o.error = true;
      o.message = e.what();
      o.thrown = std::current_exception();
    } catch (...) {
      o.failed = true;
      o.thrown = std::current_exception();
    }
  };
  if (observer == nullptr && elements >= kMinParallelElements) {
    parallel_pieces(end_rank - first_rank, one);
  } else {
    for (int n = 0; n < end_rank - first_rank; ++n) one(n);
  }
  // The lowest failing rank's failure, joined by the ranks that failed alike.
  const Outcome* first = nullptr;
  std::vector<int> alike;
  for (int r = first_rank; r < end_rank; ++r) {
    const Outcome& o = outcomes[static_cast<size_t>(r - first_rank)];
    if (!o.failed) continue;
    if (first == nullptr) {
      // Anything but an Error at an instruction goes on as it was thrown.
      if (!o.error || o.at.place() == nullptr) std::rethrow_exception(o.thrown);
      first = &o;
    } else if (!o.error || o.message != first->message ||
               !same_place(o.at.place(), first->at.place())) {
      continue;
    }
    alike.push_back(r);
  }
  if (first != nullptr) throw LocatedError(*first->at.place(), alike, first->message);
}

}  // namespace nkic::rt
