// Which paths a run may write, checked before it does any work: never an
// existing file it reads (the kernel file, an -a input of any rank, the running
// program itself) and never the place of another of its outputs (the
// --profile file where -o writes OUTDIR/rank{r}/NAME.npy). `nkirun run`,
// the programs `nkic build` makes and nkic's own -o share these checks, so
// each refuses the same mistakes with the same usage error (exit 2).
//
// Two paths are the same file when they name one inode (device and inode
// number) where the file exists, and when their absolute paths, symbolic
// links of the existing part resolved, are equal where it does not.
#pragma once

#include <string>
#include <vector>

namespace nkic::rt {

// A file the run reads, and what it is for messages: "the kernel file",
// "the input file of -a x".
struct ReadFile {
  std::string path;
  std::string role;
};

// A file the run writes, and the option that names it: "--profile", "-o".
struct WrittenFile {
  std::string path;
  std::string option;
};

// What one run reads and writes.
struct RunFiles {
  std::vector<ReadFile> reads;
  std::vector<WrittenFile> writes;
  // The -o folder ("" without -o): each rank r < ranks writes
  // OUTDIR/rank{r}/NAME.npy, NAME an identifier.
  std::string outdir;
  int ranks = 0;
};

// "" when no written file overwrites a read file or another output, and
// each can be made (output_file_problem; its folder may be one -o makes);
// else the first problem found, as a usage error's message. The -o folder
// itself is checked apart (outdir_problem), as -o '' is a mistake while no
// -o is none.
std::string outputs_problem(const RunFiles& files);

// Whether `path` is `folder` or inside it, compared as normal paths.
bool inside(const std::string& path, const std::string& folder);

// Whether `a` and `b` name the same file (see above).
bool same_file(const std::string& a, const std::string& b);

// The file of the running program, for ReadFile ("" when unknown).
std::string running_program();

// The files `-a NAME=@PATTERN[:DTYPE]` reads, one per rank ({rank} in
// PATTERN replaced), without repeats; none for a value that is not @PATH.
std::vector<ReadFile> input_files(const std::string& name, const std::string& value, int ranks);

}  // namespace nkic::rt
