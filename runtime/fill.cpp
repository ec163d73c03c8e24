// See fill.h.
#include "runtime/fill.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "runtime/strict.h"
#include "runtime/strided.h"

namespace nkic::rt {

namespace {

// A packed dtype's one fill: the value 0, all bits zero (as nki.isa.memset
// allows for them).
std::vector<std::byte> packed_zero(DType dtype, double value, const std::string& text) {
  if (value == 0) return std::vector<std::byte>(dtype_size(dtype));
  throw Error("a fill of " + std::string(dtype_name(dtype)) +
              " (a packed dtype) can only be 0, not " + text);
}

}  // namespace

std::vector<std::byte> scalar_bytes(DType dtype, int64_t value) {
  if (is_packed(dtype)) {
    return packed_zero(dtype, static_cast<double>(value), std::to_string(value));
  }
  std::vector<std::byte> out(dtype_size(dtype));
  if (is_float(dtype)) {
    // Through double, as the interpreter converts a Python int.
    store_f32(dtype, out.data(), static_cast<float>(static_cast<double>(value)));
    return out;
  }
  if (dtype == DType::bool_) value = value != 0;
  const bool is_signed = is_signed_int(dtype);
  const int bits = static_cast<int>(out.size()) * 8;
  const int64_t hi = is_signed ? (int64_t{1} << (bits - 1)) - 1 : (int64_t{1} << bits) - 1;
  const int64_t lo = is_signed ? -(int64_t{1} << (bits - 1)) : 0;
  const uint64_t u = static_cast<uint64_t>(std::clamp(value, lo, hi));
  for (size_t b = 0; b < out.size(); ++b) out[b] = static_cast<std::byte>((u >> (8 * b)) & 0xff);
  return out;
}

std::vector<std::byte> scalar_bytes(DType dtype, double value) {
  if (is_packed(dtype)) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return packed_zero(dtype, value, text);
  }
  std::vector<std::byte> out(dtype_size(dtype));
  store_f32(dtype, out.data(), static_cast<float>(value));
  return out;
}

void fill(const AccessPattern& dst, const std::vector<std::byte>& element) {
  check_bounds(dst);
  const int64_t n = dst.elements();
  if (n == 0) return;
  std::vector<std::byte> all;
  all.reserve(element.size() * static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) all.insert(all.end(), element.begin(), element.end());
  detail::scatter_bytes(dst, all);
  note_write(dst);
}

bool in_bounds(const AccessPattern& ap) {
  if (ap.elements() == 0) return true;
  return ap.min_offset() >= 0 && ap.max_offset() < ap.storage_elements();
}

int64_t read_element_i64(Buffer& buffer, int64_t element) {
  check_written(AccessPattern{&buffer, element, {}});
  return load_i64(buffer.dtype(),
                  buffer.data() + element * static_cast<int64_t>(dtype_size(buffer.dtype())));
}

std::shared_ptr<const std::vector<int64_t>> read_row_offsets(Buffer& buffer, int64_t first,
                                                             Dim partitions, int64_t column_step,
                                                             int64_t count, int64_t multiplier) {
  auto out = std::make_shared<std::vector<int64_t>>();
  out->reserve(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    const int64_t p = i % partitions.count, column = i / partitions.count;
    const int64_t value =
        read_element_i64(buffer, first + p * partitions.step + column * column_step);
    out->push_back(add_run_time_offset(0, value, multiplier));
  }
  return out;
}

int64_t read_scalar_i64(const AccessPattern& ap) {
  check_bounds(ap);
  if (!ap.as_dtype) return read_element_i64(*ap.buffer, ap.offset);
  check_written(AccessPattern{ap.buffer, ap.offset, {}, -1, ap.as_dtype});
  const int64_t size = static_cast<int64_t>(dtype_size(*ap.as_dtype));
  return load_i64(*ap.as_dtype, ap.buffer->data() + ap.offset * size);
}

std::vector<std::byte> read_bytes(const AccessPattern& ap) {
  check_bounds(ap);
  return detail::gather_bytes(ap);
}

}  // namespace nkic::rt
