// See mpi_world.h. Agreement and gathering use MPI_COMM_WORLD; transfers a
// duplicate of it, so they never meet the agreements' messages.
#include "runtime/mpi_world.h"

#include <mpi.h>

#include <algorithm>

// A sanitizer build's MPI program: OpenMPI keeps what it allocates (in
// libmpi, its run-time library and the plugins it unloads before exit) until
// the process ends, which LeakSanitizer would report as leaks of the program.
// They are suppressed by library; finding the library through an unloaded
// plugin's frames needs the slow unwinder.
#if defined(__SANITIZE_ADDRESS__)
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libmpi.so\nleak:libopen-pal.so\nleak:libopen-rte.so\nleak:libhwloc.so\n"
         "leak:libevent\n";
}
extern "C" const char* __lsan_default_options() { return "fast_unwind_on_malloc=0"; }
#endif

namespace nkic::rt {
namespace {

// The largest message a transfer is cut into.
constexpr size_t kMaxMessageBytes = size_t{64} << 20;

MpiWorld* the_world = nullptr;

}  // namespace

struct MpiWorld::Impl {
  MPI_Comm transfers = MPI_COMM_NULL;
  std::vector<MPI_Request> sends;
};

MpiWorld::MpiWorld(int* argc, char*** argv) : impl_(new Impl) {
  if (the_world != nullptr) throw Error("MPI is already initialized in this process");
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_size(MPI_COMM_WORLD, &count_);
  MPI_Comm_rank(MPI_COMM_WORLD, &index_);
  MPI_Comm_dup(MPI_COMM_WORLD, &impl_->transfers);
  the_world = this;
}

MpiWorld::~MpiWorld() {
  wait_sends();
  MPI_Comm_free(&impl_->transfers);
  MPI_Finalize();
  delete impl_;
  the_world = nullptr;
}

std::optional<RunFailure> MpiWorld::agree(const RunFailure* mine) {
  int failed = mine != nullptr ? 1 : 0;
  int any = 0;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (any == 0) return std::nullopt;
  std::vector<RunFailure> failures;
  for (const std::string& bytes : all_gather(mine != nullptr ? encode(*mine) : std::string())) {
    if (!bytes.empty()) failures.push_back(decode(bytes));
  }
  return first_failure(failures);
}

std::vector<std::string> MpiWorld::all_gather(const std::string& text) {
  int size = static_cast<int>(text.size());
  std::vector<int> sizes(static_cast<size_t>(count_));
  MPI_Allgather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::vector<int> starts(sizes.size());
  int total = 0;
  for (size_t p = 0; p < sizes.size(); ++p) {
    starts[p] = total;
    total += sizes[p];
  }
  std::string all(static_cast<size_t>(total), '\0');
  MPI_Allgatherv(text.data(), size, MPI_CHAR, all.data(), sizes.data(), starts.data(), MPI_CHAR,
                 MPI_COMM_WORLD);
  std::vector<std::string> texts;
  for (size_t p = 0; p < sizes.size(); ++p) {
    texts.push_back(all.substr(static_cast<size_t>(starts[p]), static_cast<size_t>(sizes[p])));
  }
  return texts;
}

std::string MpiWorld::gather(const std::string& text) {
  int size = static_cast<int>(text.size());
  std::vector<int> sizes(static_cast<size_t>(count_));
  MPI_Gather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> starts(sizes.size());
  int total = 0;
  for (size_t p = 0; p < sizes.size(); ++p) {
    starts[p] = total;
    total += sizes[p];
  }
  std::string all(index_ == 0 ? static_cast<size_t>(total) : 0, '\0');
  MPI_Gatherv(text.data(), size, MPI_CHAR, all.data(), sizes.data(), starts.data(), MPI_CHAR, 0,
              MPI_COMM_WORLD);
  return all;
}

std::vector<double> MpiWorld::max(const std::vector<double>& values) {
  std::vector<double> out(values.size());
  MPI_Allreduce(values.data(), out.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_MAX,
                MPI_COMM_WORLD);
  return out;
}

void MpiWorld::post_send(const std::byte* data, size_t bytes, int to) {
  for (size_t at = 0; at < bytes; at += kMaxMessageBytes) {
    const size_t n = std::min(kMaxMessageBytes, bytes - at);
    MPI_Request request;
    MPI_Isend(data + at, static_cast<int>(n), MPI_BYTE, to, 0, impl_->transfers, &request);
    impl_->sends.push_back(request);
  }
}

void MpiWorld::receive(std::byte* data, size_t bytes, int from) {
  for (size_t at = 0; at < bytes; at += kMaxMessageBytes) {
    const size_t n = std::min(kMaxMessageBytes, bytes - at);
    MPI_Recv(data + at, static_cast<int>(n), MPI_BYTE, from, 0, impl_->transfers,
             MPI_STATUS_IGNORE);
  }
}

void MpiWorld::wait_sends() {
  if (impl_->sends.empty()) return;
  MPI_Waitall(static_cast<int>(impl_->sends.size()), impl_->sends.data(), MPI_STATUSES_IGNORE);
  impl_->sends.clear();
}

MpiWorld& mpi_world() {
  if (the_world == nullptr) throw Error("this program runs no MPI world");
  return *the_world;
}

int mpi_program_main(int argc, char** argv, const ProgramSpec& spec, const KernelFactory& make) {
  MpiWorld world(&argc, &argv);
  return program_main(argc, argv, spec, make, &world);
}

}  // namespace nkic::rt
