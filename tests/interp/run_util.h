// Helpers for the interpreter tests: run kernel source text through a
// Session (written to a scratch k.py) and capture what it printed, the first
// error as "k.py:LINE:COL: MESSAGE", and the outputs.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "frontend/diagnostics.h"
#include "interp/device.h"
#include "interp/session.h"

namespace nkic::test {

struct Outcome {
  std::string out;    // what print() wrote
  std::string error;  // the first diagnostic, "k.py:3:5: message", empty when none
  std::vector<int> error_ranks;
  std::vector<std::string> notes;  // the first diagnostic's notes, same format
  std::optional<interp::RunResult> result;
  std::vector<interp::RunResult> runs;  // run_kernel_repeatedly: every successful run
};

// Runs `kernel` of `source` on `ranks` ranks, each running `lnc` programs,
// with `observer` hearing the run.
Outcome run_kernel(const std::string& source, const std::string& kernel, int ranks = 1,
                   const std::vector<interp::KernelArg>& args = {}, int lnc = 1,
                   rt::OpObserver* observer = nullptr);

// Runs it `times` times in one Session (so on one machine, whose storage is
// reused), stopping at the first error; `result` is the last run's.
Outcome run_kernel_repeatedly(const std::string& source, const std::string& kernel, int ranks,
                              const std::vector<interp::KernelArg>& args, int times);

struct TraceOutcome {
  std::string out;
  std::string error;
  std::vector<int> error_ranks;
  std::optional<interp::TraceResult> result;
};

// Traces `kernel` of `source` as for `ranks` ranks (of `lnc` programs), into `device`.
TraceOutcome trace_kernel(const std::string& source, const std::string& kernel, int ranks,
                          const std::vector<interp::TraceArg>& args, interp::Device& device,
                          int lnc = 1);

// Runs module-level code (a trivial kernel is appended after it), each rank
// taking at most `max_steps` steps.
Outcome run_code(const std::string& source, int64_t max_steps = interp::kDefaultMaxSteps);

// An expression argument `-a name=text`.
interp::KernelArg expr_arg(const std::string& name, const std::string& text);
// A float32 tensor argument, the same shape on every rank: data[r] for rank r.
interp::KernelArg f32_arg(const std::string& name, const std::vector<int64_t>& shape,
                          const std::vector<std::vector<float>>& data);

// The float32 elements of an output array.
std::vector<float> floats(const rt::NpyArray& a);

}  // namespace nkic::test
