// Collectives on 1, 2, 3, 4 and 8 ranks with several replica groups and
// dtypes. Expectations are plain loops over per-rank std::vector<double>
// (floats folded in float32 and rounded once; integers exact then wrapped),
// never through the runtime's own data movement.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>

#include "runtime/collectives.h"
#include "op_harness.h"

using namespace nkic::rt;
using nkic::rt::testing::whole;

namespace {

using Groups = std::vector<std::vector<int>>;

// The collectives through run_collective, one member list at a time:
// srcs[m][k] (all_reduce) or srcs[m] (one tensor per member).
void all_reduce(const std::vector<std::vector<AccessPattern>>& srcs,
                const std::vector<std::vector<AccessPattern>>& dsts, AluOp op) {
  run_collective(CollectiveOp{CollectiveKind::all_reduce, op, 0, {}, {}}, srcs, dsts);
}

void one_tensor(CollectiveKind kind, const std::vector<AccessPattern>& srcs,
                const std::vector<AccessPattern>& dsts, int dim, AluOp op = AluOp::add) {
  std::vector<std::vector<AccessPattern>> s, d;
  for (const AccessPattern& ap : srcs) s.push_back({ap});
  for (const AccessPattern& ap : dsts) d.push_back({ap});
  run_collective(CollectiveOp{kind, op, dim, {}, {}}, s, d);
}
void all_gather(const std::vector<AccessPattern>& srcs, const std::vector<AccessPattern>& dsts,
                int dim) {
  one_tensor(CollectiveKind::all_gather, srcs, dsts, dim);
}
void reduce_scatter(const std::vector<AccessPattern>& srcs, const std::vector<AccessPattern>& dsts,
                    int dim, AluOp op) {
  one_tensor(CollectiveKind::reduce_scatter, srcs, dsts, dim, op);
}
void all_to_all(const std::vector<AccessPattern>& srcs, const std::vector<AccessPattern>& dsts,
                int dim) {
  one_tensor(CollectiveKind::all_to_all, srcs, dsts, dim);
}

std::vector<std::pair<int, Groups>> group_cases() {
  return {
      {1, {{0}}},
      {2, {{0, 1}}},
      {2, {{1, 0}}},
      {2, {{0}, {1}}},
      {3, {{0, 1, 2}}},
      {3, {{2, 0, 1}}},
      {3, {{0, 2}}},
      {4, {{0, 1, 2, 3}}},
      {4, {{0, 2}, {1, 3}}},
      {4, {{3, 1, 0, 2}}},
      {4, {{1, 2}}},
      {8, {{0, 1, 2, 3, 4, 5, 6, 7}}},
      {8, {{7, 6, 5, 4, 3, 2, 1, 0}}},
      {8, {{0, 1, 2, 3}, {4, 5, 6, 7}}},
      {8, {{0, 4}, {1, 5}, {2, 6}, {3, 7}}},
  };
}

// Round a double (exact float32 arithmetic result) to the dtype, written
// independently of the runtime: bfloat16 by round-to-nearest-even on the
// float32 bits, integers by two's-complement wrapping.
double round_to(DType t, double v) {
  switch (t) {
    case DType::float32:
      return static_cast<float>(v);
    case DType::bfloat16: {
      const float f = static_cast<float>(v);
      uint32_t u;
      std::memcpy(&u, &f, 4);
      const uint32_t low = u & 0xffffu;
      u &= 0xffff0000u;
      if (low > 0x8000u || (low == 0x8000u && (u & 0x10000u))) u += 0x10000u;
      float r;
      std::memcpy(&r, &u, 4);
      return r;
    }
    case DType::int32:
      return static_cast<int32_t>(static_cast<uint32_t>(static_cast<int64_t>(v)));
    case DType::int8:
      return static_cast<int8_t>(static_cast<uint8_t>(static_cast<int64_t>(v)));
    default:
      FAIL("dtype not covered");
      return 0;
  }
}

double combine(DType t, double a, double b, AluOp op) {
  switch (op) {
    case AluOp::add:
      return t == DType::float32 || t == DType::bfloat16 ? double(float(a) + float(b)) : a + b;
    case AluOp::minimum:
      return std::min(a, b);
    case AluOp::maximum:
      return std::max(a, b);
    default:
      FAIL("op not covered");
      return 0;
  }
}

// Random values exactly representable in the dtype.
double random_value(DType t, std::mt19937& gen) {
  switch (t) {
    case DType::float32:
      return static_cast<float>(std::ldexp(double(int(gen() % 2001) - 1000), -7));
    case DType::bfloat16:
      return std::ldexp(double(int(gen() % 255) - 127), int(gen() % 5) - 2);
    case DType::int32:
      return double(int64_t(gen() % 4000000000u) - 2000000000);
    default:
      return double(int(gen() % 256) - 128);
  }
}

struct RankTensors {
  std::shared_ptr<Buffer> src, dst;
  std::vector<double> src_values;
};

void fill(Buffer& b, const std::vector<double>& v) {
  std::byte* p = b.data_for_write();
  for (size_t k = 0; k < v.size(); ++k) {
    if (is_float(b.dtype())) {
      store_f32(b.dtype(), p + k * dtype_size(b.dtype()), float(v[k]));
    } else {
      const int64_t x = int64_t(v[k]);
      std::memcpy(p + k * dtype_size(b.dtype()), &x, dtype_size(b.dtype()));  // little-endian
    }
  }
}

std::vector<double> contents(Buffer& b) {
  std::vector<double> out;
  for (int64_t k = 0; k < b.elements(); ++k) {
    out.push_back(load_f64(b.dtype(), b.data() + k * int64_t(dtype_size(b.dtype()))));
  }
  return out;
}

enum class Op { all_reduce, all_gather0, all_gather1, reduce_scatter, all_to_all };

// Runs one collective over every sub-group of `groups` on a machine of
// `ranks` ranks and checks every rank's destination.
void run_case(int ranks, const Groups& groups, DType dtype, Op op, AluOp rop, uint32_t seed) {
  Machine m(ranks, default_platform());
  ReplicaGroup rg{groups};
  REQUIRE_NOTHROW(rg.validate(ranks));
  std::mt19937 gen(seed);
  std::vector<RankTensors> t(static_cast<size_t>(ranks));
  for (int r = 0; r < ranks; ++r) {
    const std::vector<int>* g = rg.group_of(r);
    const int64_t n = g ? int64_t(g->size()) : 1;
    const int64_t rows = 2, cols = 3;
    std::vector<int64_t> src_shape{rows * n, cols}, dst_shape{rows * n, cols};
    MemKind kind = MemKind::shared_hbm;
    if (op == Op::all_gather0) src_shape = {rows, cols}, dst_shape = {rows * n, cols};
    if (op == Op::all_gather1)
      src_shape = {rows, cols}, dst_shape = {rows, cols * n}, kind = MemKind::sbuf;
    if (op == Op::reduce_scatter) dst_shape = {rows, cols};
    t[r].src = m.allocate(r, kind, dtype, src_shape, "src");
    t[r].dst = m.allocate(r, kind, dtype, dst_shape, "dst");
    for (int64_t k = 0; k < t[r].src->elements(); ++k)
      t[r].src_values.push_back(random_value(dtype, gen));
    fill(*t[r].src, t[r].src_values);
  }
  for (const std::vector<int>& g : groups) {
    std::vector<AccessPattern> srcs, dsts;
    for (int r : g) {
      srcs.push_back(whole(*t[r].src));
      dsts.push_back(whole(*t[r].dst));
    }
    switch (op) {
      case Op::all_reduce: {
        std::vector<std::vector<AccessPattern>> s, d;
        for (size_t i = 0; i < g.size(); ++i) s.push_back({srcs[i]}), d.push_back({dsts[i]});
        all_reduce(s, d, rop);
        break;
      }
      case Op::all_gather0:
        all_gather(srcs, dsts, 0);
        break;
      case Op::all_gather1:
        all_gather(srcs, dsts, 1);
        break;
      case Op::reduce_scatter:
        reduce_scatter(srcs, dsts, 0, rop);
        break;
      case Op::all_to_all:
        all_to_all(srcs, dsts, 0);
        break;
    }
  }
  for (int r = 0; r < ranks; ++r) {
    int pos = -1;
    const std::vector<int>* g = rg.group_of(r, &pos);
    if (!g) {
      CHECK_FALSE(t[r].dst->written());
      continue;
    }
    const size_t n = g->size();
    auto member = [&](size_t j) -> const std::vector<double>& { return t[(*g)[j]].src_values; };
    const std::vector<double> got = contents(*t[r].dst);
    std::vector<double> want(got.size());
    const size_t chunk = member(0).size() / n;  // elements per chunk along dim 0
    for (size_t e = 0; e < want.size(); ++e) {
      switch (op) {
        case Op::all_reduce:
        case Op::reduce_scatter: {
          const size_t at = op == Op::all_reduce ? e : size_t(pos) * chunk + e;
          double acc = member(0)[at];
          for (size_t j = 1; j < n; ++j) acc = combine(dtype, acc, member(j)[at], rop);
          want[e] = round_to(dtype, acc);
          break;
        }
        case Op::all_gather0:
          want[e] = member(e / 6)[e % 6];
          break;
        case Op::all_gather1: {
          const size_t row = e / (3 * n), col = e % (3 * n);
          want[e] = member(col / 3)[row * 3 + col % 3];
          break;
        }
        case Op::all_to_all:
          want[e] = member(e / chunk)[size_t(pos) * chunk + e % chunk];
          break;
      }
    }
    INFO("rank " << r << " of " << ranks << ", group " << rg.describe() << ", "
                 << dtype_name(dtype));
    CHECK(got == want);
  }
}

}  // namespace

TEST_CASE("collectives over many rank counts, groups and dtypes") {
  uint32_t seed = 1;
  for (const auto& [ranks, groups] : group_cases()) {
    for (DType dtype : {DType::float32, DType::bfloat16, DType::int32, DType::int8}) {
      for (AluOp rop : {AluOp::add, AluOp::minimum, AluOp::maximum}) {
        run_case(ranks, groups, dtype, Op::all_reduce, rop, seed++);
        run_case(ranks, groups, dtype, Op::reduce_scatter, rop, seed++);
      }
      run_case(ranks, groups, dtype, Op::all_gather0, AluOp::add, seed++);
      run_case(ranks, groups, dtype, Op::all_gather1, AluOp::add, seed++);
      run_case(ranks, groups, dtype, Op::all_to_all, AluOp::add, seed++);
    }
  }
}

TEST_CASE("bfloat16 all_reduce rounds once, after a float32 fold") {
  // 1 + 2^-8 + 2^-8: in float32 1.0078125, exact in bfloat16; rounding after
  // each step would give 1 + 2^-8 -> 1 (a tie, to even), then 1 again.
  Machine m(3, default_platform());
  std::vector<std::vector<AccessPattern>> s, d;
  std::vector<std::shared_ptr<Buffer>> keep;
  const float v[] = {1.0f, 0.00390625f, 0.00390625f};
  for (int r = 0; r < 3; ++r) {
    auto a = m.allocate(r, MemKind::shared_hbm, DType::bfloat16, {1}, "a");
    auto b = m.allocate(r, MemKind::shared_hbm, DType::bfloat16, {1}, "b");
    store_f32(DType::bfloat16, a->data_for_write(), v[r]);
    s.push_back({whole(*a)});
    d.push_back({whole(*b)});
    keep.push_back(a);
    keep.push_back(b);
  }
  all_reduce(s, d, AluOp::add);
  for (int r = 0; r < 3; ++r)
    CHECK(load_f32(DType::bfloat16, keep[2 * r + 1]->data()) == 1.0078125f);
}

TEST_CASE("sources may alias destinations") {
  Machine m(2, default_platform());
  auto a = m.allocate(0, MemKind::shared_hbm, DType::int32, {2}, "a");
  auto b = m.allocate(1, MemKind::shared_hbm, DType::int32, {2}, "b");
  fill(*a, {1, 2});
  fill(*b, {10, 20});
  all_reduce({{whole(*a)}, {whole(*b)}}, {{whole(*a)}, {whole(*b)}}, AluOp::add);
  CHECK(contents(*a) == std::vector<double>{11, 22});
  CHECK(contents(*b) == std::vector<double>{11, 22});
  fill(*a, {1, 2});
  fill(*b, {10, 20});
  all_to_all({whole(*a), whole(*b)}, {whole(*a), whole(*b)}, 0);
  CHECK(contents(*a) == std::vector<double>{1, 10});
  CHECK(contents(*b) == std::vector<double>{2, 20});
}

TEST_CASE("replica group validation") {
  CHECK_THROWS_WITH_AS((ReplicaGroup{{{0, 1}, {1, 2}}}.validate(4)),
                       "replica group [[0, 1], [1, 2]] lists rank 1 twice", Error);
  CHECK_THROWS_WITH_AS((ReplicaGroup{{{0, 0}}}.validate(4)),
                       "replica group [[0, 0]] lists rank 0 twice", Error);
  CHECK_THROWS_WITH_AS((ReplicaGroup{{{0, 5}}}.validate(4)),
                       "replica group names rank 5, but there are only 4 ranks", Error);
  CHECK_THROWS_WITH_AS((ReplicaGroup{{{0}, {}}}.validate(4)), "replica group has an empty list",
                       Error);
  ReplicaGroup g{{{3, 1}, {0, 2}}};
  int pos = -1;
  REQUIRE(g.group_of(1, &pos) != nullptr);
  CHECK(pos == 1);
  CHECK(*g.group_of(0) == std::vector<int>{0, 2});
  CHECK(ReplicaGroup{{{0, 1}}}.group_of(3) == nullptr);
  CHECK(g.describe() == "[[3, 1], [0, 2]]");
}

TEST_CASE("collective shape errors") {
  Machine m(4, default_platform());
  std::vector<std::shared_ptr<Buffer>> keep;
  auto make = [&](int r, std::vector<int64_t> shape, DType t = DType::float32,
                  MemKind k = MemKind::shared_hbm) {
    keep.push_back(m.allocate(r, k, t, shape, "t" + std::to_string(keep.size())));
    return whole(*keep.back());
  };
  std::vector<AccessPattern> s, d;
  for (int r = 0; r < 4; ++r) s.push_back(make(r, {6, 2}));
  for (int r = 0; r < 4; ++r) d.push_back(make(r, {1, 2}));
  CHECK_THROWS_WITH_AS(reduce_scatter(s, d, 0, AluOp::add),
                       "reduce_scatter: dim 0 of size 6 does not split into 4 equal chunks", Error);
  CHECK_THROWS_WITH_AS(all_to_all(s, s, 0),
                       "all_to_all: dim 0 of size 6 does not split into 4 equal chunks", Error);
  std::vector<AccessPattern> g{make(0, {2, 2}), make(1, {2, 2})};
  std::vector<AccessPattern> gd{make(0, {4, 2}), make(1, {2, 4})};
  CHECK_THROWS_WITH_AS(all_gather(g, gd, 0),
                       "all_gather: dst shape [2, 4] on member 1 (rank 1) should be [4, 2] (the "
                       "src shape with dim 0 times 2 members)",
                       Error);
  CHECK_THROWS_WITH_AS(all_gather({make(0, {2, 2, 2})}, {make(0, {2, 2, 2})}, 1),
                       "all_gather along dim 1 needs 2-D tensors, src on member 0 (rank 0) has "
                       "shape [2, 2, 2]",
                       Error);
  std::vector<AccessPattern> mixed{make(0, {2, 2}), make(1, {2, 3})};
  CHECK_THROWS_WITH_AS(all_to_all(mixed, mixed, 0),
                       "all_to_all: src shape [2, 3] on member 1 (rank 1) differs from [2, 2] on "
                       "member 0 (rank 0)",
                       Error);
  CHECK_THROWS_WITH_AS(
      all_reduce({{make(0, {2})}, {make(1, {2}, DType::int32)}}, {{make(0, {2})}, {make(1, {2})}},
                 AluOp::add),
      "all_reduce: src dtype int32 on member 1 (rank 1) differs from float32 on member 0 (rank 0)",
      Error);
  CHECK_THROWS_WITH_AS(all_reduce({{make(0, {2})}}, {{make(0, {3})}}, AluOp::add),
                       "all_reduce: dst shape [3] on member 0 (rank 0) should be [2] (the src "
                       "shape)",
                       Error);
  const AccessPattern hbm_src = make(0, {2, 2});
  const AccessPattern sbuf_dst = make(0, {2, 2}, DType::float32, MemKind::sbuf);
  const std::string mix = "all_gather: tensors mix HBM and on-chip memory: '" +
                          sbuf_dst.buffer->name() + "' on member 0 (rank 0) is in sbuf, '" +
                          hbm_src.buffer->name() + "' on member 0 (rank 0) is in shared_hbm";
  CHECK_THROWS_WITH_AS(all_gather({hbm_src}, {sbuf_dst}, 0), mix.c_str(), Error);
}

TEST_CASE("in-place all_gather: each source is a slice of its own destination") {
  for (int n : {2, 3, 4}) {
    CAPTURE(n);
    Machine m(n, default_platform());
    std::vector<std::shared_ptr<Buffer>> bufs;
    std::vector<AccessPattern> srcs, dsts;
    std::vector<double> expected;
    for (int r = 0; r < n; ++r) {
      bufs.push_back(m.allocate(r, MemKind::shared_hbm, DType::float32, {2 * n}, "g"));
      // Rank r's slot holds its own chunk; the other slots hold junk the
      // gather must overwrite without it leaking into anyone's result.
      std::vector<double> v(static_cast<size_t>(2 * n), -1.0 - r);
      v[static_cast<size_t>(2 * r)] = 10.0 * r;
      v[static_cast<size_t>(2 * r + 1)] = 10.0 * r + 1;
      fill(*bufs.back(), v);
      dsts.push_back(whole(*bufs.back()));
      srcs.push_back(sub_range(dsts.back(), 0, 2 * r, 2));
      expected.push_back(10.0 * r);
      expected.push_back(10.0 * r + 1);
    }
    all_gather(srcs, dsts, 0);
    for (int r = 0; r < n; ++r) CHECK(contents(*bufs[static_cast<size_t>(r)]) == expected);
  }
}

TEST_CASE(
    "schedules: an all_reduce folds in its first member's destination only when that is safe") {
  const CollectiveOp op{CollectiveKind::all_reduce, AluOp::add, 0, {}, {}};
  CollectiveTensor t;
  t.dtype = DType::float32;
  t.shape = {2, 3};
  t.fold_in_dst = true;
  // copy into member 0's dst, fold members 1.., copy to members 1..: no scratch.
  Schedule s = lower_collective(op, 4, {t});
  CHECK(s.scratch.empty());
  REQUIRE(s.steps.size() == 3);
  CHECK(s.steps[0].dst.kind == Slot::Kind::dst);
  CHECK(s.steps[1].kind == Step::Kind::accumulate);
  CHECK(s.steps[1].loops == std::vector<int64_t>{1});
  CHECK(s.steps[2].loops == std::vector<int64_t>{1});
  // bfloat16 folds in float32: a scratch accumulator, and every member is written.
  t.dtype = DType::bfloat16;
  const OperandInfo src{1, DType::bfloat16, {{3, 2}, {1, 3}}};
  const OperandInfo dst{2, DType::bfloat16, {{3, 2}, {1, 3}}};
  const std::vector<CollectiveTensor> facts = collective_tensors({{src}}, {{dst}}, false);
  REQUIRE(facts.size() == 1);
  CHECK_FALSE(facts[0].fold_in_dst);
  s = lower_collective(op, 4, facts);
  REQUIRE(s.scratch.size() == 1);
  CHECK(s.scratch[0].dtype == DType::float32);
  CHECK(s.scratch[0].label == "all_reduce acc0");
  CHECK(s.steps[2].loops == std::vector<int64_t>{0});
  // A float32 destination in its own buffer may hold the fold, unless a run-time
  // offset could still fail after it is written, or a source shares its buffer.
  const OperandInfo f32_src{1, DType::float32, {{3, 2}, {1, 3}}};
  const OperandInfo f32_dst{2, DType::float32, {{3, 2}, {1, 3}}};
  CHECK(collective_tensors({{f32_src}}, {{f32_dst}}, false)[0].fold_in_dst);
  CHECK_FALSE(collective_tensors({{f32_src}}, {{f32_dst}}, true)[0].fold_in_dst);
  CHECK_FALSE(collective_tensors({{f32_dst}}, {{f32_dst}}, false)[0].fold_in_dst);
  // A destination whose elements repeat (a step of 0) may not.
  const OperandInfo repeated{2, DType::float32, {{0, 2}, {1, 3}}};
  CHECK_FALSE(collective_tensors({{f32_src}}, {{repeated}}, false)[0].fold_in_dst);
}

TEST_CASE(
    "schedules: an all_gather over n members stages its sources only when a destination shares "
    "their buffer") {
  const CollectiveOp op{CollectiveKind::all_gather, AluOp::add, 1, {}, {}};
  const OperandInfo src{1, DType::int32, {{4, 2}, {1, 4}}};
  const OperandInfo dst{2, DType::int32, {{12, 2}, {1, 12}}};
  Schedule s = lower_collective(
      op, 3, collective_tensors({{src}, {src}, {src}}, {{dst}, {dst}, {dst}}, false));
  CHECK(s.scratch.empty());
  REQUIRE(s.steps.size() == 1);  // dst[i] chunk j <- src[j], for every i, j
  CHECK(s.steps[0].loops == std::vector<int64_t>{0, 0});
  CHECK(s.steps[0].dst.dim == 1);
  CHECK(s.steps[0].dst.chunk_size == 4);
  const OperandInfo in_place{2, DType::int32, {{12, 2}, {1, 4}}};
  s = lower_collective(op, 3, collective_tensors({{in_place}}, {{dst}}, false));
  REQUIRE(s.scratch.size() == 1);
  CHECK(s.scratch[0].copies == 3);
  CHECK(s.steps.size() == 2);
}

TEST_CASE("dma_accumulate folds with add, maximum and minimum only") {
  Machine m(1, default_platform());
  auto a = m.allocate(0, MemKind::shared_hbm, DType::float32, {4}, "a");
  fill(*a, {1, 2, 3, 4});
  CHECK_THROWS_WITH_AS(dma_accumulate(whole(*a), whole(*a), AluOp::subtract),
                       "dma_accumulate cannot fold with subtract", Error);
}

namespace {

// Each rank of `groups` (on `ranks` ranks) sends a [2, 3] tensor of random
// `dtype` values around its ring, in place when `in_place`; checks every
// dst against the predecessor's values (the reduce form: the predecessor's
// left op right, folded in float32 or exactly, then rounded).
void run_ring(int ranks, const Groups& groups, DType dtype, bool reduce, bool in_place,
              uint32_t seed) {
  Machine m(ranks, default_platform());
  std::mt19937 gen(seed);
  std::vector<std::shared_ptr<Buffer>> left(ranks), right(ranks), dst(ranks);
  std::vector<std::vector<double>> lv(ranks), rv(ranks);
  for (int r = 0; r < ranks; ++r) {
    left[r] = m.allocate(r, MemKind::shared_hbm, dtype, {2, 3}, "left");
    right[r] = m.allocate(r, MemKind::shared_hbm, dtype, {2, 3}, "right");
    dst[r] = in_place ? left[r] : m.allocate(r, MemKind::shared_hbm, dtype, {2, 3}, "dst");
    for (int k = 0; k < 6; ++k) lv[r].push_back(random_value(dtype, gen));
    for (int k = 0; k < 6; ++k) rv[r].push_back(random_value(dtype, gen));
    fill(*left[r], lv[r]);
    fill(*right[r], rv[r]);
  }
  const CollectiveKind kind =
      reduce ? CollectiveKind::permute_implicit_reduce : CollectiveKind::permute_implicit;
  for (const std::vector<int>& g : groups) {
    std::vector<std::vector<AccessPattern>> s, d;
    for (int r : g) {
      s.push_back({whole(*left[r])});
      if (reduce) s.back().push_back(whole(*right[r]));
      d.push_back({whole(*dst[r])});
    }
    run_collective(CollectiveOp{kind, AluOp::add, 0, ReplicaGroup{groups}, {}}, s, d);
  }
  for (const std::vector<int>& g : groups) {
    for (size_t i = 0; i < g.size(); ++i) {
      const int r = g[i], from = g[(i + g.size() - 1) % g.size()];
      std::vector<double> want(6);
      for (size_t e = 0; e < 6; ++e) {
        want[e] = reduce ? round_to(dtype, combine(dtype, lv[from][e], rv[from][e], AluOp::add))
                         : lv[from][e];
      }
      INFO("rank " << r << ", group " << ReplicaGroup{groups}.describe() << ", "
                   << dtype_name(dtype) << (in_place ? ", in place" : ""));
      CHECK(contents(*dst[r]) == want);
    }
  }
}

}  // namespace

TEST_CASE("ring permutes over many groups and dtypes, in place or not") {
  uint32_t seed = 7;
  for (const auto& [ranks, groups] : group_cases()) {
    for (DType t : {DType::float32, DType::bfloat16, DType::int32}) {
      for (bool reduce : {false, true}) {
        for (bool in_place : {false, true}) run_ring(ranks, groups, t, reduce, in_place, seed++);
      }
    }
  }
}

TEST_CASE("collective_permute: each target gets its source's tensor, staged when in place") {
  Machine m(3, default_platform());
  std::vector<std::shared_ptr<Buffer>> b;
  for (int r = 0; r < 3; ++r) {
    b.push_back(m.allocate(r, MemKind::shared_hbm, DType::int32, {2}, "b"));
    fill(*b.back(), {double(r), double(10 * r)});
  }
  // Rank 1 sends nothing and keeps its tensor.
  const CollectiveOp op{
      CollectiveKind::permute, AluOp::add, 0, ReplicaGroup{{{0, 1, 2}}}, {{0, 2}, {2, 0}}};
  run_collective(op, {{whole(*b[0])}, {whole(*b[1])}, {whole(*b[2])}},
                 {{whole(*b[0])}, {whole(*b[1])}, {whole(*b[2])}});
  CHECK(contents(*b[0]) == std::vector<double>{2, 20});
  CHECK(contents(*b[1]) == std::vector<double>{1, 10});
  CHECK(contents(*b[2]) == std::vector<double>{0, 0});
}

TEST_CASE("schedules: a ring permute wraps from the last member to the first") {
  const CollectiveOp op{CollectiveKind::permute_implicit, AluOp::add, 0, {}, {}};
  const OperandInfo src{1, DType::float32, {{3, 2}, {1, 3}}};
  const OperandInfo dst{2, DType::float32, {{3, 2}, {1, 3}}};
  Schedule s = lower_collective(op, 4, collective_tensors({{src}}, {{dst}}, false));
  CHECK(s.scratch.empty());
  REQUIRE(s.steps.size() == 2);
  CHECK(s.steps[0].loops == std::vector<int64_t>{1});  // dst[i] <- src[i - 1], i from 1
  CHECK(s.steps[0].src.member.constant == -1);
  CHECK(s.steps[1].dst.member.constant == 0);  // dst[0] <- src[3]
  CHECK(s.steps[1].src.member.constant == 3);
  s = lower_collective(op, 4, collective_tensors({{src}}, {{src}}, false));
  REQUIRE(s.scratch.size() == 1);  // in place: every source staged first
  CHECK(s.scratch[0].copies == 4);
  CHECK(s.steps.size() == 3);
}

TEST_CASE("ring permute shape errors name the sender and the receiver") {
  Machine m(2, default_platform());
  auto a = m.allocate(0, MemKind::shared_hbm, DType::float32, {2, 3}, "a");
  auto b = m.allocate(1, MemKind::shared_hbm, DType::float32, {3, 2}, "b");
  const CollectiveOp op{CollectiveKind::permute_implicit, AluOp::add, 0, {}, {}};
  CHECK_THROWS_WITH(check_collective(op, {{whole(*a)}, {whole(*a)}}, {{whole(*a)}, {whole(*b)}}),
                    "collective_permute_implicit: dsts[0] on member 1 (rank 1) is [3, 2] float32, "
                    "but member 0 (rank 0) sends it srcs[0], [2, 3] float32");
}

TEST_CASE("current_processing_rank_id: the rank a ring step brings") {
  RingRankId ring;
  ring.lists = {4, 2, 0, 3, 1, 1, 4};  // [[2, 0, 3, 1], [4]]
  const auto at = [&](int rank, int64_t step) {
    int64_t out = -1;
    int64_t* dst = &out;
    ring.iteration = step;
    ring.run(OpOperands{{}, {}, {&dst, 1}, {}, rank});
    return out;
  };
  CHECK(at(3, 0) == 3);
  CHECK(at(3, 1) == 0);
  CHECK(at(3, 2) == 2);
  CHECK(at(3, 3) == 1);
  CHECK(at(3, 4) == 3);
  CHECK(at(2, 1) == 1);   // wraps
  CHECK(at(2, -1) == 0);  // a negative step counts forward
  CHECK(at(4, 5) == 4);
  CHECK(at(0, std::numeric_limits<int64_t>::min()) == 0);
  CHECK_THROWS_WITH(at(5, 0),
                    "the rank is in no list of replica group [[2, 0, 3, 1], [4]], so "
                    "it has no ring");
}
