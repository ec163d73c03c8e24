// What to tell the user about an exception that reached a boundary: a tool's
// main, the REPL's loop, a compiled program's main, a simulated rank. Running
// out of memory is a property of the input (a huge kernel file, a huge
// tensor), not a bug, so it reads "out of memory"; any other exception that
// got this far is a bug of ours and says so. The boundaries catch their own
// expected errors first and this text for everything else, so no exception
// ends a run as an abort.
#pragma once

#include <exception>
#include <string>

namespace nkic::rt {

// "out of memory" for std::bad_alloc, else "internal error: WHAT".
std::string exception_message(const std::exception& e);

}  // namespace nkic::rt
