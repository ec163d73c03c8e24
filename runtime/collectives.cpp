// Data movement of the collectives once every member has arrived (see
// collectives.h). Each operation first checks shapes and dtypes, then moves
// the data with the DMA primitives (dma.h) through scratch buffers from the
// machine's storage pool.
#include "runtime/collectives.h"

#include <memory>
#include <set>

#include "runtime/format_util.h"

namespace nkic::rt {
namespace {

std::string member_label(size_t m, const AccessPattern& ap) {
  return "member " + std::to_string(m) + " (rank " + std::to_string(ap.rank()) + ")";
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

// A scratch buffer on the machine of `like` (from its storage pool), and
// the dense row-major pattern of `shape` over it.
struct Scratch {
  std::shared_ptr<Buffer> buffer;
  AccessPattern pattern;
};

Scratch make_scratch(const AccessPattern& like, DType dtype, const std::vector<int64_t>& shape,
                     int64_t copies, const std::string& name) {
  std::vector<int64_t> storage_shape = shape;
  storage_shape.insert(storage_shape.begin(), copies);
  Scratch s;
  s.buffer = like.buffer->machine().allocate_scratch(like.buffer->rank(), dtype, storage_shape, name);
  s.pattern.buffer = s.buffer.get();
  int64_t step = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    s.pattern.dims.insert(s.pattern.dims.begin(), Dim{step, shape[i]});
    step *= shape[i];
  }
  return s;
}

// Copy j of a scratch made with several copies.
AccessPattern copy_of(const Scratch& s, size_t j) {
  AccessPattern ap = s.pattern;
  ap.offset = static_cast<int64_t>(j) * s.pattern.elements();
  return ap;
}

// Reductions accumulate floats in float32 and integers exactly in their own
// dtype (wrapping, which gives the same bits as wrapping once at the end).
DType accumulator_dtype(DType t) { return is_float(t) ? DType::float32 : t; }

// Whether some source lies in a destination's buffer, so that writing a
// destination could change a source not read yet.
bool sources_in_destinations(const std::vector<AccessPattern>& srcs,
                             const std::vector<AccessPattern>& dsts) {
  for (const AccessPattern& s : srcs) {
    for (const AccessPattern& d : dsts) {
      if (s.buffer == d.buffer) return true;
    }
  }
  return false;
}

// The sources to read: in place, or copies in `scratch` when a destination
// shares a source's buffer (every source is copied before any write).
std::vector<AccessPattern> readable_sources(const std::vector<AccessPattern>& srcs,
                                            const std::vector<AccessPattern>& dsts,
                                            const std::string& name, Scratch& scratch) {
  if (!sources_in_destinations(srcs, dsts)) return srcs;
  scratch = make_scratch(srcs[0], srcs[0].dtype(), srcs[0].shape(),
                         static_cast<int64_t>(srcs.size()), name);
  std::vector<AccessPattern> staged;
  for (size_t j = 0; j < srcs.size(); ++j) {
    staged.push_back(copy_of(scratch, j));
    dma_copy(staged.back(), srcs[j]);
  }
  return staged;
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

// The data moves below are the DMA transfers, in the same order, that the
// compiler's lowering of each collective emits (codegen/emit_collectives.cpp),
// so interpreted and compiled runs agree bit for bit.

void all_reduce(const std::vector<std::vector<AccessPattern>>& srcs,
                const std::vector<std::vector<AccessPattern>>& dsts, ReduceOp op) {
  // Check everything (bounds first, as the single-tensor operations do), then
  // fold every tensor into its accumulator, then write.
  check_all_reduce_counts(srcs, dsts);
  const size_t n = srcs.size();
  const size_t tensors = srcs[0].size();
  for (size_t k = 0; k < tensors; ++k) {
    for (size_t m = 0; m < n; ++m) check_bounds(srcs[m][k]);
    for (size_t m = 0; m < n; ++m) check_bounds(dsts[m][k]);
  }
  check_all_reduce(srcs, dsts);
  std::vector<Scratch> accs;
  for (size_t k = 0; k < tensors; ++k) {
    const AccessPattern& first = srcs[0][k];
    accs.push_back(make_scratch(first, accumulator_dtype(first.dtype()), first.shape(), 1,
                                "all_reduce acc" + std::to_string(k)));
    dma_copy(accs[k].pattern, first);
    for (size_t m = 1; m < n; ++m) dma_accumulate(accs[k].pattern, srcs[m][k], op);
  }
  for (size_t k = 0; k < tensors; ++k) {
    for (size_t m = 0; m < n; ++m) dma_copy(dsts[m][k], accs[k].pattern);
  }
}

void all_gather(const std::vector<AccessPattern>& srcs, const std::vector<AccessPattern>& dsts,
                int dim) {
  check_member_counts("all_gather", srcs.size(), dsts.size());
  check_all_bounds(srcs, dsts);
  check_all_gather(srcs, dsts, dim);
  const size_t n = srcs.size();
  Scratch scratch;
  const std::vector<AccessPattern> sources =
      readable_sources(srcs, dsts, "all_gather staged", scratch);
  const int64_t chunk = srcs[0].shape()[static_cast<size_t>(dim)];
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      dma_copy(sub_range(dsts[i], dim, static_cast<int64_t>(j) * chunk, chunk), sources[j]);
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
  const Scratch acc = make_scratch(srcs[0], accumulator_dtype(srcs[0].dtype()), srcs[0].shape(),
                                   1, "reduce_scatter acc");
  for (size_t i = 0; i < n; ++i) {
    const int64_t start = static_cast<int64_t>(i) * chunk;
    const AccessPattern part = sub_range(acc.pattern, dim, start, chunk);
    dma_copy(part, sub_range(srcs[0], dim, start, chunk));
    for (size_t m = 1; m < n; ++m) dma_accumulate(part, sub_range(srcs[m], dim, start, chunk), op);
  }
  for (size_t i = 0; i < n; ++i) {
    dma_copy(dsts[i], sub_range(acc.pattern, dim, static_cast<int64_t>(i) * chunk, chunk));
  }
}

void all_to_all(const std::vector<AccessPattern>& srcs, const std::vector<AccessPattern>& dsts,
                int dim) {
  check_member_counts("all_to_all", srcs.size(), dsts.size());
  check_all_bounds(srcs, dsts);
  check_all_to_all(srcs, dsts, dim);
  const size_t n = srcs.size();
  const int64_t chunk = srcs[0].shape()[static_cast<size_t>(dim)] / static_cast<int64_t>(n);
  Scratch scratch;
  const std::vector<AccessPattern> sources =
      readable_sources(srcs, dsts, "all_to_all staged", scratch);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      dma_copy(sub_range(dsts[i], dim, static_cast<int64_t>(j) * chunk, chunk),
               sub_range(sources[j], dim, static_cast<int64_t>(i) * chunk, chunk));
    }
  }
}

}  // namespace nkic::rt
