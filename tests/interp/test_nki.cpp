// NKI kernels end to end through a Session: tensors and their attributes,
// dma_copy, memset, registers, the collectives on 2-4 ranks, outputs and
// their names, printing per rank, and the misuse errors. Expected data is
// computed here from the inputs, independently of the interpreter.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

#include "run_util.h"
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
from nki.collectives import ReplicaGroup
)";

std::string kernel(const std::string& body) {
  return std::string(kHeader) + body;
}

std::vector<float> iota(size_t n, float start, float step = 1) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = start + step * static_cast<float>(i);
  return v;
}

// The HBM collective template of the nkilib kernels: copy the input into
// shared HBM, run the collective, copy the result out.
const char* kAllReduce = R"(
@nki.jit
def all_reduce_kernel(input, replica_group):
    src = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    dst = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm, name="dst")
    out = nl.ndarray(input.shape, dtype=input.dtype, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=src, src=input)
    ncc.all_reduce(srcs=[src], dsts=[dst], replica_group=replica_group, op=nl.add)
    nisa.dma_copy(dst=out, src=dst)
    return out
)";

}  // namespace

TEST_CASE("tensors: attributes, views and printing") {
  const Outcome o = run_kernel(kernel(R"(
@nki.jit
def k():
    t = nl.zeros((4, 6), dtype=nl.float32, buffer=nl.sbuf, name="t")
    print(t.shape, t.dtype, t.buffer, t.strides, t.offset, t.ndim, t.size, t.name)
    v = t[1:3, ::2]
    print(v.shape, v.strides, v.offset)
    h = nl.ones([2, 3, 4], nl.int32, buffer=nl.shared_hbm)
    print(h[0].shape, h[1, 2].shape, h[..., 1].shape, h.reshape(6, 4).shape, h.reshape((24,)).shape)
    print(nl.full((2, 2), 7, nl.int32, buffer=nl.hbm))
    print(isinstance(t, nl.ndarray), nl.hbm == nl.private_hbm, nl.tile_size.pmax)
    s = 0
    for i in nl.affine_range(4):
        s += i
    for i in nl.sequential_range(1, 7, 2):
        s += i
    print(s, nl.add(2, 3), nl.maximum(2, 9), nl.program_id(0), nl.num_programs())
)"),
                               "k");
  REQUIRE(o.error == "");
  // Row-major strides; t[1:3, ::2] starts at element 6 with strides (6, 2);
  // HBM integer indexing drops dims, NumPy-style.
  CHECK(o.out ==
        "(4, 6) float32 sbuf (6, 1) 0 2 24 t\n"
        "(2, 3) (6, 2) 6\n"
        "(3, 4) (4,) (2, 3) (6, 4) (24,)\n"
        "[[7 7]\n [7 7]]\n"
        "True True 128\n"
        "15 5 9 0 1\n");
}

TEST_CASE("nl values: functions and float8 dtypes as keys, tile_size per platform") {
  const Outcome o = run_kernel(kernel(R"(
ACT = {nl.silu: "silu", nl.gelu: "gelu", nl.gelu_apprx_tanh: "tanh", nl.gelu_apprx_sigmoid: "swish"}
MAX = {nl.float8_e4m3: 240.0, nl.float8_e4m3fn: 448.0, nl.float8_e5m2: 57344.0}
OPS = {nl.less: 1, nl.bitwise_and: 2, nl.abs_max: 3, nl.sbuf: 4}

@nki.jit
def k():
    print(ACT[nl.gelu], nl.silu, nl.exp == nl.exp, nl.exp != nl.log)
    print(nl.rsqrt in [nl.sqrt, nl.rsqrt], nl.mish in ACT, MAX[nl.float8_e4m3fn], nl.float8_e5m2)
    print(OPS[nl.abs_max], OPS[nl.sbuf], nl.less(1, 2), nl.abs_max(-3, 2), nl.power(2, 5))
    ts = nl.tile_size
    print(ts.pmax, ts.psum_fmax, ts.psum_bank_fmax, ts.psum_bank_fmax_bytes, ts.psum_num_banks)
    print(ts.gemm_stationary_fmax, ts.gemm_moving_fmax, ts.bn_stats_fmax, ts.psum_min_align,
          ts.sbuf_min_align)
    print(ts.sbuf_size_bytes, ts.sbuf_fmax_bytes, ts.sbuf_fmax, ts.total_available_sbuf_size)
    print(nl.is_hbm(nl.private_hbm), nl.is_hbm(nl.sbuf), nl.is_on_chip(nl.psum), nl.is_sbuf(nl.psum),
          nl.is_psum(nl.psum))
)"),
                               "k");
  REQUIRE(o.error == "");
  // trn2 (the default): 224 KiB of SBUF per partition, 8 PSUM banks of 2 KiB.
  CHECK(o.out ==
        "gelu nl.silu True True\n"
        "True False 448.0 float8_e5m2\n"
        "3 4 True 3 32\n"
        "128 512 512 2048 8\n"
        "128 512 512 4 1\n" +
            std::to_string(128 * 224 * 1024) + " " + std::to_string(224 * 1024) + " " +
            std::to_string(224 * 1024 / 4) + " " + std::to_string(224 * 1024) +
            "\n"
            "True False True False True\n");
}

TEST_CASE("a tile made in a tuple display is released with the tuple") {
  // Each tile takes three quarters of a partition's SBUF: the second fits
  // only if the tuple that held the first, and so the first, are gone.
  const int64_t cols = nkic::rt::default_platform().sbuf_partition_bytes * 3 / 4 / 4;
  const std::string tile =
      "nl.ndarray((128, " + std::to_string(cols) + "), dtype=nl.float32, buffer=nl.sbuf)";
  const Outcome o = run_kernel(kernel(R"(
@nki.jit
def k():
    for i in range(3):
        pair = ()" + tile + R"(, i)
        nisa.memset(dst=pair[0], value=i)
        pair = None
        alone = )" + tile + R"(
        alone = None
    print(i)
)"),
                               "k");
  INFO(o.error);
  CHECK(o.error == "");
  CHECK(o.out == "2\n");
}

TEST_CASE("a call of nl.ndarray calls the function named before its arguments rebind the name") {
  const Outcome o = run_kernel(kernel(R"(
def swap():
    nl.ndarray = lambda *args, **kwargs: "rebound"
    return nl.float32

@nki.jit
def k():
    saved = nl.ndarray
    kinds = []
    for i in range(3):
        t = nl.ndarray((1, 4), dtype=swap(), buffer=nl.sbuf)
        kinds.append(isinstance(t, str))
    nl.ndarray = saved
    print(kinds)
)"),
                               "k");
  INFO(o.error);
  CHECK(o.error == "");
  CHECK(o.out == "[False, True, True]\n");
}

TEST_CASE("view queries: get_pattern, slice, is_contiguous, is_indirect") {
  const Outcome o = run_kernel(kernel(R"(
@nki.jit
def k():
    t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    u = t.slice(dim=1, start=8, end=24)
    print(u.get_pattern(), u.offset, u.shape)
    w = t.slice(1, 3, 64, 4)
    print(w.get_pattern(), w.offset, w.is_contiguous(), t[0:64, 8:24].is_contiguous())
    h = nl.ndarray((4, 6, 8), dtype=nl.int32, buffer=nl.shared_hbm)
    print(h.slice(1, 1, 5, 2).get_pattern(), h.slice(1, 1, 5, 2).offset, h[:, 1:3].is_contiguous())
    print(t.ap(pattern=((64, 128), (1, 16)), offset=8).get_pattern(), t.is_indirect())
)"),
                               "k");
  REQUIRE(o.error == "");
  // A slice [s:e:k] of dim d keeps the shape elsewhere, multiplies d's
  // stride by k and moves the offset by s * stride(d): on (128, 64)
  // strides are (64, 1); on (4, 6, 8) they are (48, 8, 1).
  CHECK(o.out ==
        "[[64, 128], [1, 16]] 8 (128, 16)\n"
        "[[64, 128], [4, 16]] 3 False True\n"
        "[[48, 4], [16, 2], [1, 8]] 8 False\n"
        "[[64, 128], [1, 16]] False\n");
}

TEST_CASE(".ap(dtype=) of the view's own dtype reinterprets nothing, nor does one of its size") {
  for (const char* dtype : {"float32", "int32"}) {
    const Outcome o = run_kernel(kernel(std::string(R"(
@nki.jit
def k():
    t = nl.ndarray((4, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    u = t.ap(pattern=[[8, 2], [1, 8]], offset=8, dtype=nl.)") +
                                        dtype + R"()
    print(u.dtype, u.shape, u.offset, u.get_pattern())
)"),
                                 "k");
    REQUIRE(o.error == "");
    CHECK(o.out == std::string(dtype) + " (2, 8) 8 [[8, 2], [1, 8]]\n");
  }
}

TEST_CASE("view methods: permute, broadcast, expand/squeeze, reshape_dim, flatten_dims, select") {
  const Outcome o = run_kernel(kernel(R"(
@nki.jit
def k():
    t = nl.ndarray((128, 4, 8), dtype=nl.float32, buffer=nl.sbuf)
    print(t.permute((0, 2, 1)).shape, t.permute((0, 2, 1)).get_pattern())
    b = nl.ndarray((128, 1, 64), dtype=nl.float32, buffer=nl.sbuf)
    print(b.broadcast(1, 8).get_pattern(), b.squeeze_dim(1).get_pattern())
    e = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
    print(e.expand_dim(1).get_pattern(), e.expand_dim(2).get_pattern())
    r = nl.ndarray((128, 24), dtype=nl.float32, buffer=nl.sbuf)
    print(r.reshape_dim(1, (4, 6)).get_pattern(), r.reshape_dim(1, (4, -1)).shape,
          r.reshape_dim(0, (128,)).shape)
    f = nl.ndarray((128, 2, 3, 4), dtype=nl.float32, buffer=nl.sbuf)
    print(f.flatten_dims(1, 2).get_pattern(), f.flatten_dims(1, 3).get_pattern())
    g = nl.ndarray((128, 8, 64), dtype=nl.float32, buffer=nl.sbuf)
    print(g.select(1, 3).offset, g.select(1, 3).get_pattern(), g[:, 0:2].reshape((128, 128)).get_pattern())
    h = nl.ndarray((4, 128, 8), dtype=nl.float32, buffer=nl.shared_hbm)
    idx = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf)
    print(h.select(0, idx).shape, h.select(0, idx).is_indirect(), h.select(2, 7).shape, h.select(2, 7).offset)
    print(r.rearrange(("b", ("h", "w")), ("b", "w", "h"), {"h": 4}).get_pattern(),
          f.rearrange(("p", "a", "b", "c"), ("p", ("a", "b"), "c")).get_pattern())
)"),
                               "k");
  REQUIRE(o.error == "");
  // (128, 4, 8) has strides (32, 8, 1); a broadcast dim has stride 0; a new
  // dim before dim d gets stride(d) * size(d); a split dim spreads its
  // stride row-major; a merge takes the innermost stride; select(1, 3) moves
  // the offset by 3 * stride(1) = 192; an on-chip reshape keeps the
  // partition stride (512 for a (128, 2, 64) slice of (128, 8, 64)); a
  // rearrange splits 24 into h = 4 (stride 6) and w = 6 (stride 1), then
  // orders them w, h.
  CHECK(o.out ==
        "(128, 8, 4) [[32, 128], [1, 8], [8, 4]]\n"
        "[[64, 128], [0, 8], [1, 64]] [[64, 128], [1, 64]]\n"
        "[[64, 128], [64, 1], [1, 64]] [[64, 128], [1, 64], [1, 1]]\n"
        "[[24, 128], [6, 4], [1, 6]] (128, 4, 6) (128, 24)\n"
        "[[24, 128], [4, 6], [1, 4]] [[24, 128], [1, 24]]\n"
        "192 [[512, 128], [1, 64]] [[512, 128], [1, 128]]\n"
        "(128, 8) True (4, 128) 7\n"
        "[[24, 128], [1, 6], [6, 4]] [[24, 128], [4, 6], [1, 4]]\n");
}

TEST_CASE("dma_copy moves data, outputs are named after the returned variables") {
  const Outcome o = run_kernel(kernel(R"(
@nki.jit
def copy_kernel(a):
    tile = nl.ndarray((2, 3), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=tile, src=a)
    doubled = nl.ndarray((2, 3), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(doubled, tile)
    flipped = nl.ndarray((3, 2), dtype=nl.int32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=flipped, src=tile)
    return doubled, flipped
)"),
                               "copy_kernel", 1, {f32_arg("a", {2, 3}, {iota(6, 1.5)})});
  REQUIRE(o.error == "");
  REQUIRE(o.result);
  const auto& outs = o.result->outputs[0];
  REQUIRE(outs.size() == 2);
  CHECK(outs[0].name == "doubled");
  CHECK(outs[0].array.shape == std::vector<int64_t>{2, 3});
  CHECK(floats(outs[0].array) == iota(6, 1.5));
  CHECK(outs[1].name == "flipped");
  CHECK(outs[1].array.dtype == nkic::rt::DType::int32);
  // 1.5 2.5 ... 6.5 rounded to nearest even: 2 2 4 4 6 6.
  std::vector<int32_t> ints(6);
  std::memcpy(ints.data(), outs[1].array.data.data(), 24);
  CHECK(ints == std::vector<int32_t>{2, 2, 4, 4, 6, 6});
}

TEST_CASE("an input the kernel writes is an output, a returned view is named after its variable") {
  const Outcome o =
      run_kernel(kernel(R"(
@nki.jit
def k(a, b):
    nisa.memset(a[0:1, :], 9)
    c = nl.ndarray((1, 2), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(c, b)
    return [c.reshape((2,))]
)"),
                 "k", 1, {f32_arg("a", {2, 2}, {{1, 2, 3, 4}}), f32_arg("b", {1, 2}, {{5, 6}})});
  REQUIRE(o.error == "");
  const auto& outs = o.result->outputs[0];
  REQUIRE(outs.size() == 2);
  CHECK(outs[0].name == "c");
  CHECK(floats(outs[0].array) == std::vector<float>{5, 6});
  CHECK(outs[1].name == "a");
  CHECK(floats(outs[1].array) == std::vector<float>{9, 9, 3, 4});
  CHECK(o.result->printed[0][1] == "[[9. 9.]\n [3. 4.]]");
}

TEST_CASE("all_reduce on 2 ranks sums the inputs") {
  const std::vector<float> r0 = iota(6, 1), r1 = iota(6, 10, 10);
  const Outcome o =
      run_kernel(kernel(kAllReduce), "all_reduce_kernel", 2,
                 {f32_arg("input", {2, 3}, {r0, r1}), expr_arg("replica_group", "[[0, 1]]")});
  REQUIRE(o.error == "");
  std::vector<float> sum(6);
  for (size_t i = 0; i < 6; ++i) sum[i] = r0[i] + r1[i];
  for (int r = 0; r < 2; ++r) {
    REQUIRE(o.result->outputs[r].size() == 1);
    CHECK(o.result->outputs[r][0].name == "out");
    CHECK(floats(o.result->outputs[r][0].array) == sum);
  }
}

TEST_CASE("all_reduce on 4 ranks in two groups: a calling rank in no group is an error") {
  std::vector<std::vector<float>> in;
  for (int r = 0; r < 4; ++r) in.push_back(iota(4, static_cast<float>(r * 100)));
  const Outcome o = run_kernel(
      kernel(kAllReduce), "all_reduce_kernel", 4,
      {f32_arg("input", {2, 2}, in), expr_arg("replica_group", "ReplicaGroup([[0, 2], [1, 3]])")});
  REQUIRE(o.error == "");
  for (size_t i = 0; i < 4; ++i) {
    CHECK(floats(o.result->outputs[0][0].array)[i] == in[0][i] + in[2][i]);
    CHECK(floats(o.result->outputs[2][0].array)[i] == in[0][i] + in[2][i]);
    CHECK(floats(o.result->outputs[1][0].array)[i] == in[1][i] + in[3][i]);
  }
  // Rank 3 is in no list: NKI gives it no part, and its dst would stay
  // unwritten.
  const Outcome left_out = run_kernel(
      kernel(kAllReduce), "all_reduce_kernel", 4,
      {f32_arg("input", {2, 2}, in), expr_arg("replica_group", "ReplicaGroup([[0, 2], [1]])")});
  CHECK(left_out.error.find("all_reduce: replica group [[0, 2], [1]] leaves out the calling "
                            "rank") != std::string::npos);
  CHECK(left_out.error_ranks == std::vector<int>{3});
}

TEST_CASE("all_gather, reduce_scatter and all_to_all on HBM") {
  const char* source = R"(
@nki.jit
def k(input, replica_group, n):
    h, w = input.shape
    src = nl.ndarray((h, w), dtype=input.dtype, buffer=nl.shared_hbm, name="src")
    nisa.dma_copy(dst=src, src=input)
    gathered = nl.ndarray((h * n, w), dtype=input.dtype, buffer=nl.shared_hbm, name="g")
    ncc.all_gather(srcs=[src], dsts=[gathered], replica_group=replica_group, collective_dim=0)
    scattered = nl.ndarray((h // n, w), dtype=input.dtype, buffer=nl.shared_hbm, name="s")
    ncc.reduce_scatter(srcs=[src], dsts=[scattered], replica_group=replica_group,
                       collective_dim=0, op=nl.maximum)
    exchanged = nl.ndarray((h, w), dtype=input.dtype, buffer=nl.shared_hbm, name="x")
    ncc.all_to_all([src], [exchanged], replica_group, 0)
    return gathered, scattered, exchanged
)";
  const int n = 2;
  const std::vector<float> r0 = {1, 8, 3, 4}, r1 = {5, 2, 7, 0};  // (2, 2) each
  const Outcome o = run_kernel(kernel(source), "k", n,
                               {f32_arg("input", {2, 2}, {r0, r1}),
                                expr_arg("replica_group", "[[0, 1]]"), expr_arg("n", "2")});
  REQUIRE(o.error == "");
  const std::vector<std::vector<float>> in = {r0, r1};
  for (int r = 0; r < n; ++r) {
    const auto& outs = o.result->outputs[static_cast<size_t>(r)];
    REQUIRE(outs.size() == 3);
    std::vector<float> gathered = r0;
    gathered.insert(gathered.end(), r1.begin(), r1.end());
    CHECK(floats(outs[0].array) == gathered);
    // Row r of the elementwise max.
    std::vector<float> mx;
    for (size_t c = 0; c < 2; ++c) mx.push_back(std::max(r0[2 * r + c], r1[2 * r + c]));
    CHECK(floats(outs[1].array) == mx);
    // Chunk j of rank r's result is rank j's chunk r.
    std::vector<float> ex;
    for (int j = 0; j < n; ++j) {
      ex.push_back(in[static_cast<size_t>(j)][2 * r]);
      ex.push_back(in[static_cast<size_t>(j)][2 * r + 1]);
    }
    CHECK(floats(outs[2].array) == ex);
  }
}

TEST_CASE("rank_id as scalar_offset selects each rank's slice") {
  const char* source = R"(
@nki.jit
def rank_id_kernel(in_tensor):
    g, h, w = in_tensor.shape
    out = nl.ndarray((h, w), dtype=in_tensor.dtype, buffer=nl.shared_hbm)
    r = ncc.rank_id()
    nisa.dma_copy(dst=out, src=in_tensor.ap(pattern=[[w, h], [1, w]], scalar_offset=r,
                                            indirect_dim=0))
    return out
)";
  const std::vector<float> data = iota(12, 0);  // (3, 2, 2), the same on every rank
  const Outcome o = run_kernel(kernel(source), "rank_id_kernel", 3,
                               {f32_arg("in_tensor", {3, 2, 2}, {data, data, data})});
  REQUIRE(o.error == "");
  for (size_t r = 0; r < 3; ++r) {
    CHECK(floats(o.result->outputs[r][0].array) ==
          std::vector<float>(data.begin() + 4 * r, data.begin() + 4 * r + 4));
  }
}

TEST_CASE("dma_copy with oob_mode.skip drops an out-of-bounds transfer") {
  const char* source = R"(
@nki.jit
def k(src):
    out = nl.zeros((1, 2), dtype=nl.float32, buffer=nl.shared_hbm)
    r = nisa.register_alloc(5)
    nisa.dma_copy(dst=out, src=src.ap(pattern=[[2, 1], [1, 2]], scalar_offset=r),
                  oob_mode=nisa.oob_mode.skip)
    return out
)";
  const Outcome o = run_kernel(kernel(source), "k", 1, {f32_arg("src", {2, 2}, {{1, 2, 3, 4}})});
  REQUIRE(o.error == "");
  CHECK(floats(o.result->outputs[0][0].array) == std::vector<float>{0, 0});
}

TEST_CASE("core_barrier of core 0 alone, without a grid, goes on at once") {
  // As nkilib's kernels call it when they run on one core.
  const char* source = R"(
@nki.jit
def k(src):
    out = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=src)
    nisa.core_barrier(out, (0,))
    doubled = nl.ndarray((2, 2), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=doubled, src=out)
    return doubled
)";
  const Outcome o =
      run_kernel(kernel(source), "k", 2, {f32_arg("src", {2, 2}, {{1, 2, 3, 4}, {5, 6, 7, 8}})});
  REQUIRE(o.error == "");
  CHECK(floats(o.result->outputs[1][0].array) == std::vector<float>{5, 6, 7, 8});
  // Under --lnc 2 the one core is not the rank's two.
  const Outcome grid =
      run_kernel(kernel(source), "k", 1, {f32_arg("src", {2, 2}, {{1, 2, 3, 4}})}, 2);
  CHECK(grid.error.find("cores must be (0, 1) under --lnc 2, not (0,)") != std::string::npos);
}

TEST_CASE("print on several ranks prefixes each line with the rank") {
  const Outcome o = run_kernel(kernel(R"(
@nki.jit
def k():
    t = nl.full((2, 2), 1.5, nl.float32, buffer=nl.sbuf)
    print("hello")
    print(t)
)"),
                               "k", 2);
  REQUIRE(o.error == "");
  CHECK(o.out ==
        "[rank 0] hello\n[rank 0] [[1.5 1.5]\n[rank 0]  [1.5 1.5]]\n"
        "[rank 1] hello\n[rank 1] [[1.5 1.5]\n[rank 1]  [1.5 1.5]]\n");
}

TEST_CASE("stdlib-free imports: from nki import jit and the legacy package") {
  const Outcome o = run_kernel(R"(from nki import jit
import neuronxcc.nki.language as nl
from nki.isa import oob_mode

@jit(mode="simulation")
def k():
    print(nl.float32, oob_mode.skip, oob_mode.skip.value)
)",
                               "k");
  REQUIRE(o.error == "");
  CHECK(o.out == "float32 oob_mode.skip 1\n");
}

TEST_CASE("nki.typing annotates, reduce_cmd and nc_version are isa enums, engines have names") {
  const Outcome o = run_kernel(R"(import neuronxcc.nki.typing as nt
from nki.typing import tensor
import nki
import nki.isa as nisa
from nki.isa import reduce_cmd, engine

@nki.jit
def k(x: nt.tensor[2, 3] = None, out: nt.mutable_tensor = None) -> tensor:
    print(nt is nki.typing, tensor is nt.tensor)
    print([m.name for m in (reduce_cmd.idle, reduce_cmd.reset, reduce_cmd.reduce,
                            reduce_cmd.reset_reduce, reduce_cmd.load_reduce)],
          reduce_cmd.load_reduce.value)
    print(nisa.vector_engine == engine.vector, nisa.tensor_engine is engine.tensor,
          nisa.gpsimd_engine == engine.vector)
    print(nisa.get_nc_version(), nisa.get_nc_version().value, nisa.nc_version.gen4.value)
    print(nisa.get_nc_version() >= 3, nisa.get_nc_version() == 3, nisa.get_nc_version() < 3,
          nisa.nc_version.gen2 + 1, {3: "trn2"}[nisa.get_nc_version()], nisa.oob_mode.skip == 1)
)",
                               "k");
  REQUIRE(o.error == "");
  CHECK(o.out ==
        "True True\n"
        "['idle', 'reset', 'reduce', 'reset_reduce', 'load_reduce'] 4\n"
        "True True False\n"
        "nc_version.gen3 3 4\n"
        "True True False 3 trn2 False\n");
}

TEST_CASE("nki.isa.constants holds the isa enums themselves") {
  const Outcome o = run_kernel(R"(import nki
import nki.isa as nisa
from nki.isa.constants import oob_mode, dge_mode
import nki.isa.constants as constants

@nki.jit
def k():
    print(oob_mode.skip == nisa.oob_mode.skip, oob_mode is nisa.oob_mode,
          constants.dge_mode is dge_mode, nisa.constants is constants)
)",
                               "k");
  REQUIRE(o.error == "");
  CHECK(o.out == "True True True True\n");
}

// ---- misuse ------------------------------------------------------------------

struct MisuseCase {
  const char* body;  // the kernel, after the five import lines
  int ranks;
  const char* expected;
};

TEST_CASE("misuse: exact diagnostics") {
  const MisuseCase cases[] = {
      {"@nki.jit\ndef k():\n    r = ncc.rank_id()\n    if r:\n        pass\n", 1,
       "k.py:9:8: rank_id() is a run-time register: it cannot be used as a Python bool at "
       "specialization time; pass it as scalar_offset"},
      {"@nki.jit\ndef k():\n    r = ncc.rank_id()\n    x = int(r)\n", 1,
       "k.py:9:9: rank_id() is a run-time register: it cannot be used as a Python int at "
       "specialization time; pass it as scalar_offset"},
      {"@nki.jit\ndef k():\n    r = ncc.rank_id()\n    t = nl.ndarray((r, 2), nl.float32)\n", 1,
       "k.py:9:9: rank_id() is a run-time register: it cannot be used as a shape at "
       "specialization time; pass it as scalar_offset"},
      {"@nki.jit\ndef k():\n    r = ncc.rank_id()\n    print(r + 1)\n", 1,
       "k.py:9:11: rank_id() is a run-time register: it cannot be used as an operand of + at "
       "specialization time; pass it as scalar_offset"},
      {"@nki.jit\ndef k():\n    r = ncc.rank_id()\n    print(r)\n", 1,
       "k.py:9:5: rank_id() is a run-time register: its value cannot be printed at "
       "specialization time"},
      {"@nki.jit\ndef k():\n    t = nl.zeros((2, 2), nl.float32)\n    x = t.shap\n", 1,
       "k.py:9:9: 'tensor' object has no attribute 'shap'"},
      {"@nki.jit\ndef k():\n    t = nl.zeros((2, 2), nl.float32)\n    if t:\n        pass\n", 1,
       "k.py:9:8: a tensor has no Python truth value at specialization time (its data is only "
       "known when the kernel runs)"},
      {"@nki.jit\ndef k(input):\n    d = nl.ndarray(input.shape, nl.float32, "
       "buffer=nl.shared_hbm)\n"
       "    ncc.all_reduce([input], [d], [[0, 1]], nl.add)\n",
       2,
       "k.py:9:5: all_reduce cannot read the kernel IO tensor 'input': copy it into a "
       "nl.shared_hbm tensor first"},
      {"@nki.jit\ndef k(input):\n    s = nl.ndarray((2, 2), nl.float32, buffer=nl.shared_hbm)\n"
       "    d = nl.ndarray((2, 2), nl.float32, buffer=nl.sbuf)\n"
       "    ncc.all_reduce([s], [d], [[0, 1]], nl.add)\n",
       2, "k.py:10:5: all_reduce: srcs and dsts mix HBM and SBUF tensors"},
      {"@nki.jit\ndef k(input):\n    s = nl.ndarray((2, 2), nl.float32, buffer=nl.shared_hbm)\n"
       "    ncc.all_reduce([s, s], [s], [[0, 1]], nl.add)\n",
       2, "k.py:9:5: all_reduce: srcs has 2 tensors but dsts has 1"},
      {"@nki.jit\ndef k(input):\n    s = nl.ndarray((2, 2), nl.float32, buffer=nl.shared_hbm)\n"
       "    ncc.all_reduce([s], [s], [[0, 1], [1, 2]], nl.add)\n",
       3, "k.py:9:5: "},
      {"@nki.jit\ndef k(input):\n    s = nl.ndarray((2, 2), nl.float32, buffer=nl.shared_hbm)\n"
       "    ncc.all_reduce([s], [s], [[0, 1]], nl.subtract)\n",
       2, "k.py:9:5: all_reduce: op must be nl.add, nl.minimum or nl.maximum, not nl.subtract"},
      {"@nki.jit\ndef k(input):\n    s = nl.ndarray((2, 2), nl.float32, buffer=nl.shared_hbm)\n"
       "    ncc.all_reduce([s], [s], [[0, 1]], op=nl.add, x=1)\n",
       2, "k.py:9:5: all_reduce() got an unexpected keyword argument 'x'"},
      {"@nki.jit\ndef k(input):\n    t = nl.ndarray((2, 2), nl.float32, buffer=nl.sbuf)\n"
       "    return t\n",
       1,
       "k.py:9:12: kernel output 't' is in sbuf: kernel outputs must be in HBM (allocate them "
       "with buffer=nl.shared_hbm and dma_copy into them)"},
  };
  for (const MisuseCase& c : cases) {
    const std::string body = c.body;
    CAPTURE(body);
    std::vector<nkic::interp::KernelArg> args;
    if (body.find("(input)") != std::string::npos) {
      args.push_back(
          f32_arg("input", {2, 2},
                  std::vector<std::vector<float>>(static_cast<size_t>(c.ranks), iota(4, 0))));
    }
    const Outcome o = run_kernel(kernel(c.body), "k", c.ranks, args);
    const std::string expected = c.expected;
    if (expected.back() == ' ') {
      CHECK(o.error.rfind(expected, 0) == 0);  // the runtime words the rest
    } else {
      CHECK(o.error == expected);
    }
    // Every rank runs the same program and fails the same way: one error
    // naming them all.
    std::vector<int> all(static_cast<size_t>(c.ranks));
    std::iota(all.begin(), all.end(), 0);
    CHECK(o.error_ranks == all);
  }
}

TEST_CASE("arguments: unknown names, missing ones, and per-rank shapes that differ") {
  const std::string source = kernel(kAllReduce);
  Outcome o = run_kernel(source, "all_reduce_kernel", 1,
                         {f32_arg("input", {1, 1}, {{1}}), expr_arg("replica_group", "[[0]]"),
                          expr_arg("bogus", "3")});
  CHECK(o.error == "k.py:8:5: all_reduce_kernel() has no parameter 'bogus' (given by -a bogus=3)");
  o = run_kernel(source, "all_reduce_kernel", 1, {f32_arg("input", {1, 1}, {{1}})});
  CHECK(o.error ==
        "k.py:8:30: all_reduce_kernel() missing required argument 'replica_group' (give it with "
        "-a replica_group=VALUE)");
  nkic::interp::KernelArg a = f32_arg("input", {1, 2}, {{1, 2}, {3, 4}});
  a.per_rank[1].shape = {2, 1};
  o = run_kernel(source, "all_reduce_kernel", 2, {a, expr_arg("replica_group", "[[0, 1]]")});
  CHECK(o.error == "k.py:8:23: argument 'input' has shape [1, 2] on rank 0 but [2, 1] on rank 1");
}

TEST_CASE("stdlib: a kernel from nkilib.experimental.collectives, imported once per rank") {
  const Outcome o = run_kernel(
      R"(import nki
from nkilib.experimental.collectives import all_reduce_hbm_kernel
import nkilib.experimental.collectives as first
import nkilib.experimental.collectives as second

@nki.jit
def k(input, replica_group):
    print(first is second)
    return all_reduce_hbm_kernel(input, replica_group)
)",
      "k", 2,
      {f32_arg("input", {1, 3}, {{1, 2, 3}, {10, 20, 30}}), expr_arg("replica_group", "[[0, 1]]")});
  REQUIRE(o.error == "");
  CHECK(o.out == "[rank 0] True\n[rank 1] True\n");
  for (size_t r = 0; r < 2; ++r) {
    CHECK(o.result->outputs[r][0].name == "ret0");
    CHECK(floats(o.result->outputs[r][0].array) == std::vector<float>{11, 22, 33});
  }
}
