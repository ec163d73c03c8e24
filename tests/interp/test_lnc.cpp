// Logical-NeuronCore grids (--lnc) through a Session: the grid's values as
// kernels see them, each rank's HBM tensors shared by its programs
// allocation by allocation (and the located error when the programs
// disagree), SBUF per program, collectives joining the programs of one id,
// and the option's own check. Expected data is computed here.
#include <doctest/doctest.h>

#include "run_util.h"
#include "runtime/lnc.h"
#include "runtime/machine.h"

using nkic::test::expr_arg;
using nkic::test::f32_arg;
using nkic::test::floats;
using nkic::test::Outcome;
using nkic::test::run_kernel;

namespace {

const char* kHeader = R"(import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc
)";

std::string kernel(const std::string& body) {
  return std::string(kHeader) + body;
}

const char* kGrid = R"(
@nki.jit
def k():
    print(nl.program_ndim(), nl.num_programs(0), nl.num_programs(), nl.program_id(0),
          nl.num_programs((0,)), ncc.rank_id() if False else 0)
)";

}  // namespace

TEST_CASE("lnc: the grid a kernel sees under --lnc 1 and --lnc 2") {
  const Outcome one = run_kernel(kernel(kGrid), "k", 1, {}, 1);
  REQUIRE(one.error == "");
  CHECK(one.out == "0 1 1 0 1 0\n");
  // Program-major: every rank's program 0 before any program 1.
  const Outcome two = run_kernel(kernel(kGrid), "k", 2, {}, 2);
  REQUIRE(two.error == "");
  CHECK(two.out ==
        "[rank 0.0] 1 2 2 0 2 0\n[rank 1.0] 1 2 2 0 2 0\n"
        "[rank 0.1] 1 2 2 1 2 0\n[rank 1.1] 1 2 2 1 2 0\n");
}

TEST_CASE("lnc: a grid axis other than 0 is an error naming the grid") {
  const Outcome one = run_kernel(kernel("\n@nki.jit\ndef k():\n    nl.program_id(1)\n"), "k", 1);
  CHECK(one.error ==
        "k.py:8:5: program_id: axis 1 is out of range: the launch grid has no axes (--lnc 1), "
        "so the only axis is 0");
  const Outcome two =
      run_kernel(kernel("\n@nki.jit\ndef k():\n    nl.num_programs(2)\n"), "k", 1, {}, 2);
  CHECK(two.error ==
        "k.py:8:5: num_programs: axes 2 is out of range: the launch grid has 1 axis "
        "(--lnc 2), so the only axis is 0");
}

TEST_CASE("lnc: the k-th HBM allocation of each program is one tensor of the rank") {
  // Program p fills rows 2p and 2p+1 of the shared output with p+1, through
  // its own SBUF tile; the input is the rank's one tensor too.
  const char* body = R"(
@nki.jit
def k(x):
    out = nl.ndarray((4, 3), dtype=nl.float32, buffer=nl.shared_hbm)
    p = nl.program_id(0)
    tile = nl.ndarray((2, 3), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=tile, src=x[2 * p:2 * p + 2, :])
    nisa.dma_copy(dst=out[2 * p:2 * p + 2, :], src=tile)
    return out
)";
  const std::vector<float> r0{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  std::vector<float> r1(12);
  for (size_t i = 0; i < 12; ++i) r1[i] = 100 * r0[i];
  const Outcome o = run_kernel(kernel(body), "k", 2, {f32_arg("x", {4, 3}, {r0, r1})}, 2);
  REQUIRE(o.error == "");
  REQUIRE(o.result->outputs[0].size() == 1);
  CHECK(floats(o.result->outputs[0][0].array) == r0);
  CHECK(floats(o.result->outputs[1][0].array) == r1);
}

TEST_CASE("lnc: programs allocating their k-th HBM tensor differently are a located error") {
  const char* body = R"(
@nki.jit
def k():
    a = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.hbm)
    if nl.program_id(0) == 1:
        b = nl.ndarray((2, 2), dtype=nl.bfloat16, buffer=nl.hbm)
    else:
        b = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.hbm)
    return a
)";
  const Outcome o = run_kernel(kernel(body), "k", 1, {}, 2);
  // The other place is named by its full path (the scratch folder's here).
  const std::string head =
      "k.py:10:13: program 1 allocates its 2nd HBM tensor as [2, 2] bfloat16 in hbm, program 0 "
      "as [2, 2] float32 in hbm at ";
  const std::string tail =
      "/k.py:12:13 (the programs of a rank share their HBM tensors, allocation by allocation)";
  CHECK(o.error.rfind(head, 0) == 0);
  REQUIRE(o.error.size() > tail.size());
  CHECK(o.error.compare(o.error.size() - tail.size(), tail.size(), tail) == 0);
  CHECK(o.error_ranks == std::vector<int>{0});
}

TEST_CASE("lnc: SBUF is each program's own, the platform's per-core size") {
  // Three quarters of a partition's SBUF in each program: two programs fit,
  // two such tiles in one program do not.
  const int64_t cols = nkic::rt::default_platform().sbuf_partition_bytes * 3 / 4 / 4;
  const std::string body =
      "\n@nki.jit\ndef k(twice: bool):\n"
      "    a = nl.ndarray((128, " +
      std::to_string(cols) +
      "), dtype=nl.float32, buffer=nl.sbuf)\n"
      "    if twice:\n"
      "        b = nl.ndarray((128, " +
      std::to_string(cols) + "), dtype=nl.float32, buffer=nl.sbuf)\n";
  CHECK(run_kernel(kernel(body), "k", 1, {expr_arg("twice", "False")}, 2).error == "");
  const Outcome o = run_kernel(kernel(body), "k", 1, {expr_arg("twice", "True")}, 2);
  INFO(o.error);
  CHECK(o.error.rfind("k.py:10:13: SBUF overflow: allocating 'b' needs", 0) == 0);
}

TEST_CASE("lnc: a collective joins the programs of one id on the group's ranks") {
  // Program p all-reduces rows 2p..2p+1 of each rank's input: the sums are
  // over ranks only, never over the two programs of a rank. Program 1 also
  // makes one more all_reduce program 0 does not: no deadlock, since no
  // program 0 waits for it.
  const char* body = R"(
@nki.jit
def k(x):
    out = nl.ndarray((4, 3), dtype=nl.float32, buffer=nl.shared_hbm)
    mine = nl.ndarray((4, 3), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=mine, src=x)
    p = nl.program_id(0)
    ncc.all_reduce(srcs=[mine[2 * p:2 * p + 2, :]], dsts=[out[2 * p:2 * p + 2, :]],
                   replica_group=ncc.ReplicaGroup([[0, 1]]), op=nl.add)
    if p == 1:
        t = nl.ndarray((1, 3), dtype=nl.float32, buffer=nl.shared_hbm)
        ncc.all_reduce(srcs=[mine[0:1, :]], dsts=[t], replica_group=ncc.ReplicaGroup([[0, 1]]),
                       op=nl.add)
    return out
)";
  const std::vector<float> r0{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  std::vector<float> r1(12), sum(12);
  for (size_t i = 0; i < 12; ++i) {
    r1[i] = 100 * r0[i];
    sum[i] = r0[i] + r1[i];
  }
  const Outcome o = run_kernel(kernel(body), "k", 2, {f32_arg("x", {4, 3}, {r0, r1})}, 2);
  REQUIRE(o.error == "");
  for (int r = 0; r < 2; ++r) CHECK(floats(o.result->outputs[r][0].array) == sum);
}

TEST_CASE("lnc: the option takes 1 or 2 and nothing else") {
  CHECK(nkic::rt::lnc_problem("1") == "");
  CHECK(nkic::rt::lnc_problem("2") == "");
  for (const char* bad : {"0", "3", "-1", "2.0", "", " 2", "two"}) {
    CHECK(nkic::rt::lnc_problem(bad) ==
          std::string("the LNC (programs per rank) must be 1 or 2, not '") + bad + "'");
  }
}
