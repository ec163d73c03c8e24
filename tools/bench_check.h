// `nkirun bench --check`: runs one size of a collective on the simulated
// machine, as a kernel's call would run it (rt::run_collective), with data
// whose results are known, and counts the elements that come out wrong, as
// nccl-tests' #wrong column does.
#pragma once

#include <cstdint>
#include <string>

#include "cost/collective_cost.h"
#include "runtime/machine.h"

namespace nkic::tools {

// The wrong elements over every rank's output of `collective` on `ranks`
// ranks (one group in rank order; a permute sends rank r's buffer to rank
// r + 1) of nccom-test's `size` bytes of `datatype`. Every input element is
// a small integer, r * 7 + i * 13 modulo 17 (less 8 for signed dtypes), so
// the expected sums are exact before their one rounding to the dtype.
// The expected values cost O(1) each (a sum over the ranks depends only on
// the element's index modulo 17), so a check is O(elements) however many
// ranks. Throws rt::Error when the machine cannot hold the buffers within
// `memory_limit` bytes (0: none).
int64_t wrong_elements(cost::Collective collective, int ranks, int64_t size,
                       const std::string& datatype, const rt::Platform& platform,
                       int64_t memory_limit);

// The bytes of tensor storage wrong_elements holds for that size: every
// rank's source and destination buffers, as the memory limit counts them.
int64_t check_bytes(cost::Collective collective, int ranks, int64_t size,
                    const std::string& datatype);

}  // namespace nkic::tools
