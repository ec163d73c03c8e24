// See fill.h.
#include "runtime/fill.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "runtime/strict.h"
#include "runtime/strided.h"

namespace nkic::rt {

namespace {

// The shortest text that reads back as `value` ("40000.7", "inf", "nan").
std::string number_text(double value) {
  char text[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    if (std::strtod(text, nullptr) == value || std::isnan(value)) break;
  }
  return text;
}

std::string packed_problem(DType dtype, bool zero, const std::string& text) {
  if (zero) return "";
  return "a fill of " + std::string(dtype_name(dtype)) + " (a packed dtype) can only be 0, not " +
         text;
}

bool is_integer_dtype(DType dtype) {
  return !is_float(dtype) && !is_packed(dtype) && dtype != DType::bool_;
}

std::string range_text(DType dtype) {
  const IntRange r = int_range(dtype);
  return std::to_string(r.lo) + " to " + std::to_string(r.hi);
}

// `value`, as fill_problem has checked it, in `dtype`'s bytes.
std::vector<std::byte> integer_bytes(DType dtype, int64_t value) {
  std::vector<std::byte> out(dtype_size(dtype));
  const uint64_t u = static_cast<uint64_t>(value);
  for (size_t b = 0; b < out.size(); ++b) out[b] = static_cast<std::byte>((u >> (8 * b)) & 0xff);
  return out;
}

void throw_if(const std::string& problem) {
  if (!problem.empty()) throw Error(problem);
}

}  // namespace

std::string fill_problem(DType dtype, int64_t value) {
  if (is_packed(dtype)) return packed_problem(dtype, value == 0, std::to_string(value));
  if (!is_integer_dtype(dtype)) return "";
  const IntRange r = int_range(dtype);
  if (value >= r.lo && value <= r.hi) return "";
  return "a fill of " + std::string(dtype_name(dtype)) + " must be an integer from " +
         range_text(dtype) + ", not " + std::to_string(value);
}

std::string fill_problem(DType dtype, double value) {
  if (is_packed(dtype)) return packed_problem(dtype, value == 0, number_text(value));
  if (!is_integer_dtype(dtype)) return "";
  // Through float32, as every float fill goes, then to nearest even.
  const double rounded = std::nearbyint(static_cast<double>(static_cast<float>(value)));
  const IntRange r = int_range(dtype);
  if (rounded >= static_cast<double>(r.lo) && rounded <= static_cast<double>(r.hi)) return "";
  return "a fill of " + std::string(dtype_name(dtype)) + " must round to an integer from " +
         range_text(dtype) + ", and " + number_text(value) + " does not";
}

std::vector<std::byte> scalar_bytes(DType dtype, int64_t value) {
  throw_if(fill_problem(dtype, value));
  if (is_packed(dtype)) return std::vector<std::byte>(dtype_size(dtype));
  if (is_float(dtype)) {
    // Through double, as the interpreter converts a Python int.
    std::vector<std::byte> out(dtype_size(dtype));
    store_f32(dtype, out.data(), static_cast<float>(static_cast<double>(value)));
    return out;
  }
  return integer_bytes(dtype, dtype == DType::bool_ ? value != 0 : value);
}

std::vector<std::byte> scalar_bytes(DType dtype, double value) {
  throw_if(fill_problem(dtype, value));
  std::vector<std::byte> out(dtype_size(dtype));
  if (is_packed(dtype)) return out;
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
