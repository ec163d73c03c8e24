// See member_faults.h.
#include "runtime/member_faults.h"

#include <algorithm>
#include <map>

#include "runtime/diagnostic_text.h"

namespace nkic::rt {
namespace {

// The most different faults a report spells out; the members of the others
// are named together, so that a report over 128 ranks stays one line.
constexpr size_t kMaxFaultsSpelled = 4;

// "rank 2", "ranks 2, 3", "ranks 4-7".
std::string ranks_words(const std::vector<int>& ranks) {
  const std::string s = format_ranks(ranks);  // " (ranks 2, 3)"
  return s.substr(2, s.size() - 3);
}

// The text the messages share up to and including their last common ": ",
// so that "access pattern out of bounds: " is said once.
size_t shared_head(const std::vector<std::string>& messages) {
  const std::string& first = messages.front();
  size_t n = first.size();
  for (const std::string& m : messages) {
    size_t i = 0;
    while (i < n && i < m.size() && m[i] == first[i]) ++i;
    n = i;
  }
  if (n < 2) return 0;
  const size_t colon = first.rfind(": ", n - 2);  // wholly inside the shared text
  return colon == std::string::npos ? 0 : colon + 2;
}

// One list's report: its members' messages, each with the ranks that have it.
std::string list_text(const std::vector<const MemberFault*>& faults) {
  std::vector<std::string> messages;  // in the order of their lowest rank
  std::map<std::string, std::vector<int>> ranks;
  std::vector<const MemberFault*> by_rank = faults;
  std::sort(by_rank.begin(), by_rank.end(),
            [](const MemberFault* a, const MemberFault* b) { return a->rank < b->rank; });
  for (const MemberFault* f : by_rank) {
    std::vector<int>& of = ranks[f->message];
    if (of.empty()) messages.push_back(f->message);
    of.push_back(f->rank);
  }
  if (messages.size() == 1) return messages.front();
  const size_t head = shared_head(messages);
  std::string text = messages.front().substr(0, head);
  std::vector<int> others;
  for (size_t i = 0; i < messages.size(); ++i) {
    const std::vector<int>& of = ranks[messages[i]];
    if (i >= kMaxFaultsSpelled) {
      others.insert(others.end(), of.begin(), of.end());
      continue;
    }
    text += (i ? "; " : "") + messages[i].substr(head) + " on " + ranks_words(of);
  }
  if (!others.empty()) {
    std::sort(others.begin(), others.end());
    text += "; and otherwise on " + ranks_words(others);
  }
  return text;
}

}  // namespace

FaultReport report_faults(const std::vector<MemberFault>& faults) {
  std::map<int64_t, std::vector<const MemberFault*>> lists;  // in the order they complete
  for (const MemberFault& f : faults) lists[f.list].push_back(&f);
  FaultReport report;
  for (const auto& [key, of_list] : lists) {
    const std::string text = list_text(of_list);
    if (report.ranks.empty()) {
      report.text = text;
    } else if (text != report.text) {
      continue;  // nkirun reports the first list's failure, and those alike
    }
    for (const MemberFault* f : of_list) report.ranks.push_back(f->rank);
  }
  std::sort(report.ranks.begin(), report.ranks.end());
  report.ranks.erase(std::unique(report.ranks.begin(), report.ranks.end()), report.ranks.end());
  return report;
}

std::string operands_fault(const std::vector<const AccessPattern*>& operands) {
  for (const AccessPattern* ap : operands) {
    try {
      check_bounds(*ap);
    } catch (const Error& e) {
      return e.what();
    }
  }
  return "";
}

std::vector<MemberFault> collective_faults(const std::vector<std::vector<int>>& lists,
                                           const std::vector<const AccessPattern*>& srcs,
                                           const std::vector<const AccessPattern*>& dsts,
                                           const std::function<bool(int)>& holds) {
  std::vector<MemberFault> faults;
  for (const std::vector<int>& list : lists) {
    if (list.empty()) continue;
    const int64_t key = *std::max_element(list.begin(), list.end());
    for (int rank : list) {
      if (holds && !holds(rank)) continue;
      std::vector<const AccessPattern*> operands;
      for (size_t k = 0; k < srcs.size(); ++k) {
        operands.push_back(&srcs[k][rank]);
        if (k < dsts.size()) operands.push_back(&dsts[k][rank]);
      }
      std::string message = operands_fault(operands);
      if (!message.empty()) faults.push_back(MemberFault{rank, key, std::move(message)});
    }
  }
  return faults;
}

void check_collective_bounds(const SourcePlace& place, const char* name,
                             const std::vector<std::vector<int>>& lists,
                             const std::vector<const AccessPattern*>& srcs,
                             const std::vector<const AccessPattern*>& dsts) {
  const std::vector<MemberFault> faults = collective_faults(lists, srcs, dsts);
  if (faults.empty()) return;
  FaultReport report = report_faults(faults);
  throw LocatedError(place, std::move(report.ranks), std::string(name) + ": " + report.text);
}

}  // namespace nkic::rt
