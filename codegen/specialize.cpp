// See specialize.h. The Recorder maps the trace's run-time objects to IR
// ids (rt::Buffer* -> buffer id, at each allocation, so an address reused by
// a later buffer maps to the new one; rt::Register* -> register id), turns
// tensor views into operands, and keeps the trace's loops with their
// iterations. After the trace: inputs and outputs are attached, the loops
// rerolled, and buffers and registers nothing uses are dropped.
#include "codegen/specialize.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>

#include "codegen/lifetimes.h"
#include "codegen/reroll.h"
#include "codegen/trace.h"
#include "interp/device.h"
#include "interp/kernel_binding.h"
#include "interp/nki/collective.h"
#include "interp/python/value.h"

namespace nkic::codegen {
namespace {

// The trace holds every device operation until its loops are rerolled, at
// several hundred bytes each: beyond this many it would take gigabytes.
constexpr int64_t kMaxTracedOps = 1'000'000;

class Recorder final : public interp::Device {
  using DeviceCall = interp::DeviceCall;

 public:
  explicit Recorder(Program& program) : p_(program) {}

  Trace take_trace() { return std::move(trace_); }
  bool written(int buffer) const { return written_.count(buffer) > 0; }

  int buffer_id(const rt::Buffer* b) {
    auto it = buffers_.find(b);
    if (it != buffers_.end()) return it->second;
    return declare(*b, SourceRange{});
  }

  Operand operand(const rt::TensorView& v) {
    Operand o;
    o.buffer = buffer_id(v.buffer().get());
    o.offset.constant = v.offset();
    if (v.reinterpreted()) o.as_dtype = v.dtype();
    for (int i = 0; i < v.ndim(); ++i) {
      o.dims.push_back({v.strides()[static_cast<size_t>(i)], v.shape()[static_cast<size_t>(i)]});
    }
    for (const rt::ScalarOffset& so : v.scalar_offsets()) {
      DynamicOffset d;
      d.multiplier = so.multiplier;
      if (so.reg) {
        d.reg = register_id(so.reg.get());
      } else {
        if (!so.tensor->scalar_offsets().empty()) {
          throw interp::ValueError(
              "a scalar_offset tensor that has a run-time offset itself cannot be compiled");
        }
        d.buffer = buffer_id(so.tensor->buffer().get());
        d.element.constant = so.tensor->offset();
        if (so.per_row) {
          d.per_row = true;
          d.row_step = so.tensor->strides()[0];
          d.partitions = so.tensor->shape()[0];
          d.column_step = so.tensor->strides()[1];
          d.rows = v.shape()[0];
        }
      }
      o.dynamic.push_back(d);
    }
    return o;
  }

  // Throws rt::Error, as the interpreter's resolve() does, when the static
  // part of a view without run-time offsets reaches outside its buffer.
  static void check_static_bounds(const rt::TensorView& v) {
    if (v.scalar_offsets().empty()) v.resolve();
  }

  // What an output reads is used until the end.
  void mark_output(const Operand& o) {
    trace_.buffer_last_use.at(static_cast<size_t>(o.buffer)) = Trace::kForever;
    for (const DynamicOffset& d : o.dynamic) {
      if (d.reg >= 0) trace_.register_last_use.at(static_cast<size_t>(d.reg)) = Trace::kForever;
      if (d.buffer >= 0) trace_.buffer_last_use.at(static_cast<size_t>(d.buffer)) = Trace::kForever;
    }
  }

  // ---- interp::Device --------------------------------------------------------

  bool has_data() const override { return false; }

  // The allocation is an instruction too, so that the program allocates
  // the tensor where the kernel does (lifetimes.h).
  void allocated(const std::shared_ptr<rt::Buffer>& buffer, const SourceRange& where) override {
    Instr i = instr(Allocate{}, where);
    i.buffer = declare(*buffer, where);
    record(std::move(i));
  }

  std::shared_ptr<rt::Register> new_register(const char* name, const SourceRange& where) override {
    bound(p_.registers.size(), "registers");
    auto reg = std::make_shared<rt::Register>();
    reg->name = name;
    RegisterDecl d;
    d.id = static_cast<int>(p_.registers.size());
    d.where = where;
    p_.registers.push_back(d);
    trace_.register_last_use.push_back(-1);
    registers_[reg.get()] = d.id;
    for (TraceLoop* loop : open()) {
      if (loop && !loop->iterations.empty()) loop->iterations.back().registers.push_back(d.id);
    }
    return reg;
  }

  // The operation's own checks on the static part of its operands, then
  // their bounds where no run-time offset moves them: an operation that
  // skips transfers out of bounds and is out of bounds is dropped on every
  // run, any other fails as the interpreter's would.
  void run(const DeviceCall& call) override {
    interp::check_row_operands(call);
    std::vector<rt::AccessPattern> dsts, srcs;
    for (const rt::TensorView* t : call.dsts) dsts.push_back(t->static_pattern());
    for (const rt::TensorView* t : call.srcs) srcs.push_back(t->static_pattern());
    std::vector<const rt::AccessPattern*> dst_ptrs, src_ptrs;
    for (const rt::AccessPattern& ap : dsts) dst_ptrs.push_back(&ap);
    for (const rt::AccessPattern& ap : srcs) src_ptrs.push_back(&ap);
    rt::OpOperands shapes;
    shapes.dsts = dst_ptrs;
    shapes.srcs = src_ptrs;
    rt::check_op(call.op, shapes);
    try {
      for (const rt::TensorView* t : call.dsts) check_static_bounds(*t);
      for (const rt::TensorView* t : call.srcs) check_static_bounds(*t);
    } catch (const rt::Error&) {
      if (rt::skips_out_of_bounds(call.op)) return;
      throw;
    }
    Instr i = instr(call.op, call.where);
    for (const rt::TensorView* t : call.dsts) i.dsts.push_back(operand(*t));
    for (const rt::TensorView* t : call.srcs) i.srcs.push_back(operand(*t));
    for (const rt::Register* r : call.reg_dsts) i.reg_dsts.push_back(register_id(r));
    for (const rt::Register* r : call.reg_srcs) i.reg_srcs.push_back(register_id(r));
    record(std::move(i));
  }

  void collective(interp::CollectiveCall call) override {
    interp::check_collective_shapes(call);
    for (const auto& t : call.srcs) check_static_bounds(*t);
    for (const auto& t : call.dsts) check_static_bounds(*t);
    Instr i = instr(call.collective_op(), call.range);
    for (const auto& t : call.srcs) i.srcs.push_back(operand(*t));
    for (const auto& t : call.dsts) i.dsts.push_back(operand(*t));
    record(std::move(i));
  }

  // Under an LNC grid the programs are traced one after another, switching
  // where they meet (nisa.sendrecv, nisa.core_barrier); what follows is
  // tagged with its program, for its places and on-chip memory. A program
  // that stops inside loops has the other's instructions come next, so its
  // open loops cannot stay loops: their iterations so far become straight
  // code, and what they run after it resumes follows it likewise.
  void program(int program) override {
    if (program == program_) return;
    flatten_open_loops();
    program_ = program;
    current_ = &trace_.body;  // this program's own open loops are flat already
  }

  void loop_begin(int64_t, const SourceRange& where) override {
    auto loop = std::make_unique<TraceLoop>();
    loop->where = where;
    open().push_back(loop.get());
    current_->emplace_back(std::move(loop));
  }

  void loop_iteration(int64_t) override {
    TraceLoop* loop = open().back();
    if (!loop) return;  // flattened
    close_iteration(*loop);
    loop->iterations.emplace_back();
    loop->iterations.back().first = seq_;
    current_ = &loop->iterations.back().body;
  }

  void loop_end() override {
    std::vector<TraceLoop*>& loops = open();
    if (loops.back()) close_iteration(*loops.back());
    loops.pop_back();
    end_split_loop();
    current_ =
        loops.empty() || !loops.back() ? &trace_.body : &loops.back()->iterations.back().body;
  }

 private:
  int declare(const rt::Buffer& b, const SourceRange& where) {
    bound(p_.buffers.size(), "tensors");
    BufferDecl d;
    d.id = static_cast<int>(p_.buffers.size());
    d.kind = b.kind();
    d.dtype = b.dtype();
    d.shape = b.shape().to_vector();
    d.name = b.name();
    d.where = where;
    d.program = b.program();
    p_.buffers.push_back(d);
    trace_.buffer_last_use.push_back(-1);
    buffers_[&b] = d.id;
    for (TraceLoop* loop : open()) {
      if (loop && !loop->iterations.empty()) loop->iterations.back().buffers.push_back(d.id);
    }
    return d.id;
  }

  int register_id(const rt::Register* r) const {
    auto it = registers_.find(r);
    if (it == registers_.end()) throw interp::ValueError("a register from outside this kernel");
    return it->second;
  }

  Instr instr(InstrOp op, const SourceRange& where) const {
    Instr i;
    i.op = std::move(op);
    i.where = where;
    i.program = program_;
    return i;
  }

  void use(const Operand& o) {
    trace_.buffer_last_use[static_cast<size_t>(o.buffer)] = seq_;
    for (const DynamicOffset& d : o.dynamic) {
      if (d.reg >= 0) trace_.register_last_use[static_cast<size_t>(d.reg)] = seq_;
      if (d.buffer >= 0) trace_.buffer_last_use[static_cast<size_t>(d.buffer)] = seq_;
    }
  }

  // Throws when a rank's trace would hold more than kMaxTracedOps of `what`.
  static void bound(size_t count, const char* what) {
    if (static_cast<int64_t>(count) < kMaxTracedOps) return;
    throw rt::Error(std::string("the kernel makes more than ") + std::to_string(kMaxTracedOps) +
                    " " + what + " on a rank, more than nkic specializes (nkirun runs it)");
  }

  void record(Instr i) {
    bound(static_cast<size_t>(seq_), "device operations");
    for (const Operand& o : i.dsts) {
      use(o);
      if (rt::element_count(o.dims) > 0) written_.insert(o.buffer);
    }
    for (const Operand& o : i.srcs) use(o);
    for (const std::vector<int>* regs : {&i.reg_dsts, &i.reg_srcs}) {
      for (int r : *regs) trace_.register_last_use[static_cast<size_t>(r)] = seq_;
    }
    current_->emplace_back(std::move(i));
    ++seq_;
  }

  // The running program's open loops, outermost first; nullptr for one
  // flattened.
  std::vector<TraceLoop*>& open() { return open_[static_cast<size_t>(std::max(program_, 0))]; }

  // Replaces each open loop of the running program, innermost first, by the
  // instructions of its iterations so far, in order, in its parent's body.
  // The open loops still running are the last node of their parent's body,
  // and flattened ones (nullptr) lie below them, at the top level.
  void flatten_open_loops() {
    std::vector<TraceLoop*>& loops = open();
    for (size_t k = loops.size(); k-- > 0 && loops[k];) {
      std::vector<TraceNode>& parent =
          k > 0 && loops[k - 1] ? loops[k - 1]->iterations.back().body : trace_.body;
      std::unique_ptr<TraceLoop> loop =
          std::move(std::get<std::unique_ptr<TraceLoop>>(parent.back()));
      parent.pop_back();
      if (&parent == &trace_.body) begin_split_loop(*loop);
      for (TraceIteration& it : loop->iterations) {
        for (TraceNode& n : it.body) parent.push_back(std::move(n));
      }
      loops[k] = nullptr;
    }
  }

  // The top-level stretch a loop split at a meeting leaves, from where the
  // loop began to where the program leaves its last split loop, so that
  // reroll_runs.h can find the loop again in it.
  void begin_split_loop(const TraceLoop& loop) {
    std::optional<SplitLoop>& split = split_[static_cast<size_t>(std::max(program_, 0))];
    if (split) return;
    split = SplitLoop{trace_.body.size(), 0, loop.where};
  }

  void end_split_loop() {
    std::optional<SplitLoop>& split = split_[static_cast<size_t>(std::max(program_, 0))];
    const std::vector<TraceLoop*>& loops = open();
    if (!split || std::find(loops.begin(), loops.end(), nullptr) != loops.end()) return;
    split->end = trace_.body.size();
    trace_.split_loops.push_back(*split);
    split.reset();
  }

  void close_iteration(TraceLoop& loop) {
    if (!loop.iterations.empty()) loop.iterations.back().last = seq_ - 1;
  }

  Program& p_;
  Trace trace_;
  std::vector<TraceNode>* current_ = &trace_.body;
  std::array<std::vector<TraceLoop*>, 2> open_;    // by program: its open loops
  std::array<std::optional<SplitLoop>, 2> split_;  // by program: its split loop running
  int64_t seq_ = 0;
  int program_ = -1;  // the program being traced under an LNC grid
  std::map<const rt::Buffer*, int> buffers_;
  std::map<const rt::Register*, int> registers_;
  std::set<int> written_;
};

// Ids the program refers to, for dropping the rest.
void collect_uses(const Operand& o, std::set<int>& buffers, std::set<int>& registers) {
  buffers.insert(o.buffer);
  for (const DynamicOffset& d : o.dynamic) {
    if (d.buffer >= 0) buffers.insert(d.buffer);
    if (d.reg >= 0) registers.insert(d.reg);
  }
}

void collect_uses(const std::vector<Node>& body, std::set<int>& buffers,
                  std::set<int>& registers) {
  for (const Node& n : body) {
    if (const Instr* i = std::get_if<Instr>(&n)) {
      for (const Operand& o : i->dsts) collect_uses(o, buffers, registers);
      for (const Operand& o : i->srcs) collect_uses(o, buffers, registers);
      registers.insert(i->reg_dsts.begin(), i->reg_dsts.end());
      registers.insert(i->reg_srcs.begin(), i->reg_srcs.end());
      if (i->buffer >= 0) buffers.insert(i->buffer);
      continue;
    }
    collect_uses(std::get<std::unique_ptr<Loop>>(n)->body, buffers, registers);
  }
}

void drop_unused(Program& p) {
  std::set<int> buffers, registers;
  collect_uses(p.body, buffers, registers);
  for (const Output& o : p.outputs) collect_uses(o.view, buffers, registers);
  for (const Input& in : p.inputs) buffers.insert(in.buffer);
  std::vector<BufferDecl> kept;
  for (BufferDecl& b : p.buffers) {
    if (buffers.count(b.id)) kept.push_back(std::move(b));
  }
  p.buffers = std::move(kept);
  std::vector<RegisterDecl> kept_registers;
  for (RegisterDecl& r : p.registers) {
    if (registers.count(r.id)) kept_registers.push_back(r);
  }
  p.registers = std::move(kept_registers);
}

}  // namespace

std::optional<Program> specialize(interp::Session& session, const std::string& kernel,
                                  const std::vector<interp::TraceArg>& args, const Target& target,
                                  DiagnosticSink& sink) {
  Program p;
  p.file = target.file;
  p.kernel = kernel;
  p.ranks = target.ranks;
  p.platform = target.platform;
  p.lnc = target.lnc;
  Recorder recorder(p);
  std::optional<interp::TraceResult> result = session.trace(kernel, args, recorder);
  if (!result) return std::nullopt;
  try {
    std::set<int> returned;
    std::vector<std::string> returned_names;
    for (const auto& [name, view] : result->outputs) {
      returned_names.push_back(name);
      Output o{name, recorder.operand(view)};
      recorder.mark_output(o.view);
      returned.insert(o.view.buffer);
      p.outputs.push_back(std::move(o));
    }
    for (const auto& [name, buffer] : result->inputs) {
      const int id = recorder.buffer_id(buffer.get());
      p.buffers[static_cast<size_t>(id)].input = static_cast<int>(p.inputs.size());
      p.inputs.push_back(Input{name, id});
      if (!recorder.written(id) || returned.count(id)) continue;
      Output o{interp::written_input_name(name, returned_names),
               recorder.operand(rt::TensorView(buffer))};
      recorder.mark_output(o.view);
      p.outputs.push_back(std::move(o));
    }
  } catch (const std::exception& e) {
    sink.report(error_at(SourceRange{}, std::string("cannot compile the kernel's outputs: ") +
                                            e.what()));
    return std::nullopt;
  }
  reroll(recorder.take_trace(), p);
  drop_unused(p);
  place_lifetimes(p);
  return p;
}

}  // namespace nkic::codegen
