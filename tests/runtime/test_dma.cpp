// dma_copy and dma_accumulate: contiguous, strided, converting, overlapping,
// and their errors. Expectations are computed element by element from the
// patterns' index formula, independently of the runtime's chunking.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "runtime/dma.h"
#include "runtime/tensor.h"

using namespace nkic::rt;

namespace {

std::shared_ptr<Buffer> filled(Machine& m, DType t, int64_t n, const std::string& name,
                               double scale = 1.0, double shift = 0.0) {
  auto b = m.allocate(0, MemKind::hbm, t, {n}, name);
  std::byte* p = b->data_for_write();
  for (int64_t k = 0; k < n; ++k) {
    store_f32(t, p + k * int64_t(dtype_size(t)), float(k * scale + shift));
  }
  return b;
}

// Flat element offsets of a pattern in row-major order of its dims.
std::vector<int64_t> offsets(const AccessPattern& ap) {
  std::vector<int64_t> out;
  std::vector<int64_t> idx(ap.dims.size(), 0);
  for (int64_t n = ap.elements(); n > 0; --n) {
    int64_t off = ap.offset;
    for (size_t d = 0; d < idx.size(); ++d) off += idx[d] * ap.dims[d].step;
    out.push_back(off);
    for (size_t d = idx.size(); d-- > 0;) {
      if (++idx[d] < ap.dims[d].count) break;
      idx[d] = 0;
    }
  }
  return out;
}

double at(const Buffer& b, int64_t k) {
  return load_f64(b.dtype(), const_cast<Buffer&>(b).data() + k * int64_t(dtype_size(b.dtype())));
}

}  // namespace

TEST_CASE("contiguous copy") {
  Machine m(1, default_platform());
  auto src = filled(m, DType::float32, 64, "src");
  auto dst = m.allocate(0, MemKind::sbuf, DType::float32, {4, 16}, "dst");
  dma_copy(AccessPattern{dst.get(), 0, {{16, 4}, {1, 16}}}, AccessPattern{src.get(), 0, {{1, 64}}});
  CHECK(dst->written());
  CHECK(src->written());  // filled through data_for_write
  for (int k = 0; k < 64; ++k) CHECK(at(*dst, k) == k);
}

TEST_CASE("strided copies in many shapes agree with the index formula") {
  Machine m(1, default_platform());
  std::mt19937 gen(7);
  for (DType t : {DType::float32, DType::bfloat16, DType::int8, DType::int16}) {
    auto src = filled(m, t, 1000, "src", 1.0, -60.0);  // int8 wraps? values -60..939 saturate
    for (int trial = 0; trial < 60; ++trial) {
      auto dst = m.allocate(0, MemKind::hbm, t, {1200}, "dst");
      // Random patterns of equal element counts: split 24 = a*b*c differently.
      const int64_t shapes[][3] = {{2, 3, 4}, {4, 6, 1}, {1, 1, 24}, {3, 8, 1}, {24, 1, 1}};
      const auto& ds = shapes[gen() % 5];
      const auto& ss = shapes[gen() % 5];
      auto pattern = [&](const int64_t* shape, int64_t limit) {
        AccessPattern ap;
        int64_t inner = 1 + gen() % 3;  // steps 1..3 for the innermost dim
        int64_t step2 = shape[2] * inner + gen() % 4;
        int64_t step1 = shape[1] * step2 + gen() % 4;
        if (gen() % 4 == 0) step1 = -step1;  // a negative outer step
        ap.dims = {{step1, shape[0]}, {step2, shape[1]}, {inner, shape[2]}};
        ap.offset = 0;
        const int64_t lo = -std::min<int64_t>(0, step1 * (shape[0] - 1));
        ap.offset = lo + gen() % 20;
        (void)limit;
        return ap;
      };
      AccessPattern d = pattern(ds, 1200);
      AccessPattern s = pattern(ss, 1000);
      d.buffer = dst.get();
      s.buffer = src.get();
      std::vector<double> before(1200);
      for (int k = 0; k < 1200; ++k) before[k] = at(*dst, k);
      dma_copy(d, s);
      const auto doff = offsets(d);
      const auto soff = offsets(s);
      std::vector<int64_t> walked;  // the runtime's own walk agrees with the formula
      for_each_offset(s, [&](int64_t off) { walked.push_back(off); });
      CHECK(walked == soff);
      std::vector<double> expected = before;
      for (size_t i = 0; i < doff.size(); ++i) expected[size_t(doff[i])] = at(*src, soff[i]);
      bool same = true;
      for (int k = 0; k < 1200; ++k) {
        same = same && ((std::isnan(expected[k]) && std::isnan(at(*dst, k))) ||
                        expected[k] == at(*dst, k));
      }
      INFO(dtype_name(t) << " dst " << d.describe() << " src " << s.describe());
      CHECK(same);
    }
  }
}

TEST_CASE("converting copy goes through float32") {
  Machine m(1, default_platform());
  auto src = m.allocate(0, MemKind::hbm, DType::float32, {6}, "src");
  const float vals[] = {1.5f, -2.5f, 300.7f, 1.00390625f, NAN, -1e10f};
  for (int k = 0; k < 6; ++k) store_f32(DType::float32, src->data_for_write() + 4 * k, vals[k]);
  auto i8 = m.allocate(0, MemKind::hbm, DType::int8, {6}, "i8");
  dma_copy(AccessPattern{i8.get(), 0, {{1, 6}}}, AccessPattern{src.get(), 0, {{1, 6}}});
  const int64_t want_i8[] = {2, -2, 127, 1, 0, -128};
  for (int k = 0; k < 6; ++k) CHECK(load_i64(DType::int8, i8->data() + k) == want_i8[k]);

  auto bf = m.allocate(0, MemKind::sbuf, DType::bfloat16, {2, 3}, "bf");
  dma_copy(AccessPattern{bf.get(), 0, {{3, 2}, {1, 3}}}, AccessPattern{src.get(), 0, {{1, 6}}});
  for (int k = 0; k < 6; ++k) {
    const uint16_t got = uint16_t(load_i64(DType::uint16, bf->data() + 2 * k));
    CHECK(got == float_to_bfloat16(vals[k]));
  }
  // 1.00390625 = 1 + 2^-8 is a tie in bfloat16 (7 mantissa bits): to even, 1.0.
  CHECK(load_f32(DType::bfloat16, bf->data() + 6) == 1.0f);

  auto back = m.allocate(0, MemKind::hbm, DType::float16, {6}, "back");
  dma_copy(AccessPattern{back.get(), 0, {{1, 6}}}, AccessPattern{i8.get(), 0, {{1, 6}}});
  for (int k = 0; k < 6; ++k) CHECK(load_f32(DType::float16, back->data() + 2 * k) == float(want_i8[k]));
}

TEST_CASE("overlapping copies read the source first") {
  Machine m(1, default_platform());
  for (int64_t shift : {-3, -1, 1, 3}) {
    auto b = filled(m, DType::float32, 32, "b");
    const int64_t base = 8;
    dma_copy(AccessPattern{b.get(), base + shift, {{1, 16}}}, AccessPattern{b.get(), base, {{1, 16}}});
    for (int64_t k = 0; k < 32; ++k) {
      const bool in_dst = k >= base + shift && k < base + shift + 16;
      CHECK(at(*b, k) == (in_dst ? double(k - shift) : double(k)));
    }
  }
  // Strided overlap: reverse a run in place.
  auto r = filled(m, DType::int32, 10, "r");
  dma_copy(AccessPattern{r.get(), 9, {{-1, 10}}}, AccessPattern{r.get(), 0, {{1, 10}}});
  for (int64_t k = 0; k < 10; ++k) CHECK(at(*r, k) == double(9 - k));
}

TEST_CASE("dma errors") {
  Machine m(1, default_platform());
  auto a = filled(m, DType::float32, 128, "a");
  auto b = filled(m, DType::float32, 64, "b");
  CHECK_THROWS_WITH_AS(dma_copy(AccessPattern{a.get(), 0, {{1, 128}}},
                                AccessPattern{b.get(), 0, {{1, 64}}}),
                       "dma_copy element count mismatch: dst has 128, src has 64 elements", Error);
  CHECK_THROWS_WITH_AS(dma_copy(AccessPattern{a.get(), 4, {{1, 128}}},
                                AccessPattern{a.get(), 0, {{1, 128}}}),
                       "access pattern out of bounds: elements 4..131 of 'a' (128 elements)",
                       Error);
  CHECK_THROWS_WITH_AS(dma_copy(AccessPattern{a.get(), 0, {{1, 64}}},
                                AccessPattern{b.get(), 1, {{1, 64}}}),
                       "access pattern out of bounds: elements 1..64 of 'b' (64 elements)",
                       Error);
}

TEST_CASE("dma_accumulate combines in float32 or exactly in the integer dtype") {
  Machine m(1, default_platform());
  auto d = filled(m, DType::float32, 8, "d", 1.0, 0.5);
  auto s = filled(m, DType::float32, 16, "s", -1.0, 3.0);
  // d[k] = max(d[k], s[2k]) with d = k + .5, s[2k] = 3 - 2k.
  dma_accumulate(AccessPattern{d.get(), 0, {{1, 8}}}, AccessPattern{s.get(), 0, {{2, 8}}},
                 AluOp::maximum);
  for (int k = 0; k < 8; ++k) CHECK(at(*d, k) == std::max(k + 0.5, 3.0 - 2 * k));

  auto i = m.allocate(0, MemKind::hbm, DType::int8, {4}, "i");
  auto j = m.allocate(0, MemKind::hbm, DType::int8, {4}, "j");
  const int8_t iv[] = {100, -100, 5, 127}, jv[] = {100, -100, -7, 1};
  for (int k = 0; k < 4; ++k) {
    store_f32(DType::int8, i->data_for_write() + k, iv[k]);
    store_f32(DType::int8, j->data_for_write() + k, jv[k]);
  }
  dma_accumulate(AccessPattern{i.get(), 0, {{1, 4}}}, AccessPattern{j.get(), 0, {{1, 4}}},
                 AluOp::add);
  for (int k = 0; k < 4; ++k) {
    CHECK(load_i64(DType::int8, i->data() + k) == int8_t(uint8_t(iv[k] + jv[k])));
  }
  dma_accumulate(AccessPattern{i.get(), 0, {{1, 4}}}, AccessPattern{j.get(), 0, {{1, 4}}},
                 AluOp::minimum);
  CHECK(load_i64(DType::int8, i->data() + 2) == -7);
  CHECK(alu_op_name(AluOp::minimum) == "minimum");
}

TEST_CASE("a partial contiguous copy into fresh storage leaves the rest uninitialized") {
  Machine m(1, default_platform());
  auto src = filled(m, DType::float32, 8, "src", 1.0, 1.0);
  {
    // Whole and contiguous: every element comes from src.
    auto whole = m.allocate(0, MemKind::hbm, DType::float32, {2, 4}, "whole");
    dma_copy(AccessPattern{whole.get(), 0, {{4, 2}, {1, 4}}}, AccessPattern{src.get(), 0, {{1, 8}}});
    CHECK(whole->written());
    for (int k = 0; k < 8; ++k) CHECK(at(*whole, k) == k + 1);
  }
  // Same size again (the dead buffer's storage, still holding 1..8): a copy
  // of the middle row-run only, then one of a strided pattern covering half.
  auto part = m.allocate(0, MemKind::hbm, DType::float32, {2, 4}, "part");
  dma_copy(AccessPattern{part.get(), 2, {{1, 3}}}, AccessPattern{src.get(), 5, {{1, 3}}});
  for (int k = 0; k < 8; ++k) {
    if (k >= 2 && k < 5) {
      CHECK(at(*part, k) == k + 4);
    } else {
      CHECK(std::isnan(at(*part, k)));
    }
  }
  auto strided = m.allocate(0, MemKind::hbm, DType::int16, {8}, "strided");
  auto ints = filled(m, DType::int16, 4, "ints", 3.0);
  dma_copy(AccessPattern{strided.get(), 0, {{2, 4}}}, AccessPattern{ints.get(), 0, {{1, 4}}});
  for (int k = 0; k < 8; ++k) CHECK(at(*strided, k) == (k % 2 == 0 ? 3.0 * (k / 2) : 4.0));
}

TEST_CASE("dense and strided accumulation agree bit for bit, NaN included") {
  Machine m(1, default_platform());
  const float nan = std::nanf("");
  // Long enough for whole blocks and a tail; NaN on either side, both signs of zero.
  std::vector<float> dv, sv;
  std::mt19937 gen(11);
  std::uniform_real_distribution<float> val(-4.0f, 4.0f);
  for (int k = 0; k < 203; ++k) {
    dv.push_back(k % 17 == 0 ? nan : k % 23 == 0 ? -0.0f : val(gen));
    sv.push_back(k % 13 == 0 ? nan : k % 23 == 0 ? 0.0f : val(gen));
  }
  const int64_t n = static_cast<int64_t>(dv.size());
  auto load = [&](const std::vector<float>& v, int64_t stride, const std::string& name) {
    auto b = m.allocate(0, MemKind::hbm, DType::float32, {n * stride}, name);
    for (int64_t k = 0; k < n; ++k) store_f32(DType::float32, b->data_for_write() + 4 * k * stride, v[k]);
    return b;
  };
  for (AluOp op : {AluOp::add, AluOp::minimum, AluOp::maximum}) {
    CAPTURE(alu_op_name(op));
    auto dense_d = load(dv, 1, "dd"), dense_s = load(sv, 1, "ds");
    auto strided_d = load(dv, 2, "sd"), strided_s = load(sv, 3, "ss");
    dma_accumulate(AccessPattern{dense_d.get(), 0, {{1, n}}}, AccessPattern{dense_s.get(), 0, {{1, n}}}, op);
    dma_accumulate(AccessPattern{strided_d.get(), 0, {{2, n}}},
                   AccessPattern{strided_s.get(), 0, {{3, n}}}, op);
    for (int64_t k = 0; k < n; ++k) {
      const float dense = load_f32(DType::float32, dense_d->data() + 4 * k);
      const float strided = load_f32(DType::float32, strided_d->data() + 8 * k);
      const float a = dv[static_cast<size_t>(k)], b = sv[static_cast<size_t>(k)];
      if (std::isnan(a) || std::isnan(b)) {
        CHECK(std::isnan(dense));  // NumPy's minimum and maximum propagate NaN
      } else if (op == AluOp::add) {
        CHECK(dense == a + b);
      } else if (a != b) {
        CHECK(dense == (op == AluOp::minimum ? std::min(a, b) : std::max(a, b)));
      }
      uint32_t x, y;
      std::memcpy(&x, &dense, 4);
      std::memcpy(&y, &strided, 4);
      CHECK(x == y);
    }
  }
}

TEST_CASE("per-row offsets gather and scatter partitions, converting, in one buffer too") {
  Machine m(1, default_platform());
  auto table = filled(m, DType::float32, 12, "table");  // 3 rows of 4: element k holds k
  auto out = filled(m, DType::bfloat16, 8, "out", 0.0, -1.0);
  // Rows 2 and 0 of the table, columns 1 and 3, into bfloat16.
  AccessPattern gather{table.get(), 1, {{4, 2}, {2, 2}}};
  gather.row_offsets = std::make_shared<const std::vector<int64_t>>(std::vector<int64_t>{8, 0});
  dma_copy(AccessPattern{out.get(), 0, {{1, 4}}}, gather);
  const std::vector<float> expected = {9, 11, 1, 3};
  for (size_t k = 0; k < expected.size(); ++k) {
    CHECK(load_f64(DType::bfloat16, out->data() + 2 * k) == expected[k]);
  }
  // Scatter: table rows 1 and 2 become its row 0 and row 1 as they were
  // before the copy (the source is read completely first).
  AccessPattern scatter{table.get(), 0, {{4, 2}, {1, 4}}};
  scatter.row_offsets = std::make_shared<const std::vector<int64_t>>(std::vector<int64_t>{4, 8});
  dma_copy(scatter, AccessPattern{table.get(), 0, {{1, 8}}});
  for (int64_t k = 0; k < 12; ++k) {
    const double want = k < 4 ? double(k) : double(k - 4);
    CHECK(load_f64(DType::float32, table->data() + 4 * k) == want);
  }
  // A row out of bounds names its partition.
  gather.row_offsets = std::make_shared<const std::vector<int64_t>>(std::vector<int64_t>{0, 12});
  CHECK_THROWS_WITH_AS(dma_copy(AccessPattern{out.get(), 0, {{1, 4}}}, gather),
                       "partition 1 (vector offset 12): access pattern out of bounds: elements "
                       "13..15 of 'table' (12 elements)",
                       Error);
}
