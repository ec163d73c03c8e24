// What the host side of a run reads and writes, shared by `nkirun run` and
// the programs `nkic build` makes, so their files and listings are the same:
// per-rank inputs from .npy files (`{rank}` in a path becomes the rank id),
// outputs as OUTDIR/rank{r}/{NAME}.npy, and the `--print` listing.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "runtime/npy.h"

namespace nkic::rt {

struct NamedArray {
  std::string name;
  NpyArray array;
};

// [rank] -> that rank's outputs, in order.
using RankOutputs = std::vector<std::vector<NamedArray>>;

// `path` with every `{rank}` replaced by the rank id.
std::string expand_rank(std::string path, int rank);

// Throws Error naming the file when a file is malformed; `missing` is set
// (and nothing read) when one does not exist, so callers can treat that as a
// command-line mistake. `PATH:DTYPE` (`x.npy:float8_e4m3`) reads the
// file's elements as DTYPE's bits (see read_npy): how float8 arrays, which
// NumPy has no dtype for, come in. Only ranks [first, end) are read (end
// < 0: every rank), the others' arrays left empty: a process of an MPI run
// reads its own ranks' files.
std::vector<NpyArray> load_per_rank(const std::string& path_pattern, int ranks,
                                    std::string* missing, int first = 0, int end = -1);

// The files load_per_rank reads for `path_pattern` (a `:DTYPE` suffix
// dropped), rank by rank, each once.
std::vector<std::string> per_rank_files(const std::string& path_pattern, int ranks);

// What makes `-o` unusable before any work is done, for a usage error
// (exit 2): "" when `outdir` is, or can be made, a writable folder; else
// the reason, e.g. "-o '/dev/null' is not a folder".
std::string outdir_problem(const std::string& outdir);

// The same for a file to write (nkic's program or C++, a --profile), named
// by `option` in the message: "" when `path` can be created or replaced:
// not empty, not a folder, in a writable folder.
std::string output_file_problem(const std::string& path, const std::string& option = "-o");

// Throws Error when a file or folder cannot be written. Ranks from `first`
// on: a process of an MPI run writes its own.
void write_outputs(const std::string& outdir, const RankOutputs& outputs, size_t first = 0);

// "[rank 0] out =\n<NumPy-style array>\n" for every output of every rank
// from `first` on.
void print_outputs(std::ostream& out, const RankOutputs& outputs, size_t first = 0);

}  // namespace nkic::rt
