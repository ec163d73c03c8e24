// t.rearrange(src_pattern, dst_pattern, fixed_sizes): einops-style naming
// of a view's dims. Each item of src_pattern names one dim of t, or is a
// tuple of names that splits it (sizes from fixed_sizes, one inferred);
// dst_pattern orders the same names, a tuple merging dims that nest in
// memory. The result is a new view of the same storage; on SBUF and PSUM the
// partition dim keeps its own name, first in both patterns.
#include "interp/nki/args.h"
#include "runtime/checked_int.h"

namespace nkic::interp {
namespace nki {
namespace {

struct Axis {
  std::string name;
  int64_t size = 1;
  int64_t stride = 0;
};

[[noreturn]] void fail(const CallArgs& c, const std::string& what) {
  throw ValueError(c.fn.name + ": " + what);
}

// The names of one pattern item: a str is one name, a tuple of strs a group.
std::vector<std::string> item_names(const CallArgs& c, const Value& item, bool* grouped) {
  if (auto s = item.get<std::string>()) {
    *grouped = false;
    return {*s};
  }
  const ValueList* names = sequence_items(item);
  if (!names)
    fail(c, "a pattern item is a name or a tuple of names, not '" + type_name(item) + "'");
  *grouped = true;
  std::vector<std::string> out;
  for (const Value& n : *names) {
    auto s = n.get<std::string>();
    if (!s) fail(c, "a pattern group holds names, not '" + type_name(n) + "'");
    out.push_back(*s);
  }
  return out;
}

const ValueList& pattern_items(const CallArgs& c, const char* param) {
  const ValueList* items = sequence_items(c[param]);
  if (!items) {
    throw ValueError(param_name(c, param) + " must be a tuple, not '" + type_name(c[param]) + "'");
  }
  return *items;
}

std::optional<int64_t> fixed_size(const CallArgs& c, const std::string& name) {
  const Value& fixed = c["fixed_sizes"];
  if (fixed.is_none()) return std::nullopt;
  auto d = fixed.get<Value::Dict>();
  if (!d) fail(c, "fixed_sizes must be a dict, not '" + type_name(fixed) + "'");
  const Value* v = (*d)->find(Value(name));
  if (!v) return std::nullopt;
  const int64_t n = to_int(*v, param_name(c, "fixed_sizes") + "['" + name + "']");
  if (n < 1) fail(c, "fixed_sizes['" + name + "'] must be at least 1, not " + std::to_string(n));
  return n;
}

// Dim `size` (with `stride`) split row-major over `names`.
std::vector<Axis> split(const CallArgs& c, const std::vector<std::string>& names, int64_t size,
                        int64_t stride) {
  std::vector<Axis> axes;
  int unknown = -1;
  int64_t known = 1;
  for (const std::string& n : names) {
    const std::optional<int64_t> f = fixed_size(c, n);
    if (!f && unknown >= 0) {
      fail(c, "the sizes of '" + axes[static_cast<size_t>(unknown)].name + "' and '" + n +
                  "' are both unknown; give one in fixed_sizes");
    }
    if (!f) unknown = static_cast<int>(axes.size());
    known = rt::checked_mul(known, f.value_or(1), "rearrange's sizes");
    axes.push_back({n, f.value_or(1), 0});
  }
  if (unknown >= 0 && size % known == 0) axes[static_cast<size_t>(unknown)].size = size / known;
  if ((unknown >= 0 && size % known != 0) || (unknown < 0 && known != size)) {
    fail(c, "cannot split a dim of size " + std::to_string(size) + " into sizes of product " +
                std::to_string(known));
  }
  for (size_t i = axes.size(); i-- > 0;) {
    axes[i].stride = stride;
    stride = rt::checked_mul(stride, axes[i].size, "a tensor view's stride");
  }
  return axes;
}

// Axes merged into one; they must nest row-major (size-1 ones address nothing).
Axis merge(const CallArgs& c, const std::vector<Axis>& axes) {
  Axis out{"", 1, axes.empty() ? 1 : axes.back().stride};
  int64_t inner = -1;
  for (size_t i = axes.size(); i-- > 0;) {
    const Axis& a = axes[i];
    out.size = rt::checked_mul(out.size, a.size, "a tensor view's extent");
    if (a.size == 1) continue;
    if (inner >= 0 && a.stride != inner) {
      fail(c, "cannot merge '" + a.name + "' (stride " + std::to_string(a.stride) +
                  ") with the dims inside it: they are not contiguous in memory");
    }
    if (inner < 0) out.stride = a.stride;
    inner = rt::checked_mul(a.stride, a.size, "a tensor view's stride");
  }
  return out;
}

Value tensor_rearrange(CallArgs& c) {
  const rt::TensorView& t = tensor_arg(c, "self");
  const ValueList& src = pattern_items(c, "src_pattern");
  const ValueList& dst = pattern_items(c, "dst_pattern");
  if (static_cast<int>(src.size()) != t.ndim()) {
    fail(c, "src_pattern has " + std::to_string(src.size()) + " items for a " +
                std::to_string(t.ndim()) + "-D tensor");
  }
  std::vector<Axis> axes;
  std::vector<bool> src_grouped;
  for (size_t i = 0; i < src.size(); ++i) {
    bool grouped = false;
    const std::vector<std::string> names = item_names(c, src[i], &grouped);
    src_grouped.push_back(grouped);
    for (Axis& a : split(c, names, t.shape()[i], t.strides()[i])) {
      for (const Axis& b : axes) {
        if (b.name == a.name) fail(c, "'" + a.name + "' is named twice in src_pattern");
      }
      axes.push_back(std::move(a));
    }
  }
  std::vector<int64_t> shape, strides;
  std::vector<bool> used(axes.size(), false);
  bool dst0_grouped = false;
  size_t dst0_axis = 0;  // the axis dst_pattern names first
  for (size_t i = 0; i < dst.size(); ++i) {
    bool grouped = false;
    std::vector<Axis> group;
    for (const std::string& n : item_names(c, dst[i], &grouped)) {
      size_t k = 0;
      while (k < axes.size() && axes[k].name != n) ++k;
      if (k == axes.size()) fail(c, "'" + n + "' in dst_pattern is not named in src_pattern");
      if (used[k]) fail(c, "'" + n + "' is named twice in dst_pattern");
      if (i == 0 && group.empty()) dst0_axis = k;
      used[k] = true;
      group.push_back(axes[k]);
    }
    if (i == 0) dst0_grouped = grouped;
    const Axis m = merge(c, group);
    shape.push_back(m.size);
    strides.push_back(m.stride);
  }
  for (size_t k = 0; k < axes.size(); ++k) {
    if (!used[k]) fail(c, "'" + axes[k].name + "' of src_pattern is missing from dst_pattern");
  }
  if (rt::is_on_chip(t.kind()) &&
      (src_grouped[0] || dst.empty() || dst0_grouped || dst0_axis != 0)) {
    fail(c, "on " + std::string(rt::mem_kind_name(t.kind())) +
                ", the partition dim keeps its own name, first in both patterns");
  }
  return make_tensor(t.relaid(shape, strides, t.offset()));
}

}  // namespace

std::vector<OpEntry> tensor_rearrange_entries() {
  return {entry("Tensor", "rearrange",
                {req("self"), req("src_pattern"), req("dst_pattern"), opt("fixed_sizes", Value())},
                OpRole::meta, tensor_rearrange)};
}

}  // namespace nki
}  // namespace nkic::interp
