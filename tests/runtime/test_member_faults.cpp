#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "runtime/machine.h"
#include "runtime/member_faults.h"

using namespace nkic::rt;

namespace {

const std::string kOut = "access pattern out of bounds: ";

MemberFault fault(int rank, int64_t list, const std::string& elements) {
  return MemberFault{rank, list, kOut + "elements " + elements + " of 'src' (6 elements)"};
}

}  // namespace

TEST_CASE("a collective's faults name exactly the members at fault and what each reads") {
  // Ranks 2 and 3 read past the end of their own 'src', each elsewhere.
  const FaultReport two = report_faults({fault(3, 3, "9..11"), fault(2, 3, "6..8")});
  CHECK(two.ranks == std::vector<int>{2, 3});
  CHECK(two.text == kOut +
                        "elements 6..8 of 'src' (6 elements) on rank 2; elements 9..11 of "
                        "'src' (6 elements) on rank 3");
  // Members at fault alike: the message alone, and every one of them named.
  const FaultReport alike = report_faults({fault(1, 3, "6..8"), fault(0, 3, "6..8")});
  CHECK(alike.ranks == std::vector<int>{0, 1});
  CHECK(alike.text == kOut + "elements 6..8 of 'src' (6 elements)");
  // Ranks sharing a fault are named together.
  const FaultReport grouped =
      report_faults({fault(0, 3, "6..8"), fault(1, 3, "9..11"), fault(2, 3, "6..8")});
  CHECK(grouped.text == kOut +
                            "elements 6..8 of 'src' (6 elements) on ranks 0, 2; elements "
                            "9..11 of 'src' (6 elements) on rank 1");
  // Messages with nothing in common are given whole.
  const FaultReport unlike = report_faults(
      {MemberFault{0, 1, "negative count -1 in access pattern"}, fault(1, 1, "6..8")});
  CHECK(unlike.text == "negative count -1 in access pattern on rank 0; " + kOut +
                           "elements 6..8 of 'src' (6 elements) on rank 1");
}

TEST_CASE("a report spells out a few faults and names the members of the rest") {
  std::vector<MemberFault> faults;
  for (int r = 0; r < 8; ++r) {
    faults.push_back(fault(r, 7, std::to_string(6 + 3 * r) + ".." + std::to_string(8 + 3 * r)));
  }
  const FaultReport report = report_faults(faults);
  CHECK(report.ranks.size() == 8);
  CHECK(report.text.find("on rank 3; and otherwise on ranks 4-7") != std::string::npos);
  CHECK(report.text.find("on rank 4;") == std::string::npos);
}

TEST_CASE("of several lists, the first to complete is reported, with those that read the same") {
  // Lists [0, 1] (complete at rank 1) and [2, 3] (at rank 3): nkirun meets
  // the first list's failure first.
  const FaultReport first = report_faults({fault(3, 3, "9..11"), fault(1, 1, "6..8")});
  CHECK(first.ranks == std::vector<int>{1});
  CHECK(first.text == kOut + "elements 6..8 of 'src' (6 elements)");
  // A later list failing alike is named with it.
  const FaultReport same = report_faults({fault(3, 3, "6..8"), fault(1, 1, "6..8")});
  CHECK(same.ranks == std::vector<int>{1, 3});
}

TEST_CASE("each member's operands are checked with its own offsets") {
  Machine m(4, default_platform());
  std::vector<std::shared_ptr<Buffer>> keep;
  std::vector<AccessPattern> srcs(4), dsts(4);
  for (int r = 0; r < 4; ++r) {
    keep.push_back(m.allocate(r, MemKind::hbm, DType::float32, {2, 3}, "src"));
    keep.push_back(m.allocate(r, MemKind::hbm, DType::float32, {1, 3}, "out"));
    // Row r of a 2-row tensor: past the end on ranks 2 and 3.
    srcs[static_cast<size_t>(r)] =
        AccessPattern{keep[keep.size() - 2].get(), 3 * r, {{3, 1}, {1, 3}}};
    dsts[static_cast<size_t>(r)] = AccessPattern{keep.back().get(), 0, {{3, 1}, {1, 3}}};
  }
  const std::vector<MemberFault> faults =
      collective_faults({{0, 1, 2, 3}}, {srcs.data()}, {dsts.data()});
  REQUIRE(faults.size() == 2);
  CHECK(faults[0].rank == 2);
  CHECK(faults[1].rank == 3);
  CHECK(faults[0].message == kOut + "elements 6..8 of 'src' (6 elements)");
  // A process holding only ranks 0 and 3 sees rank 3's fault alone.
  const auto held = collective_faults({{0, 1, 2, 3}}, {srcs.data()}, {dsts.data()},
                                      [](int r) { return r == 0 || r == 3; });
  REQUIRE(held.size() == 1);
  CHECK(held[0].rank == 3);
  const SourcePlace place{"k.py", 9, 5, 9, "    ncc.all_reduce(...)"};
  try {
    check_collective_bounds(place, "all_reduce", {{0, 1, 2, 3}}, {srcs.data()}, {dsts.data()});
    FAIL("no error");
  } catch (const LocatedError& e) {
    CHECK(e.ranks == std::vector<int>{2, 3});
    CHECK(std::string(e.what()) ==
          "all_reduce: " + kOut +
              "elements 6..8 of 'src' (6 elements) on rank 2; elements 9..11 of 'src' (6 "
              "elements) on rank 3");
  }
}
