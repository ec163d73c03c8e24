// nkic's `-a NAME=VALUE` options: a tensor argument gives only a dtype and a
// shape, from `@PATH.npy` (`{rank}` allowed: every rank's file must agree)
// or written out as `f32[128,512]`; anything else is a compile-time
// expression of the language, as for nkirun.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "interp/session.h"

namespace nkic::tools {

// `f32[128,512]`, `bfloat16[2,3]`, `bool[4]`, `i32[]`; nullopt when `value`
// does not start with a dtype name and '['. Throws UsageError for a
// malformed shape.
std::optional<interp::TensorSpec> parse_tensor_type(const std::string& value);

// Throws UsageError (exit 2) for a malformed option or a missing file,
// InputError (exit 1) for a malformed file or ranks whose files disagree.
std::vector<interp::TraceArg> load_trace_args(const std::vector<std::string>& options, int ranks);

}  // namespace nkic::tools
