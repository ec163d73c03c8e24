// See op_observer.h.
#include "runtime/op_observer.h"

namespace nkic::rt {

std::string OpPlace::text() const {
  return file ? std::string(file) + ":" + std::to_string(line) : "";
}

std::string place_text(const SourcePlace& place) {
  return OpPlace{place.file, place.line}.text();
}

void observe_collective(OpObserver* observer, CollectiveKind kind,
                        const std::vector<std::pair<int, int>>& pairs,
                        const std::vector<std::vector<int>>& groups,
                        std::initializer_list<const AccessPattern*> srcs,
                        std::initializer_list<const AccessPattern*> dsts,
                        const SourcePlace& place) {
  if (!observer) return;
  for (const std::vector<int>& list : groups) {
    std::vector<ObservedMember> members;
    for (int r : list) {
      ObservedMember m;
      m.rank = r;
      m.program = place.program < 0 ? 0 : place.program;
      for (const AccessPattern* t : srcs) m.srcs.push_back(t[r]);
      for (const AccessPattern* t : dsts) m.dsts.push_back(t[r]);
      m.place = place_text(place);
      members.push_back(std::move(m));
    }
    observer->collective(kind, pairs, members);
  }
}

}  // namespace nkic::rt
