// Specialization: runs a kernel's meta-program once (rank 0's, through
// Session::trace) for given argument shapes, dtypes and constants, records
// every device operation through a recording Device, and returns the device
// program as IR with its loops rerolled (reroll.h). Compile-time errors are
// the interpreter's own: the op table checks every operation before the
// recorder sees it, and the recorder checks static bounds, element counts
// and collective shapes as the interpreter's device would.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "codegen/ir.h"
#include "frontend/diagnostics.h"
#include "interp/session.h"

namespace nkic::codegen {

// What the program is built for, as the command line gave it.
struct Target {
  std::string file;  // the kernel file or stdlib module, as given
  int ranks = 1;
  std::string platform = "trn2";
  int lnc = 1;
};

// nullopt after reporting errors to `sink` (the Session reports its own to
// the sink it was made with).
std::optional<Program> specialize(interp::Session& session, const std::string& kernel,
                                  const std::vector<interp::TraceArg>& args, const Target& target,
                                  DiagnosticSink& sink);

}  // namespace nkic::codegen
