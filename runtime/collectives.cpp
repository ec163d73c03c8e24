// Data movement of the collectives once every member has arrived (see
// collectives.h). Each operation first checks shapes and dtypes, then reads
// every source into host temporaries, then writes destinations.
#include "runtime/collectives.h"

#include <cmath>
#include <set>

#include "runtime/format_util.h"
#include "runtime/strided.h"

namespace nkic::rt {
namespace {

std::string member_label(size_t m, const AccessPattern& ap) {
  return "member " + std::to_string(m) + " (rank " + std::to_string(ap.buffer->rank()) + ")";
}

void check_member_counts(std::string_view op, size_t srcs, size_t dsts) {
  if (srcs == 0) throw Error(std::string(op) + ": no members");
  if (srcs != dsts) {
    throw Error(std::string(op) + ": " + std::to_string(srcs) + " sources but " +
                std::to_string(dsts) + " destinations");
  }
}

// Every member's src has member 0's shape and dtype; the dst has `dst_shape`
// and the same dtype.
void check_tensors(std::string_view op, const std::vector<const AccessPattern*>& srcs,
                   const std::vector<const AccessPattern*>& dsts,
                   const std::vector<int64_t>& dst_shape, const std::string& dst_rule) {
  const AccessPattern& first = *srcs[0];
  const bool on_chip = is_on_chip(first.buffer->kind());
  for (size_t m = 0; m < srcs.size(); ++m) {
    const AccessPattern& s = *srcs[m];
    const AccessPattern& d = *dsts[m];
    for (const AccessPattern* t : {&s, &d}) {
      if (is_on_chip(t->buffer->kind()) == on_chip) continue;
      throw Error(std::string(op) + ": tensors mix HBM and on-chip memory: '" +
                  t->buffer->name() + "' on " + member_label(m, *t) + " is in " +
                  std::string(mem_kind_name(t->buffer->kind())) + ", '" + first.buffer->name() +
                  "' on " + member_label(0, first) + " is in " +
                  std::string(mem_kind_name(first.buffer->kind())));
    }
    if (s.dtype() != first.dtype()) {
      throw Error(std::string(op) + ": src dtype " + std::string(dtype_name(s.dtype())) + " on " +
                  member_label(m, s) + " differs from " + std::string(dtype_name(first.dtype())) +
                  " on " + member_label(0, first));
    }
    if (s.shape() != first.shape()) {
      throw Error(std::string(op) + ": src shape " + format_shape(s.shape()) + " on " +
                  member_label(m, s) + " differs from " + format_shape(first.shape()) + " on " +
                  member_label(0, first));
    }
    if (d.dtype() != s.dtype()) {
      throw Error(std::string(op) + ": dst dtype " + std::string(dtype_name(d.dtype())) + " on " +
                  member_label(m, d) + " differs from the src dtype " +
                  std::string(dtype_name(s.dtype())));
    }
    if (d.shape() != dst_shape) {
      throw Error(std::string(op) + ": dst shape " + format_shape(d.shape()) + " on " +
                  member_label(m, d) + " should be " + format_shape(dst_shape) + " (" + dst_rule +
                  ")");
    }
  }
}

// Size of one of n chunks along `dim`, or an Error naming why not.
int64_t chunk_size(std::string_view op, const AccessPattern& ap, int dim, size_t n) {
  const std::vector<int64_t> shape = ap.shape();
  if (dim < 0 || dim >= static_cast<int>(shape.size())) {
    throw Error(std::string(op) + ": collective_dim " + std::to_string(dim) +
                " is out of range for shape " + format_shape(shape));
  }
  const int64_t size = shape[static_cast<size_t>(dim)];
  if (size % static_cast<int64_t>(n) != 0) {
    throw Error(std::string(op) + ": dim " + std::to_string(dim) + " of size " +
                std::to_string(size) + " does not split into " + std::to_string(n) +
                " equal chunks");
  }
  return size / static_cast<int64_t>(n);
}

template <typename V>
V fold(V a, V b, ReduceOp op) {
  if constexpr (std::is_floating_point_v<V>) {
    if (op != ReduceOp::add && (std::isnan(a) || std::isnan(b))) return a + b;
  }
  switch (op) {
    case ReduceOp::add: return a + b;
    case ReduceOp::minimum: return b < a ? b : a;
    case ReduceOp::maximum: return a < b ? b : a;
  }
  return a;
}

// A source read into the host: float32 for float dtypes (exact), int64 for
// integer dtypes (exact), so the fold below loses nothing until the end.
struct Values {
  std::vector<float> f;
  std::vector<int64_t> i;
};

Values read_values(const AccessPattern& ap) {
  Values v;
  if (is_float(ap.dtype())) {
    v.f = detail::gather_f32(ap);
  } else {
    v.i = detail::gather_i64(ap);
  }
  return v;
}

// Left fold in member order; rounds (or wraps) only when written.
Values fold_values(std::vector<Values> parts, ReduceOp op) {
  Values acc = std::move(parts[0]);
  for (size_t m = 1; m < parts.size(); ++m) {
    for (size_t k = 0; k < acc.f.size(); ++k) acc.f[k] = fold(acc.f[k], parts[m].f[k], op);
    for (size_t k = 0; k < acc.i.size(); ++k) acc.i[k] = fold(acc.i[k], parts[m].i[k], op);
  }
  return acc;
}

void write_values(const AccessPattern& dst, const Values& v) {
  if (is_float(dst.dtype())) {
    detail::scatter_f32(dst, v.f.data());
  } else {
    detail::scatter_i64(dst, v.i.data());
  }
}

std::vector<const AccessPattern*> pointers(const std::vector<AccessPattern>& v) {
  std::vector<const AccessPattern*> out;
  for (const AccessPattern& ap : v) out.push_back(&ap);
  return out;
}

void check_all_bounds(const std::vector<AccessPattern>& srcs,
                      const std::vector<AccessPattern>& dsts) {
  for (const AccessPattern& ap : srcs) check_bounds(ap);
  for (const AccessPattern& ap : dsts) check_bounds(ap);
}

// Every member passes as many sources and destinations as member 0.
void check_all_reduce_counts(const std::vector<std::vector<AccessPattern>>& srcs,
                             const std::vector<std::vector<AccessPattern>>& dsts) {
  check_member_counts("all_reduce", srcs.size(), dsts.size());
  const size_t tensors = srcs[0].size();
  for (size_t m = 0; m < srcs.size(); ++m) {
    if (srcs[m].size() != tensors || dsts[m].size() != tensors) {
      throw Error("all_reduce: member " + std::to_string(m) + " passes " +
                  std::to_string(srcs[m].size()) + " sources and " +
                  std::to_string(dsts[m].size()) + " destinations, member 0 passes " +
                  std::to_string(tensors) + " sources");
    }
  }
}

}  // namespace

void ReplicaGroup::validate(int ranks) const {
  if (groups.empty()) throw Error("replica group has no lists");
  std::set<int> seen;
  for (const std::vector<int>& list : groups) {
    if (list.empty()) throw Error("replica group has an empty list");
    for (int r : list) {
      if (r < 0) throw Error("replica group names rank " + std::to_string(r) + ", which is negative");
      if (r >= ranks) {
        throw Error("replica group names rank " + std::to_string(r) + ", but there are only " +
                    std::to_string(ranks) + " ranks");
      }
      if (!seen.insert(r).second) {
        throw Error("replica group " + describe() + " lists rank " + std::to_string(r) + " twice");
      }
    }
  }
}

const std::vector<int>* ReplicaGroup::group_of(int rank, int* position) const {
  for (const std::vector<int>& list : groups) {
    for (size_t i = 0; i < list.size(); ++i) {
      if (list[i] != rank) continue;
      if (position) *position = static_cast<int>(i);
      return &list;
    }
  }
  return nullptr;
}

std::string ReplicaGroup::describe() const {
  std::string s = "[";
  for (size_t g = 0; g < groups.size(); ++g) {
    if (g) s += ", ";
    s += "[";
    for (size_t i = 0; i < groups[g].size(); ++i) {
      if (i) s += ", ";
      s += std::to_string(groups[g][i]);
    }
    s += "]";
  }
  return s + "]";
}

void check_all_reduce(const std::vector<std::vector<AccessPattern>>& srcs,
                      const std::vector<std::vector<AccessPattern>>& dsts) {
  check_all_reduce_counts(srcs, dsts);
  const size_t tensors = srcs[0].size();
  for (size_t k = 0; k < tensors; ++k) {
    std::vector<const AccessPattern*> s, d;
    for (size_t m = 0; m < srcs.size(); ++m) {
      s.push_back(&srcs[m][k]);
      d.push_back(&dsts[m][k]);
    }
    check_tensors("all_reduce", s, d, s[0]->shape(), "the src shape");
  }
}

void check_all_gather(const std::vector<AccessPattern>& srcs,
                      const std::vector<AccessPattern>& dsts, int dim) {
  check_member_counts("all_gather", srcs.size(), dsts.size());
  const std::vector<int64_t> src_shape = srcs[0].shape();
  if (dim != 0 && dim != 1) {
    throw Error("all_gather: collective_dim must be 0 or 1, got " + std::to_string(dim));
  }
  if (dim == 1 && src_shape.size() != 2) {
    throw Error("all_gather along dim 1 needs 2-D tensors, src on " + member_label(0, srcs[0]) +
                " has shape " + format_shape(src_shape));
  }
  if (src_shape.empty()) throw Error("all_gather: cannot gather 0-D tensors");
  const size_t n = srcs.size();
  std::vector<int64_t> dst_shape = src_shape;
  dst_shape[static_cast<size_t>(dim)] *= static_cast<int64_t>(n);
  check_tensors("all_gather", pointers(srcs), pointers(dsts), dst_shape,
                "the src shape with dim " + std::to_string(dim) + " times " + std::to_string(n) +
                    " members");
}

void check_reduce_scatter(const std::vector<AccessPattern>& srcs,
                          const std::vector<AccessPattern>& dsts, int dim) {
  check_member_counts("reduce_scatter", srcs.size(), dsts.size());
  const size_t n = srcs.size();
  const int64_t chunk = chunk_size("reduce_scatter", srcs[0], dim, n);
  std::vector<int64_t> dst_shape = srcs[0].shape();
  dst_shape[static_cast<size_t>(dim)] = chunk;
  check_tensors(
      "reduce_scatter", pointers(srcs), pointers(dsts), dst_shape,
      "one of " + std::to_string(n) + " chunks of the src along dim " + std::to_string(dim));
}

void check_all_to_all(const std::vector<AccessPattern>& srcs,
                      const std::vector<AccessPattern>& dsts, int dim) {
  check_member_counts("all_to_all", srcs.size(), dsts.size());
  chunk_size("all_to_all", srcs[0], dim, srcs.size());
  check_tensors("all_to_all", pointers(srcs), pointers(dsts), srcs[0].shape(), "the src shape");
}

void all_reduce(const std::vector<std::vector<AccessPattern>>& srcs,
                const std::vector<std::vector<AccessPattern>>& dsts, ReduceOp op) {
  // Check everything (bounds first, as the single-tensor operations do), then
  // read every source, then write.
  check_all_reduce_counts(srcs, dsts);
  const size_t tensors = srcs[0].size();
  std::vector<std::vector<AccessPattern>> by_tensor_src(tensors), by_tensor_dst(tensors);
  for (size_t m = 0; m < srcs.size(); ++m) {
    for (size_t k = 0; k < tensors; ++k) {
      by_tensor_src[k].push_back(srcs[m][k]);
      by_tensor_dst[k].push_back(dsts[m][k]);
    }
  }
  for (size_t k = 0; k < tensors; ++k) check_all_bounds(by_tensor_src[k], by_tensor_dst[k]);
  check_all_reduce(srcs, dsts);
  std::vector<std::vector<Values>> parts(tensors);
  for (size_t k = 0; k < tensors; ++k) {
    for (const AccessPattern& ap : by_tensor_src[k]) parts[k].push_back(read_values(ap));
  }
  for (size_t k = 0; k < tensors; ++k) {
    const Values result = fold_values(std::move(parts[k]), op);
    for (const AccessPattern& d : by_tensor_dst[k]) write_values(d, result);
  }
}

void all_gather(const std::vector<AccessPattern>& srcs, const std::vector<AccessPattern>& dsts,
                int dim) {
  check_member_counts("all_gather", srcs.size(), dsts.size());
  check_all_bounds(srcs, dsts);
  check_all_gather(srcs, dsts, dim);
  const size_t n = srcs.size();
  std::vector<std::vector<std::byte>> staged;
  for (const AccessPattern& s : srcs) staged.push_back(detail::gather_bytes(s));
  const int64_t chunk = srcs[0].shape()[static_cast<size_t>(dim)];
  for (const AccessPattern& d : dsts) {
    for (size_t j = 0; j < n; ++j) {
      detail::scatter_bytes(sub_range(d, dim, static_cast<int64_t>(j) * chunk, chunk), staged[j]);
    }
  }
}

void reduce_scatter(const std::vector<AccessPattern>& srcs,
                    const std::vector<AccessPattern>& dsts, int dim, ReduceOp op) {
  check_member_counts("reduce_scatter", srcs.size(), dsts.size());
  check_all_bounds(srcs, dsts);
  check_reduce_scatter(srcs, dsts, dim);
  const size_t n = srcs.size();
  const int64_t chunk = srcs[0].shape()[static_cast<size_t>(dim)] / static_cast<int64_t>(n);
  // parts[i][m]: member m's chunk i.
  std::vector<std::vector<Values>> parts(n);
  for (size_t i = 0; i < n; ++i) {
    for (const AccessPattern& s : srcs) {
      parts[i].push_back(read_values(sub_range(s, dim, static_cast<int64_t>(i) * chunk, chunk)));
    }
  }
  for (size_t i = 0; i < n; ++i) write_values(dsts[i], fold_values(std::move(parts[i]), op));
}

void all_to_all(const std::vector<AccessPattern>& srcs, const std::vector<AccessPattern>& dsts,
                int dim) {
  check_member_counts("all_to_all", srcs.size(), dsts.size());
  check_all_bounds(srcs, dsts);
  check_all_to_all(srcs, dsts, dim);
  const size_t n = srcs.size();
  const int64_t chunk = srcs[0].shape()[static_cast<size_t>(dim)] / static_cast<int64_t>(n);
  // staged[j][i]: chunk i of member j's src.
  std::vector<std::vector<std::vector<std::byte>>> staged(n);
  for (size_t j = 0; j < n; ++j) {
    for (size_t i = 0; i < n; ++i) {
      staged[j].push_back(
          detail::gather_bytes(sub_range(srcs[j], dim, static_cast<int64_t>(i) * chunk, chunk)));
    }
  }
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      detail::scatter_bytes(sub_range(dsts[i], dim, static_cast<int64_t>(j) * chunk, chunk),
                            staged[j][i]);
    }
  }
}

}  // namespace nkic::rt
