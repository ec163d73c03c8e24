// Access patterns: extent, bounds, and the normalized form the DMA fast paths
// use (see access_pattern.h).
#include "runtime/access_pattern.h"

namespace nkic::rt {

int64_t AccessPattern::elements() const {
  int64_t n = 1;
  for (const Dim& d : dims) n *= d.count;
  return n;
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
    run *= dims[i].count;
  }
  return true;
}

int64_t AccessPattern::min_offset() const {
  if (elements() == 0) return offset;
  int64_t lo = offset;
  for (const Dim& d : dims) {
    if (d.step < 0) lo += d.step * (d.count - 1);
  }
  return lo;
}

int64_t AccessPattern::max_offset() const {
  if (elements() == 0) return offset;
  int64_t hi = offset;
  for (const Dim& d : dims) {
    if (d.step > 0) hi += d.step * (d.count - 1);
  }
  return hi;
}

std::string AccessPattern::describe() const {
  std::string s = buffer ? buffer->name() : std::string("?");
  if (buffer) {
    s += " (rank " + std::to_string(buffer->rank()) + ", " +
         std::string(mem_kind_name(buffer->kind())) + ")";
  }
  s += " offset " + std::to_string(offset) + " pattern [";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i) s += ", ";
    s += "[" + std::to_string(dims[i].step) + ", " + std::to_string(dims[i].count) + "]";
  }
  return s + "]";
}

// The message leaves the rank out: whoever reports it names the rank once.
void check_bounds(const AccessPattern& ap) {
  if (ap.elements() == 0) return;
  const int64_t lo = ap.min_offset();
  const int64_t hi = ap.max_offset();
  const int64_t size = ap.buffer->elements();
  if (lo >= 0 && hi < size) return;
  throw Error("access pattern out of bounds: elements " + std::to_string(lo) + ".." +
              std::to_string(hi) + " of '" + ap.buffer->name() + "' (" + std::to_string(size) +
              " elements)");
}

AccessPattern normalized(const AccessPattern& ap) {
  AccessPattern out;
  out.buffer = ap.buffer;
  out.offset = ap.offset;
  if (ap.elements() == 0) {
    out.dims.push_back({1, 0});
    return out;
  }
  for (const Dim& d : ap.dims) {
    if (d.count == 1) continue;
    if (!out.dims.empty()) {
      Dim& outer = out.dims.back();
      if (outer.step == d.step * d.count) {
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
  if (start < 0 || count < 0 || start + count > dim.count) {
    throw Error("sub_range: [" + std::to_string(start) + ", " + std::to_string(start + count) +
                ") is outside dim " + std::to_string(d) + " of size " +
                std::to_string(dim.count));
  }
  AccessPattern out = ap;
  out.offset += start * dim.step;
  out.dims[static_cast<size_t>(d)].count = count;
  return out;
}

}  // namespace nkic::rt
