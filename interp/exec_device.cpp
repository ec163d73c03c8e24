// The device operations as the interpreter performs them (see exec_device.h).
// The op table has checked every argument already; what can still fail here
// is what depends on the data: a run-time offset out of bounds.
#include "interp/exec_device.h"

#include <variant>

#include "interp/spmd.h"
#include "runtime/dma.h"
#include "runtime/fill.h"

namespace nkic::interp {

namespace {

std::vector<std::byte> element_of(rt::DType dtype, Scalar value) {
  return std::visit([dtype](auto v) { return rt::scalar_bytes(dtype, v); }, value);
}

std::shared_ptr<rt::Register> new_register(const char* name, int64_t value) {
  auto r = std::make_shared<rt::Register>();
  r->value = value;
  r->name = name;
  return r;
}

}  // namespace

void ExecDevice::dma_copy(const rt::TensorView& dst, const rt::TensorView& src, bool oob_skip,
                          const SourceRange&) {
  rt::AccessPattern d, s;
  try {
    d = dst.resolve();
    s = src.resolve();
  } catch (const rt::Error&) {
    if (oob_skip) return;  // oob_mode.skip: the out-of-bounds transfer is dropped
    throw;
  }
  rt::dma_copy(d, s);
}

void ExecDevice::memset(const rt::TensorView& dst, Scalar value, const SourceRange&) {
  rt::fill(dst.resolve(), element_of(dst.dtype(), value));
}

std::shared_ptr<rt::Register> ExecDevice::rank_id(const SourceRange&) {
  return new_register("rank_id()", rank_);
}

std::shared_ptr<rt::Register> ExecDevice::register_alloc(std::optional<int64_t> init,
                                                         const SourceRange&) {
  return new_register("register_alloc()", init.value_or(0));
}

void ExecDevice::register_move(const std::shared_ptr<rt::Register>& dst,
                               const std::shared_ptr<rt::Register>& src, int64_t constant,
                               const SourceRange&) {
  dst->value = src ? src->value : constant;
}

void ExecDevice::register_load(const std::shared_ptr<rt::Register>& dst, const rt::TensorView& src,
                               const SourceRange&) {
  dst->value = rt::read_scalar_i64(src.resolve());
}

void ExecDevice::register_store(const rt::TensorView& dst, const std::shared_ptr<rt::Register>& src,
                                const SourceRange&) {
  rt::fill(dst.resolve(), rt::scalar_bytes(dst.dtype(), src->value));
}

void ExecDevice::collective(CollectiveCall call) {
  if (!call.group.group_of(call.rank)) return;  // not a member: takes no part
  spmd_->join(std::move(call));
}

}  // namespace nkic::interp
