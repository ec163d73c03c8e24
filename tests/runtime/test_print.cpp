// format_array against NumPy's str(array) on many arrays: float scales that
// switch between positional and scientific, specials, unique-digit cases,
// integers, booleans, 0-D, empty, wrapped rows and summarized arrays.
#include <doctest/doctest.h>

#include <sstream>

#include "python_oracle.h"
#include "runtime/npy.h"
#include "runtime/print.h"

using namespace nkic::rt;
using nkic::test::ScratchDir;

TEST_CASE("format_array matches NumPy's str()") {
  ScratchDir dir;
  const std::string names = nkic::test::run_python(dir, R"(
rng = np.random.default_rng(11)
f32, f16 = np.float32, np.float16
cases = []
def add(a, bf16=False):
    cases.append((a, bf16))
add(np.array([[2, 4, 6], [8, 10, 12]], f32))
add(np.array([0.5, 0.25, 1.0], f32))
add(np.array([np.nan, 1.0, -np.inf, np.inf], f32))
add(np.array([np.nan, np.nan], f32))
add(np.array([np.nan, -np.inf], f32))
add(np.array([1e-5, 1.5], f32))
add(np.array([1e8, 1.0], f32))
add(np.array([0.0001, 0.001], f32))
add(np.array([1000.5, 1.0], f32))
add(np.array([1001.0, 1.0], f32))
add(np.array([0.1, 0.2, 0.3], f32))
add(np.array([1 / 3, 2 / 3, 123.456789], f32))
add(np.array([-0.0, 0.0, 1.0], f32))
add(np.array([0.0, 0.0], f32))
add(np.array([3.4028235e38, -1.0], f32))
add(np.array([1.4e-45, 1.0], f32))
add(np.array([16777216.0, 16777218.0, 1.0], f32))
add(np.array([0.00012345678, 0.1], f32))
add(np.array(1.5, f32))
add(np.array(1.0, f32))
add(np.array(1e20, f32))
add(np.array(1e16, f32))
add(np.array(1.5e-5, f32))
add(np.array(-0.0, f32))
add(np.array(np.nan, f32))
add(np.array(-np.inf, f32))
add(np.array(123456789.0, f32))
add(np.array(0.1, f16))
add(np.array([0.1, 0.2, 65504, 6e-8], f16))
add(np.array([0.1, 0.2, 1.5, 3.0], f16))
add(np.array([9.996e-05, 0.5], f16))
add(np.array([0.0001, 0.01], f16))
add(rng.standard_normal(20).astype(f16))
add(np.zeros((2, 0), f32))
add(np.zeros((0,), np.int32))
add(np.arange(30, dtype=np.int32))
add(np.arange(2000, dtype=np.int32).reshape(2, 1000))
add(np.arange(-5, 5, dtype=np.int8))
add(np.array([0, 4294967295], np.uint32))
add(np.array([-32768, 7], np.int16))
add(np.array([255, 0, 17], np.uint8))
add(np.array(7, np.int32))
add(np.array([True, False, True]))
add(np.array([[True], [False]]))
add(np.array(True))
add(np.arange(24, dtype=np.int16).reshape(2, 3, 4))
add(np.arange(2 * 3 * 4 * 5, dtype=np.uint16).reshape(2, 3, 4, 5))
add(np.arange(3000, dtype=np.int32).reshape(10, 10, 30))
add(np.arange(1001, dtype=np.uint8))
add((rng.standard_normal((40, 40)) * 100).astype(f32))
add(rng.standard_normal((7, 1, 3)).astype(f32))
add(np.linspace(0, 1, 100).astype(f32))
add(np.linspace(0, 1e-3, 100).astype(f32))
for scale in [1e-30, 1e-6, 1e-3, 1, 7, 1e3, 1e5, 1e7, 1e9, 1e20, 1e37]:
    add((rng.standard_normal(12) * scale).astype(f32))
    add((rng.standard_normal(8) * scale).astype(f16) if scale < 6e4 else np.array([scale], f32))
for _ in range(60):
    n = int(rng.integers(1, 30))
    bits = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    exps = rng.integers(100, 160, n).astype(np.uint32)
    bits = (bits & np.uint32(0x807fffff)) | (exps << np.uint32(23))
    add(bits.view(f32))
for _ in range(30):
    n = int(rng.integers(1, 20))
    add(rng.integers(0, 2**16, n, dtype=np.uint64).astype(np.uint16).view(f16))
for _ in range(30):
    n = int(rng.integers(1, 20))
    b = rng.integers(0, 2**16, n, dtype=np.uint64).astype(np.uint32) << np.uint32(16)
    add(b.view(f32), bf16=True)
add((np.arange(12, dtype=np.uint32).reshape(3, 4) << np.uint32(16)).view(f32) + 0, bf16=True)
add(np.array([1.0, 1.0078125, 3.140625, 100.5], f32), bf16=True)
for i, (a, bf16) in enumerate(cases):
    name = 'c%d' % i
    if bf16:
        bits = (a.view(np.uint32) >> np.uint32(16)).astype(np.uint16)
        with open(name + '.npy', 'wb') as f:
            np.lib.format.write_array_header_1_0(f, {'descr': '<V2', 'fortran_order': False, 'shape': a.shape})
            f.write(bits.tobytes())
    else:
        np.save(name + '.npy', a)
    with np.errstate(all='ignore'):
        open(name + '.txt', 'w').write(str(a))
    print(name)
)");
  std::istringstream lines(names);
  std::string name;
  int count = 0, bad = 0;
  while (std::getline(lines, name)) {
    const NpyArray a = read_npy(dir.file(name + ".npy"));
    const std::string want = nkic::test::read_file(dir.file(name + ".txt"));
    const std::string got = format_array(a.dtype, a.shape, a.data.data());
    if (got != want && bad++ < 12) {
      CHECK_MESSAGE(got == want, name << " (" << dtype_name(a.dtype) << "):\nnumpy:\n" << want
                                      << "\nours:\n" << got);
    }
    ++count;
  }
  CHECK(bad == 0);
  CHECK(count > 150);
}

TEST_CASE("0-D float scalars print with shortest unique digits, as NumPy's str()") {
  ScratchDir dir;
  nkic::test::run_python(dir, R"(
rng = np.random.default_rng(3)
f32 = rng.integers(0, 2**32, 30000, dtype=np.uint64).astype(np.uint32).view(np.float32)
f16 = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
f32.tofile('f32.bin')
f16.tofile('f16.bin')
with np.errstate(all='ignore'):
    open('f32.txt', 'w').write('\n'.join(str(x) for x in f32))
    open('f16.txt', 'w').write('\n'.join(str(x) for x in f16))
)");
  for (const auto& [name, dtype] : {std::pair<std::string, DType>{"f32", DType::float32},
                                    std::pair<std::string, DType>{"f16", DType::float16}}) {
    const std::string raw = nkic::test::read_file(dir.file(name + ".bin"));
    std::istringstream want(nkic::test::read_file(dir.file(name + ".txt")));
    const size_t size = dtype_size(dtype);
    int bad = 0;
    for (size_t i = 0; i * size < raw.size(); ++i) {
      std::string line;
      std::getline(want, line);
      const std::string got =
          format_array(dtype, {}, reinterpret_cast<const std::byte*>(raw.data() + i * size));
      if (got != line && bad++ < 10) MESSAGE(name << " #" << i << ": numpy " << line << ", ours " << got);
    }
    CHECK(bad == 0);
  }
}
