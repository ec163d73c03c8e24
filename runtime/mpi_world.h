// The processes of a program built with `nkic build --mpi`, over MPI: each
// holds a contiguous share of the ranks (share_of) and only their memory.
// mpi_program_main makes the one MpiWorld of the process (MPI is one per
// process), which program_main uses to agree on failures and to gather what
// is printed, and the kernel's collectives (mpi_collective.h) to move data
// between processes. Only the main thread calls MPI.
//
// Transfers between two processes are matched in the order both make them:
// every process walks the same instructions and schedules, so a receive
// meets the send the other side posted for the same step. Sends never
// block (they are posted, and waited for at the end of a collective), so
// the walk cannot deadlock.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "runtime/program.h"

namespace nkic::rt {

class MpiWorld final : public Processes {
 public:
  // Initializes MPI; throws Error when there is already a world.
  MpiWorld(int* argc, char*** argv);
  ~MpiWorld() override;  // finalizes MPI
  MpiWorld(const MpiWorld&) = delete;
  MpiWorld& operator=(const MpiWorld&) = delete;

  int count() const override { return count_; }
  int index() const override { return index_; }
  std::optional<RunFailure> agree(const RunFailure* mine) override;
  std::string gather(const std::string& text) override;
  std::vector<std::string> all_gather(const std::string& text) override;
  std::vector<double> max(const std::vector<double>& values) override;

  // Sends `bytes` bytes to process `to` without waiting: `data` must stay as
  // it is until wait_sends(). Large transfers go as several messages.
  void post_send(const std::byte* data, size_t bytes, int to);
  // Receives the `bytes` bytes process `from` sent by its matching post_send.
  void receive(std::byte* data, size_t bytes, int from);
  // Waits until every posted send has been delivered.
  void wait_sends();

 private:
  int count_ = 1;
  int index_ = 0;
  struct Impl;
  Impl* impl_;
};

// The process's world; throws Error when mpi_program_main made none.
MpiWorld& mpi_world();

// main() of a program built with --mpi: program_main over the processes
// mpirun started.
int mpi_program_main(int argc, char** argv, const ProgramSpec& spec, const KernelFactory& make);

}  // namespace nkic::rt
