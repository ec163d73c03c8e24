// libFuzzer's entry point for the compile harness (harness.h); the replay
// driver calls it too.
#include <cstddef>
#include <cstdint>

#include "harness.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  nkic::fuzz::compile_input({reinterpret_cast<const char*>(data), size});
  return 0;
}
