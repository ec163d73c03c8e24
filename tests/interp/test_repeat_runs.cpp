// Running a kernel several times in one Session, as `nkirun --iters` does:
// one machine whose storage is reused from run to run (and within a run),
// capacity accounting that starts again at zero, storage that shows the
// uninitialized pattern wherever the kernel has not written, and the kernel
// time of each run. Expected data is computed here from the inputs.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <numeric>

#include "run_util.h"

using nkic::test::expr_arg;
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

// Each rank works, meets the others, and works again: every rank waits for
// its turn inside the kernel call, while the others work.
const char* const kTurns = R"(
import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc

def work():
    total = 0
    for i in range(20000):
        total = total + i
    return total

@nki.jit
def turns(x, replica_group):
    work()
    src = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=src, src=x)
    out = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    ncc.all_reduce(dsts=[out], srcs=[src], op=nl.add, replica_group=replica_group)
    work()
    return out
)";

}  // namespace

TEST_CASE("the kernel time leaves out each rank's waits for its turn") {
  std::vector<float> x(4, 1.0f);
  const auto start = std::chrono::steady_clock::now();
  const auto o = run_kernel_repeatedly(
      kTurns, "turns", 4,
      {f32_arg("x", {1, 4}, {x, x, x, x}), expr_arg("replica_group", "[[0, 1, 2, 3]]")}, 1);
  const double wall =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(o.error == "");
  REQUIRE(o.runs.size() == 1);
  CHECK(floats(o.runs[0].outputs[3][0].array) == std::vector<float>(4, 4.0f));
  // The ranks ran one at a time, so their times add up to less than the
  // whole; counting the waits would count each rank's work again for every
  // rank that waited on it.
  CHECK(o.runs[0].kernel_micros > 0);
  CHECK(o.runs[0].kernel_micros <= wall);
}

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
