// The values of the nki.isa enum members that operations carry from the
// kernel's arguments (engine=, dge_mode=): the interpreter builds the enums
// from them, and the cost model reads them back.
#pragma once

#include <cstdint>

namespace nkic::rt::isa {

// nisa.engine
constexpr int64_t kEngineUnknown = 0, kEngineTensor = 1, kEngineScalar = 2, kEngineGpsimd = 3,
                  kEngineDma = 4, kEngineVector = 5, kEngineSync = 6;

// nisa.dge_mode
constexpr int64_t kDgeUnknown = 0, kDgeSoftware = 1, kDgeHardware = 2, kDgeNone = 3;

}  // namespace nkic::rt::isa
