// Where a run's results go: `OUTDIR/rank{r}/{NAME}.npy` files, and the
// per-rank NumPy-style listing of `--print`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "interp/session.h"

namespace nkic::tools {

// Throws InputError (kernel_args.h) when a file cannot be written.
void write_outputs(const std::string& outdir, const interp::RunResult& result);

void print_outputs(std::ostream& out, const interp::RunResult& result);

}  // namespace nkic::tools
