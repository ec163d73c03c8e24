// The Device interface as a compiler sees it: a recording Device traces
// kernels through Session::trace and the log of its calls is compared with
// what the source asks for (views worked out by hand from the shapes), loops
// over nl ranges are announced and others are not, inputs bind as IO
// buffers, outputs are named as run() names them, and errors, including
// reading tensor data at the meta level, are located and name no rank.
#include <doctest/doctest.h>

#include <map>
#include <sstream>

#include "interp/nki/collective.h"
#include "run_util.h"

using nkic::test::f32_arg;
using nkic::test::Outcome;
using nkic::test::run_kernel;
using nkic::test::trace_kernel;
using nkic::test::TraceOutcome;

namespace nkic::interp {
namespace {

std::string ints(const std::vector<int64_t>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + std::to_string(v[i]);
  return out + "]";
}

std::string at(const SourceRange& where) {
  return " @" + std::to_string(where.begin.line);
}

// Logs every call, one line each, in a form the expectations spell by hand.
class Recorder : public Device {
 public:
  std::vector<std::string> log;
  // Run the collectives' shape checks, as a compiler does.
  bool check_collectives = false;

  bool has_data() const override { return false; }

  void allocated(const std::shared_ptr<rt::Buffer>& b, const SourceRange& where) override {
    log.push_back("alloc " + b->name() + " " + std::string(rt::mem_kind_name(b->kind())) + " " +
                  std::string(rt::dtype_name(b->dtype())) + " " + ints(b->shape().to_vector()) +
                  (b->io() ? " io" : "") + at(where));
  }
  std::shared_ptr<rt::Register> new_register(const char* name, const SourceRange& where) override {
    auto r = fresh();
    log.push_back(std::string(name) + " -> " + reg(r.get()) + at(where));
    return r;
  }
  // The operation's IR text over the operands' views; a memset's value
  // marked i or f as the kernel gave it.
  void run(const DeviceCall& call) override {
    rt::OpText t;
    for (const rt::TensorView* v : call.dsts) t.dsts += (t.dsts.empty() ? "" : ", ") + view(*v);
    for (const rt::TensorView* v : call.srcs) t.srcs += (t.srcs.empty() ? "" : ", ") + view(*v);
    for (const rt::Register* r : call.reg_dsts) t.reg_dsts += reg(r);
    for (const rt::Register* r : call.reg_srcs) t.reg_srcs += reg(r);
    std::string text = std::visit([&](const auto& op) { return op.text(t); }, call.op);
    if (const auto* m = std::get_if<rt::Memset>(&call.op)) {
      text = t.dsts + " <- " + (m->value.is_float ? "f" : "i") + m->value.text();
    }
    log.push_back(std::string(rt::op_name(call.op)) + " " + text + at(call.where));
  }
  void collective(CollectiveCall call) override {
    std::string line = std::string(collective_name(call.kind)) + " srcs=" + views(call.srcs) +
                       " dsts=" + views(call.dsts) + " group=" + call.group.describe();
    if (call.collective_dim) line += " dim=" + std::to_string(*call.collective_dim);
    if (call.op) line += " op=" + std::string(rt::alu_op_name(*call.op));
    log.push_back(line + at(call.range));
    if (check_collectives) {
      check_collective_shapes(call);
    }
  }
  void loop_begin(int64_t count, const SourceRange& where) override {
    log.push_back("loop " + std::to_string(count) + at(where));
  }
  void loop_iteration(int64_t index) override { log.push_back("iter " + std::to_string(index)); }
  void loop_end() override { log.push_back("end"); }
  void program(int p) override { log.push_back("program " + std::to_string(p)); }

 private:
  std::map<const rt::Register*, int> ids_;

  std::shared_ptr<rt::Register> fresh() {
    auto r = std::make_shared<rt::Register>();
    ids_[r.get()] = static_cast<int>(ids_.size());
    return r;
  }
  std::string reg(const rt::Register* r) const {
    auto it = ids_.find(r);
    return it == ids_.end() ? "r?" : "r" + std::to_string(it->second);
  }
  static std::string view(const rt::TensorView& t) {
    return t.name() + "{off " + std::to_string(t.offset()) + " shape " +
           ints(t.shape().to_vector()) + " strides " + ints(t.strides().to_vector()) + "}";
  }
  static std::string views(const std::vector<Value::Tensor>& ts) {
    std::string out = "[";
    for (size_t i = 0; i < ts.size(); ++i) out += (i ? ", " : "") + view(*ts[i]);
    return out + "]";
  }
};

TraceArg tensor(const std::string& name, rt::DType dtype, std::vector<int64_t> shape) {
  TraceArg a;
  a.name = name;
  a.tensor = TensorSpec{dtype, std::move(shape)};
  a.origin = "-a " + name + "=@" + name + ".npy";
  return a;
}

TraceArg expression(const std::string& name, const std::string& text) {
  TraceArg a;
  a.name = name;
  a.expression = text;
  a.origin = "-a " + name + "=" + text;
  return a;
}

// Line numbers below count from this header's first line.
const char* kOps = R"(import nki
import nki.language as nl
import nki.isa as nisa
import nki.collectives as ncc
from nki.collectives import ReplicaGroup

@nki.jit
def k(a, replica_group):
    t = nl.zeros((2, 4), dtype=nl.float32)
    s = nl.ndarray((2, 4), dtype=nl.float32, buffer=nl.shared_hbm, name="s")
    g = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.shared_hbm, name="g")
    idx = nl.full((1, 1), 3, dtype=nl.int32)
    r = ncc.rank_id()
    nisa.dma_copy(dst=t[1:2, ::2], src=a[0:1, 1:3])
    nisa.memset(dst=s, value=2.5)
    nisa.dma_copy(dst=s, src=t, oob_mode=nisa.oob_mode.skip)
    ncc.all_gather(srcs=[s], dsts=[g], replica_group=replica_group, collective_dim=0)
    ncc.all_reduce(srcs=[s], dsts=[s], replica_group=ReplicaGroup([[0], [1]]), op=nl.add)
    q = nisa.register_alloc(5)
    nisa.register_move(q, r)
    nisa.register_move(q, 7)
    nisa.register_load(q, idx)
    nisa.register_store(idx, q)
    p = nisa.register_alloc(r)
    for x in [1, 2]:
        nisa.memset(dst=idx, value=x)
    out = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.shared_hbm)
    nisa.dma_copy(dst=out, src=g)
    return out
)";

}  // namespace
}  // namespace nkic::interp

using namespace nkic;
using namespace nkic::interp;

TEST_CASE("trace: device operations arrive at the Device with their views, in order") {
  Recorder rec;
  const TraceOutcome o = trace_kernel(
      kOps, "k", 2,
      {tensor("a", rt::DType::float32, {2, 4}), expression("replica_group", "[[0, 1]]")}, rec);
  REQUIRE(o.error == "");
  // Row-major (2, 4): strides [4, 1]. t[1:2, ::2] starts at element 4 with
  // strides [4, 2]; a[0:1, 1:3] at element 1. The nested list given for
  // replica_group arrives as a ReplicaGroup; the collective is recorded
  // with its groups as given.
  const std::string t = "t{off 0 shape [2, 4] strides [4, 1]}";
  const std::string s = "s{off 0 shape [2, 4] strides [4, 1]}";
  const std::string g = "g{off 0 shape [4, 4] strides [4, 1]}";
  const std::string idx = "idx{off 0 shape [1, 1] strides [1, 1]}";
  const std::vector<std::string> expected = {
      "alloc a hbm float32 [2, 4] io @8",
      "alloc t sbuf float32 [2, 4] @9",
      "memset " + t + " <- f0 @9",
      "alloc s shared_hbm float32 [2, 4] @10",
      "alloc g shared_hbm float32 [4, 4] @11",
      "alloc idx sbuf int32 [1, 1] @12",
      "memset " + idx + " <- i3 @12",
      "rank_id() -> r0 @13",
      "rank_id r0 @13",
      "dma_copy t{off 4 shape [1, 2] strides [4, 2]} <- a{off 1 shape [1, 2] strides [4, 1]} @14",
      "memset " + s + " <- f2.5 @15",
      "dma_copy " + s + " <- " + t + " oob_skip @16",
      "all_gather srcs=[" + s + "] dsts=[" + g + "] group=[[0, 1]] dim=0 @17",
      "all_reduce srcs=[" + s + "] dsts=[" + s + "] group=[[0], [1]] op=add @18",
      "register_alloc() -> r1 @19",
      "register_move r1 <- 5 @19",
      "register_move r1 <- r0 @20",
      "register_move r1 <- 7 @21",
      "register_load r1 <- " + idx + " @22",
      "register_store " + idx + " <- r1 @23",
      "register_alloc() -> r2 @24",
      "register_move r2 <- r0 @24",
      "memset " + idx + " <- i1 @26",
      "memset " + idx + " <- i2 @26",
      "alloc out shared_hbm float32 [4, 4] @27",
      "dma_copy out{off 0 shape [4, 4] strides [4, 1]} <- " + g + " @28",
  };
  CHECK(rec.log == expected);
}

TEST_CASE("trace: inputs bind as IO buffers without data, outputs are named as run() names them") {
  Recorder rec;
  const TraceOutcome o = trace_kernel(
      kOps, "k", 2,
      {tensor("a", rt::DType::float32, {2, 4}), expression("replica_group", "[[0, 1]]")}, rec);
  REQUIRE(o.error == "");
  REQUIRE(o.result);
  REQUIRE(o.result->inputs.size() == 1);
  const auto& [in_name, in] = o.result->inputs[0];
  CHECK(in_name == "a");
  CHECK(in->io());
  CHECK(in->kind() == rt::MemKind::hbm);
  CHECK(in->dtype() == rt::DType::float32);
  CHECK(in->shape() == std::vector<int64_t>{2, 4});
  CHECK(in->rank() == 0);
  CHECK_FALSE(in->touched());  // no storage was ever made for it
  REQUIRE(o.result->outputs.size() == 1);
  CHECK(o.result->outputs[0].first == "out");
  CHECK(o.result->outputs[0].second.shape() == std::vector<int64_t>{4, 4});
  CHECK(o.result->outputs[0].second.buffer()->io());

  // The interpreter names the same output the same way.
  const std::vector<float> zeros(8, 0.0f);
  const Outcome run = run_kernel(
      kOps, "k", 2,
      {f32_arg("a", {2, 4}, {zeros, zeros}), nkic::test::expr_arg("replica_group", "[[0, 1]]")});
  REQUIRE(run.error == "");
  REQUIRE(run.result->outputs[0].size() == 1);
  CHECK(run.result->outputs[0][0].name == o.result->outputs[0].first);
}

TEST_CASE("trace: under --lnc 2 each program is traced in turn, sharing the HBM tensors") {
  // Program 1's k-th HBM allocation is program 0's tensor again, and its
  // input the rank's one input: the device hears no allocation for either;
  // its SBUF tile is its own. Line numbers count
  // from the source's first line.
  const char* source = R"(import nki
import nki.language as nl
import nki.isa as nisa

@nki.jit
def k(a):
    out = nl.ndarray((2, 4), dtype=nl.float32, buffer=nl.shared_hbm)
    p = nl.program_id(0)
    t = nl.ndarray((1, 4), dtype=nl.float32, buffer=nl.sbuf)
    nisa.dma_copy(dst=t, src=a[p:p + 1, :])
    nisa.dma_copy(dst=out[p:p + 1, :], src=t)
    return out
)";
  Recorder rec;
  const TraceOutcome o =
      trace_kernel(source, "k", 2, {tensor("a", rt::DType::float32, {2, 4})}, rec, /*lnc=*/2);
  REQUIRE(o.error == "");
  const std::vector<std::string> want = {
      "program 0",
      "alloc a hbm float32 [2, 4] io @6",
      "alloc out shared_hbm float32 [2, 4] @7",
      "alloc t sbuf float32 [1, 4] @9",
      "dma_copy t{off 0 shape [1, 4] strides [4, 1]} <- a{off 0 shape [1, 4] strides [4, 1]} @10",
      "dma_copy out{off 0 shape [1, 4] strides [4, 1]} <- t{off 0 shape [1, 4] strides [4, 1]} "
      "@11",
      "program 1",
      "alloc t sbuf float32 [1, 4] @9",
      "dma_copy t{off 0 shape [1, 4] strides [4, 1]} <- a{off 4 shape [1, 4] strides [4, 1]} @10",
      "dma_copy out{off 4 shape [1, 4] strides [4, 1]} <- t{off 0 shape [1, 4] strides [4, 1]} "
      "@11",
  };
  std::string got;
  for (const std::string& line : rec.log) got += line + "\n";
  INFO(got);
  CHECK(rec.log == want);
  REQUIRE(o.result->outputs.size() == 1);
  CHECK(o.result->outputs[0].second.buffer()->io());
}

TEST_CASE("trace: tuple outputs take the returned names, unnamed ones ret{i}") {
  const char* src = R"(import nki
import nki.language as nl

@nki.jit
def k(a):
    x = nl.ndarray((2,), dtype=nl.int32, buffer=nl.shared_hbm)
    return x, nl.ndarray((3,), dtype=nl.int32, buffer=nl.shared_hbm)

@nki.jit
def named(a):
    x = nl.ndarray((2,), dtype=nl.int32, buffer=nl.shared_hbm)
    y = nl.ndarray((3,), dtype=nl.int32, buffer=nl.shared_hbm)
    return x, y
)";
  for (const char* kernel : {"k", "named"}) {
    Recorder rec;
    const TraceOutcome o = trace_kernel(src, kernel, 1, {tensor("a", rt::DType::int32, {1})}, rec);
    REQUIRE(o.error == "");
    Outcome run = run_kernel(src, kernel, 1, {f32_arg("a", {1}, {{1.0f}})});
    REQUIRE(run.error == "");
    REQUIRE(o.result->outputs.size() == 2);
    REQUIRE(run.result->outputs[0].size() == 2);
    const bool is_named = std::string(kernel) == "named";
    CHECK(o.result->outputs[0].first == (is_named ? "x" : "ret0"));
    CHECK(o.result->outputs[1].first == (is_named ? "y" : "ret1"));
    for (size_t i = 0; i < 2; ++i) {
      CHECK(run.result->outputs[0][i].name == o.result->outputs[i].first);
    }
  }
}

TEST_CASE("trace: loops over nl ranges are announced, through break and return, others are not") {
  const char* src = R"(import nki
import nki.language as nl
import nki.isa as nisa

def helper(t):
    for i in nl.static_range(4):
        for m in nl.affine_range(2):
            return 1

@nki.jit
def k():
    t = nl.ndarray((1, 4), dtype=nl.float32)
    for i in nl.affine_range(3):
        if i == 1:
            break
        nisa.memset(dst=t[0:1, i:i+1], value=i)
    for x in [5, 6]:
        nisa.memset(dst=t, value=x)
    for j in nl.sequential_range(1, 5, 2):
        continue
    helper(t)
    for z in range(0):
        pass
    for i, v in enumerate([7]):
        pass
)";
  Recorder rec;
  const TraceOutcome o = trace_kernel(src, "k", 1, {}, rec);
  REQUIRE(o.error == "");
  const std::string whole = "t{off 0 shape [1, 4] strides [4, 1]}";
  // sequential_range(1, 5, 2) is 1, 3: two iterations; the `return` inside
  // helper's nested loops ends both.
  const std::vector<std::string> expected = {
      "alloc t sbuf float32 [1, 4] @12",
      "loop 3 @13",
      "iter 0",
      "memset t{off 0 shape [1, 1] strides [4, 1]} <- f0 @16",
      "iter 1",
      "end",
      "memset " + whole + " <- f5 @18",
      "memset " + whole + " <- f6 @18",
      "loop 2 @19",
      "iter 0",
      "iter 1",
      "end",
      "loop 4 @6",
      "iter 0",
      "loop 2 @7",
      "iter 0",
      "end",
      "end",
      "loop 0 @22",
      "end",
  };
  CHECK(rec.log == expected);
}

TEST_CASE("trace: an error inside a loop is located, names no rank, a raised one ends the loop") {
  const char* src = R"(import nki
import nki.language as nl

@nki.jit
def k():
    for i in nl.affine_range(2):
        x = undefined_name
)";
  Recorder rec;
  const TraceOutcome o = trace_kernel(src, "k", 4, {}, rec);
  CHECK(o.error == "k.py:7:13: name 'undefined_name' is not defined");
  CHECK(o.error_ranks.empty());
  CHECK_FALSE(o.result);
  // A NameError is a Python exception: a `try` around the loop could catch
  // it, so the loop ends as on a `break`.
  CHECK(rec.log == std::vector<std::string>{"loop 2 @6", "iter 0", "end"});
  // The interpreter names the rank for the same error.
  const Outcome run = run_kernel(src, "k", 1);
  CHECK(run.error == o.error);
  CHECK(run.error_ranks == std::vector<int>{0});
}

TEST_CASE("trace: an exception caught around a loop ends the loop once") {
  const char* src = R"(import nki
import nki.language as nl

@nki.jit
def k():
    try:
        for i in nl.affine_range(3):
            if i == 1:
                raise ValueError("stop")
    except ValueError:
        pass
    for j in nl.affine_range(1):
        pass
)";
  Recorder rec;
  const TraceOutcome o = trace_kernel(src, "k", 4, {}, rec);
  CHECK(o.error.empty());
  CHECK(rec.log == std::vector<std::string>{"loop 3 @7", "iter 0", "iter 1", "end", "loop 1 @12",
                                            "iter 0", "end"});
}

TEST_CASE("trace: tensor values at the meta level are an error, print() names no rank") {
  const char* src = R"(import nki
import nki.language as nl

@nki.jit
def k(a):
    print("shape", a.shape)
    t = nl.zeros((2, 3), dtype=nl.float32)
    print(t)

@nki.jit
def f(a):
    s = f"{a}"  # located at the f-string

@nki.jit
def listed(a):
    print([1, a])
)";
  {
    Recorder rec;
    const TraceOutcome o = trace_kernel(src, "k", 2, {tensor("a", rt::DType::int8, {2, 3})}, rec);
    CHECK(o.error == "k.py:8:5: the values of tensor 't' are only known when the program runs");
    CHECK(o.error_ranks.empty());
    CHECK(o.out == "shape (2, 3)\n");  // one program for every rank: no [rank 0] prefix
  }
  {
    Recorder rec;
    const TraceOutcome o = trace_kernel(src, "f", 1, {tensor("a", rt::DType::int8, {2, 3})}, rec);
    CHECK(o.error == "k.py:12:9: the values of tensor 'a' are only known when the program runs");
  }
  {
    Recorder rec;
    const TraceOutcome o =
        trace_kernel(src, "listed", 1, {tensor("a", rt::DType::int8, {2, 3})}, rec);
    CHECK(o.error == "k.py:16:5: the values of tensor 'a' are only known when the program runs");
  }
  // The interpreter has the data and prints it.
  const std::vector<float> zeros(6, 0.0f);
  const Outcome run = run_kernel(src, "k", 2, {f32_arg("a", {2, 3}, {zeros, zeros})});
  CHECK(run.error == "");
  CHECK(run.out ==
        "[rank 0] shape (2, 3)\n[rank 0] [[0. 0. 0.]\n[rank 0]  [0. 0. 0.]]\n"
        "[rank 1] shape (2, 3)\n[rank 1] [[0. 0. 0.]\n[rank 1]  [0. 0. 0.]]\n");
}

TEST_CASE("trace: argument errors are located as run() locates them") {
  const char* src = R"(import nki
import nki.language as nl
import nki.isa as nisa

@nki.jit
def k(a, n):
    t = nl.ndarray((n, 4), dtype=nl.float32)
    nisa.dma_copy(dst=t, src=5)
)";
  Recorder rec;
  TraceOutcome o = trace_kernel(src, "k", 2, {tensor("a", rt::DType::float32, {2, 4})}, rec);
  CHECK(o.error == "k.py:6:10: k() missing required argument 'n' (give it with -a n=VALUE)");
  o = trace_kernel(src, "k", 2, {tensor("a", rt::DType::float32, {2, 4}), expression("n", "2")},
                   rec);
  const Outcome run =
      run_kernel(src, "k", 1, {f32_arg("a", {2, 4}, {{}}), nkic::test::expr_arg("n", "2")});
  REQUIRE(run.error != "");
  CHECK(o.error == run.error);
  CHECK(o.error.rfind("k.py:8:5: ", 0) == 0);
  CHECK(o.error_ranks.empty());
}

TEST_CASE("check_collective_shapes: the checks of a completed collective, without data") {
  const char* src = R"(import nki
import nki.language as nl
import nki.collectives as ncc

@nki.jit
def k(rows, dst_rows, kind):
    s = nl.ndarray((rows, 4), dtype=nl.float32, buffer=nl.shared_hbm)
    d = nl.ndarray((dst_rows, 4), dtype=nl.float32, buffer=nl.shared_hbm)
    if kind == 0:
        ncc.all_gather(srcs=[s], dsts=[d], replica_group=[[0, 1]], collective_dim=0)
    elif kind == 1:
        ncc.reduce_scatter(srcs=[s], dsts=[d], replica_group=[[0, 1]], collective_dim=0, op=nl.add)
    else:
        ncc.all_reduce(srcs=[s], dsts=[d], replica_group=[[0, 1]], op=nl.add)
)";
  struct Case {
    int rows, dst_rows, kind;
    const char* error;  // "" when the shapes fit
  };
  // all_gather: dst = src with dim 0 times the 2 members; reduce_scatter: one
  // of 2 chunks of the src; all_reduce: the src shape.
  const std::vector<Case> cases = {
      {2, 4, 0, ""},
      {2, 2, 0,
       "k.py:10:9: all_gather: dst shape [2, 4] on member 0 (rank 0) should be [4, 4] (the src "
       "shape with dim 0 times 2 members)"},
      {4, 2, 1, ""},
      {3, 1, 1, "k.py:12:9: reduce_scatter: dim 0 of size 3 does not split into 2 equal chunks"},
      {4, 4, 1,
       "k.py:12:9: reduce_scatter: dst shape [4, 4] on member 0 (rank 0) should be [2, 4] (one "
       "of 2 chunks of the src along dim 0)"},
      {2, 2, 2, ""},
      {2, 3, 2,
       "k.py:14:9: all_reduce: dst shape [3, 4] on member 0 (rank 0) should be [2, 4] (the src "
       "shape)"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.kind);
    CAPTURE(c.rows);
    CAPTURE(c.dst_rows);
    const std::vector<TraceArg> args = {expression("rows", std::to_string(c.rows)),
                                        expression("dst_rows", std::to_string(c.dst_rows)),
                                        expression("kind", std::to_string(c.kind))};
    Recorder rec;
    rec.check_collectives = true;
    const TraceOutcome o = trace_kernel(src, "k", 2, args, rec);
    CHECK(o.error == c.error);
    // The interpreter finds the same fault when the collective completes,
    // on the same ranks.
    std::vector<KernelArg> run_args;
    for (const TraceArg& a : args) run_args.push_back(nkic::test::expr_arg(a.name, a.expression));
    const Outcome run = run_kernel(src, "k", 2, run_args);
    CHECK(run.error == c.error);
    CHECK(o.error_ranks == run.error_ranks);
    if (c.error[0] != '\0') CHECK(o.error_ranks == std::vector<int>{0, 1});
  }
}
