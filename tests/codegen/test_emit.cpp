// The C++ emitter on a small hand-made program that uses every instruction
// kind, a loop with affine and run-time offsets, and names chosen to break
// generated code: the output must compile (syntax only; running generated
// programs is the end-to-end tests' business) and keep every name inside
// escaped literals and sanitised identifiers.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <string>

#include "codegen/cpp_literals.h"
#include "codegen/emit_cpp.h"

namespace nkic::codegen {
namespace {

const std::string kEvil = "x\"); system(\"rm -rf /\"); //";

// The kernel file: its path and its line 1 are hostile too (a comment
// closer, and a backslash that would continue a // comment).
const SourceFile& source() {
  static const SourceFile file(kEvil + ".py", "out = f(x) */ \\\nline 2\n");
  return file;
}

SourceRange at(int line) {
  SourceRange r;
  r.file = &source();
  r.begin = {line, 1};
  r.end = {line, 4};
  return r;
}

Operand whole(int buffer, int64_t rows, int64_t cols) {
  Operand o;
  o.buffer = buffer;
  o.dims = {{cols, rows}, {1, cols}};
  return o;
}

Instr make(InstrOp op, int line = 1) {
  Instr i;
  i.op = std::move(op);
  i.where = at(line);
  return i;
}

Program sample() {
  Program p;
  p.file = kEvil + ".py";
  p.kernel = "\xd1\x8f\xd0\xb4\xd1\x80\xd0\xbe";  // unicode
  p.ranks = 4;
  p.platform = "trn2";
  auto buffer = [&](rt::MemKind kind, rt::DType t, std::vector<int64_t> shape, std::string name) {
    BufferDecl b;
    b.id = static_cast<int>(p.buffers.size());
    b.kind = kind;
    b.dtype = t;
    b.shape = std::move(shape);
    b.name = std::move(name);
    p.buffers.push_back(b);
    return b.id;
  };
  const int in = buffer(rt::MemKind::hbm, rt::DType::bfloat16, {8, 4}, kEvil);
  const int shared = buffer(rt::MemKind::shared_hbm, rt::DType::bfloat16, {8, 4}, "*/ s");
  const int idx = buffer(rt::MemKind::sbuf, rt::DType::int32, {1, 1}, "idx\n");
  p.buffers[static_cast<size_t>(in)].input = 0;
  p.inputs.push_back(Input{kEvil, in});
  RegisterDecl r;
  r.id = 0;
  p.registers.push_back(r);

  Instr rank = make(rt::DeviceOp{rt::RankId{}});
  rank.reg_dsts = {0};
  p.body.emplace_back(rank);
  Instr move = make(rt::DeviceOp{rt::RegisterMove{std::numeric_limits<int64_t>::min()}});
  move.reg_dsts = {0};
  p.body.emplace_back(move);
  Instr load = make(rt::DeviceOp{rt::RegisterLoad{}});
  load.reg_dsts = {0};
  load.srcs.push_back(whole(idx, 1, 1));
  p.body.emplace_back(load);
  Instr store = make(rt::DeviceOp{rt::RegisterStore{}});
  store.reg_srcs = {0};
  store.dsts.push_back(whole(idx, 1, 1));
  p.body.emplace_back(store);
  Instr nan =
      make(rt::DeviceOp{rt::Memset{rt::Scalar::of(std::numeric_limits<double>::quiet_NaN())}});
  nan.dsts.push_back(whole(shared, 8, 4));
  p.body.emplace_back(nan);

  auto loop = std::make_unique<Loop>();
  loop->var = 0;
  loop->count = 8;
  loop->where = at(2);
  Instr row = make(rt::DeviceOp{rt::DmaCopy{true}}, 2);
  row.dsts.push_back(whole(shared, 1, 4));
  row.dsts[0].offset = Affine{0, {{0, 4}}};
  row.srcs.push_back(whole(in, 1, 4));
  DynamicOffset by_reg;
  by_reg.reg = 0;
  by_reg.multiplier = 4;
  DynamicOffset by_element;
  by_element.buffer = idx;
  by_element.multiplier = 4;
  row.srcs[0].dynamic = {by_reg, by_element};
  loop->body.emplace_back(row);
  p.body.emplace_back(std::move(loop));
  p.loop_vars = 1;

  rt::ReplicaGroup pairs{{{0, 1}, {3, 2}}};
  for (rt::CollectiveKind k : {rt::CollectiveKind::all_reduce, rt::CollectiveKind::all_gather,
                               rt::CollectiveKind::reduce_scatter, rt::CollectiveKind::all_to_all,
                               rt::CollectiveKind::permute_implicit}) {
    Instr c = make(rt::CollectiveOp{k, rt::AluOp::add, 0, pairs, {}});
    c.srcs.push_back(whole(shared, 8, 4));
    c.dsts.push_back(whole(shared, 8, 4));  // in place: sources are staged
    p.body.emplace_back(c);
  }
  p.outputs.push_back(Output{kEvil, whole(shared, 8, 4)});
  return p;
}

TEST_CASE("emitted C++ keeps hostile names in literals, comments and identifiers") {
  const std::string cpp = emit_cpp(sample());
  CHECK(cpp.find("\"x\\\"); system(\\\"rm -rf /\\\"); //\"") != std::string::npos);
  CHECK(cpp.find("class Kernel0 final") != std::string::npos);
  CHECK(cpp.find("b0_x_system_rm_rf = buffers_[0];") != std::string::npos);
  // No comment line ends in a backslash, and none closes a block comment.
  size_t start = 0;
  int comments = 0;
  for (size_t end = cpp.find('\n'); end != std::string::npos; end = cpp.find('\n', start)) {
    const std::string line = cpp.substr(start, end - start);
    CHECK(!(line.size() > 0 && line.back() == '\\'));
    const size_t text = line.find_first_not_of(' ');
    if (text != std::string::npos && line.compare(text, 2, "//") == 0) {
      CHECK(line.find("*/") == std::string::npos);
      ++comments;
    } else {
      CHECK(line.find("system(\"rm") == std::string::npos);  // only ever escaped
    }
    start = end + 1;
  }
  CHECK(comments > 10);
}

// Compiles `cpp` (syntax only, warnings as errors); true on success.
bool compiles(const std::string& cpp, const std::string& name) {
  const std::string path = std::string(NKIC_TEST_BINARY_DIR) + "/" + name + ".cpp";
  {
    std::ofstream out(path);
    out << cpp;
  }
  const char* cxx = std::getenv("CXX");
  const std::string command = std::string(cxx != nullptr && *cxx ? cxx : "c++") +
                              " -std=c++17 -fsyntax-only -Wall -Werror -I" + NKIC_TEST_SOURCE_DIR +
                              " " + path;
  return std::system(command.c_str()) == 0;
}

TEST_CASE("emitted C++ compiles") {
  CHECK(compiles(emit_cpp(sample()), "emit_sample"));
}

// The sample with an allocation and a release, so that both forms have them.
Program sample_with_lifetimes() {
  Program p = sample();
  BufferDecl t;
  t.id = static_cast<int>(p.buffers.size());
  t.kind = rt::MemKind::sbuf;
  t.dtype = rt::DType::float32;
  t.shape = {2, 2};
  t.name = kEvil;
  p.buffers.push_back(t);
  Instr alloc = make(Allocate{});
  alloc.buffer = t.id;
  Instr fill = make(rt::DeviceOp{rt::Memset{rt::Scalar::of(int64_t{3})}});
  fill.dsts.push_back(whole(t.id, 2, 2));
  Instr release = make(Release{});
  release.buffer = t.id;
  p.body.insert(p.body.begin(), std::move(release));
  p.body.insert(p.body.begin(), std::move(fill));
  p.body.insert(p.body.begin(), std::move(alloc));
  return p;
}

TEST_CASE("straight-line runs become rows of the instruction table, the rest statements") {
  EmitOptions every;
  every.min_table_run = 1;
  const std::string cpp = emit_cpp(sample_with_lifetimes(), every);
  // The eight instructions before the loop, one row each, in order; the
  // operations' attributes each once in kOps.
  const char* kinds[] = {"allocate", "op", "release", "op", "op", "op", "op", "op"};
  size_t at = cpp.find("const rt::InstrRecord kInstrs[] = {");
  REQUIRE(at != std::string::npos);
  for (const char* kind : kinds) {
    at = cpp.find("{Row::" + std::string(kind) + ", ", at);
    CHECK(at != std::string::npos);
  }
  for (const char* op : {"rt::Memset{rt::Scalar{false, 3, 0x0p+0}, 0}", "rt::RankId{}",
                         "rt::RegisterLoad{}", "rt::RegisterStore{}"}) {
    CHECK(cpp.find(std::string("    ") + op + ",\n") != std::string::npos);
  }
  CHECK(cpp.find("rt::run_table(kTable, 0, 8, table_state_);") != std::string::npos);
  // INT64_MIN as a register_move's constant; the sbuf tile's declaration.
  CHECK(cpp.find("rt::RegisterMove{(-9223372036854775807 - 1)}") != std::string::npos);
  CHECK(cpp.find("{Row::op, 0, {-1, 0, 0, 0, 0, 0, -1}, {-1, 0, 0, 0, 0, 0, -1}, 0, -1, ") !=
        std::string::npos);
  CHECK(cpp.find("{rt::MemKind::sbuf, rt::DType::float32, 6, 2, ") != std::string::npos);
  // The loop's copy has a loop term, and collectives are never rows.
  CHECK(cpp.find("ap0_d0[r].offset = 4 * i0;") != std::string::npos);
  CHECK(cpp.find("[all_reduce]") != std::string::npos);
  CHECK(compiles(cpp, "emit_sample_tables"));
  // With the default threshold the same program is all statements.
  const std::string statements = emit_cpp(sample_with_lifetimes());
  CHECK(statements.find("kInstrs") == std::string::npos);
  CHECK(
      statements.find("] = machine_.allocate(r, rt::MemKind::sbuf, rt::DType::float32, {2, 2}, ") !=
      std::string::npos);
  CHECK(statements.find("rt::add_run_time_offset(0, regs_[r][0], 4)") != std::string::npos);
  CHECK(compiles(statements, "emit_sample_lifetimes"));
}

}  // namespace
}  // namespace nkic::codegen

namespace nkic::codegen {

TEST_CASE("float constants are written bit for bit, a NaN by its sign and payload") {
  CHECK(double_literal(-0.0) == "-0x0p+0");
  CHECK(double_literal(0.1) == "0x1.999999999999ap-4");
  CHECK(double_literal(-std::numeric_limits<double>::infinity()) ==
        "-std::numeric_limits<double>::infinity()");
  CHECK(double_literal(-std::numeric_limits<double>::quiet_NaN()) ==
        "rt::double_from_bits(0xfff8000000000000ull)");
  CHECK(double_literal(rt::double_from_bits(0x7ff0000000000123ull)) ==
        "rt::double_from_bits(0x7ff0000000000123ull)");
  CHECK(rt::double_bits(rt::double_from_bits(0xfff8000000000001ull)) == 0xfff8000000000001ull);
}

}  // namespace nkic::codegen
