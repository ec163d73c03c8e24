// .npy files: written by NumPy and read by us bit for bit, written by us and
// read (and byte-compared) by NumPy, and malformed files with exact errors.
#include <doctest/doctest.h>

#include <cstring>
#include <sstream>

#include "python_oracle.h"
#include "runtime/machine.h"
#include "runtime/npy.h"

using namespace nkic::rt;
using nkic::test::ScratchDir;

TEST_CASE("files written by NumPy read bit-exactly") {
  ScratchDir dir;
  // manifest: name descr shape...; NAME.npy and NAME.raw (the data bytes).
  const std::string manifest = nkic::test::run_python(dir, R"(
rng = np.random.default_rng(5)
cases = [
  ('f32_1d', rng.standard_normal(7).astype(np.float32), (1, 0)),
  ('f32_0d', np.array(3.25, dtype=np.float32), (1, 0)),
  ('f16_3d', rng.standard_normal((2, 3, 4)).astype(np.float16), (2, 0)),
  ('i32_3d', rng.integers(-2**31, 2**31, (3, 1, 2), dtype=np.int32), (1, 0)),
  ('i16', rng.integers(-2**15, 2**15, (5,), dtype=np.int16), (2, 0)),
  ('i8', rng.integers(-128, 128, (4, 4), dtype=np.int8), (1, 0)),
  ('u32', rng.integers(0, 2**32, (3,), dtype=np.uint32), (1, 0)),
  ('u16', rng.integers(0, 2**16, (2, 2), dtype=np.uint16), (1, 0)),
  ('u8', rng.integers(0, 256, (9,), dtype=np.uint8), (3, 0)),
  ('b1', rng.integers(0, 2, (2, 3)).astype(np.bool_), (1, 0)),
  ('empty', np.zeros((0, 4), np.float32), (1, 0)),
]
for name, a, version in cases:
    with open(name + '.npy', 'wb') as f:
        np.lib.format.write_array(f, a, version=version)
    open(name + '.raw', 'wb').write(a.tobytes())
    print(name, a.dtype.str, *a.shape)
# bfloat16 as ml_dtypes saves it: descr '<V2' over the raw 16-bit patterns.
bits = rng.integers(0, 2**16, (2, 5), dtype=np.uint16)
with open('bf16.npy', 'wb') as f:
    np.lib.format.write_array_header_1_0(f, {'descr': '<V2', 'fortran_order': False, 'shape': (2, 5)})
    f.write(bits.tobytes())
open('bf16.raw', 'wb').write(bits.tobytes())
print('bf16', '<V2', 2, 5)
)");
  std::istringstream lines(manifest);
  std::string line;
  int count = 0;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string name, descr;
    words >> name >> descr;
    std::vector<int64_t> shape;
    for (int64_t d; words >> d;) shape.push_back(d);
    INFO(name);
    const NpyArray a = read_npy(dir.file(name + ".npy"));
    CHECK(a.dtype == dtype_from_npy_descr(descr));
    CHECK(a.shape == shape);
    const std::string raw = nkic::test::read_file(dir.file(name + ".raw"));
    REQUIRE(a.data.size() == raw.size());
    // memcmp must not get the null data pointer of an empty array
    CHECK((raw.empty() || std::memcmp(a.data.data(), raw.data(), raw.size()) == 0));
    ++count;
  }
  CHECK(count == 12);
}

TEST_CASE("files we write are what np.save writes, and load in NumPy") {
  ScratchDir dir;
  struct Case {
    std::string name;
    DType dtype;
    std::vector<int64_t> shape;
  };
  const std::vector<Case> cases = {
      {"f32", DType::float32, {3}},          {"f32_0d", DType::float32, {}},
      {"f16", DType::float16, {2, 3, 4}},    {"bf16", DType::bfloat16, {4, 2}},
      {"i32", DType::int32, {2, 2}},         {"i16", DType::int16, {5}},
      {"i8", DType::int8, {1, 1, 1}},        {"u32", DType::uint32, {3}},
      {"u16", DType::uint16, {2}},           {"u8", DType::uint8, {6}},
      {"b1", DType::bool_, {2, 2}},          {"empty", DType::int32, {0, 3}},
      {"wide", DType::uint8, {1234567, 1}},
  };
  std::string script = "import sys\nok = True\n";
  for (const Case& c : cases) {
    NpyArray a;
    a.dtype = c.dtype;
    a.shape = c.shape;
    int64_t n = 1;
    for (int64_t d : c.shape) n *= d;
    a.data.resize(size_t(n) * dtype_size(c.dtype));
    for (size_t i = 0; i < a.data.size(); ++i) {
      a.data[i] = std::byte(c.dtype == DType::bool_ ? (i * 7 + 1) % 3 % 2 : (i * 37 + 11) % 251);
    }
    write_npy(dir.file(c.name + ".npy"), a);
    nkic::test::write_file(dir.file(c.name + ".raw"),
                           std::string(reinterpret_cast<const char*>(a.data.data()), a.data.size()));
    std::string shape = "(";
    for (int64_t d : c.shape) shape += std::to_string(d) + ",";
    shape += ")";
    const std::string descr(dtype_npy_descr(c.dtype));
    script += "a = np.load('" + c.name + ".npy')\n"
              "raw = open('" + c.name + ".raw', 'rb').read()\n"
              "ok = ok and a.shape == " + shape + " and a.tobytes() == raw\n";
    if (c.dtype != DType::bfloat16) {
      script += "ok = ok and a.dtype == np.dtype('" + descr + "')\n"
                "ok = ok and np.array_equal(a, np.frombuffer(raw, dtype='" + descr + "').reshape(" + shape + "), equal_nan=a.dtype.kind == 'f')\n"
                "import io\nb = io.BytesIO(); np.save(b, a)\n"
                "ok = ok and b.getvalue() == open('" + c.name + ".npy', 'rb').read()\n";
    } else {
      script += "ok = ok and a.dtype.itemsize == 2 and a.dtype.kind == 'V'\n";
    }
    script += "if not ok: print('mismatch in " + c.name + "'); sys.exit(1)\n";
  }
  nkic::test::run_python(dir, script);
  // And our own reader agrees with our writer.
  const NpyArray back = read_npy(dir.file("bf16.npy"));
  CHECK(back.dtype == DType::bfloat16);
  CHECK(back.shape == std::vector<int64_t>{4, 2});
  CHECK((serialize_npy(back).size() - back.data.size()) % 64 == 0);
}

TEST_CASE("malformed files give exact errors") {
  ScratchDir dir;
  nkic::test::run_python(dir, R"(
def header(d, version=(1, 0)):
    import io
    f = io.BytesIO()
    if version == (1, 0):
        np.lib.format.write_array_header_1_0(f, d)
    else:
        np.lib.format.write_array_header_2_0(f, d)
    return f.getvalue()
open('magic.npy', 'wb').write(b'PK\x03\x04not numpy at all')
open('trunc.npy', 'wb').write(header({'descr': '<f4', 'fortran_order': False, 'shape': (4, 2)}) + b'\0' * 20)
open('fortran.npy', 'wb').write(header({'descr': '<f4', 'fortran_order': True, 'shape': (2, 3)}) + b'\0' * 24)
open('big.npy', 'wb').write(header({'descr': '>i4', 'fortran_order': False, 'shape': (2,)}) + b'\0' * 8)
open('f64.npy', 'wb').write(header({'descr': '<f8', 'fortran_order': False, 'shape': (2,)}, (2, 0)) + b'\0' * 16)
open('extra.npy', 'wb').write(header({'descr': '|u1', 'fortran_order': False, 'shape': (2,)}) + b'\0' * 3)
open('version.npy', 'wb').write(b'\x93NUMPY\x04\x00' + b'\0' * 100)
import struct
h = b"{'descr': '<f4', 'fortran_order': False}   \n"
open('noshape.npy', 'wb').write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(h)) + h)
)");
  const auto err = [&](const std::string& name, const std::string& message) {
    const std::string path = dir.file(name);
    CHECK_THROWS_WITH_AS(read_npy(path), (path + ": " + message).c_str(), Error);
  };
  err("magic.npy", "not a .npy file: bad magic");
  err("trunc.npy", "file is truncated: expected 32 data bytes, found 20");
  err("fortran.npy", "Fortran-ordered arrays are not supported");
  err("big.npy", "big-endian data ('>i4') is not supported");
  err("f64.npy", "unsupported dtype '<f8'");
  err("extra.npy", "file has 1 bytes after the 2 data bytes");
  err("version.npy", "not a .npy file: unsupported format version 4.0");
  err("noshape.npy", "not a .npy file: header has no 'shape'");
  const std::string missing = dir.file("missing.npy");
  CHECK_THROWS_WITH_AS(read_npy(missing), (missing + ": cannot open: No such file or directory").c_str(),
                       Error);
  CHECK_THROWS_WITH_AS(parse_npy(std::string("\x93NUMPY\x01\x00\x10\x00{'descr", 16), "mem"),
                       "mem: not a .npy file: header is truncated", Error);
}
