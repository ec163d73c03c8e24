// The REPL's pieces without a terminal: the persistent interpreter (values
// shown per rank, state kept across inputs and errors, completion, Ctrl-C's
// flag) and the terminal side's deciding when an input is complete.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <sstream>

#include "interp/repl/interactive.h"
#include "tools/repl_input.h"

namespace nkic {
namespace {

struct Fixture {
  SourceManager sources;
  DiagnosticSink sink;
  std::ostringstream out;
  std::atomic<bool> interrupt{false};
  interp::Interactive session;

  explicit Fixture(int ranks) : session(options(ranks), sources, sink) {}

  interp::InteractiveOptions options(int ranks) {
    interp::InteractiveOptions o;
    o.ranks = ranks;
    o.module_path = {NKIC_TEST_STDLIB_DIR};
    o.out = &out;
    o.interrupt = &interrupt;
    return o;
  }

  std::string run(const std::string& source) {
    std::string shown;
    REQUIRE_MESSAGE(session.execute(source, shown), source);
    return shown;
  }

  std::string error(const std::string& source) {
    sink.clear();
    std::string shown;
    CHECK_FALSE(session.execute(source, shown));
    REQUIRE(sink.diagnostics().size() == 1);
    return sink.diagnostics()[0].message;
  }
};

TEST_CASE("an input's final expression is shown, None and statements are not") {
  Fixture f(2);
  CHECK(f.run("x = 40 + 2\nx\n") == "42");
  CHECK(f.run("x\n") == "42");
  CHECK(f.run("y = x\n").empty());
  CHECK(f.run("None\n").empty());
  CHECK(f.run("'a' * 3\n") == "'aaa'");
}

TEST_CASE("state survives an error") {
  Fixture f(2);
  f.run("x = 7\n");
  CHECK(f.error("x = nope\n") == "name 'nope' is not defined");
  CHECK(f.run("x\n") == "7");
}

TEST_CASE("values that differ per rank show one block per rank") {
  CHECK(interp::Interactive::per_rank({"a", "a"}) == "a");
  CHECK(interp::Interactive::per_rank({"a", "b"}) == "[rank 0]\na\n[rank 1]\nb");
}

TEST_CASE("print() of every rank goes to the session's output, prefixed by rank") {
  Fixture f(2);
  f.run("for i in range(2):\n    print(i)\n");
  CHECK(f.out.str() == "[rank 0] 0\n[rank 0] 1\n[rank 1] 0\n[rank 1] 1\n");
}

TEST_CASE("completion lists names, keywords and attributes on rank 0") {
  Fixture f(1);
  f.run("import nki.language as nl\ndef twice(v):\n    return 2 * v\n");
  CHECK(f.session.completions("twi") == std::vector<std::string>{"twice"});
  CHECK(f.session.completions("whi") == std::vector<std::string>{"while"});
  CHECK(f.session.completions("nl.ndarr") == std::vector<std::string>{"nl.ndarray"});
  const auto lens = f.session.completions("le");
  CHECK(std::find(lens.begin(), lens.end(), "len") != lens.end());
  CHECK(f.session.completions("nosuch.x").empty());
}

TEST_CASE("builtin modules complete before they are imported") {
  Fixture f(1);
  CHECK(f.session.completions("nki.language.ndarr") ==
        std::vector<std::string>{"nki.language.ndarray"});
  CHECK(f.session.completions("nki.collectives.all_r") ==
        std::vector<std::string>{"nki.collectives.all_reduce"});
  CHECK(f.session.completions("nki.nosuch.x").empty());
  // Completing imported nothing: the name is still undefined at the prompt.
  CHECK(f.error("nki\n").find("name 'nki' is not defined") != std::string::npos);
}

TEST_CASE("the interrupt flag stops a running input with a located error") {
  Fixture f(1);
  f.interrupt = true;
  CHECK(f.error("z = 1\n") == "interrupted");
  f.interrupt = false;
  CHECK(f.run("z = 2\nz\n") == "2");
}

TEST_CASE(":ranks resets the session") {
  Fixture f(1);
  f.run("x = 1\n");
  REQUIRE(f.session.set_ranks(3));
  CHECK(f.session.ranks() == 3);
  CHECK(f.error("x\n") == "name 'x' is not defined");
}

TEST_CASE(":lnc resets the session, then every input runs as two programs per rank") {
  Fixture f(2);
  f.run("x = 1\n");
  REQUIRE(f.session.set_lnc(2));
  CHECK(f.session.lnc() == 2);
  CHECK(f.error("x\n") == "name 'x' is not defined");
  f.run("import nki.language as nl\n");
  CHECK(f.run("nl.program_id(0) * 10 + nl.num_programs()\n") ==
        "[rank 0.0]\n2\n[rank 0.1]\n12\n[rank 1.0]\n2\n[rank 1.1]\n12");
  // Every rank's program 0 runs before any program 1.
  f.run("print(nl.program_id(0))\n");
  CHECK(f.out.str() == "[rank 0.0] 0\n[rank 1.0] 0\n[rank 0.1] 1\n[rank 1.1] 1\n");
  std::string shown;
  REQUIRE(f.session.show("nl.program_id(0)", 1, shown));
  CHECK(shown == "[rank 1.0]\n0\n[rank 1.1]\n1");
  f.sink.clear();
  CHECK_FALSE(f.session.set_lnc(3));
  REQUIRE(f.sink.diagnostics().size() == 1);
  CHECK(f.sink.diagnostics()[0].message == "the LNC (programs per rank) must be 1 or 2, not '3'");
  CHECK(f.session.lnc() == 2);
  REQUIRE(f.session.set_lnc(1));
  f.run("import nki.language as nl\n");
  CHECK(f.run("(nl.program_id(0), nl.num_programs(), nl.program_ndim())\n") == "(0, 1, 0)");
}

TEST_CASE("under an LNC grid, HBM made at the prompt is the rank's, SBUF each program's") {
  Fixture f(1);
  REQUIRE(f.session.set_lnc(2));
  f.run(
      "import nki.language as nl\nimport nki.isa as nisa\n"
      "h = nl.ndarray((2, 1), dtype=nl.int32, buffer=nl.shared_hbm)\n"
      "s = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf)\n"
      "p = nl.program_id(0)\n"
      "nisa.memset(s, 7 + p)\n"
      "nisa.dma_copy(dst=h[p:p + 1, :], src=s)\n");
  // Each program wrote one row of the one tensor: both see both rows.
  CHECK(f.run("h\n") == "[[7]\n [8]]");
  CHECK(f.run("s\n") == "[rank 0.0]\n[[7]]\n[rank 0.1]\n[[8]]");
  // A later input's HBM allocation is the rank's one tensor too.
  f.run(
      "g = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.hbm)\n"
      "nisa.dma_copy(dst=g, src=s)\n");
  CHECK(f.run("g\n") == "[[8]]");
}

TEST_CASE(
    ":run under an LNC grid: inputs bound once, outputs printed once, every program's "
    "variables") {
  Fixture f(1);
  REQUIRE(f.session.set_lnc(2));
  // Program 1 alone writes the input x (its row 0 from row 1); both return out.
  f.run(
      "import nki\nimport nki.language as nl\nimport nki.isa as nisa\n"
      "@nki.jit\n"
      "def k(x):\n"
      "    out = nl.ndarray((1, 2), dtype=nl.int32, buffer=nl.shared_hbm)\n"
      "    p = nl.program_id(0)\n"
      "    nisa.dma_copy(dst=out, src=x[p:p + 1, :])\n"
      "    if p == 1:\n"
      "        nisa.dma_copy(dst=x[0:1, :], src=x[1:2, :])\n"
      "    return out\n\n");
  rt::NpyArray x;
  x.dtype = rt::DType::int32;
  x.shape = {2, 2};
  const int32_t values[] = {1, 2, 30, 40};
  x.data.resize(sizeof values);
  std::memcpy(x.data.data(), values, sizeof values);
  std::string shown;
  REQUIRE(f.session.run_kernel("k", {interp::KernelArg{"x", {x}, "", "x"}}, shown));
  CHECK(shown == "[rank 0] out =\n[[30 40]]\n[rank 0] x =\n[[30 40]\n [30 40]]\n");
  // Program 1's copy came last; both programs hold the written input.
  CHECK(f.run("out\n") == "[[30 40]]");
  CHECK(f.run("x\n") == "[[30 40]\n [30 40]]");
}

TEST_CASE("under an LNC grid, a meeting the other program skipped names where it finished") {
  Fixture f(1);
  REQUIRE(f.session.set_lnc(2));
  f.run(
      "import nki\nimport nki.language as nl\nimport nki.isa as nisa\n"
      "t = nl.ndarray((2, 3), dtype=nl.float32, buffer=nl.sbuf)\n"
      "s = nl.ndarray((2, 3), dtype=nl.float32, buffer=nl.shared_hbm)\n");
  // Input 2: program 1 skips the block and finishes at the input's end.
  CHECK(f.error("if nl.program_id(0) == 0:\n"
                "    nisa.sendrecv(src=t, dst=t, send_to_rank=1, recv_from_rank=1, pipe_id=0)\n"
                "\n") ==
        "nisa.sendrecv on program 0 waits for program 1, which finished at <input 2>:2:77 "
        "without calling it");
  // In a kernel run by :run, where it returned.
  f.run(
      "@nki.jit\n"
      "def k():\n"
      "    if nl.program_id(0) == 1:\n"
      "        return s\n"
      "    nisa.core_barrier(s, (0, 1))\n"
      "    return s\n\n");
  std::string shown;
  f.sink.clear();
  CHECK_FALSE(f.session.run_kernel("k", {}, shown));
  REQUIRE(f.sink.diagnostics().size() == 1);
  CHECK(f.sink.diagnostics()[0].message ==
        "nisa.core_barrier on program 0 waits for program 1, which finished at <input 3>:4:9 "
        "without calling it");
}

TEST_CASE("per_rank labels the programs of a grid") {
  CHECK(interp::Interactive::per_rank({"a", "a", "a", "a"}, 2) == "a");
  CHECK(interp::Interactive::per_rank({"a", "b", "a", "b"}, 2) ==
        "[rank 0.0]\na\n[rank 0.1]\nb\n[rank 1.0]\na\n[rank 1.1]\nb");
  CHECK(interp::Interactive::per_rank({"a", "b"}, 2, 3) == "[rank 3.0]\na\n[rank 3.1]\nb");
}

TEST_CASE("an input needs more lines while a block, bracket or string is open") {
  using tools::needs_more;
  CHECK_FALSE(needs_more("x = 1\n"));
  CHECK(needs_more("def f():\n"));
  CHECK(needs_more("def f():\n    return 1\n"));
  CHECK_FALSE(needs_more("def f():\n    return 1\n\n"));
  CHECK(needs_more("x = (1,\n"));
  CHECK_FALSE(needs_more("x = (1,\n     2)\n"));
  CHECK_FALSE(needs_more("x = '(:'\n"));
  CHECK_FALSE(needs_more("x = 1  # a comment:\n"));
  CHECK(needs_more("@print\n"));
  CHECK(needs_more("@print\n@print\n"));
  CHECK(needs_more("@print\ndef f():\n    pass\n"));
  CHECK_FALSE(needs_more("@print\ndef f():\n    pass\n\n"));
  CHECK_FALSE(needs_more("x = a @ b\n"));
  CHECK(needs_more("s = '''a\n"));
  CHECK(needs_more("x = 1 + \\\n"));
  CHECK(needs_more("d = {1: 2,\n"));
}

TEST_CASE("command arguments split at spaces outside brackets and quotes") {
  CHECK(tools::split_arguments("k  input=@x.npy   group=[[0, 1], [2, 3]] s='a b'") ==
        std::vector<std::string>{"k", "input=@x.npy", "group=[[0, 1], [2, 3]]", "s='a b'"});
  CHECK(tools::split_arguments("   ").empty());
}

}  // namespace
}  // namespace nkic
