// Access patterns: extent, bounds, and the normalized form the DMA fast paths
// use (see access_pattern.h).
#include "runtime/access_pattern.h"

#include <optional>

#include "runtime/checked_int.h"

namespace nkic::rt {
namespace {

// The lowest and highest offsets a non-empty pattern touches, or nullopt when
// either lies outside int64 (then it is out of bounds of any buffer).
std::optional<Extent> extent(const AccessPattern& ap) { return extent_if_fits(ap.offset, ap.dims); }

// product_if_fits(ap.shape()), without making the shape: a check of every
// transfer's pattern.
std::optional<int64_t> count_if_fits(const std::vector<Dim>& dims) {
  int64_t p = 1;
  for (const Dim& d : dims) {
    if (__builtin_mul_overflow(p, d.count, &p)) return std::nullopt;
  }
  return p;
}

// Whether a pattern of positive counts reaches only [0, size) and moves at
// most kMaxPatternElements, worked out in int64 alone; false also when
// anything overflows or a count is not positive (check_bounds then works it
// out in full, with its message).
bool plainly_in_bounds(const AccessPattern& ap, int64_t size) {
  int64_t lo = ap.offset, hi = ap.offset, n = 1;
  for (const Dim& d : ap.dims) {
    int64_t span = 0;
    if (d.count <= 0 || __builtin_mul_overflow(n, d.count, &n) ||
        __builtin_mul_overflow(d.step, d.count - 1, &span) ||
        __builtin_add_overflow(span >= 0 ? hi : lo, span, span >= 0 ? &hi : &lo)) {
      return false;
    }
  }
  return n <= kMaxPatternElements && lo >= 0 && hi < size;
}

std::string pattern_text(const std::vector<Dim>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) s += ", ";
    s += "[" + std::to_string(dims[i].step) + ", " + std::to_string(dims[i].count) + "]";
  }
  return s + "]";
}

}  // namespace

std::vector<Dim> row_major_dims(const int64_t* shape, size_t count) {
  Extents steps = Extents::zeros(count);
  checked_row_major_strides(shape, count, steps.begin(), "a row-major tensor's steps");
  std::vector<Dim> dims;
  dims.reserve(count);
  for (size_t i = 0; i < count; ++i) dims.push_back(Dim{steps[i], shape[i]});
  return dims;
}

int64_t AccessPattern::elements() const { return element_count(dims); }

int64_t AccessPattern::storage_elements() const {
  if (!as_dtype) return buffer->elements();
  return buffer->bytes() / static_cast<int64_t>(dtype_size(*as_dtype));
}

std::vector<int64_t> AccessPattern::shape() const {
  std::vector<int64_t> s;
  s.reserve(dims.size());
  for (const Dim& d : dims) s.push_back(d.count);
  return s;
}

// What normalized() would merge into one dim of step 1, checked without
// building it.
bool AccessPattern::contiguous() const {
  if (elements() <= 1) return true;
  int64_t run = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    if (dims[i].count == 1) continue;
    if (dims[i].step != run) return false;
    if (__builtin_mul_overflow(run, dims[i].count, &run)) return false;
  }
  return true;
}

int64_t AccessPattern::min_offset() const {
  if (elements() == 0) return offset;
  const auto e = extent(*this);
  if (!e) throw Error("integer overflow in the extent of access pattern " + describe());
  return e->lo;
}

int64_t AccessPattern::max_offset() const {
  if (elements() == 0) return offset;
  const auto e = extent(*this);
  if (!e) throw Error("integer overflow in the extent of access pattern " + describe());
  return e->hi;
}

std::string AccessPattern::describe() const {
  std::string s = buffer ? buffer->name() : std::string("?");
  if (buffer) {
    s += " (rank " + std::to_string(rank()) + ", " +
         std::string(mem_kind_name(buffer->kind())) + ")";
  }
  if (as_dtype) s += " as " + std::string(dtype_name(*as_dtype));
  return s + " offset " + std::to_string(offset) + " pattern " + pattern_text(dims);
}

AccessPattern row_of(const AccessPattern& ap, int64_t p) {
  AccessPattern row = ap;
  row.row_offsets = nullptr;
  row.dims[0] = {ap.dims[0].step, 1};
  row.offset = checked_add(ap.offset, (*ap.row_offsets)[static_cast<size_t>(p)],
                           "a vector offset's row offset");
  return row;
}

namespace {

// check_bounds with every case and message, out of line so that the plain
// case needs no frame.
[[gnu::noinline]] void check_bounds_in_full(const AccessPattern& ap) {
  if (ap.row_offsets) {
    for (int64_t p = 0; p < ap.dims[0].count; ++p) {
      try {
        check_bounds(row_of(ap, p));
      } catch (const Error& e) {
        throw Error("partition " + std::to_string(p) + " (vector offset " +
                    std::to_string((*ap.row_offsets)[static_cast<size_t>(p)]) + "): " + e.what());
      }
    }
    return;
  }
  const int64_t size = ap.storage_elements();
  for (const Dim& d : ap.dims) {
    if (d.count < 0) throw Error("negative count " + std::to_string(d.count) + " in access pattern");
  }
  // The buffer, for a message (only built for one): a reinterpreted buffer
  // counts elements of the dtype it is read as.
  const auto buffer_text = [&](const char* preposition) {
    const std::string unit =
        ap.as_dtype ? " " + std::string(dtype_name(*ap.as_dtype)) + " elements)" : " elements)";
    return preposition + (" '" + ap.buffer->name() + "' (") + std::to_string(size) + unit;
  };
  const std::optional<int64_t> n = count_if_fits(ap.dims);
  if (n && *n == 0) return;
  if (!n || *n > kMaxPatternElements) {
    throw Error("access pattern " + pattern_text(ap.dims) + buffer_text(" on") + " moves " +
                (n ? std::to_string(*n) : std::string("more than 2**63")) +
                " elements; one transfer moves at most " + std::to_string(kMaxPatternElements));
  }
  const auto e = extent(ap);
  if (!e) {
    throw Error("access pattern out of bounds: offset " + std::to_string(ap.offset) +
                " pattern " + pattern_text(ap.dims) + " reaches past 64-bit offsets" +
                buffer_text(" of"));
  }
  if (e->lo >= 0 && e->hi < size) return;
  throw Error("access pattern out of bounds: elements " + std::to_string(e->lo) + ".." +
              std::to_string(e->hi) + buffer_text(" of"));
}

}  // namespace

// The message leaves the rank out: whoever reports it names the rank once.
void check_bounds(const AccessPattern& ap) {
  if (!ap.row_offsets && plainly_in_bounds(ap, ap.storage_elements())) return;
  check_bounds_in_full(ap);
}

AccessPattern normalized(const AccessPattern& ap) {
  AccessPattern out;
  out.buffer = ap.buffer;
  out.offset = ap.offset;
  out.as_dtype = ap.as_dtype;
  if (ap.elements() == 0) {
    out.dims.push_back({1, 0});
    return out;
  }
  for (const Dim& d : ap.dims) {
    if (d.count == 1) continue;
    if (!out.dims.empty()) {
      Dim& outer = out.dims.back();
      int64_t span = 0;
      if (!__builtin_mul_overflow(d.step, d.count, &span) && outer.step == span) {
        outer = {d.step, outer.count * d.count};
        continue;
      }
    }
    out.dims.push_back(d);
  }
  if (out.dims.empty()) out.dims.push_back({1, 1});
  return out;
}

AccessPattern sub_range(const AccessPattern& ap, int d, int64_t start, int64_t count) {
  if (d < 0 || d >= static_cast<int>(ap.dims.size())) {
    throw Error("sub_range: dim " + std::to_string(d) + " of a " +
                std::to_string(ap.dims.size()) + "-D access pattern");
  }
  const Dim& dim = ap.dims[static_cast<size_t>(d)];
  if (start < 0 || count < 0 || count > dim.count || start > dim.count - count) {
    throw Error("sub_range: [" + std::to_string(start) + ", " + std::to_string(start + count) +
                ") is outside dim " + std::to_string(d) + " of size " +
                std::to_string(dim.count));
  }
  AccessPattern out = ap;
  out.offset = checked_add(out.offset, checked_mul(start, dim.step, "a sub-range's offset"),
                           "a sub-range's offset");
  out.dims[static_cast<size_t>(d)].count = count;
  return out;
}

}  // namespace nkic::rt
