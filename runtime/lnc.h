// Logical NeuronCores (LNC): under `--lnc 2` every rank runs two programs of
// the kernel, each on its own core with its own SBUF and PSUM, sharing the
// rank's HBM (machine.h accounts on-chip memory per (rank, program)). The
// interpreter, nkic and the programs nkic builds take the option alike.
#pragma once

#include <string>

namespace nkic::rt {

// The LNCs a rank can have: 1 (no launch grid) or 2.
constexpr int kMinLnc = 1;
constexpr int kMaxLnc = 2;

// Why `text`, given to --lnc, is not an LNC ("" when it is one), for the
// tools' command-line checks.
std::string lnc_problem(const std::string& text);

}  // namespace nkic::rt
