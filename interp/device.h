// The device program's side of the builtin operations. The op table
// (builtin_ops.cpp) binds and checks the arguments of every nisa/ncc
// operation once, then hands the operation to a Device: the interpreter's
// device performs it on the simulated machine at once; the compiler's device
// (codegen/) records it, so the two run the very same checks and cannot drift
// apart. Loops over nl ranges are announced too, so a compiler can keep them
// as loops.
#pragma once

#include <cstdint>
#include <memory>
#include <variant>

#include "frontend/source.h"
#include "interp/collective.h"
#include "runtime/machine.h"
#include "runtime/tensor.h"

namespace nkic::interp {

// A constant written by memset: exact for integers, a double otherwise.
using Scalar = std::variant<int64_t, double>;

class Device {
 public:
  virtual ~Device() = default;

  // Whether tensor contents can be read at specialization time (false while
  // compiling: the data only exists when the program runs).
  virtual bool has_data() const = 0;

  // Every tensor allocation, in program order (a compiler gives buffers ids
  // and spots the ones allocated afresh in each loop iteration).
  virtual void allocated(const std::shared_ptr<rt::Buffer>& buffer, const SourceRange& where) = 0;

  // nisa.dma_copy. With `oob_skip`, a transfer out of bounds is dropped.
  virtual void dma_copy(const rt::TensorView& dst, const rt::TensorView& src, bool oob_skip,
                        const SourceRange& where) = 0;
  // nisa.memset and the fill of nl.zeros/ones/full.
  virtual void memset(const rt::TensorView& dst, Scalar value, const SourceRange& where) = 0;

  // ncc.rank_id(): a register holding the rank's global id.
  virtual std::shared_ptr<rt::Register> rank_id(const SourceRange& where) = 0;
  // nisa.register_alloc(x): a register, initialised with x when given.
  virtual std::shared_ptr<rt::Register> register_alloc(std::optional<int64_t> init,
                                                       const SourceRange& where) = 0;
  // nisa.register_move(dst, src): src is another register or a constant.
  virtual void register_move(const std::shared_ptr<rt::Register>& dst,
                             const std::shared_ptr<rt::Register>& src, int64_t constant,
                             const SourceRange& where) = 0;
  // nisa.register_load(dst, src_tensor): one element, integer dtype.
  virtual void register_load(const std::shared_ptr<rt::Register>& dst, const rt::TensorView& src,
                             const SourceRange& where) = 0;
  // nisa.register_store(dst_tensor, src).
  virtual void register_store(const rt::TensorView& dst, const std::shared_ptr<rt::Register>& src,
                              const SourceRange& where) = 0;

  // A collective whose arguments passed every single-rank check. The
  // interpreter's device joins the rendezvous (returning once the sub-group
  // has completed it, or at once when this rank is in no list); a compiler's
  // records it for every sub-group.
  virtual void collective(CollectiveCall call) = 0;

  // A `for` over nl.affine_range / sequential_range / static_range (or range)
  // with `count` iterations: loop_begin, then loop_iteration(i) before each
  // iteration's body, then loop_end (also when the loop exits early by
  // break or return; not when an error unwinds it).
  virtual void loop_begin(int64_t count, const SourceRange& where) = 0;
  virtual void loop_iteration(int64_t index) = 0;
  virtual void loop_end() = 0;
};

}  // namespace nkic::interp
