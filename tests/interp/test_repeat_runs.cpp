// Running a kernel several times in one Session, as `nkirun --iters` does:
// one machine whose storage is reused from run to run (and within a run),
// capacity accounting that starts again at zero, storage that shows the
// uninitialized pattern wherever the kernel has not written, and the kernel
// time of each run. Expected data is computed here from the inputs.
#include <doctest/doctest.h>

#include <cmath>
#include <numeric>

#include "run_util.h"

using nkic::test::f32_arg;
using nkic::test::floats;
using nkic::test::run_kernel_repeatedly;

namespace {

// `scratch` dies when fill_whole returns, so `out`, of the same byte size,
// takes its storage (still holding x) and must show NaN where it is not
// written. The SBUF tile takes nearly all of a partition's 224 KiB: a run
// only fits if the previous run's tiles were released.
const char* const kSource = R"(
import nki
import nki.language as nl
import nki.isa as nisa

def fill_whole(x):
    scratch = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=scratch, src=x)

@nki.jit
def partial(x):
    big = nl.ndarray((128, 50000), dtype=nl.float32, buffer=nl.sbuf)
    fill_whole(x)
    out = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out[1:2, :], src=x[0:1, :])
    return out
)";

}  // namespace

TEST_CASE("repeated runs reuse storage and show NaN wherever the kernel did not write") {
  std::vector<float> x(12);
  std::iota(x.begin(), x.end(), 1.0f);
  const auto o = run_kernel_repeatedly(kSource, "partial", 2, {f32_arg("x", {3, 4}, {x, x})}, 3);
  REQUIRE(o.error == "");
  REQUIRE(o.runs.size() == 3);
  for (const auto& run : o.runs) {
    CHECK(run.kernel_micros > 0);
    for (const auto& rank_outputs : run.outputs) {
      REQUIRE(rank_outputs.size() == 1);
      const std::vector<float> out = floats(rank_outputs[0].array);
      REQUIRE(out.size() == 12);
      for (size_t k = 0; k < 12; ++k) {
        if (k >= 4 && k < 8) {
          CHECK(out[k] == x[k - 4]);  // row 1 = row 0 of x
        } else {
          CHECK(std::isnan(out[k]));
        }
      }
    }
  }
}
