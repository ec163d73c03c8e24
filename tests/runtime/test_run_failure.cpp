#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "runtime/machine.h"
#include "runtime/run_failure.h"

using namespace nkic::rt;

namespace {

RunFailure located(int64_t checks, std::vector<int> ranks, const std::string& message,
                   int line = 7) {
  RunFailure f;
  f.kind = RunFailure::Kind::located;
  f.checks = checks;
  f.file = "k.py";
  f.line = line;
  f.col = 5;
  f.end_col = 9;
  f.line_text = "    nisa.dma_copy(dst=a, src=b)";
  f.message = message;
  f.ranks = ranks;
  f.rank = ranks.empty() ? 0 : ranks.front();
  return f;
}

}  // namespace

TEST_CASE("the processes' first failure is the earliest, naming every rank that failed alike") {
  // Process 1 (ranks 2, 3) failed at the 5th check, process 0 (ranks 0, 1)
  // at the 5th too with another message on rank 1, process 2 later.
  const RunFailure a = located(5, {2, 3}, "out of bounds");
  const RunFailure b = located(5, {1}, "other");
  const RunFailure c = located(9, {4}, "out of bounds");
  const RunFailure first = first_failure({a, b, c});
  CHECK(first.message == "other");
  CHECK(first.ranks == std::vector<int>{1});
  const RunFailure alike = located(5, {0}, "out of bounds");
  const RunFailure merged = first_failure({a, c, alike});
  CHECK(merged.ranks == std::vector<int>{0, 2, 3});
  // Where in a collective comes before the rank.
  RunFailure later_step = located(5, {0}, "x");
  later_step.within = {0, 3, 0};
  RunFailure earlier_step = located(5, {2}, "y");
  earlier_step.within = {0, 1, 1};
  CHECK(first_failure({later_step, earlier_step}).message == "y");
  // A different place is not alike, even with the same message.
  const RunFailure elsewhere = located(5, {6}, "out of bounds", 8);
  CHECK(first_failure({a, elsewhere}).ranks == std::vector<int>{2, 3});
}

TEST_CASE("a failure travels between processes unchanged, and bad bytes are refused") {
  RunFailure f = located(12, {3, 5}, "all_reduce: out of bounds");
  f.within = {1, 2, 1};
  f.program = 1;
  const RunFailure back = decode(encode(f));
  CHECK(back.kind == f.kind);
  CHECK(back.checks == 12);
  CHECK(back.within == f.within);
  CHECK(back.message == f.message);
  CHECK(back.file == "k.py");
  CHECK(back.line_text == f.line_text);
  CHECK(back.line == 7);
  CHECK(back.program == 1);
  CHECK(back.ranks == f.ranks);
  RunFailure usage;
  usage.kind = RunFailure::Kind::usage;
  usage.message = "-a x: cannot read 'x.npy'";
  CHECK(decode(encode(usage)).exit_code() == 2);
  const std::string bytes = encode(f);
  CHECK_THROWS_AS(decode(bytes.substr(0, bytes.size() - 1)), Error);
  CHECK_THROWS_AS(decode(bytes + "x"), Error);
}

TEST_CASE("the processes' faults in one collective are joined into one report") {
  // Process 1 holds rank 2, process 2 rank 3: each knows its own member's
  // fault, and the report is the one a process holding both would make.
  const auto in_collective = [](int rank, const std::string& elements) {
    RunFailure f = located(4, {rank}, "");
    f.faults = {MemberFault{rank, 3, "access pattern out of bounds: elements " + elements +
                                         " of 'src' (6 elements)"}};
    f.fault_prefix = "all_reduce: ";
    f.message = f.fault_prefix + f.faults[0].message;
    return f;
  };
  const RunFailure two = first_failure({in_collective(3, "9..11"), in_collective(2, "6..8")});
  CHECK(two.ranks == std::vector<int>{2, 3});
  CHECK(two.message ==
        "all_reduce: access pattern out of bounds: elements 6..8 of 'src' (6 elements) on rank "
        "2; elements 9..11 of 'src' (6 elements) on rank 3");
  // An earlier failure elsewhere still comes first.
  CHECK(first_failure({in_collective(2, "6..8"), located(3, {0}, "earlier")}).message == "earlier");
  const RunFailure back = decode(encode(two));
  CHECK(back.message == two.message);
  CHECK(back.fault_prefix == "all_reduce: ");
  REQUIRE(back.faults.size() == 2);
  CHECK(back.faults[1].rank == two.faults[1].rank);
  CHECK(back.faults[1].list == 3);
  CHECK(back.faults[1].message == two.faults[1].message);
}
