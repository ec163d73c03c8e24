// Tensor views: NumPy indexing on HBM, NKI's on-chip rules, reshape, .ap()
// with offsets and scalar offsets, and access-pattern helpers. Expected
// values come from the element formula offset + sum(index * stride) written
// out per case, over buffers holding their own flat index.
#include <doctest/doctest.h>

#include "runtime/tensor.h"

using namespace nkic::rt;
using Kind = IndexItem::Kind;

namespace {

IndexItem I(int64_t i) { return {Kind::integer, i, {}, {}, {}}; }
IndexItem S(std::optional<int64_t> a = {}, std::optional<int64_t> b = {},
            std::optional<int64_t> c = {}) {
  return {Kind::slice, 0, a, b, c};
}
IndexItem E() { return {Kind::ellipsis, 0, {}, {}, {}}; }
IndexItem N() { return {Kind::new_axis, 0, {}, {}, {}}; }

// A tensor whose element k holds k.
TensorView iota(Machine& m, MemKind kind, std::vector<int64_t> shape, std::string name = "x") {
  auto b = m.allocate(0, kind, DType::float32, shape, std::move(name));
  std::byte* p = b->data_for_write();
  for (int64_t k = 0; k < b->elements(); ++k) store_f32(DType::float32, p + 4 * k, float(k));
  return TensorView(b);
}

std::vector<double> values(const TensorView& t) { return read_f64(t); }

}  // namespace

TEST_CASE("HBM indexing follows NumPy") {
  Machine m(1, default_platform());
  const TensorView t = iota(m, MemKind::hbm, {4, 5, 6});
  CHECK(t.strides() == std::vector<int64_t>{30, 6, 1});

  const TensorView a = t.index({I(1)});
  CHECK(a.shape() == std::vector<int64_t>{5, 6});
  CHECK(a.offset() == 30);

  const TensorView b = t.index({I(-1), S(1, 4, 2), S({}, {}, -2)});
  CHECK(b.shape() == std::vector<int64_t>{2, 3});
  std::vector<double> expected;
  for (int y : {1, 3}) {
    for (int z : {5, 3, 1}) expected.push_back(3 * 30 + y * 6 + z);
  }
  CHECK(values(b) == expected);

  CHECK(t.index({S(), S(3, 100)}).shape() == std::vector<int64_t>{4, 2, 6});
  CHECK(t.index({S(), S(10)}).shape() == std::vector<int64_t>{4, 0, 6});
  CHECK(t.index({S(-100, 2)}).shape() == std::vector<int64_t>{2, 5, 6});
  CHECK(t.index({S(2, 0)}).shape() == std::vector<int64_t>{0, 5, 6});
  CHECK(t.index({S(2, {}, -1)}).shape() == std::vector<int64_t>{3, 5, 6});
  CHECK(t.index({E(), I(0)}).shape() == std::vector<int64_t>{4, 5});
  CHECK(t.index({I(2), E(), I(3)}).shape() == std::vector<int64_t>{5});
  CHECK(t.index({N(), I(0)}).shape() == std::vector<int64_t>{1, 5, 6});
  const TensorView scalar = t.index({I(3), I(4), I(5)});
  CHECK(scalar.shape().empty());
  CHECK(values(scalar) == std::vector<double>{3 * 30 + 4 * 6 + 5});
}

TEST_CASE("views of more dims than are kept inline index and reshape as the shorter ones") {
  Machine m(1, default_platform());
  // Eight dims, more than Extents keeps inline; 48 elements. (NumPy's
  // answers for np.arange(48.).reshape(2, 1, 2, 1, 2, 1, 2, 3).)
  const TensorView t = iota(m, MemKind::hbm, {2, 1, 2, 1, 2, 1, 2, 3});
  CHECK(t.strides() == std::vector<int64_t>{24, 24, 12, 12, 6, 6, 3, 1});
  CHECK(t.size() == 48);

  const TensorView a = t.index({S(1, 2), E(), I(2)});
  CHECK(a.shape() == std::vector<int64_t>{1, 1, 2, 1, 2, 1, 2});
  CHECK(a.strides() == std::vector<int64_t>{24, 24, 12, 12, 6, 6, 3});
  CHECK(a.offset() == 26);
  CHECK(values(a) == std::vector<double>{26, 29, 32, 35, 38, 41, 44, 47});

  // Down to three dims, inline again, and up to nine through new axes.
  const TensorView b = t.index({I(0), I(0), S(), I(0), S(), I(0)});
  CHECK(b.shape() == std::vector<int64_t>{2, 2, 2, 3});
  const TensorView c = b.index({N(), S(), N(), S(), N(), S(), N(), N(), S()});
  CHECK(c.shape() == std::vector<int64_t>{1, 2, 1, 2, 1, 2, 1, 1, 3});
  CHECK(values(c) == values(b));
  CHECK(c.reshape({4, 6}).shape() == std::vector<int64_t>{4, 6});
  CHECK(values(c.reshape({24})) == values(t.index({I(0), I(0), S(), I(0), S(), I(0)})));
}

TEST_CASE("index errors") {
  Machine m(1, default_platform());
  const TensorView t = iota(m, MemKind::hbm, {4, 5});
  CHECK_THROWS_WITH_AS(t.index({I(4)}), "index 4 is out of bounds for dim 0 with size 4", Error);
  CHECK_THROWS_WITH_AS(t.index({S(), I(-6)}), "index -6 is out of bounds for dim 1 with size 5",
                       Error);
  CHECK_THROWS_WITH_AS(t.index({I(0), I(0), I(0)}),
                       "too many indices for tensor 'x': it is 2-dimensional, but 3 were indexed",
                       Error);
  CHECK_THROWS_WITH_AS(t.index({S(0, 4, 0)}), "slice step cannot be zero", Error);
  CHECK_THROWS_WITH_AS(t.index({E(), E()}), "an index can only have a single ellipsis ('...')",
                       Error);
}

TEST_CASE("on-chip indexing keeps the partition dim and stays 2-D") {
  Machine m(1, default_platform());
  const TensorView big = iota(m, MemKind::sbuf, {128, 64, 32}, "big");
  CHECK(big.index({I(0)}).shape() == std::vector<int64_t>{1, 64, 32});

  const TensorView t = iota(m, MemKind::sbuf, {64, 64, 64});
  const TensorView a = t.index({S(), I(0), I(10)});
  CHECK(a.shape() == std::vector<int64_t>{64, 1});
  std::vector<double> expected;
  for (int p = 0; p < 64; ++p) expected.push_back(p * 4096 + 0 * 64 + 10);
  CHECK(values(a) == expected);

  CHECK(t.index({I(0), I(0), I(10)}).shape() == std::vector<int64_t>{1, 1});
  CHECK(values(t.index({I(5), I(6), I(7)})) == std::vector<double>{5 * 4096 + 6 * 64 + 7});
  CHECK(t.index({S(), I(0)}).shape() == std::vector<int64_t>{64, 64});
  CHECK(t.index({I(3), S(), I(5)}).shape() == std::vector<int64_t>{1, 64});
  CHECK(t.index({S(0, 8), S(0, 2), I(1)}).shape() == std::vector<int64_t>{8, 2});
  CHECK_THROWS_AS(t.index({N()}), Error);
}

TEST_CASE("reshape of contiguous views") {
  Machine m(1, default_platform());
  const TensorView t = iota(m, MemKind::hbm, {4, 6});
  CHECK(t.reshape({3, 8}).shape() == std::vector<int64_t>{3, 8});
  CHECK(t.reshape({-1, 12}).shape() == std::vector<int64_t>{2, 12});
  CHECK(t.reshape({2, -1, 3}).shape() == std::vector<int64_t>{2, 4, 3});
  const TensorView row = t.index({I(2)}).reshape({2, 3});
  CHECK(values(row) == std::vector<double>{12, 13, 14, 15, 16, 17});
  CHECK_THROWS_WITH_AS(t.reshape({5, 2}), "cannot reshape 24 elements into shape [5, 2]", Error);
  CHECK_THROWS_WITH_AS(t.reshape({5, -1}), "cannot reshape 24 elements into shape [5, -1]", Error);
  CHECK_THROWS_WITH_AS(t.reshape({-1, -1}), "reshape: can only specify one unknown dimension",
                       Error);
  CHECK_THROWS_WITH_AS(t.index({S(), S({}, {}, 2)}).reshape({12}),
                       "cannot reshape a non-contiguous view of 'x'", Error);

  const TensorView s = iota(m, MemKind::sbuf, {8, 4, 6}, "s");
  CHECK(s.reshape({8, 24}).shape() == std::vector<int64_t>{8, 24});
  CHECK_THROWS_WITH_AS(s.reshape({16, 12}),
                       "reshape of an sbuf tensor must keep the partition dim 8 first and stay "
                       "at least 2-D, got shape [16, 12]",
                       Error);
}

TEST_CASE(".ap() addresses the storage") {
  Machine m(1, default_platform());
  const TensorView t = iota(m, MemKind::shared_hbm, {16, 16});
  // t[0:16, 8:16] == t.ap([[16, 16], [1, 8]], offset=8).
  const TensorView a = t.ap({{16, 16}, {1, 8}}, 8, std::nullopt, 0);
  CHECK(values(a) == values(t.index({S(), S(8, 16)})));
  CHECK(a.resolve().describe() == "x (rank 0, shared_hbm) offset 8 pattern [[16, 16], [1, 8]]");

  // offset None keeps the view's offset; the view's own shape is ignored.
  const TensorView b = t.index({I(2)}).ap({{1, 4}}, std::nullopt, std::nullopt, 0);
  CHECK(values(b) == std::vector<double>{32, 33, 34, 35});
  const TensorView c = t.index({I(2)}).ap({{2, 3}}, 0, std::nullopt, 0);
  CHECK(values(c) == std::vector<double>{0, 2, 4});

  CHECK_THROWS_WITH_AS(t.ap({{16, 16}, {1, 8}}, 9, std::nullopt, 0),
                       "access pattern out of bounds: elements 9..256 of 'x' (256 elements)",
                       Error);
  CHECK_THROWS_WITH_AS(t.ap({{-1, 2}}, 0, std::nullopt, 0),
                       "access pattern out of bounds: elements -1..0 of 'x' (256 elements)",
                       Error);
}

TEST_CASE("scalar_offset from a register and from an SBUF tensor") {
  Machine m(1, default_platform());
  const int64_t G = 3, H = 4, W = 5;
  const TensorView t = iota(m, MemKind::hbm, {G, H, W});
  auto reg = std::make_shared<Register>(Register{2, "r"});
  const TensorView row = t.ap({{W, H}, {1, W}}, std::nullopt, ScalarOffset{reg, nullptr, 1}, 0);
  CHECK(values(row) == values(t.index({I(2)})));
  // indirect_dim 1: the stride is prod(shape[2:]) = W.
  const TensorView r1 = t.ap({{1, 3}}, 0, ScalarOffset{reg, nullptr, 1}, 1);
  CHECK(values(r1) == std::vector<double>{2 * W, 2 * W + 1, 2 * W + 2});

  // A 1x1 SBUF int32 tensor holding 1.
  auto idx = m.allocate(0, MemKind::sbuf, DType::int32, {1, 1}, "idx");
  store_f32(DType::int32, idx->data_for_write(), 1.0f);
  auto idx_view = std::make_shared<TensorView>(idx);
  const TensorView viat = t.ap({{W, H}, {1, W}}, 0, ScalarOffset{nullptr, idx_view, 1}, 0);
  CHECK(values(viat) == values(t.index({I(1)})));

  // Out of bounds only shows at resolve time.
  auto far = std::make_shared<Register>(Register{3, "far"});
  const TensorView bad = t.ap({{W, H}, {1, W}}, 0, ScalarOffset{far, nullptr, 1}, 0);
  CHECK_THROWS_WITH_AS(bad.resolve(),
                       "access pattern out of bounds: elements 60..79 of 'x' (60 elements)",
                       Error);
  CHECK_FALSE(bad.contiguous());

  CHECK_THROWS_WITH_AS(t.ap({{1, 1}}, 0, ScalarOffset{reg, nullptr, 1}, 3),
                       "indirect_dim 3 is out of range for 'x' with 3 dims", Error);
  auto wide = std::make_shared<TensorView>(m.allocate(0, MemKind::sbuf, DType::int32, {1, 4}, "w"));
  CHECK_THROWS_WITH_AS(t.ap({{1, 1}}, 0, ScalarOffset{nullptr, wide, 1}, 0),
                       "a scalar_offset tensor must hold exactly one element, 'w' has 4", Error);
  auto in_hbm = std::make_shared<TensorView>(m.allocate(0, MemKind::hbm, DType::int32, {1, 1}, "h"));
  CHECK_THROWS_WITH_AS(t.ap({{1, 1}}, 0, ScalarOffset{nullptr, in_hbm, 1}, 0),
                       "a scalar_offset tensor must be on sbuf, 'h' is on hbm", Error);
}

TEST_CASE("scalar_offset steps by the shape of the view .ap() is called on") {
  Machine m(1, default_platform());
  const int64_t H = 4, W = 3;
  const TensorView flat = iota(m, MemKind::hbm, {H, W});
  // Seen as (2, 2, 3) blocks, indirect_dim 0 steps over whole 2x3 blocks.
  const TensorView blocks = flat.reshape({2, 2, W});
  auto one = std::make_shared<Register>(Register{1, "r"});
  const TensorView second = blocks.ap({{W, 2}, {1, W}}, 0, ScalarOffset{one, nullptr, 1}, 0);
  CHECK(values(second) == std::vector<double>{6, 7, 8, 9, 10, 11});
  // On the original (4, 3) shape the same register selects row 1.
  const TensorView row = flat.ap({{1, W}}, 0, ScalarOffset{one, nullptr, 1}, 0);
  CHECK(values(row) == std::vector<double>{3, 4, 5});
}

TEST_CASE("on-chip .ap() starts with the partition dim") {
  Machine m(1, default_platform());
  const TensorView s = iota(m, MemKind::sbuf, {16, 32});
  CHECK(values(s.ap({{32, 2}, {1, 3}}, 0, std::nullopt, 0)) ==
        std::vector<double>{0, 1, 2, 32, 33, 34});
  CHECK_THROWS_WITH_AS(s.ap({{64, 8}, {1, 32}}, 0, std::nullopt, 0),
                       "on sbuf, the first pattern pair is the partition dim: its step must be 32 "
                       "(the free elements per partition of 'x'), not 64",
                       Error);
}

TEST_CASE("view(dtype) rescales the last dim, the other strides and the offset") {
  Machine m(1, default_platform());
  const TensorView t = iota(m, MemKind::hbm, {3, 4});
  const TensorView bytes = t.index({S(1, 3), S(1, 3)}).view_as(DType::uint8);
  CHECK(bytes.dtype() == DType::uint8);
  CHECK(bytes.reinterpreted());
  CHECK(bytes.shape() == std::vector<int64_t>{2, 8});
  CHECK(bytes.strides() == std::vector<int64_t>{16, 1});
  CHECK(bytes.offset() == 20);  // element 5 of float32, byte 20
  // Back to float32: the same elements, and no longer reinterpreted.
  const TensorView back = bytes.view_as(DType::float32);
  CHECK(!back.reinterpreted());
  CHECK(values(back) == std::vector<double>{5, 6, 9, 10});
  // The same size: only the dtype changes. float32 5.0f is 0x40a00000.
  const TensorView bits = t.view_as(DType::int32);
  CHECK(bits.shape() == t.shape());
  CHECK(read_i64(bits)[5] == 0x40a00000);
  CHECK_THROWS_WITH_AS(bytes.index({S(), S(1, 4)}).view_as(DType::float32),
                       "view(float32) of 'x' (uint8): the last dim of 3 uint8 elements (3 bytes) "
                       "is not a whole number of float32 elements (4 bytes each)",
                       Error);
  CHECK_THROWS_WITH_AS(bytes.index({S(), S(1, 5)}).view_as(DType::float32),
                       "view(float32) of 'x' (uint8): the offset of 21 uint8 elements (21 bytes) "
                       "is not a whole number of float32 elements (4 bytes each)",
                       Error);
}

TEST_CASE(".ap(dtype=) counts pattern and offset in the new dtype's elements") {
  Machine m(1, default_platform());
  const TensorView s = iota(m, MemKind::sbuf, {2, 4});
  // The high half of each float32: bfloat16 elements 1, 3, 5, ... of a
  // partition of 8.
  const TensorView high = s.ap({{8, 2}, {2, 4}}, 1, std::nullopt, 0, DType::bfloat16);
  CHECK(high.dtype() == DType::bfloat16);
  CHECK(values(high) == std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7});
  // The inherited offset is converted: float32 element 2 is bfloat16 element 4.
  const TensorView at2 = s.index({S(), S(2, 4)});
  CHECK(at2.ap({{8, 2}, {1, 2}}, std::nullopt, std::nullopt, 0, DType::bfloat16).offset() == 4);
  CHECK_THROWS_WITH_AS(s.ap({{4, 2}, {1, 4}}, 0, std::nullopt, 0, DType::bfloat16),
                       "on sbuf, the first pattern pair is the partition dim: its step must be 8 "
                       "(the free elements per partition of 'x'), not 4",
                       Error);
  CHECK_THROWS_WITH_AS(s.ap({{8, 2}, {1, 9}}, 0, std::nullopt, 0, DType::bfloat16),
                       "access pattern out of bounds: elements 0..16 of 'x' (16 bfloat16 elements)",
                       Error);
}

TEST_CASE("access pattern normalization and sub-ranges") {
  Machine m(1, default_platform());
  auto b = m.allocate(0, MemKind::hbm, DType::float32, {512}, "b");
  AccessPattern ap{b.get(), 4, {{16, 16}, {1, 16}}};
  CHECK(normalized(ap).dims == std::vector<Dim>{{1, 256}});
  CHECK(ap.contiguous());
  AccessPattern gaps{b.get(), 0, {{32, 4}, {1, 1}, {1, 16}}};
  CHECK(normalized(gaps).dims == std::vector<Dim>{{32, 4}, {1, 16}});
  CHECK_FALSE(gaps.contiguous());
  AccessPattern ones{b.get(), 0, {{7, 1}, {9, 1}}};
  CHECK(normalized(ones).dims == std::vector<Dim>{{1, 1}});
  AccessPattern three{b.get(), 0, {{64, 2}, {16, 4}, {1, 8}}};
  CHECK(normalized(three).dims == std::vector<Dim>{{16, 8}, {1, 8}});
  CHECK(three.max_offset() == 64 + 48 + 7);
  AccessPattern strided{b.get(), 0, {{16, 4}, {2, 8}}};
  CHECK(normalized(strided).dims == std::vector<Dim>{{2, 32}});
  const AccessPattern sub = sub_range(three, 1, 1, 2);
  CHECK(sub.offset == 16);
  CHECK(sub.shape() == std::vector<int64_t>{2, 2, 8});
  CHECK_THROWS_AS(sub_range(three, 1, 3, 2), Error);
}
