// Rerolling on synthetic traces: affine loops become one loop whatever their
// length, nested loops reroll inside out, per-iteration buffers merge, and
// anything not affine (or a buffer that outlives its iteration) is unrolled.
#include <doctest/doctest.h>

#include <limits>
#include <string>

#include "codegen/reroll.h"
#include "frontend/source.h"

namespace nkic::codegen {
namespace {

// A kernel file whose line n is "line n", so instructions have places.
const SourceFile& source() {
  static const SourceFile file("k.py", "line 1\nline 2\nline 3\nline 4\nline 5\n");
  return file;
}

SourceRange at(int line) {
  SourceRange r;
  r.file = &source();
  r.begin = {line, 1};
  r.end = {line, 7};
  return r;
}

// A program with `n` HBM buffers of 1M float32 each.
Program program_with(int n) {
  Program p;
  for (int i = 0; i < n; ++i) {
    BufferDecl b;
    b.id = i;
    b.shape = {1 << 20};
    b.name = "b" + std::to_string(i);
    p.buffers.push_back(b);
  }
  return p;
}

int add_buffer(Program& p, rt::MemKind kind) {
  BufferDecl b;
  b.id = static_cast<int>(p.buffers.size());
  b.kind = kind;
  b.shape = {128, 4};
  p.buffers.push_back(b);
  return b.id;
}

Operand row(int buffer, int64_t offset) {
  Operand o;
  o.buffer = buffer;
  o.offset.constant = offset;
  o.dims = {{1, 128}};
  return o;
}

Instr copy(int dst, int64_t dst_offset, int src, int64_t src_offset, int line = 2) {
  Instr i;
  i.op = rt::DeviceOp{rt::DmaCopy{}};
  i.where = at(line);
  i.dsts.push_back(row(dst, dst_offset));
  i.srcs.push_back(row(src, src_offset));
  return i;
}

// A loop of `n` iterations, iteration k holding make(k); sequence numbers
// follow the instructions.
template <typename F>
TraceNode loop_of(int64_t n, F make, int64_t* seq) {
  auto loop = std::make_unique<TraceLoop>();
  loop->where = at(1);
  for (int64_t k = 0; k < n; ++k) {
    TraceIteration it;
    it.first = *seq;
    it.body = make(k);
    *seq += static_cast<int64_t>(it.body.size());
    it.last = *seq - 1;
    loop->iterations.push_back(std::move(it));
  }
  return TraceNode(std::move(loop));
}

std::vector<TraceNode> one(Instr i) {
  std::vector<TraceNode> v;
  v.emplace_back(std::move(i));
  return v;
}

const Loop& as_loop(const Node& n) {
  REQUIRE(std::holds_alternative<std::unique_ptr<Loop>>(n));
  return *std::get<std::unique_ptr<Loop>>(n);
}

const Instr& as_instr(const Node& n) {
  REQUIRE(std::holds_alternative<Instr>(n));
  return std::get<Instr>(n);
}

TEST_CASE("a 4096-iteration affine loop becomes one loop of one instruction") {
  constexpr int64_t kRows = 4096;
  Program p = program_with(2);
  Trace t;
  int64_t seq = 0;
  t.body.push_back(loop_of(kRows, [](int64_t k) { return one(copy(1, 128 * k, 0, 4 + 512 * k)); },
                           &seq));
  reroll(std::move(t), p);
  REQUIRE(p.body.size() == 1);
  const Loop& l = as_loop(p.body[0]);
  CHECK(l.count == kRows);
  CHECK(l.var == 0);
  CHECK(p.loop_vars == 1);
  REQUIRE(l.body.size() == 1);
  const Instr& i = as_instr(l.body[0]);
  CHECK(i.dsts[0].offset == Affine{0, {{0, 128}}});
  CHECK(i.srcs[0].offset == Affine{4, {{0, 512}}});
}

TEST_CASE("offsets that are not affine in the index unroll the loop") {
  Program p = program_with(2);
  Trace t;
  int64_t seq = 0;
  t.body.push_back(loop_of(4, [](int64_t k) { return one(copy(1, k * k, 0, 0)); }, &seq));
  reroll(std::move(t), p);
  REQUIRE(p.body.size() == 4);
  for (int64_t k = 0; k < 4; ++k) {
    const Instr& i = as_instr(p.body[static_cast<size_t>(k)]);
    CHECK(i.dsts[0].offset == Affine{k * k, {}});
    CHECK(i.srcs[0].offset.is_constant());
  }
  CHECK(p.loop_vars == 0);
}

TEST_CASE("nested loops reroll inside out into nested loops") {
  Program p = program_with(2);
  Trace t;
  int64_t seq = 0;
  t.body.push_back(loop_of(
      3,
      [&](int64_t i) {
        std::vector<TraceNode> body;
        body.push_back(loop_of(
            5, [&](int64_t j) { return one(copy(1, 64 * i + 16 * j + 3, 0, 7 * j)); }, &seq));
        return body;
      },
      &seq));
  reroll(std::move(t), p);
  REQUIRE(p.body.size() == 1);
  const Loop& outer = as_loop(p.body[0]);
  CHECK(outer.count == 3);
  REQUIRE(outer.body.size() == 1);
  const Loop& inner = as_loop(outer.body[0]);
  CHECK(inner.count == 5);
  CHECK(inner.var == 1);
  CHECK(p.loop_vars == 2);
  const Instr& i = as_instr(inner.body[0]);
  CHECK(i.dsts[0].offset == Affine{3, {{1, 16}, {0, 64}}});
  CHECK(i.srcs[0].offset == Affine{0, {{1, 7}}});
}

TEST_CASE("an inner loop that differs per outer iteration keeps the outer one unrolled") {
  Program p = program_with(2);
  Trace t;
  int64_t seq = 0;
  // The inner trip count grows with i: the outer iterations are not alike.
  t.body.push_back(loop_of(
      3,
      [&](int64_t i) {
        std::vector<TraceNode> body;
        body.push_back(
            loop_of(i + 2, [&](int64_t j) { return one(copy(1, 8 * j, 0, 0)); }, &seq));
        return body;
      },
      &seq));
  reroll(std::move(t), p);
  REQUIRE(p.body.size() == 3);
  for (size_t i = 0; i < 3; ++i) CHECK(as_loop(p.body[i]).count == static_cast<int64_t>(i) + 2);
}

TEST_CASE("buffers allocated in each iteration become one reused buffer") {
  Program p = program_with(2);
  std::vector<int> tiles;
  for (int k = 0; k < 6; ++k) tiles.push_back(add_buffer(p, rt::MemKind::sbuf));
  Trace t;
  t.buffer_last_use.assign(p.buffers.size(), -1);
  int64_t seq = 0;
  TraceNode node = loop_of(
      6,
      [&](int64_t k) {
        std::vector<TraceNode> body;
        body.emplace_back(copy(tiles[static_cast<size_t>(k)], 0, 0, 128 * k));
        body.emplace_back(copy(1, 128 * k, tiles[static_cast<size_t>(k)], 0, 3));
        return body;
      },
      &seq);
  auto& loop = *std::get<std::unique_ptr<TraceLoop>>(node);
  for (size_t k = 0; k < 6; ++k) {
    loop.iterations[k].buffers = {tiles[k]};
    t.buffer_last_use[static_cast<size_t>(tiles[k])] = loop.iterations[k].last;
  }
  t.body.push_back(std::move(node));
  reroll(std::move(t), p);
  REQUIRE(p.body.size() == 1);
  const Loop& l = as_loop(p.body[0]);
  CHECK(l.count == 6);
  REQUIRE(l.body.size() == 2);
  CHECK(as_instr(l.body[0]).dsts[0].buffer == tiles[0]);
  CHECK(as_instr(l.body[1]).srcs[0].buffer == tiles[0]);
  CHECK(as_instr(l.body[1]).dsts[0].offset == Affine{0, {{0, 128}}});
}

TEST_CASE("a buffer used after its iteration keeps the loop unrolled") {
  Program p = program_with(2);
  std::vector<int> tiles;
  for (int k = 0; k < 3; ++k) tiles.push_back(add_buffer(p, rt::MemKind::sbuf));
  Trace t;
  t.buffer_last_use.assign(p.buffers.size(), -1);
  int64_t seq = 0;
  TraceNode node = loop_of(
      3, [&](int64_t k) { return one(copy(tiles[static_cast<size_t>(k)], 0, 0, 128 * k)); },
      &seq);
  auto& loop = *std::get<std::unique_ptr<TraceLoop>>(node);
  for (size_t k = 0; k < 3; ++k) {
    loop.iterations[k].buffers = {tiles[k]};
    t.buffer_last_use[static_cast<size_t>(tiles[k])] = loop.iterations[k].last;
  }
  // The last tile is read after the loop.
  t.buffer_last_use[static_cast<size_t>(tiles[2])] = seq;
  t.body.push_back(std::move(node));
  t.body.emplace_back(copy(1, 0, tiles[2], 0, 4));
  reroll(std::move(t), p);
  REQUIRE(p.body.size() == 4);
  for (size_t k = 0; k < 3; ++k) CHECK(as_instr(p.body[k]).dsts[0].buffer == tiles[k]);
}

TEST_CASE("iterations allocating buffers of different shapes are not merged") {
  Program p = program_with(2);
  const int a = add_buffer(p, rt::MemKind::sbuf);
  const int b = add_buffer(p, rt::MemKind::sbuf);
  p.buffers[static_cast<size_t>(b)].shape = {128, 8};
  Trace t;
  t.buffer_last_use.assign(p.buffers.size(), -1);
  int64_t seq = 0;
  const int tiles[] = {a, b};
  TraceNode node = loop_of(2, [&](int64_t k) { return one(copy(tiles[k], 0, 0, 0)); }, &seq);
  auto& loop = *std::get<std::unique_ptr<TraceLoop>>(node);
  loop.iterations[0].buffers = {a};
  loop.iterations[1].buffers = {b};
  t.body.push_back(std::move(node));
  reroll(std::move(t), p);
  CHECK(p.body.size() == 2);
}

TEST_CASE("loops without instructions disappear, single iterations are spliced") {
  Program p = program_with(2);
  Trace t;
  int64_t seq = 0;
  t.body.push_back(loop_of(100, [](int64_t) { return std::vector<TraceNode>{}; }, &seq));
  t.body.push_back(loop_of(1, [](int64_t) { return one(copy(1, 5, 0, 6)); }, &seq));
  t.body.push_back(loop_of(0, [](int64_t) { return one(copy(1, 5, 0, 6)); }, &seq));
  reroll(std::move(t), p);
  REQUIRE(p.body.size() == 1);
  CHECK(as_instr(p.body[0]).dsts[0].offset == Affine{5, {}});
  CHECK(p.loop_vars == 0);
}

TEST_CASE("iterations that differ in anything but offsets are unrolled") {
  Program p = program_with(3);
  Trace t;
  int64_t seq = 0;
  // Iteration 1 reads another buffer.
  t.body.push_back(
      loop_of(3, [](int64_t k) { return one(copy(1, 128 * k, k == 1 ? 2 : 0, 0)); }, &seq));
  // Iteration 2 copies more elements.
  t.body.push_back(loop_of(
      3,
      [](int64_t k) {
        Instr i = copy(1, 128 * k, 0, 0);
        if (k == 2) i.dsts[0].dims[0].count = 64;
        return one(i);
      },
      &seq));
  reroll(std::move(t), p);
  CHECK(p.body.size() == 6);
}

// A memset of `value` into row k.
Instr fill(int64_t k, double value) {
  Instr i;
  i.op = rt::DeviceOp{rt::Memset{rt::Scalar::of(value), 0}};
  i.where = at(2);
  i.dsts.push_back(row(0, 128 * k));
  return i;
}

TEST_CASE("constants are alike only bit for bit: -0.0 is not 0.0, a NaN is itself") {
  Program p = program_with(1);
  Trace t;
  int64_t seq = 0;
  // 0.0 == -0.0 as doubles, but they write other bytes: unrolled.
  t.body.push_back(loop_of(3, [](int64_t k) { return one(fill(k, k == 1 ? -0.0 : 0.0)); }, &seq));
  reroll(std::move(t), p);
  CHECK(p.body.size() == 3);
  Program q = program_with(1);
  Trace u;
  seq = 0;
  // NaN != NaN as doubles, but every iteration writes the same bytes: one loop.
  const double nan = -std::numeric_limits<double>::quiet_NaN();
  u.body.push_back(loop_of(3, [&](int64_t k) { return one(fill(k, nan)); }, &seq));
  reroll(std::move(u), q);
  REQUIRE(q.body.size() == 1);
  CHECK(as_loop(q.body[0]).count == 3);
}

TEST_CASE("run-time offsets from buffer elements reroll on their element offsets") {
  Program p = program_with(3);
  Trace t;
  int64_t seq = 0;
  t.body.push_back(loop_of(
      8,
      [](int64_t k) {
        Instr i = copy(1, 0, 0, 0);
        DynamicOffset d;
        d.buffer = 2;
        d.element.constant = 10 + 2 * k;
        d.multiplier = 128;
        i.srcs[0].dynamic.push_back(d);
        return one(i);
      },
      &seq));
  reroll(std::move(t), p);
  REQUIRE(p.body.size() == 1);
  const Instr& i = as_instr(as_loop(p.body[0]).body[0]);
  REQUIRE(i.srcs[0].dynamic.size() == 1);
  CHECK(i.srcs[0].dynamic[0].element == Affine{10, {{0, 2}}});
  CHECK(i.srcs[0].dynamic[0].multiplier == 128);
  CHECK(i.dsts[0].offset == Affine{0, {}});
}

// ---- loops split where LNC programs met (reroll_runs.h) ----------------------

Instr on_program(Instr i, int program) {
  i.program = program;
  return i;
}

Instr allocation(int buffer, int line, int program) {
  Instr i;
  i.op = Allocate{};
  i.where = at(line);
  i.buffer = buffer;
  i.program = program;
  return i;
}

Instr exchange(int dst0, int dst1, int src0, int src1) {
  Instr i;
  i.op = rt::DeviceOp{rt::LncExchange{}};
  i.where = at(4);
  i.program = 1;
  i.dsts = {row(dst0, 0), row(dst1, 0)};
  i.srcs = {row(src0, 0), row(src1, 0)};
  return i;
}

// A trace whose top level is `nodes`, all of it one split loop's stretch.
Trace split(std::vector<Instr> nodes) {
  Trace t;
  for (Instr& i : nodes) t.body.emplace_back(std::move(i));
  t.split_loops.push_back(SplitLoop{0, t.body.size(), at(1)});
  return t;
}

TEST_CASE("a split loop's straight-line repeats become one loop over both programs") {
  // Each repeat: program 0 copies row k in, program 1 row k + 100, then they
  // swap: 1000 repeats make one loop of three instructions.
  Program p = program_with(4);
  std::vector<Instr> body;
  for (int64_t k = 0; k < 1000; ++k) {
    body.push_back(on_program(copy(1, 0, 0, 128 * k), 0));
    body.push_back(on_program(copy(2, 0, 0, 128 * (k + 100)), 1));
    body.push_back(exchange(3, 3, 1, 2));
  }
  reroll(split(std::move(body)), p);
  REQUIRE(p.body.size() == 1);
  const Loop& l = as_loop(p.body[0]);
  CHECK(l.count == 1000);
  CHECK(l.where.begin.line == 1);
  REQUIRE(l.body.size() == 3);
  CHECK(as_instr(l.body[0]).srcs[0].offset == Affine{0, {{0, 128}}});
  CHECK(as_instr(l.body[1]).srcs[0].offset == Affine{12800, {{0, 128}}});
  CHECK(as_instr(l.body[1]).program == 1);
  CHECK(as_instr(l.body[2]).as<rt::DeviceOp>() != nullptr);
  CHECK(p.loop_vars == 1);
}

TEST_CASE("straight-line code outside a split loop is left as it is") {
  Program p = program_with(2);
  Trace t;
  for (int64_t k = 0; k < 8; ++k) t.body.emplace_back(copy(1, 128 * k, 0, 0));
  reroll(std::move(t), p);
  CHECK(p.body.size() == 8);
}

TEST_CASE("a tile made in one repeat and used in the next is one tile the loop remakes") {
  // Program 0 allocates tile k, the exchange fills it, and the next repeat
  // reads it: each tile is dead before the next is made.
  Program p = program_with(2);
  std::vector<int> tiles;
  for (int k = 0; k < 6; ++k) tiles.push_back(add_buffer(p, rt::MemKind::sbuf));
  // The first tile is allocated before the loop's stretch; the last is read
  // after it.
  std::vector<Instr> body;
  for (size_t k = 0; k < 5; ++k) {
    body.push_back(exchange(tiles[k], 1, 0, 0));
    body.push_back(on_program(copy(1, 128 * static_cast<int64_t>(k), tiles[k], 0, 5), 0));
    body.push_back(allocation(tiles[k + 1], 3, 0));
  }
  Trace t = split(std::move(body));
  t.body.insert(t.body.begin(), TraceNode(allocation(tiles[0], 3, 0)));
  t.split_loops[0] = SplitLoop{1, t.body.size(), at(1)};
  t.body.emplace_back(on_program(copy(1, 0, tiles[5], 0, 5), 0));
  reroll(std::move(t), p);
  REQUIRE(p.body.size() == 3);
  CHECK(as_instr(p.body[0]).buffer == tiles[0]);
  const Loop& l = as_loop(p.body[1]);
  CHECK(l.count == 5);
  REQUIRE(l.body.size() == 3);
  CHECK(as_instr(l.body[0]).dsts[0].buffer == tiles[0]);
  CHECK(as_instr(l.body[1]).srcs[0].buffer == tiles[0]);
  CHECK(as_instr(l.body[1]).dsts[0].offset == Affine{0, {{0, 128}}});
  CHECK(as_instr(l.body[2]).buffer == tiles[0]);
  // The last tile, read after the loop, is the loop's tile too.
  CHECK(as_instr(p.body[2]).srcs[0].buffer == tiles[0]);
}

TEST_CASE("tiles alive together, or read after the loop, stay apart") {
  // Every repeat allocates a tile that the last instruction reads: merging
  // them would lose all but the last.
  Program p = program_with(2);
  std::vector<int> tiles;
  for (int k = 0; k < 4; ++k) tiles.push_back(add_buffer(p, rt::MemKind::sbuf));
  std::vector<Instr> body;
  for (size_t k = 0; k < 4; ++k) {
    body.push_back(allocation(tiles[k], 3, 0));
    body.push_back(exchange(tiles[k], 1, 0, 0));
  }
  Instr sum = on_program(copy(1, 0, tiles[0], 0, 5), 0);
  for (size_t k = 1; k < 4; ++k) sum.srcs.push_back(row(tiles[k], 0));
  body.push_back(std::move(sum));
  reroll(split(std::move(body)), p);
  CHECK(p.body.size() == 9);
}

TEST_CASE("a register of each repeat read before it is written is not merged") {
  Program p = program_with(2);
  for (int r = 0; r < 3; ++r) p.registers.push_back(RegisterDecl{r, at(2)});
  std::vector<Instr> body;
  for (int r = 0; r < 3; ++r) {
    Instr i = on_program(copy(1, 0, 0, 0), 0);
    i.reg_srcs = {r};
    body.push_back(std::move(i));
  }
  reroll(split(std::move(body)), p);
  CHECK(p.body.size() == 3);
}

}  // namespace
}  // namespace nkic::codegen
