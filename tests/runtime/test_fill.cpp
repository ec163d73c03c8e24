// Constants written into tensors, at the edges of each dtype: an integer
// dtype takes exactly the integers of its range and refuses anything else
// (never saturating or wrapping it), for every instruction that writes a
// constant; iota's int32 values at the int64 limits of its pattern; the
// writes of whole tiles refusing a count that is not the tile's.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "runtime/device_ops.h"
#include "runtime/strided.h"
#include "runtime/tiles.h"
#include "op_harness.h"

using namespace nkic::rt;
using nkic::rt::testing::whole;
using nkic::rt::testing::run_on;

namespace {

int64_t first_element(const std::vector<std::byte>& bytes, DType dtype) {
  return load_i64(dtype, bytes.data());
}

}  // namespace

TEST_CASE("an integer dtype takes the integers of its range, exactly, at both ends") {
  const struct {
    DType dtype;
    int64_t lo, hi;
  } cases[] = {{DType::int8, -128, 127},       {DType::uint8, 0, 255},
               {DType::int16, -32768, 32767},  {DType::uint16, 0, 65535},
               {DType::int32, INT32_MIN, INT32_MAX}, {DType::uint32, 0, UINT32_MAX}};
  for (const auto& c : cases) {
    CAPTURE(dtype_name(c.dtype));
    CHECK(first_element(scalar_bytes(c.dtype, c.lo), c.dtype) == c.lo);
    CHECK(first_element(scalar_bytes(c.dtype, c.hi), c.dtype) == c.hi);
    const std::string range = std::to_string(c.lo) + " to " + std::to_string(c.hi);
    CHECK(fill_problem(c.dtype, c.lo - 1) == "a fill of " + std::string(dtype_name(c.dtype)) +
                                                 " must be an integer from " + range + ", not " +
                                                 std::to_string(c.lo - 1));
    CHECK_THROWS_AS(scalar_bytes(c.dtype, c.hi + 1), Error);
    for (int64_t v : {INT64_MIN, INT64_MAX, int64_t{1} << 40}) {
      CHECK_THROWS_AS(scalar_bytes(c.dtype, v), Error);
    }
  }
}

TEST_CASE("the all-ones mask: -1 into uint8 is refused, never 0 or 255 silently") {
  CHECK_THROWS_WITH_AS(scalar_bytes(DType::uint8, int64_t{-1}),
                       "a fill of uint8 must be an integer from 0 to 255, not -1", Error);
  CHECK_THROWS_WITH_AS(scalar_bytes(DType::uint32, int64_t{-1}),
                       "a fill of uint32 must be an integer from 0 to 4294967295, not -1", Error);
  CHECK(first_element(scalar_bytes(DType::uint8, int64_t{255}), DType::uint8) == 255);
}

TEST_CASE("a float into an integer dtype: through float32, to nearest even, then in range") {
  CHECK(first_element(scalar_bytes(DType::int32, 2.5), DType::int32) == 2);
  CHECK(first_element(scalar_bytes(DType::int32, -3.5), DType::int32) == -4);
  CHECK(first_element(scalar_bytes(DType::uint8, 255.4), DType::uint8) == 255);
  CHECK(first_element(scalar_bytes(DType::uint8, -0.4), DType::uint8) == 0);
  CHECK(fill_problem(DType::uint8, 255.6) ==
        "a fill of uint8 must round to an integer from 0 to 255, and 255.6 does not");
  CHECK(fill_problem(DType::int16, 40000.7) ==
        "a fill of int16 must round to an integer from -32768 to 32767, and 40000.7 does not");
  // 2147483647 is 2**31 in float32: past int32.
  CHECK(!fill_problem(DType::int32, 2147483647.0).empty());
  CHECK(fill_problem(DType::int32, 2147483520.0).empty());  // float32's largest below 2**31
  for (double v : {std::nan(""), HUGE_VAL, -HUGE_VAL, 1e300}) {
    CHECK_THROWS_AS(scalar_bytes(DType::int32, v), Error);
  }
  CHECK(fill_problem(DType::int8, std::nan("")) ==
        "a fill of int8 must round to an integer from -128 to 127, and nan does not");
}

TEST_CASE("bool_ takes any value as nonzero, floats any value as rounded") {
  CHECK(first_element(scalar_bytes(DType::bool_, int64_t{-7}), DType::bool_) == 1);
  CHECK(first_element(scalar_bytes(DType::bool_, INT64_MIN), DType::bool_) == 1);
  CHECK(first_element(scalar_bytes(DType::bool_, 0.0), DType::bool_) == 0);
  CHECK(fill_problem(DType::float16, 1e6).empty());  // inf, as NumPy's float16 rounds it
  CHECK(fill_problem(DType::float32, INT64_MIN).empty());
}

TEST_CASE("memset, register_store and the scalars of the engines refuse what does not fit") {
  Machine m(1, default_platform());
  auto u8 = m.allocate(0, MemKind::sbuf, DType::uint8, {2, 2}, "mask");
  auto one = m.allocate(0, MemKind::sbuf, DType::int8, {1, 1}, "one");
  auto pred = m.allocate(0, MemKind::sbuf, DType::uint8, {2, 2}, "pred");
  run_on(Memset{Scalar::of(int64_t{255})}, {u8.get()});
  CHECK_THROWS_WITH_AS(run_on(Memset{Scalar::of(int64_t{-1})}, {u8.get()}),
                       "a fill of uint8 must be an integer from 0 to 255, not -1", Error);
  CHECK_THROWS_WITH_AS(run_on(RegisterStore{}, {one.get()}, {}, {128}),
                       "register_store: dst_tensor 'one' (int8, sbuf, [1, 1]) cannot hold the "
                       "register's value: a fill of int8 must be an integer from -128 to 127, "
                       "not 128",
                       Error);
  run_on(RegisterStore{}, {one.get()}, {}, {-128});
  CHECK(read_scalar_i64(whole(*one)) == -128);

  run_on(Memset{Scalar::of(int64_t{1})}, {pred.get()});
  TensorCopyPredicated copy;
  copy.value = Scalar::of(int64_t{256});
  CHECK_THROWS_WITH_AS(run_on(copy, {u8.get()}, {pred.get()}),
                       "tensor_copy_predicated: src cannot be an element of dst 'mask' (uint8, "
                       "sbuf, [2, 2]): a fill of uint8 must be an integer from 0 to 255, not 256",
                       Error);
  AffineSelect select;
  select.pattern.fill(Dim{0, 1});
  select.pattern[0] = Dim{1, 2};
  select.on_false = Scalar::of(-HUGE_VAL);
  CHECK_THROWS_WITH_AS(run_on(select, {u8.get()}, {pred.get()}),
                       "affine_select: on_false_value cannot be an element of dst 'mask' (uint8, "
                       "sbuf, [2, 2]): a fill of uint8 must round to an integer from 0 to 255, "
                       "and -inf does not",
                       Error);
}

TEST_CASE("affine values wrap modulo 2**32 whatever the pattern's int64 steps") {
  std::array<Dim, Iota::kMaxDims> pattern{};
  pattern.fill(Dim{0, 1});
  pattern[3] = Dim{int64_t{1} << 62, 4};
  for (int64_t f = 0; f < 4; ++f) CHECK(affine_value(pattern, 0, 0, 0, f) == 0);
  pattern[3] = Dim{INT64_MAX, 3};  // f * (2**63 - 1) is -f modulo 2**32
  CHECK(affine_value(pattern, 5, 0, 0, 2) == 3);
  pattern[3] = Dim{INT64_MIN, 3};  // a multiple of 2**32
  CHECK(affine_value(pattern, 7, 0, 0, 2) == 7);
  // p * channel_multiplier past int64, offset at int64's limits.
  CHECK(affine_value(pattern, INT64_MAX, INT64_MAX, 3, 0) ==
        static_cast<int32_t>(static_cast<uint32_t>(uint64_t{INT64_MAX} * 4)));
}

TEST_CASE("iota: values an integer dst cannot hold are refused, found before the run when no sum wraps") {
  Machine m(1, default_platform());
  auto u8 = m.allocate(0, MemKind::sbuf, DType::uint8, {2, 4}, "u8");
  Iota op;
  op.pattern.fill(Dim{0, 1});
  op.pattern[0] = Dim{100, 4};  // 0, 100, 200, 300
  const AccessPattern dst = whole(*u8);
  OpOperands o;
  const AccessPattern* d[] = {&dst};
  o.dsts = Span<const AccessPattern*>(d, 1);
  CHECK_THROWS_WITH_AS(op.check(o),
                       "iota: dst 'u8' (uint8, sbuf, [2, 4]) holds integers from 0 to 255, and "
                       "the pattern gives values from 0 to 300",
                       Error);
  op.channel_multiplier = 200;  // partition 1 adds 200
  op.pattern[0] = Dim{50, 4};
  CHECK_THROWS_WITH_AS(op.check(o),
                       "iota: dst 'u8' (uint8, sbuf, [2, 4]) holds integers from 0 to 255, and "
                       "the pattern gives values from 0 to 350",
                       Error);
  op.channel_multiplier = 1;
  op.pattern[0] = Dim{1, 4};
  op.run(o);
  CHECK(detail::gather_i64(dst) == std::vector<int64_t>{0, 1, 2, 3, 1, 2, 3, 4});
  // A sum that wraps: only the run can tell; 2**31 - 1 + 1 wraps to -2**31.
  op.offset = INT32_MAX - 1;
  op.channel_multiplier = 0;
  auto i16 = m.allocate(0, MemKind::sbuf, DType::int16, {1, 4}, "i16");
  const AccessPattern small = whole(*i16);
  const AccessPattern* s[] = {&small};
  o.dsts = Span<const AccessPattern*>(s, 1);
  op.check(o);
  CHECK_THROWS_WITH_AS(op.run(o),
                       "iota: dst 'i16' (int16, sbuf, [1, 4]) holds integers from -32768 to "
                       "32767, and the pattern gives 2147483646 at partition 0, element 0",
                       Error);
}

TEST_CASE("whole-tile writes take exactly the tile's element count") {
  Machine m(1, default_platform());
  auto t = m.allocate(0, MemKind::sbuf, DType::float32, {4, 4}, "t");
  CHECK_THROWS_AS(detail::scatter_f32(whole(*t), std::vector<float>(15)), Error);
  CHECK_THROWS_AS(detail::scatter_f32(whole(*t), std::vector<float>()), Error);
  CHECK_THROWS_AS(detail::scatter_i64(whole(*t), std::vector<int64_t>(17)), Error);
  CHECK_THROWS_AS(detail::scatter_bytes(whole(*t), std::vector<std::byte>(63)), Error);
  detail::scatter_f32(whole(*t), std::vector<float>(16, 2.0f));
  CHECK(detail::gather_f32(whole(*t)) == std::vector<float>(16, 2.0f));
}

TEST_CASE("a tile's elements per partition: 0 with an empty dim, an overflow an Error") {
  Machine m(1, default_platform());
  auto t = m.allocate(0, MemKind::sbuf, DType::float32, {4, 4}, "t");
  AccessPattern big{t.get(), 0, {{1, 4}, {0, int64_t{1} << 40}, {0, int64_t{1} << 40}}};
  CHECK_THROWS_AS(free_size(big), Error);
  big.dims.push_back(Dim{1, 0});
  CHECK(free_size(big) == 0);
  AccessPattern scalar{t.get(), 0, {}};
  CHECK(partitions(scalar) == 1);
  CHECK(free_size(scalar) == 1);
  CHECK_THROWS_WITH_AS(need_partition_dim("op", "src", scalar),
                       "op: src 't' (float32, sbuf, []) has no partition dim (it is 0-D)", Error);
}

TEST_CASE("tensor_reduce refuses an empty reduced group and needs none when dst is empty") {
  Machine m(1, default_platform());
  auto data = m.allocate(0, MemKind::sbuf, DType::float32, {4, 4, 0}, "data");
  auto dst = m.allocate(0, MemKind::sbuf, DType::float32, {4, 4}, "dst");
  TensorReduce op;
  op.axes = 1;
  CHECK_THROWS_WITH_AS(run_on(op, {dst.get()}, {data.get()}),
                       "tensor_reduce: the reduced dims of 'data' (float32, sbuf, [4, 4, 0]) hold "
                       "no elements, and a reduction folds at least one into each element of dst",
                       Error);
  auto kept_empty = m.allocate(0, MemKind::sbuf, DType::float32, {4, 0, 3}, "kept_empty");
  auto dst_empty = m.allocate(0, MemKind::sbuf, DType::float32, {4, 0}, "dst_empty");
  run_on(op, {dst_empty.get()}, {kept_empty.get()});
  CHECK(detail::gather_f32(whole(*dst_empty)).empty());
}
