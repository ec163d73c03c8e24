// Printing a collective's schedule (runtime/collective_schedule.h) as
// explicit DMA calls in the generated C++ (emit_cpp.h): one statement per
// step, in a loop over members where the step repeats. The steps are the
// interpreter's, so the compiled program moves the same bytes in the same
// order.
#pragma once

#include <string>
#include <vector>

#include "codegen/cpp_writer.h"
#include "runtime/collective_schedule.h"

namespace nkic::codegen {

// The names the emitter gave one collective instruction's pieces, for the
// lists of one size.
struct ScheduleNames {
  std::string place;  // its rt::SourcePlace constant
  std::string group;  // its member lists of this size: const std::vector<std::vector<int>>
  std::string name;   // the collective's name, for messages
  std::vector<std::string> dsts, srcs;  // per tensor: rt::AccessPattern[kRanks] arrays
  std::string prefix;                   // for the names of its scratch buffers
};

// A host-side buffer a schedule needs, with an rt::AccessPattern member
// `pattern` over its first copy: allocated once, as runtime scratch on rank 0
// (not charged against the kernel's HBM, as the interpreter's collectives do
// not charge theirs).
struct Scratch {
  std::string buffer;
  std::string pattern;
  rt::ScratchBuffer decl;
};

// Emits the schedule for every list of names.group, whose operands' offsets
// are already set for every rank; returns the scratch buffers it uses.
std::vector<Scratch> emit_schedule(CppWriter& w, const rt::Schedule& schedule,
                                   const ScheduleNames& names);

}  // namespace nkic::codegen
