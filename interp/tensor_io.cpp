// Row-major reads of tensor views, by walking the resolved access
// pattern with an odometer over its dims.
#include "interp/tensor_io.h"

#include <cstring>

#include "runtime/print.h"

namespace nkic::interp {

namespace {

// Calls f(byte offset into the buffer) for each element in row-major order.
template <class F>
void for_each_element(const rt::AccessPattern& ap, F&& f) {
  const int64_t n = ap.elements();
  if (n == 0) return;
  const size_t esize = rt::dtype_size(ap.dtype());
  const size_t nd = ap.dims.size();
  std::vector<int64_t> idx(nd, 0);
  int64_t pos = ap.offset;
  for (int64_t i = 0; i < n; ++i) {
    f(static_cast<size_t>(pos) * esize);
    for (size_t d = nd; d-- > 0;) {
      if (++idx[d] < ap.dims[d].count) {
        pos += ap.dims[d].step;
        break;
      }
      pos -= ap.dims[d].step * (ap.dims[d].count - 1);
      idx[d] = 0;
    }
  }
}

}  // namespace

std::vector<std::byte> read_view_bytes(const rt::TensorView& view) {
  const rt::AccessPattern ap = view.resolve();
  const size_t esize = rt::dtype_size(ap.dtype());
  std::vector<std::byte> out(static_cast<size_t>(ap.elements()) * esize);
  if (out.empty()) return out;
  const std::byte* base = ap.buffer->data();
  size_t at = 0;
  for_each_element(ap, [&](size_t byte_offset) {
    std::memcpy(out.data() + at, base + byte_offset, esize);
    at += esize;
  });
  return out;
}

std::string format_tensor(const rt::TensorView& view) {
  const std::vector<std::byte> bytes = read_view_bytes(view);
  return rt::format_array(view.dtype(), view.shape(), bytes.data());
}

}  // namespace nkic::interp
