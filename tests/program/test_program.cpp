// program_main driven through argv with small hand-written kernels, as a
// generated program would call it: outputs written and printed, the kernel
// made once and run --iters times, and every command-line, input and
// run-time mistake with its exact message and exit code.
#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <new>
#include <regex>

#include "runtime/machine.h"
#include "runtime/npy.h"
#include "tests/program/program_driver.h"

namespace {

using nkic::rt::NpyArray;
using nkic::test::f32_array;
using nkic::test::f32_values;
using nkic::test::run_program;
using nkic::test::ScratchDir;
namespace rt = nkic::rt;

constexpr int kRanks = 2;

rt::ProgramSpec copy_spec() {
  rt::ProgramSpec spec;
  spec.file = "k.py";
  spec.kernel = "copy_kernel";
  spec.ranks = kRanks;
  spec.platform = "trn2";
  spec.inputs = {rt::ProgramInput{"x", rt::DType::float32, {2, 3}}};
  return spec;
}

struct Counters {
  int made = 0;
  int runs = 0;
  std::vector<const std::byte*> storage;  // each run's buffer address on rank 0
  std::string phases;                     // one letter per call: Load, Execute, Read
};

// Copies x into a buffer allocated once per rank, scales it there by the
// number of runs so far, and reads it back as `out`, so the outputs show
// which run they came from.
class ScaledCopy : public rt::CompiledKernel {
 public:
  ScaledCopy(rt::Machine& machine, Counters& counters) : counters_(counters) {
    ++counters_.made;
    for (int r = 0; r < machine.ranks(); ++r) {
      buffers_.push_back(machine.allocate(r, rt::MemKind::hbm, rt::DType::float32, {2, 3}, "x",
                                          /*io=*/true));
    }
  }

  void load(const std::vector<std::vector<NpyArray>>& inputs) override {
    counters_.phases += 'L';
    for (size_t r = 0; r < buffers_.size(); ++r) {
      const NpyArray& x = inputs.at(0).at(r);
      std::byte* data = buffers_[r]->data_for_write();
      if (r == 0) counters_.storage.push_back(data);
      std::memcpy(data, x.data.data(), x.data.size());
    }
  }

  void execute() override {
    counters_.phases += 'E';
    ++counters_.runs;
    const float scale = static_cast<float>(counters_.runs);
    for (const auto& buffer : buffers_) {
      float* values = reinterpret_cast<float*>(buffer->data_for_write());
      for (int64_t i = 0; i < buffer->elements(); ++i) values[i] *= scale;
    }
  }

  void read_outputs(rt::RankOutputs& outputs) override {
    counters_.phases += 'R';
    outputs.clear();
    for (const auto& buffer : buffers_) {
      const float* values = reinterpret_cast<const float*>(buffer->data());
      outputs.push_back({rt::NamedArray{
          "out", f32_array({2, 3}, std::vector<float>(values, values + buffer->elements()))}});
    }
  }

 private:
  Counters& counters_;
  std::vector<std::shared_ptr<rt::Buffer>> buffers_;
};

rt::KernelFactory scaled_copy(Counters& counters) {
  return [&counters](rt::Machine& m) { return std::make_unique<ScaledCopy>(m, counters); };
}

// Keeps x + (the number of runs so far) on the host and writes it into the
// previous run's output arrays when there are some, recording what it was
// handed back.
class InPlace : public rt::CompiledKernel {
 public:
  explicit InPlace(Counters& counters) : counters_(counters) {}
  void load(const std::vector<std::vector<NpyArray>>& inputs) override { inputs_ = inputs.at(0); }
  void execute() override {
    ++counters_.runs;
    for (NpyArray& x : inputs_) {
      std::vector<float> values = f32_values(x);
      for (float& v : values) v += static_cast<float>(counters_.runs);
      x = f32_array(x.shape, values);
    }
  }
  void read_outputs(rt::RankOutputs& outputs) override {
    if (outputs.empty()) {
      outputs.resize(inputs_.size());
      for (size_t r = 0; r < outputs.size(); ++r) {
        outputs[r].push_back(rt::NamedArray{"out", inputs_[r]});
      }
    }
    counters_.storage.push_back(outputs[0][0].array.data.data());
    for (size_t r = 0; r < outputs.size(); ++r) {
      std::memcpy(outputs[r][0].array.data.data(), inputs_[r].data.data(), inputs_[r].data.size());
    }
  }

 private:
  Counters& counters_;
  std::vector<NpyArray> inputs_;
};

// Fails on every run, the way a compiled kernel reports a bad run-time offset.
class Failing : public rt::CompiledKernel {
 public:
  explicit Failing(bool located) : located_(located) {}
  void load(const std::vector<std::vector<NpyArray>>&) override {}
  void execute() override {
    if (!located_) throw rt::Error("the machine refused");
    static const char* const kLine = "    y = x[i, 0:3]";
    throw rt::LocatedError(rt::SourcePlace{"k.py", 4, 9, 14, kLine}, 1,
                           "index 5 is out of bounds for dimension 0 of size 2");
  }
  void read_outputs(rt::RankOutputs&) override {}

 private:
  bool located_;
};

rt::KernelFactory failing(bool located) {
  return [located](rt::Machine&) { return std::make_unique<Failing>(located); };
}

// rank0: 0..5, rank1: 10..15, as x_rank{r}.npy in `dir`.
void write_rank_inputs(const ScratchDir& dir) {
  for (int r = 0; r < kRanks; ++r) {
    std::vector<float> v;
    for (int i = 0; i < 6; ++i) v.push_back(static_cast<float>(10 * r + i));
    rt::write_npy(dir.path("x_rank" + std::to_string(r) + ".npy"), f32_array({2, 3}, v));
  }
}

std::vector<float> rank_input(int r) {
  std::vector<float> v;
  for (int i = 0; i < 6; ++i) v.push_back(static_cast<float>(10 * r + i));
  return v;
}

}  // namespace

TEST_CASE("program: per-rank inputs in, OUTDIR/rank{r}/out.npy out") {
  ScratchDir dir;
  write_rank_inputs(dir);
  Counters counters;
  const auto run = run_program({"-a", "x=@" + dir.path("x_rank{rank}.npy"), "-o", dir.path("out")},
                               copy_spec(), scaled_copy(counters));
  REQUIRE(run.exit_code == 0);
  CHECK(run.err.empty());
  CHECK(run.out.empty());
  for (int r = 0; r < kRanks; ++r) {
    const NpyArray got = rt::read_npy(dir.path("out/rank" + std::to_string(r) + "/out.npy"));
    CHECK(got.shape == std::vector<int64_t>{2, 3});
    CHECK(f32_values(got) == rank_input(r));
  }
  // Exactly the files of the run: one folder per rank, one file each.
  int files = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir.path("out"))) {
    files += e.is_regular_file() ? 1 : 0;
  }
  CHECK(files == kRanks);
}

TEST_CASE("program: made once, run --iters times on the same buffers, last run's outputs") {
  ScratchDir dir;
  write_rank_inputs(dir);
  Counters counters;
  const auto run = run_program({"-a", "x=@" + dir.path("x_rank{rank}.npy"), "--iters", "3",
                                "-o", dir.path("out"), "--time"},
                               copy_spec(), scaled_copy(counters));
  REQUIRE(run.exit_code == 0);
  CHECK(counters.made == 1);
  CHECK(counters.runs == 3);
  // Every run loads the inputs again, executes, then reads the outputs back.
  CHECK(counters.phases == "LERLERLER");
  REQUIRE(counters.storage.size() == 3);
  CHECK(counters.storage[0] == counters.storage[1]);
  CHECK(counters.storage[1] == counters.storage[2]);
  // The third run scaled a fresh copy of the input by 3 (not by 1 * 2 * 3).
  std::vector<float> want = rank_input(1);
  for (float& v : want) v *= 3;
  CHECK(f32_values(rt::read_npy(dir.path("out/rank1/out.npy"))) == want);
  CHECK(std::regex_match(run.err, std::regex("time: [0-9.e+-]+ us/iter\n")));
}

TEST_CASE("program: the previous run's outputs are handed back to be overwritten") {
  ScratchDir dir;
  write_rank_inputs(dir);
  Counters counters;
  const auto run = run_program(
      {"-a", "x=@" + dir.path("x_rank{rank}.npy"), "--iters", "4", "-o", dir.path("out")},
      copy_spec(), [&counters](rt::Machine&) { return std::make_unique<InPlace>(counters); });
  REQUIRE(run.exit_code == 0);
  CHECK(counters.runs == 4);
  REQUIRE(counters.storage.size() == 4);
  for (const std::byte* p : counters.storage) CHECK(p == counters.storage[0]);
  std::vector<float> want = rank_input(1);
  for (float& v : want) v += 4;
  CHECK(f32_values(rt::read_npy(dir.path("out/rank1/out.npy"))) == want);
}

TEST_CASE("program: --print lists every rank's outputs as nkirun does") {
  ScratchDir dir;
  write_rank_inputs(dir);
  Counters counters;
  const auto run = run_program({"-a", "x=@" + dir.path("x_rank{rank}.npy"), "--print"},
                               copy_spec(), scaled_copy(counters));
  REQUIRE(run.exit_code == 0);
  // NumPy: str(np.arange(6, dtype=np.float32).reshape(2, 3)) and the same + 10.
  CHECK(run.out ==
        "[rank 0] out =\n[[0. 1. 2.]\n [3. 4. 5.]]\n"
        "[rank 1] out =\n[[10. 11. 12.]\n [13. 14. 15.]]\n");
}

TEST_CASE("program: one file for every rank is read once and given to each") {
  ScratchDir dir;
  rt::write_npy(dir.path("x.npy"), f32_array({2, 3}, {1, 2, 3, 4, 5, 6}));
  Counters counters;
  const auto run = run_program({"-a", "x=@" + dir.path("x.npy"), "-o", dir.path("out")},
                               copy_spec(), scaled_copy(counters));
  REQUIRE(run.exit_code == 0);
  for (int r = 0; r < kRanks; ++r) {
    CHECK(f32_values(rt::read_npy(dir.path("out/rank" + std::to_string(r) + "/out.npy"))) ==
          std::vector<float>{1, 2, 3, 4, 5, 6});
  }
}

TEST_CASE("program: command-line mistakes exit 2 with their message") {
  ScratchDir dir;
  write_rank_inputs(dir);
  const std::string x = "x=@" + dir.path("x_rank{rank}.npy");
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  const std::vector<Case> cases = {
      {{}, "prog: error: no -a for input 'x' ([2, 3] float32); give -a x=@PATH.npy\n"},
      {{"-a", x, "-a", "y=@y.npy"},
       "prog: error: -a y: this program has no input of that name (inputs: x); its other "
       "arguments were fixed by nkic build\n"},
      {{"-a", "x=3"},
       "prog: error: -a x=3: prog takes tensor inputs as @PATH.npy; x was specialized as "
       "[2, 3] float32\n"},
      {{"-a", x, "-a", x}, "prog: error: -a x is given twice\n"},
      {{"-a", "x"}, "prog: error: -a expects NAME=@PATH.npy, got 'x'\n"},
      {{"-a", "1x=@a.npy"}, "prog: error: -a 1x=@a.npy: '1x' is not a parameter name\n"},
      {{"-a", "x=@" + dir.path("nope_{rank}.npy")},
       "prog: error: -a x: cannot read '" + dir.path("nope_0.npy") + "'\n"},
  };
  for (const Case& c : cases) {
    Counters counters;
    const auto run = run_program(c.args, copy_spec(), scaled_copy(counters));
    CHECK(run.exit_code == 2);
    CHECK(run.err == c.err);
    CHECK(counters.made == 0);
  }
}

TEST_CASE("program: options the parser refuses exit 2 and point to --help") {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--iters", "0"},
                                               {"--threads", "0"},
                                               {"--bogus"},
                                               {"--color", "sometimes"}}) {
    Counters counters;
    const auto run = run_program(args, copy_spec(), scaled_copy(counters));
    CHECK(run.exit_code == 2);
    CHECK(run.err.rfind("prog: error: ", 0) == 0);
    CHECK(run.err.find("Run 'prog --help' for usage.\n") != std::string::npos);
  }
}

TEST_CASE("program: --help says what it was built for and exits 0") {
  Counters counters;
  const auto run = run_program({"--help"}, copy_spec(), scaled_copy(counters));
  CHECK(run.exit_code == 0);
  CHECK(run.out.find("Built by nkic from k.py, kernel copy_kernel, for 2 ranks on trn2.") !=
        std::string::npos);
  CHECK(run.out.find("  x  [2, 3] float32\n") != std::string::npos);
  CHECK(run.out.find("  prog -a x=@PATH.npy -o out/ --print") != std::string::npos);
  CHECK(run.out.find("--time prints 'time: X us/iter', the median over the --iters runs of the "
                     "kernel's\nexecution on the simulated device") != std::string::npos);
  CHECK(run.out.find("Loading the .npy inputs into the device buffers and reading\nthe outputs "
                     "back are not timed.") != std::string::npos);
  CHECK(counters.made == 0);
}

TEST_CASE("program: an input of another shape or dtype is refused with the way to rebuild") {
  ScratchDir dir;
  rt::write_npy(dir.path("x_rank0.npy"), f32_array({2, 3}, {0, 1, 2, 3, 4, 5}));
  rt::write_npy(dir.path("x_rank1.npy"), f32_array({3, 3}, {0, 1, 2, 3, 4, 5, 6, 7, 8}));
  NpyArray ints;
  ints.dtype = rt::DType::int32;
  ints.shape = {2, 3};
  ints.data.resize(6 * 4);
  rt::write_npy(dir.path("i.npy"), ints);
  NpyArray wrong_both = ints;
  wrong_both.shape = {6};
  rt::write_npy(dir.path("b.npy"), wrong_both);

  const std::string pattern = dir.path("x_rank{rank}.npy");
  struct Case {
    std::string path;
    std::string err;
  };
  const std::string tail = ", but this program was specialized for [2, 3] float32 (rebuild with "
                           "nkic build k.py -k copy_kernel -n 2 ... -a x=@";
  const std::vector<Case> cases = {
      {pattern, "prog: error: input 'x' has shape [3, 3] on rank 1" + tail + pattern + ")\n"},
      {dir.path("i.npy"),
       "prog: error: input 'x' has dtype int32 on rank 0" + tail + dir.path("i.npy") + ")\n"},
      {dir.path("b.npy"), "prog: error: input 'x' has shape [6] and dtype int32 on rank 0" + tail +
                              dir.path("b.npy") + ")\n"},
  };
  for (const Case& c : cases) {
    Counters counters;
    const auto run = run_program({"-a", "x=@" + c.path, "--color", "never"}, copy_spec(),
                                 scaled_copy(counters));
    CHECK(run.exit_code == 1);
    CHECK(run.err == c.err);
    CHECK(counters.made == 0);
  }
}

TEST_CASE("program: a malformed .npy file exits 1 naming the file") {
  ScratchDir dir;
  {
    std::FILE* f = std::fopen(dir.path("bad.npy").c_str(), "wb");
    REQUIRE(f != nullptr);
    std::fputs("not numpy", f);
    std::fclose(f);
  }
  Counters counters;
  const auto run = run_program({"-a", "x=@" + dir.path("bad.npy"), "--color", "never"},
                               copy_spec(), scaled_copy(counters));
  CHECK(run.exit_code == 1);
  CHECK(run.err.rfind("prog: error: " + dir.path("bad.npy") + ": not a .npy file", 0) == 0);
}

TEST_CASE("program: run-time errors print like the interpreter's, with place, caret and rank") {
  ScratchDir dir;
  write_rank_inputs(dir);
  const std::string x = "x=@" + dir.path("x_rank{rank}.npy");
  const auto located = run_program({"-a", x, "--color", "never", "-o", dir.path("out")},
                                   copy_spec(), failing(true));
  CHECK(located.exit_code == 1);
  CHECK(located.err ==
        "k.py:4:9: error: index 5 is out of bounds for dimension 0 of size 2 (rank 1)\n"
        "    y = x[i, 0:3]\n"
        "        ^~~~~\n");
  CHECK_FALSE(std::filesystem::exists(dir.path("out")));

  const auto plain = run_program({"-a", x, "--color", "never"}, copy_spec(), failing(false));
  CHECK(plain.exit_code == 1);
  // No place: the program's name first, as nkirun's name is.
  CHECK(plain.err == "prog: error: the machine refused\n");

  const auto coloured = run_program({"-a", x, "--color", "always"}, copy_spec(), failing(false));
  CHECK(coloured.err == "prog: \033[1;31merror: \033[0mthe machine refused\n");
}

TEST_CASE("program: a kernel refused by the machine when made exits 1") {
  ScratchDir dir;
  write_rank_inputs(dir);
  const auto run = run_program({"-a", "x=@" + dir.path("x_rank{rank}.npy"), "--color", "never"},
                               copy_spec(), [](rt::Machine& m) -> std::unique_ptr<rt::CompiledKernel> {
                                 m.allocate(0, rt::MemKind::sbuf, rt::DType::float32, {4096, 4},
                                            "t");
                                 return nullptr;
                               });
  CHECK(run.exit_code == 1);
  CHECK(run.err.rfind("prog: error: ", 0) == 0);
}

TEST_CASE("program: running out of memory is a one-line error and exit 1, never an abort") {
  ScratchDir dir;
  write_rank_inputs(dir);
  const auto run = run_program(
      {"-a", "x=@" + dir.path("x_rank{rank}.npy"), "--color", "never"}, copy_spec(),
      [](rt::Machine&) -> std::unique_ptr<rt::CompiledKernel> { throw std::bad_alloc(); });
  CHECK(run.exit_code == 1);
  CHECK(run.err == "prog: error: out of memory\n");
}
