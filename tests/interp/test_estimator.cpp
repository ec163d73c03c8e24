// The device-time estimate of whole kernels: its total against the
// formulas by hand, and the schedule's rules as a kernel meets them (copies
// to different partitions overlap, a copy of what another wrote waits for
// it, a barrier holds both programs of a rank).
#include <doctest/doctest.h>

#include "cost/formulas.h"
#include "cost/estimator.h"
#include "run_util.h"

using doctest::Approx;
using nkic::test::expr_arg;
using nkic::test::f32_arg;
using nkic::test::run_kernel;

namespace {

const char* kHeader = R"(import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc
)";

double estimate(const std::string& body, const char* kernel, int ranks,
                const std::vector<nkic::interp::KernelArg>& args, int lnc = 1) {
  nkic::cost::Estimator e(nkic::cost::platform_params("trn2"), ranks, lnc);
  const auto o = run_kernel(std::string(kHeader) + body, kernel, ranks, args, lnc, &e);
  REQUIRE(o.error == "");
  return e.device_ns();
}

}  // namespace

TEST_CASE("an all-reduce between two copies: two DMAs and a mesh all-reduce, one after another") {
  const char* k = R"(
@nki.jit
def k(x):
    src = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    dst = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=src, src=x)
    ncc.all_reduce(srcs=[src], dsts=[dst], replica_group=[[0, 1]], op=nl.add)
    out = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=dst)
    return out
)";
  // 24 bytes, one run of 24: 1300 + 24 / (23 * 24 / 280) each copy. The
  // all-reduce of 24 bytes on one chip is Mesh: 4 steps of 1500 ns, 12 bytes
  // sent at the rank's 156 B/ns and 12 added at half that, after the launch.
  const double copy = 1300 + 280.0 / 23;
  const double all_reduce = 6000 + 4 * 1500 + 12 / 156.0 + 12 / 78.0;
  CHECK(estimate(k, "k", 2, {f32_arg("x", {2, 3}, {{1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}})}) ==
        Approx(2 * copy + all_reduce).epsilon(1e-12));
}

TEST_CASE("copies into different partitions overlap, a copy of what another wrote waits") {
  const char* k = R"(
@nki.jit
def k(x, chained: bool):
    t = nl.ndarray((16, 512), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=t[0:8, :], src=x[0:8, :])
    if chained:
        nisa.dma_copy(dst=t[8:16, :], src=t[0:8, :])
    else:
        nisa.dma_copy(dst=t[8:16, :], src=x[8:16, :])
    out = nl.ndarray((16, 512), dtype=nl.float32, buffer=nl.shared_hbm)
    return out
)";
  const std::vector<float> data(16 * 512, 1.0f);
  // 8 partitions of 2048-byte rows: one engine each.
  const double one = nkic::cost::dma_ns(nkic::cost::platform_params("trn2").dma, {16384, 8, 2048});
  CHECK(estimate(k, "k", 1, {f32_arg("x", {16, 512}, {data}), expr_arg("chained", "False")}) ==
        Approx(one));
  CHECK(estimate(k, "k", 1, {f32_arg("x", {16, 512}, {data}), expr_arg("chained", "True")}) ==
        Approx(2 * one));
}

TEST_CASE("after core_barrier a program waits for what the other did before it") {
  const char* k = R"(
@nki.jit
def k():
    shared = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
    t = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
    if nl.program_id(0) == 1:
        nisa.dma_copy(dst=shared, src=t)
    nisa.core_barrier(data=shared, cores=(0, 1))
    u = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=u, src=shared)
    return shared
)";
  // Program 1's copy, then the barrier, then each program's copy back.
  const double copy =
      nkic::cost::dma_ns(nkic::cost::platform_params("trn2").dma, {262144, 128, 2048});
  CHECK(estimate(k, "k", 1, {}, 2) == Approx(2 * copy));
}
