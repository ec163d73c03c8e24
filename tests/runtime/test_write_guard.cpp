// Which paths a run may write (write_guard.h): the same file by inode where
// it exists (hard and symbolic links, paths spelt otherwise) and by normal
// path where it does not; an output's place under -o; the messages.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "runtime/write_guard.h"

using namespace nkic::rt;
namespace fs = std::filesystem;

namespace {

// A scratch folder, the working directory while it lives, so that the
// relative paths below are its.
struct Scratch {
  fs::path before = fs::current_path();
  fs::path dir;
  Scratch() {
    std::string pattern = (fs::temp_directory_path() / "nkic_guard_XXXXXX").string();
    dir = ::mkdtemp(pattern.data());
    fs::current_path(dir);
    std::ofstream("x.npy") << "x";
    std::ofstream("k.py") << "k";
    fs::create_directories("o/rank1");
    fs::create_symlink("x.npy", "link.npy");
    fs::create_hard_link("x.npy", "hard.npy");
  }
  ~Scratch() {
    fs::current_path(before);
    fs::remove_all(dir);
  }
};

RunFiles files_writing(const std::string& path, const std::string& outdir = "") {
  RunFiles f;
  f.reads = {{"k.py", "the kernel file"}, {"x.npy", "the input file of -a x"}};
  f.writes = {{path, "--profile"}};
  f.outdir = outdir;
  f.ranks = 2;
  return f;
}

}  // namespace

TEST_CASE("write guard: the same file through links, other spellings, or not yet made") {
  Scratch s;
  CHECK(same_file("x.npy", "./x.npy"));
  CHECK(same_file("x.npy", "o/../x.npy"));
  CHECK(same_file("x.npy", "link.npy"));
  CHECK(same_file("x.npy", "hard.npy"));
  CHECK(same_file("x.npy", (s.dir / "x.npy").string()));
  CHECK_FALSE(same_file("x.npy", "k.py"));
  CHECK(same_file("new/a.json", "new/./b/../a.json"));
  CHECK(same_file("o/rank0", "o/rank0/"));
  CHECK_FALSE(same_file("new/a.json", "new/b.json"));
  CHECK_FALSE(same_file("x.npy", "o/x.npy"));
}

TEST_CASE("write guard: an output over a read file is refused, naming it") {
  Scratch s;
  CHECK(outputs_problem(files_writing("p.json")).empty());
  CHECK(outputs_problem(files_writing("k.py")) ==
        "--profile 'k.py' would overwrite the kernel file");
  CHECK(outputs_problem(files_writing("hard.npy")) ==
        "--profile 'hard.npy' would overwrite the input file of -a x, 'x.npy'");
  // A file that does not exist is lost by nobody.
  RunFiles missing = files_writing("gone.npy");
  missing.reads.push_back({"gone.npy", "the input file of -a y"});
  CHECK(outputs_problem(missing).empty());
  RunFiles twice = files_writing("p.json");
  twice.writes.push_back({"./p.json", "--json"});
  CHECK(outputs_problem(twice) == "--json './p.json' is also the file of --profile");
}

TEST_CASE("write guard: what -o writes is OUTDIR/rank{r}/NAME.npy for the run's ranks") {
  Scratch s;
  CHECK(outputs_problem(files_writing("o/p.json", "o")).empty());
  CHECK(outputs_problem(files_writing("o/rank1/p.json", "o")).empty());
  CHECK(outputs_problem(files_writing("o/rank1/9x.npy", "o")).empty());  // no identifier
  CHECK(outputs_problem(files_writing("o/rank2/h.npy", "o")).empty());   // no rank 2
  CHECK(outputs_problem(files_writing("o/rank1/h.npy", "o")) ==
        "--profile 'o/rank1/h.npy' is where -o 'o' writes an output (o/rank{r}/NAME.npy)");
  // A folder -o has yet to make.
  CHECK(outputs_problem(files_writing("new/rank0/h.npy", "new")) ==
        "--profile 'new/rank0/h.npy' is where -o 'new' writes an output (new/rank{r}/NAME.npy)");
  CHECK(outputs_problem(files_writing("new/trace.json", "new")).empty());
  CHECK(outputs_problem(files_writing("o", "./o/")) == "--profile 'o' is the folder of -o './o/'");
  CHECK(outputs_problem(files_writing("o/rank1", "o")) ==
        "--profile 'o/rank1' is a folder -o 'o' writes its outputs in");
  CHECK(outputs_problem(files_writing("o", "o/sub")) == "--profile 'o' is a folder of -o 'o/sub'");

  RunFiles inputs_there = files_writing("p.json", "o");
  std::ofstream("o/rank1/x.npy") << "x";
  inputs_there.reads.push_back({"o/rank1/x.npy", "the input file of -a y"});
  CHECK(outputs_problem(inputs_there) ==
        "-o 'o' may write an output over the input file of -a y, 'o/rank1/x.npy' (outputs go "
        "to o/rank{r}/NAME.npy)");
}

TEST_CASE("write guard: the files of -a NAME=@PATTERN, one per rank") {
  CHECK(input_files("x", "3", 2).empty());
  const auto one = input_files("x", "@x.npy:float8_e4m3", 3);
  REQUIRE(one.size() == 1);
  CHECK(one[0].path == "x.npy");
  CHECK(one[0].role == "the input file of -a x");
  const auto per_rank = input_files("y", "@d/y_{rank}.npy", 2);
  REQUIRE(per_rank.size() == 2);
  CHECK(per_rank[1].path == "d/y_1.npy");
}
