// See located_error.h.
#include "runtime/located_error.h"

namespace nkic::rt {

void RankFailures::add(int rank, const char* message) {
  if (ranks_.empty()) message_ = message;
  if (message_ == message) ranks_.push_back(rank);
}

void RankFailures::raise(const SourcePlace& place) const {
  throw LocatedError(place, ranks_, message_);
}

}  // namespace nkic::rt
