// The device program's side of the builtin operations. The op table
// binds and checks the arguments of every nisa/ncc operation once, then
// hands the operation, as data (runtime/device_ops.h), to a Device: the
// interpreter's device performs it on the simulated machine at once; the
// compiler's device (codegen/) records it, so the two run the very same
// checks and cannot drift apart. Loops over nl ranges are announced too, so
// a compiler can keep them as loops.
#pragma once

#include <cstdint>
#include <memory>

#include "frontend/source.h"
#include "interp/nki/collective.h"
#include "runtime/device_ops.h"
#include "runtime/machine.h"
#include "runtime/tensor.h"

namespace nkic::interp {

// One device operation as a kernel calls it: its attributes and operands
// (device_ops.h), and the call's place. Built where the builtin runs, from
// braced lists of pointers into the caller's values.
struct DeviceCall {
  rt::DeviceOp op;
  rt::Span<const rt::TensorView*> dsts, srcs;          // tensors written, read
  rt::Span<rt::Register*> reg_dsts, reg_srcs;          // registers written, read
  SourceRange where;
};

// Throws ValueError when an operand of an operation other than a DMA copy
// has per-partition offsets (vector_select), which only DMA copies take.
void check_row_operands(const DeviceCall& call);

class Device {
 public:
  virtual ~Device() = default;

  // Whether tensor contents can be read at specialization time (false while
  // compiling: the data only exists when the program runs).
  virtual bool has_data() const = 0;

  // Every tensor allocation, in program order (a compiler gives buffers ids
  // and spots the ones allocated afresh in each loop iteration).
  virtual void allocated(const std::shared_ptr<rt::Buffer>& buffer, const SourceRange& where) = 0;

  // A new register holding 0 (ncc.rank_id and nisa.register_alloc then set
  // it with an operation); `name` is what messages call it.
  virtual std::shared_ptr<rt::Register> new_register(const char* name,
                                                     const SourceRange& where) = 0;

  // A device operation whose arguments passed the builtin's checks.
  virtual void run(const DeviceCall& call) = 0;

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

  // Under an LNC grid a compiler's trace runs the programs one after
  // another: what follows is program `program`'s. (The interpreter's device
  // belongs to one program and ignores it.)
  virtual void program(int /*program*/) {}
};

}  // namespace nkic::interp
