// What the harnesses check beyond "no crash": nkic's promises about its
// diagnostics. A broken promise aborts with a message, which libFuzzer and
// the replay tests report as a crash.
#pragma once

#include <string>

#include "frontend/diagnostics.h"

namespace nkic::fuzz {

// Prints "fuzz harness: WHAT" to stderr and aborts.
[[noreturn]] void broken_promise(const std::string& what);

// Every diagnostic (and note) that has a place lies within a file it names:
// its line exists and its column is on that line or just past its end. Each
// also formats, with and without colour.
void check_diagnostics(const DiagnosticSink& sink);

}  // namespace nkic::fuzz
