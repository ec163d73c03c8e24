// The SPMD scheduler and the collective rendezvous, driven directly: each
// rank's body joins collectives as a kernel would, so the cases that an
// identical program on every rank cannot produce (ranks that never join,
// ranks that call different collectives) are covered too. No case may hang.
#include <doctest/doctest.h>

#include <functional>
#include <map>

#include "interp/spmd.h"

namespace {

using nkic::CompileError;
using nkic::Diagnostic;
using nkic::SourceFile;
using nkic::SourceRange;
using namespace nkic::interp;
namespace rt = nkic::rt;

const SourceFile kFile("k.py", "line1\n    line2\n    line3\n    line4\nline5\n");

SourceRange at(int line, int col) {
  SourceRange r;
  r.file = &kFile;
  r.begin = {line, col};
  r.end = {line, col + 1};
  return r;
}

std::string text(const Diagnostic& d) {
  return d.range.file->path() + ":" + std::to_string(d.range.begin.line) + ":" +
         std::to_string(d.range.begin.col) + ": " + d.message;
}

struct Step {
  CollectiveKind kind;
  std::vector<std::vector<int>> groups;
  int line;
};

// Runs `steps[rank]` on each rank (a rank with no steps just finishes, at
// line 5); every collective moves one 2x2 float32 shared-HBM tensor.
std::optional<Diagnostic> run(int ranks, const std::map<int, std::vector<Step>>& steps) {
  rt::Machine machine(ranks, rt::default_platform());
  Spmd spmd(ranks);
  return spmd.run([&](int rank) {
    auto it = steps.find(rank);
    if (it != steps.end()) {
      for (const Step& s : it->second) {
        auto buf = machine.allocate(rank, rt::MemKind::shared_hbm, rt::DType::float32, {2, 2}, "t");
        auto t = std::make_shared<const rt::TensorView>(buf);
        CollectiveCall call;
        call.kind = s.kind;
        call.rank = rank;
        call.range = at(s.line, 5);
        call.srcs = {t};
        call.dsts = {t};
        call.group.groups = s.groups;
        if (s.kind == CollectiveKind::all_reduce) call.op = rt::AluOp::add;
        if (s.kind == CollectiveKind::all_gather) call.collective_dim = 0;
        spmd.join(std::move(call));
      }
    }
    spmd.set_finish_place(rank, at(5, 1));
  });
}

}  // namespace

TEST_CASE("spmd: a complete rendezvous runs without error") {
  const Step ar{CollectiveKind::all_reduce, {{0, 1, 2}}, 2};
  CHECK_FALSE(run(3, {{0, {ar}}, {1, {ar}}, {2, {ar}}}));
}

TEST_CASE("spmd: a rank that finishes without joining is a deadlock") {
  const Step ar{CollectiveKind::all_reduce, {{0, 1, 2}}, 2};
  const auto d = run(3, {{0, {ar}}, {1, {ar}}});
  REQUIRE(d);
  CHECK(text(*d) ==
        "k.py:2:5: all_reduce on ranks 0, 1 waits for rank 2, which finished at k.py:5:1 "
        "without joining");
  CHECK(d->ranks == std::vector<int>{0, 1});
}

TEST_CASE("spmd: a rank that waits in another collective is a deadlock") {
  // Rank 1 waits in an all_gather with rank 2; rank 2 completes an all_reduce
  // with rank 0 instead and finishes; rank 0's next all_reduce, with rank 1,
  // then waits for rank 1, which waits in the all_gather.
  const Step with_two{CollectiveKind::all_reduce, {{0, 2}}, 2};
  const Step gather{CollectiveKind::all_gather, {{1, 2}}, 3};
  const Step with_one{CollectiveKind::all_reduce, {{0, 1}}, 4};
  const auto d = run(3, {{0, {with_two, with_one}}, {1, {gather}}, {2, {with_two}}});
  REQUIRE(d);
  CHECK(text(*d) ==
        "k.py:4:5: all_reduce on rank 0 waits for rank 1, which waits in all_gather at k.py:3:5");
  CHECK(d->ranks == std::vector<int>{0});
  REQUIRE(d->notes.size() == 1);
  CHECK(text(d->notes[0]) == "k.py:3:5: rank 1 waits in all_gather here");
}

TEST_CASE("spmd: members calling different collectives") {
  const auto d = run(2, {{0, {{CollectiveKind::all_reduce, {{0, 1}}, 2}}},
                         {1, {{CollectiveKind::all_gather, {{0, 1}}, 3}}}});
  REQUIRE(d);
  CHECK(text(*d) == "k.py:3:5: rank 1 calls all_gather but rank 0 calls all_reduce (k.py:2:5)");
  CHECK(d->ranks == std::vector<int>{0, 1});
  REQUIRE(d->notes.size() == 1);
  CHECK(text(d->notes[0]) == "k.py:2:5: rank 0 calls all_reduce here");
}

TEST_CASE("spmd: members naming different replica groups") {
  const auto d = run(3, {{0, {{CollectiveKind::all_reduce, {{0, 1}}, 2}}},
                         {1, {{CollectiveKind::all_reduce, {{1, 2}}, 3}}}});
  REQUIRE(d);
  CHECK(text(*d) ==
        "k.py:3:5: all_reduce on rank 1 uses replica group [[1, 2]], but rank 0 waits in "
        "all_reduce with replica group [[0, 1]] at k.py:2:5");
}

TEST_CASE("spmd: an error on one rank stops the others, which are waiting") {
  rt::Machine machine(3, rt::default_platform());
  Spmd spmd(3);
  const auto d = spmd.run([&](int rank) {
    if (rank == 1) {
      nkic::Diagnostic e;
      e.range = at(3, 5);
      e.message = "boom";
      e.ranks = {1};
      throw CompileError(e);
    }
    auto buf = machine.allocate(rank, rt::MemKind::shared_hbm, rt::DType::float32, {2, 2}, "t");
    auto t = std::make_shared<const rt::TensorView>(buf);
    CollectiveCall call;
    call.rank = rank;
    call.range = at(2, 5);
    call.srcs = call.dsts = {t};
    call.group.groups = {{0, 1, 2}};
    call.op = rt::AluOp::add;
    spmd.join(std::move(call));
  });
  REQUIRE(d);
  CHECK(text(*d) == "k.py:3:5: boom");
  CHECK(d->ranks == std::vector<int>{1});
}

namespace {

// Ranks 0 and 1 each call a ring permute over [[1, 0]] (or, with pairs,
// collective_permute) as `make(rank, call)` finishes the call.
std::optional<Diagnostic> run_permute(CollectiveKind kind,
                                      const std::function<void(int, CollectiveCall&)>& make) {
  rt::Machine machine(2, rt::default_platform());
  Spmd spmd(2);
  return spmd.run([&](int rank) {
    auto src = machine.allocate(rank, rt::MemKind::shared_hbm, rt::DType::float32, {2, 2}, "s");
    auto dst = machine.allocate(rank, rt::MemKind::shared_hbm, rt::DType::float32, {2, 2}, "d");
    CollectiveCall call;
    call.kind = kind;
    call.rank = rank;
    call.ranks = 2;
    call.range = at(2 + rank, 5);
    call.srcs = {std::make_shared<const rt::TensorView>(src)};
    call.dsts = {std::make_shared<const rt::TensorView>(dst)};
    call.group.groups = {{1, 0}};
    make(rank, call);
    spmd.join(std::move(call));
  });
}

}  // namespace

TEST_CASE("spmd: ring members passing different channel_ids") {
  const auto d = run_permute(CollectiveKind::permute_implicit, [](int rank, CollectiveCall& c) {
    c.channel_ids = rank == 0 ? std::vector<int64_t>{0} : std::vector<int64_t>{1};
  });
  REQUIRE(d);
  // Rank 1 arrives first (the list's member 0), rank 0 completes the call.
  CHECK(text(*d) ==
        "k.py:2:5: collective_permute_implicit: channel_ids [0] on rank 0 but [1] on rank 1 "
        "(k.py:3:5)");
  CHECK(d->ranks == std::vector<int>{1, 0});
  REQUIRE(d->notes.size() == 1);
  CHECK(text(d->notes[0]) == "k.py:3:5: rank 1 calls collective_permute_implicit here");
}

TEST_CASE("spmd: ring members with different channel counts") {
  const auto d = run_permute(CollectiveKind::permute_implicit, [](int rank, CollectiveCall& c) {
    c.channel_ids = {0};
    if (rank == 0) {
      c.channel_ids = {0, 1};
      c.srcs.push_back(c.srcs[0]);
      c.dsts.push_back(c.dsts[0]);
    }
  });
  REQUIRE(d);
  CHECK(text(*d) ==
        "k.py:2:5: collective_permute_implicit: channel_ids [0, 1] on rank 0 but [0] on rank 1 "
        "(k.py:3:5)");
  CHECK(d->ranks == std::vector<int>{1, 0});
}

TEST_CASE("spmd: collective_permute members passing different pairs") {
  const auto d = run_permute(CollectiveKind::permute, [](int rank, CollectiveCall& c) {
    c.group.groups = {{0, 1}};
    c.pairs = rank == 0 ? std::vector<std::pair<int, int>>{{0, 1}, {1, 0}}
                        : std::vector<std::pair<int, int>>{{1, 0}, {0, 1}};
  });
  REQUIRE(d);
  CHECK(text(*d) ==
        "k.py:3:5: collective_permute: source_target_pairs [(1, 0), (0, 1)] on rank 1 but "
        "[(0, 1), (1, 0)] on rank 0 (k.py:2:5)");
  CHECK(d->ranks == std::vector<int>{0, 1});
}

TEST_CASE("spmd: ring members whose srcs differ") {
  rt::Machine machine(2, rt::default_platform());
  const auto d = run_permute(CollectiveKind::permute_implicit, [&](int rank, CollectiveCall& c) {
    c.channel_ids = {0};
    if (rank != 0) return;
    auto wide = machine.allocate(0, rt::MemKind::shared_hbm, rt::DType::float32, {2, 3}, "w");
    c.srcs = {std::make_shared<const rt::TensorView>(wide)};
  });
  REQUIRE(d);
  // Rank 0's [2, 3] src would not fit rank 1's dst either; that the ranks'
  // srcs disagree is found first.
  CHECK(text(*d) ==
        "k.py:2:5: collective_permute_implicit: srcs[0] is [2, 3] float32 on rank 0 but [2, 2] "
        "float32 on rank 1 (k.py:3:5)");
  CHECK(d->ranks == std::vector<int>{1, 0});
}
