// The shape-changing view methods of a tensor: permute, broadcast,
// expand_dim, squeeze_dim, reshape_dim, flatten_dims and select. Each makes
// a new view of the same storage (shape, strides, offset) and checks NKI's
// rules for it here, where the message can name the method and its
// argument; on SBUF and PSUM the partition dim (dim 0) stays first.
#include "interp/nki/args.h"
#include "runtime/checked_int.h"

namespace nkic::interp {
namespace nki {
namespace {

int64_t int_param(const CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (auto r = v.get<Value::Register>()) register_misuse(**r, param_name(c, param));
  return int_of(c, v, param);
}

std::string ndim_text(const rt::TensorView& t) {
  return std::to_string(t.ndim()) + "-D tensor";
}

std::string where(const rt::TensorView& t) {
  return std::string(rt::mem_kind_name(t.kind()));
}

// A dim of `t` (0 <= dim < ndim, or <= ndim where one is inserted).
int64_t dim_param(const CallArgs& c, const rt::TensorView& t, const char* param,
                  bool inserting = false) {
  const int64_t dim = int_param(c, param);
  const int64_t limit = t.ndim() + (inserting ? 1 : 0);
  if (dim < 0 || dim >= limit) {
    throw ValueError(param_name(c, param) + " " + std::to_string(dim) + " is out of range for a " +
                     ndim_text(t));
  }
  return dim;
}

// On SBUF and PSUM, `what` may not touch the partition dim.
void keep_partition_dim(const CallArgs& c, const rt::TensorView& t, int64_t dim, const char* what) {
  if (dim == 0 && rt::is_on_chip(t.kind())) {
    throw ValueError(c.fn.name + ": on " + where(t) +
                     ", dim 0 is the partition dim and cannot be " + what);
  }
}

void need_size_one(const CallArgs& c, const rt::TensorView& t, int64_t dim) {
  const int64_t size = t.shape()[static_cast<size_t>(dim)];
  if (size != 1) {
    throw ValueError(c.fn.name + ": dim " + std::to_string(dim) + " must have size 1, it has " +
                     std::to_string(size));
  }
}

std::vector<int64_t> ints_param(const CallArgs& c, const char* param) {
  const ValueList* items = sequence_items(c[param]);
  if (!items) {
    throw ValueError(param_name(c, param) + " must be a tuple or list of ints, not '" +
                     type_name(c[param]) + "'");
  }
  std::vector<int64_t> out;
  for (const Value& v : *items) {
    if (auto r = v.get<Value::Register>()) register_misuse(**r, param_name(c, param));
    out.push_back(int_of(c, v, param));
  }
  return out;
}

std::string ints_text(const std::vector<int64_t>& v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + (v.size() == 1 ? ",)" : ")");
}

template <typename T>
void erase_at(std::vector<T>& v, int64_t i) {
  v.erase(v.begin() + i);
}

template <typename T>
void insert_at(std::vector<T>& v, int64_t i, T x) {
  v.insert(v.begin() + i, x);
}

Value tensor_permute(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const std::vector<int64_t> dims = ints_param(c, "dims");
  std::vector<bool> seen(static_cast<size_t>(t.ndim()), false);
  bool permutation = dims.size() == seen.size();
  for (int64_t d : dims) {
    permutation = permutation && d >= 0 && d < t.ndim() && !seen[static_cast<size_t>(d)];
    if (permutation) seen[static_cast<size_t>(d)] = true;
  }
  if (!permutation) {
    throw ValueError(c.fn.name + ": dims " + ints_text(dims) + " is not a permutation of range(" +
                     std::to_string(t.ndim()) + ")");
  }
  if (rt::is_on_chip(t.kind()) && dims[0] != 0) {
    throw ValueError(c.fn.name + ": on " + where(t) +
                     ", the partition dim stays first: dims[0] must be 0, not " +
                     std::to_string(dims[0]));
  }
  std::vector<int64_t> shape, strides;
  for (int64_t d : dims) {
    shape.push_back(t.shape()[static_cast<size_t>(d)]);
    strides.push_back(t.strides()[static_cast<size_t>(d)]);
  }
  return make_tensor(t.relaid(shape, strides, t.offset()));
}

// A size-1 dim repeated `size` times: stride 0.
Value tensor_broadcast(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const int64_t dim = dim_param(c, t, "dim");
  const int64_t size = int_param(c, "size");
  keep_partition_dim(c, t, dim, "broadcast");
  need_size_one(c, t, dim);
  if (size < 1) {
    throw ValueError(param_name(c, "size") + " must be at least 1, not " + std::to_string(size));
  }
  std::vector<int64_t> shape = t.shape().to_vector(), strides = t.strides().to_vector();
  shape[static_cast<size_t>(dim)] = size;
  strides[static_cast<size_t>(dim)] = 0;
  return make_tensor(t.relaid(shape, strides, t.offset()));
}

// A new size-1 dim; its stride is the one row-major order would give it.
Value tensor_expand_dim(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const int64_t dim = dim_param(c, t, "dim", true);
  keep_partition_dim(c, t, dim, "moved by a new dim before it");
  std::vector<int64_t> shape = t.shape().to_vector(), strides = t.strides().to_vector();
  const int64_t stride =
      dim < t.ndim() ? rt::checked_mul(strides[static_cast<size_t>(dim)],
                                       shape[static_cast<size_t>(dim)], "a tensor view's stride")
                     : 1;
  insert_at(shape, dim, int64_t{1});
  insert_at(strides, dim, stride);
  return make_tensor(t.relaid(shape, strides, t.offset()));
}

Value tensor_squeeze_dim(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const int64_t dim = dim_param(c, t, "dim");
  keep_partition_dim(c, t, dim, "squeezed");
  need_size_one(c, t, dim);
  const int least = rt::is_on_chip(t.kind()) ? 2 : 1;
  if (t.ndim() <= least) {
    throw ValueError(c.fn.name + ": a tensor on " + where(t) + " stays at least " +
                     std::to_string(least) + "-D, this one is " + std::to_string(t.ndim()) + "-D");
  }
  std::vector<int64_t> shape = t.shape().to_vector(), strides = t.strides().to_vector();
  erase_at(shape, dim);
  erase_at(strides, dim);
  return make_tensor(t.relaid(shape, strides, t.offset()));
}

// One dim split into `shape` (one -1 inferred), its stride spread row-major
// over the new dims.
Value tensor_reshape_dim(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const int64_t dim = dim_param(c, t, "dim");
  std::vector<int64_t> split = ints_param(c, "shape");
  const int64_t size = t.shape()[static_cast<size_t>(dim)];
  if (split.size() != 1) keep_partition_dim(c, t, dim, "split");
  int unknown = -1;
  int64_t known = 1;
  for (size_t i = 0; i < split.size(); ++i) {
    if (split[i] == -1 && unknown < 0) {
      unknown = static_cast<int>(i);
    } else if (split[i] < 0) {
      throw ValueError(param_name(c, "shape") + " " + ints_text(split) +
                       " may hold one -1 and otherwise sizes >= 0");
    } else {
      known = rt::checked_mul(known, split[i], "reshape_dim's shape");
    }
  }
  if (unknown >= 0 && known != 0 && size % known == 0)
    split[static_cast<size_t>(unknown)] = size / known;
  if (split.empty() || (unknown >= 0 && split[static_cast<size_t>(unknown)] == -1) ||
      (unknown < 0 && known != size)) {
    throw ValueError(c.fn.name + ": cannot split dim " + std::to_string(dim) + " of size " +
                     std::to_string(size) + " into " + ints_text(split));
  }
  std::vector<int64_t> shape = t.shape().to_vector(), strides = t.strides().to_vector();
  int64_t stride = strides[static_cast<size_t>(dim)];
  erase_at(shape, dim);
  erase_at(strides, dim);
  for (size_t i = split.size(); i-- > 0;) {
    insert_at(shape, dim, split[i]);
    insert_at(strides, dim, stride);
    stride = rt::checked_mul(stride, split[i], "a tensor view's stride");
  }
  return make_tensor(t.relaid(shape, strides, t.offset()));
}

// Dims start..end (inclusive) merged; they must nest row-major in memory
// (size-1 dims, which address nothing, are left out of that check).
Value tensor_flatten_dims(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const int64_t start = dim_param(c, t, "start_dim");
  const int64_t end = dim_param(c, t, "end_dim");
  if (start > end) {
    throw ValueError(c.fn.name + ": start_dim " + std::to_string(start) + " is after end_dim " +
                     std::to_string(end));
  }
  keep_partition_dim(c, t, start, "merged");
  int64_t size = 1;
  int64_t inner = -1;  // the stride the next outer dim of size > 1 must have
  int64_t stride = t.strides()[static_cast<size_t>(end)];
  for (int64_t i = end; i >= start; --i) {
    const int64_t n = t.shape()[static_cast<size_t>(i)];
    const int64_t s = t.strides()[static_cast<size_t>(i)];
    size = rt::checked_mul(size, n, "a tensor view's extent");
    if (n == 1) continue;
    if (inner < 0) {
      stride = s;
    } else if (s != inner) {
      throw ValueError(c.fn.name + ": dims " + std::to_string(start) + " to " +
                       std::to_string(end) + " are not contiguous in memory (dim " +
                       std::to_string(i) + " has stride " + std::to_string(s) + ", merging needs " +
                       std::to_string(inner) + ")");
    }
    inner = rt::checked_mul(s, n, "a tensor view's stride");
  }
  std::vector<int64_t> shape = t.shape().to_vector(), strides = t.strides().to_vector();
  shape.erase(shape.begin() + start, shape.begin() + end + 1);
  strides.erase(strides.begin() + start, strides.begin() + end + 1);
  insert_at(shape, start, size);
  insert_at(strides, start, stride);
  return make_tensor(t.relaid(shape, strides, t.offset()));
}

// t.select(dim, i) is t[:, i, :] (so on SBUF and PSUM the rules of indexing
// keep the view 2-D); with a register or a one-element SBUF tensor as the
// index, the element is chosen at run time.
Value tensor_select(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const int64_t dim = dim_param(c, t, "dim");
  const Value& index = c["index"];
  std::optional<rt::ScalarOffset> dynamic;
  int64_t i = 0;
  if (auto r = index.get<Value::Register>()) {
    dynamic = rt::ScalarOffset{*r, nullptr, t.strides()[static_cast<size_t>(dim)]};
  } else if (auto s = index.get<Value::Tensor>()) {
    dynamic = rt::ScalarOffset{nullptr, *s, t.strides()[static_cast<size_t>(dim)]};
  } else {
    i = int_of(c, index, "index");
    const int64_t size = t.shape()[static_cast<size_t>(dim)];
    if (i < 0 || i >= size) {
      throw ValueError(param_name(c, "index") + " " + std::to_string(i) +
                       " is out of range for dim " + std::to_string(dim) + " of size " +
                       std::to_string(size));
    }
  }
  if (dynamic) {
    if (t.scalar_offsets().size() > 0) {
      throw ValueError(c.fn.name +
                       ": the view already has a run-time offset; only one dynamic "
                       "select is allowed per tensor");
    }
    keep_partition_dim(c, t, dim, "selected at run time");
    if (dynamic->tensor) {
      const rt::TensorView& s = *dynamic->tensor;
      if (s.size() != 1 || s.kind() != rt::MemKind::sbuf) {
        throw ValueError(param_name(c, "index") + " must be a one-element tensor on sbuf, '" +
                         s.name() + "' has " + std::to_string(s.size()) + " elements on " +
                         where(s));
      }
    }
  }
  std::vector<rt::IndexItem> items(static_cast<size_t>(t.ndim()));
  for (rt::IndexItem& it : items) it.kind = rt::IndexItem::Kind::slice;
  items[static_cast<size_t>(dim)] = rt::IndexItem{rt::IndexItem::Kind::integer, i, {}, {}, {}};
  const rt::TensorView v = t.index(items);
  if (!dynamic) return make_tensor(v);
  return make_tensor(v.relaid(v.shape().to_vector(), v.strides().to_vector(), v.offset(), dynamic));
}

}  // namespace

std::vector<OpEntry> tensor_view_method_entries() {
  const OpRole meta = OpRole::meta;
  return {
      entry("Tensor", "permute", {req("self"), req("dims")}, meta, tensor_permute),
      entry("Tensor", "broadcast", {req("self"), req("dim"), req("size")}, meta, tensor_broadcast),
      entry("Tensor", "expand_dim", {req("self"), req("dim")}, meta, tensor_expand_dim),
      entry("Tensor", "squeeze_dim", {req("self"), req("dim")}, meta, tensor_squeeze_dim),
      entry("Tensor", "reshape_dim", {req("self"), req("dim"), req("shape")}, meta,
            tensor_reshape_dim),
      entry("Tensor", "flatten_dims", {req("self"), req("start_dim"), req("end_dim")}, meta,
            tensor_flatten_dims),
      entry("Tensor", "select", {req("self"), req("dim"), req("index")}, meta, tensor_select),
  };
}

}  // namespace nki
}  // namespace nkic::interp
