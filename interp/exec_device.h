// The interpreter's Device: performs each device operation on the simulated
// machine at once, for one rank. dma_copy and memset move data through the
// runtime (the same routines generated programs call), registers hold their
// values, and a collective joins the SPMD rendezvous. Loops and allocations
// need nothing here: the evaluator runs every iteration itself.
#pragma once

#include "interp/device.h"

namespace nkic::interp {

class Spmd;

class ExecDevice : public Device {
 public:
  ExecDevice(int rank, Spmd& spmd) : rank_(rank), spmd_(&spmd) {}

  // The scheduler of the next run, for a device that outlives one run (the
  // REPL keeps its ranks' evaluators, and so their devices, between inputs).
  void set_spmd(Spmd& spmd) { spmd_ = &spmd; }

  bool has_data() const override { return true; }
  void allocated(const std::shared_ptr<rt::Buffer>&, const SourceRange&) override {}

  void dma_copy(const rt::TensorView& dst, const rt::TensorView& src, bool oob_skip,
                const SourceRange& where) override;
  void memset(const rt::TensorView& dst, Scalar value, const SourceRange& where) override;

  std::shared_ptr<rt::Register> rank_id(const SourceRange& where) override;
  std::shared_ptr<rt::Register> register_alloc(std::optional<int64_t> init,
                                               const SourceRange& where) override;
  void register_move(const std::shared_ptr<rt::Register>& dst,
                     const std::shared_ptr<rt::Register>& src, int64_t constant,
                     const SourceRange& where) override;
  void register_load(const std::shared_ptr<rt::Register>& dst, const rt::TensorView& src,
                     const SourceRange& where) override;
  void register_store(const rt::TensorView& dst, const std::shared_ptr<rt::Register>& src,
                      const SourceRange& where) override;

  // Returns at once when this rank is in none of the group's lists (it takes
  // no part); otherwise once the sub-group has completed the collective.
  void collective(CollectiveCall call) override;

  void loop_begin(int64_t, const SourceRange&) override {}
  void loop_iteration(int64_t) override {}
  void loop_end() override {}

 private:
  int rank_;
  Spmd* spmd_;
};

}  // namespace nkic::interp
