// See lnc_share.h.
#include "interp/lnc_share.h"

#include "interp/nki/collective.h"
#include "runtime/format_util.h"

namespace nkic::interp {
namespace {

std::string describe(rt::MemKind kind, rt::DType dtype, const rt::Extents& shape) {
  return rt::format_shape(shape) + " " + std::string(rt::dtype_name(dtype)) + " in " +
         std::string(rt::mem_kind_name(kind));
}

bool same_view(const rt::TensorView& a, const rt::TensorView& b) {
  if (a.buffer() != b.buffer() || a.shape() != b.shape() || a.strides() != b.strides() ||
      a.offset() != b.offset() || a.dtype() != b.dtype()) {
    return false;
  }
  // Run-time offsets are each program's own registers: alike when they scale alike.
  const auto& x = a.scalar_offsets();
  const auto& y = b.scalar_offsets();
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i].multiplier != y[i].multiplier || (x[i].reg == nullptr) != (y[i].reg == nullptr)) {
      return false;
    }
  }
  return true;
}

std::string names(const std::vector<std::pair<std::string, Value::Tensor>>& tensors) {
  if (tensors.empty()) return "nothing";
  std::string out;
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (i) out += ", ";
    out += "'" + tensors[i].first + "'";
  }
  return out;
}

}  // namespace

std::string ordinal(size_t n) {
  const size_t tens = n % 100;
  const char* suffix = "th";
  if (tens < 11 || tens > 13) {
    if (n % 10 == 1) suffix = "st";
    if (n % 10 == 2) suffix = "nd";
    if (n % 10 == 3) suffix = "rd";
  }
  return std::to_string(n) + suffix;
}

std::shared_ptr<rt::Buffer> LncShare::take(int program, rt::MemKind kind, rt::DType dtype,
                                           const rt::Extents& shape, const SourceRange&) {
  const size_t k = next_.at(static_cast<size_t>(program))++;
  if (k >= slots_.size()) return nullptr;
  const Slot& slot = slots_[k];
  const rt::Buffer& b = *slot.buffer;
  if (b.kind() == kind && b.dtype() == dtype && b.shape() == shape) return slot.buffer;
  throw rt::Error("program " + std::to_string(program) + " allocates its " + ordinal(k + 1) +
                  " HBM tensor as " + describe(kind, dtype, shape) + ", program " +
                  std::to_string(slot.program) + " as " + describe(b.kind(), b.dtype(), b.shape()) +
                  " at " + place(slot.where) +
                  " (the programs of a rank share their HBM tensors, allocation by allocation)");
}

void LncShare::made(int program, std::shared_ptr<rt::Buffer> buffer, const SourceRange& where) {
  slots_.push_back(Slot{std::move(buffer), program, where});
}

void LncShare::check_same_returns(
    int program, const std::vector<std::pair<std::string, Value::Tensor>>& tensors) const {
  const Returned& first = *returned;
  bool same = first.tensors.size() == tensors.size();
  for (size_t i = 0; same && i < tensors.size(); ++i) {
    same = same_view(*first.tensors[i].second, *tensors[i].second);
  }
  if (same) return;
  throw rt::Error("program " + std::to_string(program) + " returns " + names(tensors) +
                  ", program " + std::to_string(first.program) + " returns " +
                  names(first.tensors) + " at " + place(first.where) +
                  " (the programs of a rank must return the same tensors)");
}

}  // namespace nkic::interp
