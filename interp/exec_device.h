// The interpreter's Device: performs each device operation on the simulated
// machine at once, for one rank, through the operation's own run() (the
// routine generated programs call), registers holding their values; a
// collective joins the SPMD rendezvous. Loops and allocations
// need nothing here: the evaluator runs every iteration itself.
#pragma once

#include <array>

#include "interp/device.h"
#include "runtime/op_observer.h"

namespace nkic::interp {

class Spmd;

// "FILE:LINE" of a call, as an observer hears it.
std::string place_text(const SourceRange& where);

class ExecDevice : public Device {
 public:
  // Operands of one kind an operation takes at most (a matmul's three tensors
  // fit).
  static constexpr size_t kMaxOperands = 4;

  // `observer`, when given, hears of every operation (runtime/op_observer.h).
  ExecDevice(int rank, Spmd& spmd, int program = 0, rt::OpObserver* observer = nullptr)
      : rank_(rank), program_(program), spmd_(&spmd), observer_(observer) {}

  // The scheduler of the next run, for a device that outlives one run (the
  // REPL keeps its ranks' evaluators, and so their devices, between inputs).
  void set_spmd(Spmd& spmd) { spmd_ = &spmd; }

  bool has_data() const override { return true; }
  void allocated(const std::shared_ptr<rt::Buffer>&, const SourceRange&) override {}

  std::shared_ptr<rt::Register> new_register(const char* name, const SourceRange&) override;
  void run(const DeviceCall& call) override;

  // Returns at once when this rank is in none of the group's lists (it takes
  // no part; a ring permute has no place for it, an error); otherwise once
  // the sub-group has completed the collective.
  void collective(CollectiveCall call) override;

  void loop_begin(int64_t, const SourceRange&) override {}
  void loop_iteration(int64_t) override {}
  void loop_end() override {}

 private:
  int rank_;
  int program_;
  Spmd* spmd_;
  rt::OpObserver* observer_;
  // The patterns of the operation running, kept from one operation to the
  // next so that their dims' storage is reused: running an operation
  // allocates nothing.
  std::array<rt::AccessPattern, kMaxOperands> dsts_, srcs_;
};

}  // namespace nkic::interp
