// A collective's operands out of bounds, each member's checked with its own
// run-time offsets (a view picked by rank_id() may lie in bounds on some
// members and past the end on others), and the one report of them that
// nkirun, a program and the processes of an MPI run all print: the members
// at fault and, for each, what is out of bounds.
//
// nkirun checks a list of members when the list completes, lists in the
// order of their highest ranks (the ranks run in order), and reports the
// first list that fails, with every later list whose report reads the
// same; report_faults() applies the same rule to faults found in one go.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "runtime/access_pattern.h"
#include "runtime/located_error.h"
#include "runtime/machine.h"

namespace nkic::rt {

struct MemberFault {
  int rank = 0;
  int64_t list = 0;     // the member's list, by the order lists complete in: its highest rank
  std::string message;  // what check_bounds says of the member's first operand out of bounds
};

struct FaultReport {
  // "access pattern out of bounds: elements 6..8 of 'src' (6 elements) on
  // rank 2; elements 9..11 of 'src' (6 elements) on rank 3", or the one
  // message alone when every member at fault has the same.
  std::string text;
  std::vector<int> ranks;  // the members at fault, ascending
};

// The report of `faults` (not empty), in whatever order they were found.
FaultReport report_faults(const std::vector<MemberFault>& faults);

// What check_bounds says of the first of `operands` out of bounds; "" when
// they are all in bounds.
std::string operands_fault(const std::vector<const AccessPattern*>& operands);

// A collective's operands out of bounds on some members: Error's text is
// the report's.
class OperandsOutOfBounds : public Error {
 public:
  explicit OperandsOutOfBounds(FaultReport report)
      : Error(report.text), ranks_(std::move(report.ranks)) {}
  const std::vector<int>& ranks() const { return ranks_; }

 private:
  std::vector<int> ranks_;
};

// The faults of the members of `lists` that `holds` (every member when it
// is empty), member r's operands being srcs[k][r] and dsts[k][r], tensor k's
// source then its destination: rank-indexed arrays, as generated programs
// keep them.
std::vector<MemberFault> collective_faults(const std::vector<std::vector<int>>& lists,
                                           const std::vector<const AccessPattern*>& srcs,
                                           const std::vector<const AccessPattern*>& dsts,
                                           const std::function<bool(int)>& holds = {});

// A program's check before a collective moves anything: throws LocatedError
// at `place`, "NAME: " and the report, naming the members at fault.
void check_collective_bounds(const SourcePlace& place, const char* name,
                             const std::vector<std::vector<int>>& lists,
                             const std::vector<const AccessPattern*>& srcs,
                             const std::vector<const AccessPattern*>& dsts);

}  // namespace nkic::rt
