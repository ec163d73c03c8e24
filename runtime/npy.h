// NumPy's .npy format, versions 1 and 2 (and 3's header layout), C order,
// little-endian or byte-order-free descriptors. bfloat16 travels as `<V2`, as
// ml_dtypes writes it; the float8 dtypes and float8_e8m0fnu as `|V1`
// (ml_dtypes' descriptor too), the packed dtypes as raw values of their
// width (`|V4`, `|V2`), descriptors that several dtypes share, so a reader
// names the dtype it wants (`as`). Errors name the file.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runtime/dtype.h"

namespace nkic::rt {

struct NpyArray {
  DType dtype = DType::float32;
  std::vector<int64_t> shape;
  std::vector<std::byte> data;  // shape's product * dtype_size bytes, C order
};

// Throws rt::Error ("PATH: not a .npy file: ...") when the file is unreadable,
// malformed, Fortran-ordered, big-endian, or of a dtype we do not have.
// With `as`, the elements are read as that dtype's bits: the file's must
// be as wide (`|V1`, `|u1`, `|i1` for a float8 dtype); `|V1` and `|V4`
// need `as`.
NpyArray read_npy(const std::string& path, std::optional<DType> as = std::nullopt);
NpyArray parse_npy(const std::string& bytes, const std::string& path_for_messages,
                   std::optional<DType> as = std::nullopt);

// Writes a version 1 file. Throws rt::Error when the file cannot be written.
void write_npy(const std::string& path, const NpyArray& array);
std::string serialize_npy(const NpyArray& array);

}  // namespace nkic::rt
