// rt::read_output, how generated read_outputs() hands a kernel's outputs back
// to the host: row-major order over any access pattern, the pattern's dtype
// and shape, the array's storage reused from one run to the next, and bounds
// checked like every other access.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "runtime/access_pattern.h"
#include "runtime/machine.h"
#include "runtime/program.h"

namespace {

namespace rt = nkic::rt;

// A (3, 4) int32 buffer on rank 0 holding base + its element index.
std::shared_ptr<rt::Buffer> numbered(rt::Machine& machine, int32_t base) {
  auto buffer = machine.allocate(0, rt::MemKind::hbm, rt::DType::int32, {3, 4}, "t");
  auto* values = reinterpret_cast<int32_t*>(buffer->data_for_write());
  for (int32_t i = 0; i < 12; ++i) values[i] = base + i;
  return buffer;
}

std::vector<int32_t> values_of(const rt::NpyArray& a) {
  std::vector<int32_t> v(a.data.size() / sizeof(int32_t));
  std::memcpy(v.data(), a.data.data(), a.data.size());
  return v;
}

}  // namespace

TEST_CASE("read_output: a strided pattern row-major, into storage reused across runs") {
  rt::Machine machine(1, rt::default_platform());
  auto buffer = numbered(machine, 100);
  // Columns 1 and 3 of every row, read column-major: element [i, j] is at
  // 1 + 2 * i + 4 * j.
  const rt::AccessPattern ap{buffer.get(), 1, {{2, 2}, {4, 3}}};
  std::vector<int32_t> want;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) want.push_back(100 + 1 + 2 * i + 4 * j);
  }

  rt::NpyArray array;  // float32 and empty, as a default array is
  rt::read_output(ap, array);
  CHECK(array.dtype == rt::DType::int32);
  CHECK(array.shape == std::vector<int64_t>{2, 3});
  CHECK(values_of(array) == want);

  // The next run's values land in the same storage.
  const std::byte* storage = array.data.data();
  auto* values = reinterpret_cast<int32_t*>(buffer->data_for_write());
  for (int32_t i = 0; i < 12; ++i) values[i] = -i;
  rt::read_output(ap, array);
  CHECK(array.data.data() == storage);
  for (int32_t& v : want) v = -(v - 100);
  CHECK(values_of(array) == want);
}

TEST_CASE("read_output: an array of another shape and dtype becomes the pattern's") {
  rt::Machine machine(1, rt::default_platform());
  auto buffer = numbered(machine, 0);
  rt::NpyArray array;
  array.dtype = rt::DType::bfloat16;
  array.shape = {7};
  array.data.resize(14);
  rt::read_output(rt::AccessPattern{buffer.get(), 8, {{1, 4}}}, array);
  CHECK(array.dtype == rt::DType::int32);
  CHECK(array.shape == std::vector<int64_t>{4});
  CHECK(values_of(array) == std::vector<int32_t>{8, 9, 10, 11});
}

TEST_CASE("read_output: a pattern outside its buffer is refused as check_bounds refuses it") {
  rt::Machine machine(1, rt::default_platform());
  auto buffer = numbered(machine, 0);
  const rt::AccessPattern ap{buffer.get(), 10, {{1, 4}}};  // elements 10..13 of 12
  std::string expected;
  try {
    rt::check_bounds(ap);
  } catch (const rt::Error& e) {
    expected = e.what();
  }
  REQUIRE_FALSE(expected.empty());
  rt::NpyArray array;
  CHECK_THROWS_WITH_AS(rt::read_output(ap, array), expected.c_str(), rt::Error);
}
