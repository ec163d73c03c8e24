// The baseline for bench/parallel.sh: OpenMPI's MPI_Allreduce of (2048, 1024)
// float32 (8 MiB) per process, the tool a user would reach for instead of a
// compiled kernel. Run it under `mpirun -np 8`: each process is one rank,
// holds its input and result, and sums into the result with MPI_SUM. Buffers
// are allocated once and reused by every run; each run is timed from a
// barrier to a barrier, and process 0 prints the median as
// `time: X us/iter` to stderr, the format of nkirun and the compiled
// programs.
//
// usage: mpirun -np 8 mpi_all_reduce [ITERS]   (default 20)
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr size_t kElements = 2048 * 1024;
constexpr int kDefaultIters = 20;

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int iters = argc > 1 ? std::max(1, std::atoi(argv[1])) : kDefaultIters;

  std::vector<float> input(kElements), result(kElements);
  for (size_t i = 0; i < kElements; ++i) input[i] = static_cast<float>((i * 7 + rank) % 1000) / 8;
  std::vector<double> times;
  for (int i = 0; i < iters; ++i) {
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    MPI_Allreduce(input.data(), result.data(), static_cast<int>(kElements), MPI_FLOAT, MPI_SUM,
                  MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    times.push_back((MPI_Wtime() - start) * 1e6);
  }
  if (rank == 0) {
    std::sort(times.begin(), times.end());
    std::fprintf(stderr, "time: %.1f us/iter\n", times[times.size() / 2]);
    // A checksum, so that nothing can drop the work.
    std::printf("%g\n", static_cast<double>(result[kElements / 3]));
  }
  MPI_Finalize();
  return 0;
}
