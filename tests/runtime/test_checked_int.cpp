// The checked-integer module against Python's own integers: pattern extents,
// slice spans and range sizes and membership for values at and near the
// int64 limits, each compared with what /usr/bin/python3 computes exactly.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "python_oracle.h"
#include "runtime/access_pattern.h"
#include "runtime/checked_int.h"

namespace {

using nkic::rt::Dim;

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
const std::vector<int64_t> kValues = {0,    1,        -1,       2,        -2,       3,
                                      10,   -10,      kMax,     kMin,     kMax - 1, kMin + 1,
                                      1LL << 62, -(1LL << 62), (1LL << 62) + 1, kMax / 2 + 7};

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string text(std::optional<int64_t> v) { return v ? std::to_string(*v) : "None"; }

}  // namespace

TEST_CASE("checked_int: pattern extents are Python's, or none beyond int64") {
  std::vector<std::pair<int64_t, std::vector<Dim>>> cases;
  for (int64_t offset : kValues) {
    for (int64_t step : kValues) {
      for (int64_t count : {1, 2, 3, 7}) cases.push_back({offset, {{step, count}, {1, 2}}});
    }
  }
  std::string script = "M = 2**63\ncases = [\n";
  for (const auto& [offset, dims] : cases) {
    script += "  (" + std::to_string(offset) + ", [";
    for (const Dim& d : dims) script += "(" + std::to_string(d.step) + ", " + std::to_string(d.count) + "), ";
    script += "]),\n";
  }
  script += R"(]
for offset, dims in cases:
    lo = offset + sum(min(0, s * (c - 1)) for s, c in dims)
    hi = offset + sum(max(0, s * (c - 1)) for s, c in dims)
    print('none' if lo < -M or hi >= M else f'{lo} {hi}')
)";
  nkic::test::ScratchDir dir;
  const std::vector<std::string> want = lines(nkic::test::run_python(dir, script));
  REQUIRE(want.size() == cases.size());
  for (size_t i = 0; i < cases.size(); ++i) {
    const auto e = nkic::rt::extent_if_fits(cases[i].first, cases[i].second);
    CAPTURE(i);
    CHECK((e ? std::to_string(e->lo) + " " + std::to_string(e->hi) : std::string("none")) ==
          want[i]);
  }
}

TEST_CASE("checked_int: slice spans are slice.indices(), range sizes len(range())") {
  const std::vector<std::optional<int64_t>> bounds = {std::nullopt, 0, 1, -1, 5, -5, 9, 10, -11,
                                                      kMax, kMin, kMax - 1, kMin + 1, 1LL << 62};
  const std::vector<std::optional<int64_t>> steps = {std::nullopt, 1, -1, 2, -3, kMax, kMin,
                                                     kMin + 1, 1LL << 62};
  std::string script = "import itertools\nM = 2**63\nB = [";
  for (const auto& b : bounds) script += text(b) + ", ";
  script += "]\nS = [";
  for (const auto& s : steps) script += text(s) + ", ";
  script += R"(]
for n in (0, 1, 10):
    for a, b, c in itertools.product(B, B, S):
        start, stop, step = slice(a, b, c).indices(n)
        count = len(range(start, stop, step))
        print(f'{start if count else 0} {count}')
V = [v for v in B if v is not None]
for a, b, c in itertools.product(V, V, [s for s in S if s]):
    r = range(a, b, c)
    size = max(0, (b - a + c - (1 if c > 0 else -1)) // c)  # len() stops at 2**63 - 1
    print(size, ''.join('1' if x in r else '0' for x in V))
)";
  nkic::test::ScratchDir dir;
  const std::vector<std::string> want = lines(nkic::test::run_python(dir, script));
  size_t line = 0;
  for (int64_t n : {0, 1, 10}) {
    for (const auto& a : bounds) {
      for (const auto& b : bounds) {
        for (const auto& c : steps) {
          REQUIRE(line < want.size());
          const nkic::rt::SliceSpan s = nkic::rt::slice_span(a, b, c, n);
          CAPTURE(n);
          CAPTURE(text(a) + ":" + text(b) + ":" + text(c));
          CHECK(std::to_string(s.count ? s.start : 0) + " " + std::to_string(s.count) ==
                want[line++]);
        }
      }
    }
  }
  for (const auto& a : bounds) {
    for (const auto& b : bounds) {
      for (const auto& c : steps) {
        if (!a || !b || !c || *c == 0) continue;
        REQUIRE(line < want.size());
        std::string got = std::to_string(nkic::rt::range_size(*a, *b, *c)) + " ";
        for (const auto& x : bounds) {
          if (x) got += nkic::rt::range_contains(*a, *b, *c, *x) ? "1" : "0";
        }
        CAPTURE(text(a) + ", " + text(b) + ", " + text(c));
        CHECK(got == want[line++]);
      }
    }
  }
  CHECK(line == want.size());
}
