// See emit_cpp.h. The file is assembled from parts written side by side
// while the body is walked once: namespace-scope constants (source places,
// replica groups, the instruction table), the kernel's members, its
// constructor, and the bodies of its three phases: load() (inputs into
// device buffers), execute() (the kernel, in parts of bounded size) and
// read_outputs(). Instruction n written as statements owns the names
// kPlace<n>, ap<n>_<d|s><k> (one descriptor per rank per operand) and x<n>_*
// (scratch); kGroup<k> is the k-th distinct replica group; an instruction
// written as data is a row of kInstrs.
#include "codegen/emit_cpp.h"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <set>

#include "codegen/cpp_literals.h"
#include "codegen/cpp_names.h"
#include "codegen/cpp_writer.h"
#include "codegen/emit_collectives.h"
#include "codegen/emit_table.h"

namespace nkic::codegen {
namespace {

// Block levels of the parts: class members, then the bodies of the
// constructor and the phases (namespace scope is level 0, not indented).
constexpr int kClassDepth = 1;
constexpr int kFunctionDepth = 2;

bool is_static(const Operand& o) { return o.offset.is_constant() && o.dynamic.empty(); }

// The buffers an allocate instruction makes while the program runs.
void collect_allocated(const std::vector<Node>& body, std::set<int>& out) {
  for (const Node& n : body) {
    if (const Instr* i = std::get_if<Instr>(&n)) {
      if (i->as<Allocate>()) out.insert(i->buffer);
      continue;
    }
    collect_allocated(std::get<std::unique_ptr<Loop>>(n)->body, out);
  }
}

class Emitter {
 public:
  Emitter(const Program& p, const EmitOptions& options)
      : p_(p),
        options_(options),
        members_(kClassDepth),
        load_(kFunctionDepth),
        read_(kFunctionDepth),
        table_(p) {
    parts_.push_back(std::make_unique<CppWriter>(kFunctionDepth));
    setup_.push_back(std::make_unique<CppWriter>(kFunctionDepth));
    collect_allocated(p.body, allocated_);
  }

  std::string emit() {
    declare_buffers();
    load_inputs();
    nodes(p_.body, 0);
    read_outputs();
    return assemble();
  }

 private:
  // The part of execute() being written.
  CppWriter& out() { return *parts_.back(); }

  // A statement of the constructor, which is written in parts of at most
  // kMaxLinesPerFunction lines, as execute() is.
  void ctor_line(const std::string& text) {
    if (setup_.back()->lines() >= kMaxLinesPerFunction) {
      setup_.push_back(std::make_unique<CppWriter>(kFunctionDepth));
    }
    setup_.back()->line(text);
  }

  // The ranks this program runs: all, or an MPI process's share.
  std::string first_rank() const { return options_.mpi ? "first_" : "0"; }
  std::string end_rank() const { return options_.mpi ? "end_" : "kRanks"; }
  std::string ranks_loop() const {
    return "for (int r = " + first_rank() + "; r < " + end_rank() + "; ++r)";
  }

  // ---- declarations ------------------------------------------------------

  // Every tensor is a row of buffers_, one slot per rank (so the table's
  // rows reach any of them by slot); statements name a row through a member
  // pointer, b<id>_<name>. Inputs, and tensors the trace saw no allocation
  // of, exist from the start; the others are allocated by their allocate
  // instructions.
  void declare_buffers() {
    for (size_t s = 0; s < p_.buffers.size(); ++s) {
      const BufferDecl& b = p_.buffers[s];
      buffers_[b.id] = cpp_identifier("b", b.id, b.name);
      slot_of_[b.id] = s;
    }
    for (const BufferDecl& b : p_.buffers) {
      if (allocated_.count(b.id)) continue;
      ctor_line(ranks_loop() + " " + buffer_member(b.id) + "[r] = machine_.allocate(r, " +
                kind_expr(b.kind) + ", " + dtype_expr(b.dtype) + ", " + list_expr(b.shape) + ", " +
                cpp_string_literal(b.name) + on_chip_or_io_tail(b));
    }
  }

  // The end of a constructor's allocation call: an on-chip buffer's program
  // under an LNC grid, or that the buffer holds a kernel input.
  static std::string on_chip_or_io_tail(const BufferDecl& b) {
    if (b.program > 0) return ", false, " + std::to_string(b.program) + ");";
    return b.input >= 0 ? ", true);" : ");";
  }

  // The member naming a buffer's row, declared when a statement uses it.
  const std::string& buffer_member(int id) {
    named_.insert(id);
    return buffers_.at(id);
  }

  // A descriptor per rank for an operand, built once; returns its name. The
  // buffer of an allocated tensor is set where the descriptor is used.
  std::string descriptor(const std::string& name, const Operand& o) {
    members_.line("rt::AccessPattern " + name + "[kRanks];");
    const std::string buffer =
        allocated_.count(o.buffer) ? "nullptr" : buffer_member(o.buffer) + "[r].get()";
    const std::string as =
        o.as_dtype ? ", -1, " + dtype_expr(*o.as_dtype) : std::string();  // a reinterpret cast
    ctor_line("for (int r = 0; r < kRanks; ++r) " + name + "[r] = {" + buffer + ", " +
               int_literal(o.offset.constant) + ", " + dims_expr(o.dims) + as + "};");
    return name;
  }

  // `a + b`, leaving out zero terms so the offsets read as a person writes them.
  static std::string sum(const std::string& a, const std::string& b) {
    if (a.empty() || a == "0") return b.empty() ? "0" : b;
    return b.empty() ? a : a + " + " + b;
  }

  // `c * x`, leaving out a factor of one.
  static std::string product(int64_t c, const std::string& x) {
    return c == 1 ? x : int_literal(c) + " * " + x;
  }

  // The operand's offset on rank r at this point of the loops.
  static std::string affine_expr(const Affine& a) {
    std::string s = int_literal(a.constant);
    for (const auto& [var, c] : a.terms) s = sum(s, product(c, "i" + std::to_string(var)));
    return s;
  }

  // Run-time offsets in checked arithmetic, in the interpreter's order, so
  // an overflow is the interpreter's error rather than a wrapped offset.
  std::string offset_expr(const Operand& o) {
    std::string s = affine_expr(o.offset);
    for (const DynamicOffset& d : o.dynamic) {
      if (d.per_row) continue;  // row_offsets_expr
      const std::string value =
          d.reg >= 0 ? "regs_[r][" + std::to_string(d.reg) + "]"
                     : "rt::read_element_i64(*" + buffer_member(d.buffer) + "[r], " +
                           affine_expr(d.element) + ")";
      s = "rt::add_run_time_offset(" + s + ", " + value + ", " + int_literal(d.multiplier) + ")";
    }
    return s;
  }

  // Points the descriptors at this rank's tensors where they change: the
  // buffers of allocated tensors, and offsets that are not constant.
  void set_operands(CppWriter& w, const std::vector<std::pair<std::string, const Operand*>>& ops) {
    for (const auto& [name, o] : ops) {
      if (allocated_.count(o->buffer)) {
        w.line(name + "[r].buffer = " + buffer_member(o->buffer) + "[r].get();");
      }
      if (!is_static(*o)) w.line(name + "[r].offset = " + offset_expr(*o) + ";");
      for (const DynamicOffset& d : o->dynamic) {
        if (!d.per_row) continue;
        w.line(name + "[r].row_offsets = rt::read_row_offsets(*" + buffer_member(d.buffer) +
               "[r], " + affine_expr(d.element) + ", {" + int_literal(d.row_step) + ", " +
               int_literal(d.partitions) + "}, " + int_literal(d.column_step) + ", " +
               int_literal(d.rows) + ", " + int_literal(d.multiplier) + ");");
      }
    }
  }

  static bool changes(const std::vector<std::pair<std::string, const Operand*>>& ops,
                      const std::set<int>& allocated) {
    for (const auto& op : ops) {
      if (!is_static(*op.second) || allocated.count(op.second->buffer)) return true;
    }
    return false;
  }

  void load_inputs() {
    for (size_t i = 0; i < p_.inputs.size(); ++i) {
      const std::string array = "inputs[" + std::to_string(i) + "][r]";
      load_.line(ranks_loop() + " " + buffer_member(p_.inputs[i].buffer) + "[r]->fill_from_host(" +
                 array + ".data.data(), " + array + ".data.size());");
    }
  }

  // Into the previous run's arrays: only the first run allocates.
  void read_outputs() {
    read_.line("outputs.resize(kRanks);");
    CppWriter::Block ranks(read_, ranks_loop());
    read_.line("outputs[r].resize(" + std::to_string(p_.outputs.size()) + ");");
    for (size_t j = 0; j < p_.outputs.size(); ++j) {
      const Output& o = p_.outputs[j];
      const std::string name = descriptor("out" + std::to_string(j), o.view);
      const std::string slot = "outputs[r][" + std::to_string(j) + "]";
      set_operands(read_, {{name, &o.view}});
      read_.line(slot + ".name = " + cpp_string_literal(o.name) + ";");
      read_.line("rt::read_output(" + name + "[r], " + slot + ".array);");
    }
  }

  // ---- the body ------------------------------------------------------------

  // Runs of at least min_table_run instructions that fit a table become
  // rows; at the top level, stretches of device operations every rank can
  // run on its own become one body run for each rank (segment); the rest
  // are statements.
  void nodes(const std::vector<Node>& body, int depth) {
    size_t n = 0;
    while (n < body.size()) {
      const size_t end = table_run_end(body, n);
      if (static_cast<int64_t>(end - n) >= options_.min_table_run) {
        table_run(body, n, end, depth);
        n = end;
        continue;
      }
      // Under an LNC grid a rank's two programs fail in nkirun's order only
      // as statements.
      if (depth == 0 && p_.lnc == 1) {
        const size_t stretch = segment_end(body, n);
        if (steps(body, n, stretch) >= 2) {
          segment(body, n, stretch);
          n = stretch;
          continue;
        }
      }
      for (const size_t stop = std::max(end, n + 1); n < stop; ++n) node(body[n], depth);
    }
  }

  // The end of the run of instructions that fit a table from body[n].
  static size_t table_run_end(const std::vector<Node>& body, size_t n) {
    while (n < body.size() && std::holds_alternative<Instr>(body[n]) &&
           fits_table(std::get<Instr>(body[n]))) {
      ++n;
    }
    return n;
  }

  // ---- stretches every rank runs on its own (runtime/rank_segment.h) ------

  bool starts_table(const std::vector<Node>& body, size_t n) const {
    return static_cast<int64_t>(table_run_end(body, n) - n) >= options_.min_table_run;
  }

  // Device operations alone, on the rank's own tensors (every operand is),
  // with no collective, allocation or release, and no run a table takes.
  bool rank_local(const Node& n) const {
    if (const Instr* i = std::get_if<Instr>(&n)) return std::holds_alternative<rt::DeviceOp>(i->op);
    const Loop& l = *std::get<std::unique_ptr<Loop>>(n);
    for (size_t k = 0; k < l.body.size(); ++k) {
      if (!rank_local(l.body[k]) || starts_table(l.body, k)) return false;
    }
    return true;
  }

  size_t segment_end(const std::vector<Node>& body, size_t n) const {
    while (n < body.size() && rank_local(body[n]) && !starts_table(body, n)) ++n;
    return n;
  }

  // Sums that saturate: a count of a loop's work cannot overflow.
  static int64_t saturating_add(int64_t a, int64_t b) {
    int64_t s = 0;
    return __builtin_add_overflow(a, b, &s) ? std::numeric_limits<int64_t>::max() : s;
  }
  static int64_t saturating_mul(int64_t a, int64_t b) {
    int64_t p = 0;
    return __builtin_mul_overflow(a, b, &p) ? std::numeric_limits<int64_t>::max() : p;
  }

  // Instructions one rank runs in body[begin, end), loops counted out.
  static int64_t steps(const std::vector<Node>& body, size_t begin, size_t end) {
    int64_t total = 0;
    for (size_t k = begin; k < end; ++k) {
      if (std::holds_alternative<Instr>(body[k])) {
        total = saturating_add(total, 1);
        continue;
      }
      const Loop& l = *std::get<std::unique_ptr<Loop>>(body[k]);
      total = saturating_add(total, saturating_mul(l.count, steps(l.body, 0, l.body.size())));
    }
    return total;
  }

  // The elements one rank's instructions in body[begin, end) write.
  static int64_t elements(const std::vector<Node>& body, size_t begin, size_t end) {
    int64_t total = 0;
    for (size_t k = begin; k < end; ++k) {
      if (const Instr* i = std::get_if<Instr>(&body[k])) {
        for (const Operand& o : i->dsts) {
          int64_t n = 1;
          for (const rt::Dim& d : o.dims) n = saturating_mul(n, d.count);
          total = saturating_add(total, n);
        }
        continue;
      }
      const Loop& l = *std::get<std::unique_ptr<Loop>>(body[k]);
      total = saturating_add(total, saturating_mul(l.count, elements(l.body, 0, l.body.size())));
    }
    return total;
  }

  // body[begin, end) written once, as one rank's, for rt::run_ranks to run
  // on every rank.
  void segment(const std::vector<Node>& body, size_t begin, size_t end) {
    new_part_when_full();
    out().line("// every rank on its own, side by side: " +
               std::to_string(steps(body, begin, end)) + " instructions a rank");
    {
      CppWriter::Block lambda(out(),
                              "rt::run_ranks(" + first_rank() + ", " + end_rank() + ", " +
                                  int_literal(elements(body, begin, end)) +
                                  ", observer_, [&](int r, rt::RankStep& step)",
                              "});");
      rank_fixed_ = true;
      for (size_t k = begin; k < end; ++k) node(body[k], 1);
      rank_fixed_ = false;
    }
  }

  void node(const Node& n, int depth) {
    if (depth == 0) new_part_when_full();
    if (const Instr* i = std::get_if<Instr>(&n)) {
      instr(*i);
      return;
    }
    const Loop& l = *std::get<std::unique_ptr<Loop>>(n);
    const std::string var = "i" + std::to_string(l.var);
    out().line("// " + place_comment(l.where));
    CppWriter::Block loop(out(), "for (int64_t " + var + " = 0; " + var + " < " +
                                     int_literal(l.count) + "; ++" + var + ")");
    nodes(l.body, depth + 1);
  }

  // Top-level statements go into parts of about kMaxLinesPerFunction lines
  // (a new part begins once a part has that many; a loop is never split).
  void new_part_when_full() {
    if (out().lines() < kMaxLinesPerFunction) return;
    parts_.push_back(std::make_unique<CppWriter>(kFunctionDepth));
  }

  void table_run(const std::vector<Node>& body, size_t begin, size_t end, int depth) {
    if (depth == 0) new_part_when_full();
    const int64_t first = table_.rows();
    for (size_t n = begin; n < end; ++n) table_.add(std::get<Instr>(body[n]));
    const Instr& head = std::get<Instr>(body[begin]);
    out().line("// " + place_comment(head.where) + "  and " + std::to_string(end - begin - 1) +
               " more instructions: rows " + std::to_string(first) + " to " +
               std::to_string(table_.rows() - 1) + " of kInstrs");
    out().line("table_state_.observer = observer_;");
    out().line("rt::run_table(kTable, " + std::to_string(first) + ", " +
               std::to_string(table_.rows()) + ", table_state_);");
  }

  void instr(const Instr& i) {
    const int n = next_instr_++;
    const std::string id = std::to_string(n);
    const std::string place = "kPlace" + id;
    consts_.line("const rt::SourcePlace " + place + " = " + place_literal(i.where, i.program) +
                 ";");
    Operands ops;
    for (size_t k = 0; k < i.dsts.size(); ++k) {
      ops.dsts.push_back(descriptor("ap" + id + "_d" + std::to_string(k), i.dsts[k]));
      ops.all.emplace_back(ops.dsts.back(), &i.dsts[k]);
    }
    for (size_t k = 0; k < i.srcs.size(); ++k) {
      ops.srcs.push_back(descriptor("ap" + id + "_s" + std::to_string(k), i.srcs[k]));
      ops.all.emplace_back(ops.srcs.back(), &i.srcs[k]);
    }
    out().line("// " + place_comment(i.where) + "  [" + i.name() + "]");
    std::visit(Overloaded{[&](const rt::DeviceOp& op) { device_op(i, op, id, place, ops); },
                          [&](const rt::CollectiveOp& op) { collective(i, op, id, place, ops); },
                          [&](const Allocate&) { allocate(i, place); },
                          [&](const Release&) { release(i); }},
               i.op);
  }

  // An instruction's operand descriptors: written, read, and all with their
  // operands.
  struct Operands {
    std::vector<std::string> dsts, srcs;
    std::vector<std::pair<std::string, const Operand*>> all;
  };

  // Every rank runs `body`, then the ranks that failed alike are reported
  // together, as nkirun does.
  // In a segment, the body is one rank's already: it counts the step.
  template <typename F>
  void on_every_rank(const std::string& place, F&& body) {
    if (rank_fixed_) {
      out().line("step.next(" + place + ");");
      body();
      return;
    }
    CppWriter::Block scope(out(), "");
    out().line("rt::RankFailures failed;");
    {
      CppWriter::Block ranks(out(), ranks_loop());
      {
        CppWriter::Block attempt(out(), "try", "} catch (const rt::Error& e) {");
        body();
      }
      CppWriter::Continuation handler(out());
      out().line("failed.add(r, e.what());");
    }
    out().line("failed.check(" + place + ");");
  }

  // The operation's attributes are a constant; its run() is the one the
  // interpreter calls.
  void device_op(const Instr& i, const rt::DeviceOp& op, const std::string& id,
                 const std::string& place, const Operands& ops) {
    const std::string constant = "kOp" + id;
    consts_.line("const " + op_type(op) + " " + constant + " = " + op_literal(op) + ";");
    const auto pointers = [](const std::vector<std::string>& names) {
      std::string s;
      for (const std::string& n : names) s += (s.empty() ? "&" : ", &") + n + "[r]";
      return "{" + s + "}";
    };
    std::string reg_dsts, reg_srcs;
    for (int r : i.reg_dsts) reg_dsts += (reg_dsts.empty() ? "" : ", ") + reg_expr(r, true);
    for (int r : i.reg_srcs) reg_srcs += (reg_srcs.empty() ? "" : ", ") + reg_expr(r, false);
    on_every_rank(place, [&] {
      set_operands(out(), ops.all);
      out().line("rt::run_observed(" + constant + ", {" + pointers(ops.dsts) + ", " +
                 pointers(ops.srcs) + ", {" + reg_dsts + "}, {" + reg_srcs + "}, r}, observer_, " +
                 place + ");");
    });
  }

  static std::string op_type(const rt::DeviceOp& op) {
    return std::visit(
        [](const auto& x) { return std::string("rt::") + std::decay_t<decltype(x)>::kType; }, op);
  }

  static std::string reg_expr(int reg, bool written) {
    return std::string(written ? "&" : "") + "regs_[r][" + std::to_string(reg) + "]";
  }

  void allocate(const Instr& i, const std::string& place) {
    on_every_rank(place, [&] {
      const BufferDecl& b = *p_.find_buffer(i.buffer);
      const std::string buffer = buffer_member(b.id);
      out().line(buffer + "[r].reset();  // the previous run's");
      out().line(buffer + "[r] = machine_.allocate(r, " + kind_expr(b.kind) + ", " +
                 dtype_expr(b.dtype) + ", " + list_expr(b.shape) + ", " +
                 cpp_string_literal(b.name) +
                 (b.program > 0 ? ", /*io=*/false, " + std::to_string(b.program) : "") + ");");
    });
  }

  void release(const Instr& i) {
    CppWriter::Block ranks(out(), ranks_loop());
    out().line(buffer_member(i.buffer) + "[r].reset();  // its last use is past");
  }

  // The member lists as a constant, one per distinct replica group.
  std::string group_constant(const std::vector<const std::vector<int>*>& group) {
    std::string lists = "{";
    for (size_t g = 0; g < group.size(); ++g) {
      lists += g ? ", {" : "{";
      for (size_t m = 0; m < group[g]->size(); ++m) {
        lists += (m ? ", " : "") + std::to_string((*group[g])[m]);
      }
      lists += "}";
    }
    lists += "}";
    auto it = groups_.find(lists);
    if (it != groups_.end()) return it->second;
    const std::string name = "kGroup" + std::to_string(groups_.size());
    consts_.line("const std::vector<std::vector<int>> " + name + " = " + lists + ";");
    groups_[lists] = name;
    return name;
  }

  // The collective's schedule for each size of its member lists, printed as
  // DMA calls (emit_collectives.h).
  void collective(const Instr& i, const rt::CollectiveOp& op, const std::string& id,
                  const std::string& place, const Operands& ops) {
    if (changes(ops.all, allocated_)) {
      CppWriter::Block ranks(out(), ranks_loop());
      set_operands(out(), ops.all);
    }
    const std::vector<rt::CollectiveTensor> tensors = collective_tensors(i);
    if (options_.mpi) return mpi_collective(i, op, id, place, ops, tensors);
    const auto arrays = [](const std::vector<std::string>& names) {
      std::string s;
      for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
      return "{" + s + "}";
    };
    std::vector<const std::vector<int>*> all;
    for (const auto& list : op.group.groups) all.push_back(&list);
    // Every member's operands with its own run-time offsets, before anything
    // moves: the members at fault are named as nkirun names them.
    out().line("rt::check_collective_bounds(" + place + ", " + cpp_string_literal(op.name()) +
               ", " + group_constant(all) + ", " + arrays(ops.srcs) + ", " + arrays(ops.dsts) +
               ");");
    std::vector<size_t> sizes;  // in order of first appearance
    for (const auto& list : op.group.groups) {
      if (std::find(sizes.begin(), sizes.end(), list.size()) == sizes.end()) sizes.push_back(list.size());
    }
    for (size_t size : sizes) {
      std::vector<const std::vector<int>*> lists;
      for (const auto& list : op.group.groups) {
        if (list.size() == size) lists.push_back(&list);
      }
      ScheduleNames names{place, group_constant(lists), op.name(), ops.dsts, ops.srcs,
                          "x" + id + (sizes.size() > 1 ? "_n" + std::to_string(size) : "")};
      const rt::Schedule schedule = rt::lower_collective(op, size, tensors);
      for (const Scratch& s : emit_schedule(out(), schedule, names)) declare_scratch(s);
    }
    // Reported once per list, as the interpreter's rendezvous reports it.
    std::string pairs;
    for (const auto& [s, t] : op.pairs) {
      pairs += (pairs.empty() ? "{" : ", {") + std::to_string(s) + ", " + std::to_string(t) + "}";
    }
    out().line("rt::observe_collective(observer_, " + collective_kind_expr(op.kind) + ", {" +
               pairs + "}, " + group_constant(all) + ", " + arrays(ops.srcs) + ", " +
               arrays(ops.dsts) + ", " + place + ");");
  }

  // Under --mpi the schedule runs in the runtime (mpi_collective.h), every
  // process doing the steps of its ranks; the lowering's facts and the
  // destinations' dtypes are constants of the program.
  void mpi_collective(const Instr& i, const rt::CollectiveOp& op, const std::string& id,
                      const std::string& place, const Operands& ops,
                      const std::vector<rt::CollectiveTensor>& tensors) {
    std::string lists;
    for (const auto& list : op.group.groups) {
      std::string members;
      for (int r : list) members += (members.empty() ? "" : ", ") + std::to_string(r);
      lists += (lists.empty() ? "{" : ", {") + members + "}";
    }
    std::string pairs;
    for (const auto& [s, t] : op.pairs) {
      pairs += (pairs.empty() ? "{" : ", {") + std::to_string(s) + ", " + std::to_string(t) + "}";
    }
    std::string facts;
    for (const rt::CollectiveTensor& t : tensors) {
      facts += (facts.empty() ? "" : ", ") + std::string("rt::CollectiveTensor{") +
               dtype_expr(t.dtype) + ", " + list_expr(t.shape) + ", " +
               (t.staged ? "true" : "false") + ", " + (t.fold_in_dst ? "true" : "false") + "}";
    }
    std::string dst_dtypes;
    for (const Operand& o : i.dsts) {
      dst_dtypes += (dst_dtypes.empty() ? "" : ", ") +
                    dtype_expr(o.as_dtype.value_or(p_.find_buffer(o.buffer)->dtype));
    }
    const std::string member = "coll" + id + "_";
    members_.line("rt::MpiCollective " + member + "{machine_, rt::CollectiveOp{" +
                  collective_kind_expr(op.kind) + ", " + alu_op_expr(op.op) + ", " +
                  std::to_string(op.dim) + ", rt::ReplicaGroup{{" + lists + "}}, {" + pairs +
                  "}}, {" + facts + "}, {" + dst_dtypes + "}};");
    const auto arrays = [](const std::vector<std::string>& names) {
      std::string s;
      for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
      return "{" + s + "}";
    };
    out().line(member + ".run(" + arrays(ops.srcs) + ", " + arrays(ops.dsts) + ", " + place + ");");
  }

  static std::string collective_kind_expr(rt::CollectiveKind kind) {
    switch (kind) {
      case rt::CollectiveKind::all_reduce:
        return "rt::CollectiveKind::all_reduce";
      case rt::CollectiveKind::all_gather:
        return "rt::CollectiveKind::all_gather";
      case rt::CollectiveKind::reduce_scatter:
        return "rt::CollectiveKind::reduce_scatter";
      case rt::CollectiveKind::all_to_all:
        return "rt::CollectiveKind::all_to_all";
      case rt::CollectiveKind::permute_implicit:
        return "rt::CollectiveKind::permute_implicit";
      case rt::CollectiveKind::permute_implicit_reduce:
        return "rt::CollectiveKind::permute_implicit_reduce";
      case rt::CollectiveKind::permute:
        return "rt::CollectiveKind::permute";
    }
    return "";
  }

  // What the lowering needs of the operands, buffer ids standing for buffers.
  std::vector<rt::CollectiveTensor> collective_tensors(const Instr& i) const {
    std::vector<std::vector<rt::OperandInfo>> srcs(1), dsts(1);
    bool dynamic = false;
    const auto info = [&](const Operand& o) {
      dynamic = dynamic || !o.dynamic.empty();
      return rt::OperandInfo{static_cast<uintptr_t>(o.buffer),
                             o.as_dtype.value_or(p_.find_buffer(o.buffer)->dtype), o.dims};
    };
    for (const Operand& o : i.srcs) srcs[0].push_back(info(o));
    for (const Operand& o : i.dsts) dsts[0].push_back(info(o));
    return rt::collective_tensors(srcs, dsts, dynamic);
  }

  void declare_scratch(const Scratch& s) {
    const int64_t elements = rt::checked_product(s.decl.shape, "a scratch buffer's size");
    members_.line("std::shared_ptr<rt::Buffer> " + s.buffer + ";");
    members_.line("rt::AccessPattern " + s.pattern + ";");
    ctor_line(s.buffer + " = machine_.allocate_scratch(0, " + dtype_expr(s.decl.dtype) + ", {" +
              int_literal(elements * s.decl.copies) + "}, " + cpp_string_literal(s.decl.label) +
              ");");
    ctor_line(s.pattern + " = {" + s.buffer + ".get(), 0, " + dims_expr(rt::row_major_dims(s.decl.shape)) +
              "};");
  }

  // ---- the file --------------------------------------------------------------

  std::string assemble() const {
    const std::string cls = cpp_identifier("Kernel", 0, p_.kernel);
    int registers = 1;  // a zero-length array is not C++
    for (const RegisterDecl& r : p_.registers) registers = std::max(registers, r.id + 1);
    CppWriter w;
    w.line("// Generated by nkic from " + cpp_comment_text(p_.file) + ": kernel " +
           cpp_comment_text(p_.kernel) + " specialized for " + std::to_string(p_.ranks) +
           " ranks on " + cpp_comment_text(p_.platform) + ".");
    w.line("// Each instruction runs on every rank in turn, or a stretch of them on every rank");
    w.line("// on its own (rt::run_ranks); comments give their source lines.");
    if (options_.mpi) {
      w.line("// Built for mpirun: each process runs its share of the ranks, [first_, end_),");
      w.line("// and collectives move data between processes (rt::MpiCollective).");
    }
    for (const char* h : {"<algorithm>", "<cstddef>", "<cstdint>", "<cstring>", "<limits>", "<memory>",
                          "<string>", "<vector>"}) {
      w.line(std::string("#include ") + h);
    }
    w.line("");
    for (const char* h : {"runtime/access_pattern.h", "runtime/checked_int.h",
                          "runtime/collective_schedule.h", "runtime/device_ops.h", "runtime/dma.h",
                          "runtime/fill.h", "runtime/host_io.h", "runtime/instr_table.h",
                          "runtime/machine.h", "runtime/member_faults.h", "runtime/program.h",
                          "runtime/rank_segment.h"}) {
      w.line(std::string("#include \"") + h + "\"");
    }
    if (options_.mpi) {
      for (const char* h : {"runtime/mpi_collective.h", "runtime/mpi_world.h"}) {
        w.line(std::string("#include \"") + h + "\"");
      }
    }
    w.line("");
    w.line("namespace rt = nkic::rt;");
    w.line("");
    w.line("namespace {");
    w.line("");
    w.line("constexpr int kRanks = " + std::to_string(p_.ranks) + ";");
    w.line("constexpr int kRegisters = " + std::to_string(registers) + ";");
    w.line("constexpr int kBufferSlots = " + std::to_string(std::max<size_t>(p_.buffers.size(), 1)) +
           ";");
    w.line("");
    w.raw(consts_.str());
    w.line("");
    const std::string table = table_.render();
    if (!table.empty()) {
      w.raw(table);
      w.line("");
    }
    {
      CppWriter::Block c(w, "class " + cls + " final : public rt::CompiledKernel", "};");
      w.raw(" public:\n");
      {
        CppWriter::Block f(w, "explicit " + cls + "(rt::Machine& machine) : machine_(machine)");
        if (setup_.size() == 1) {
          w.raw(setup_[0]->str());
        } else {
          for (size_t k = 0; k < setup_.size(); ++k) w.line("setup" + std::to_string(k) + "();");
        }
      }
      w.line("");
      {
        // An unnamed parameter when there is no input, for warning-free code.
        const std::string param = p_.inputs.empty() ? "" : " inputs";
        CppWriter::Block f(
            w, "void load(const std::vector<std::vector<rt::NpyArray>>&" + param + ") override");
        w.raw(load_.str());
      }
      w.line("");
      {
        CppWriter::Block f(w, "void execute() override");
        if (parts_.size() == 1) {
          w.raw(parts_[0]->str());
        } else {
          for (size_t k = 0; k < parts_.size(); ++k) w.line("part" + std::to_string(k) + "();");
        }
      }
      w.line("");
      {
        CppWriter::Block f(w, "void read_outputs(rt::RankOutputs& outputs) override");
        w.raw(read_.str());
      }
      w.line("");
      w.raw(" private:\n");
      if (parts_.size() > 1) {
        w.line("// execute() in parts of about " + std::to_string(kMaxLinesPerFunction) +
               " lines, for the C++ compiler's sake; not inlined, which would make");
        w.line("// them one function again.");
        for (size_t k = 0; k < parts_.size(); ++k) {
          CppWriter::Block f(w, "[[gnu::noinline]] void part" + std::to_string(k) + "()");
          w.raw(parts_[k]->str());
        }
        w.line("");
      }
      if (setup_.size() > 1) {
        w.line("// The constructor in parts, as execute().");
        for (size_t k = 0; k < setup_.size(); ++k) {
          CppWriter::Block f(w, "[[gnu::noinline]] void setup" + std::to_string(k) + "()");
          w.raw(setup_[k]->str());
        }
        w.line("");
      }
      w.line("rt::Machine& machine_;");
      if (options_.mpi) {
        w.line("// The ranks this process holds; the others' buffers stay empty.");
        w.line("const int first_ = machine_.first_rank();");
        w.line("const int end_ = machine_.end_rank();");
      }
      w.line("std::shared_ptr<rt::Buffer> buffers_[kBufferSlots][kRanks];");
      for (int id : named_) {
        w.line("std::shared_ptr<rt::Buffer>* const " + buffers_.at(id) + " = buffers_[" +
               std::to_string(slot_of_.at(id)) + "];");
      }
      w.raw(members_.str());
      w.line("int64_t regs_[kRanks][kRegisters] = {};");
      if (!table.empty()) slots(w, options_.mpi);
    }
    w.line("");
    w.line("}  // namespace");
    w.line("");
    main_function(w, cls);
    return w.str();
  }

  // What the table's rows act on: slot k is buffers_[k], the row of buffer k
  // of the program.
  static void slots(CppWriter& w, bool share) {
    w.line(std::string("rt::TableState table_state_{machine_, kRanks, &buffers_[0][0], "
                       "&regs_[0][0], kRegisters") +
           (share ? ", nullptr, first_, end_};" : "};"));
  }

  void main_function(CppWriter& w, const std::string& cls) const {
    CppWriter::Block f(w, "int main(int argc, char** argv)");
    w.line("rt::ProgramSpec spec;");
    w.line("spec.file = " + cpp_string_literal(p_.file) + ";");
    w.line("spec.kernel = " + cpp_string_literal(p_.kernel) + ";");
    w.line("spec.ranks = kRanks;");
    if (p_.lnc > 1) w.line("spec.lnc = " + std::to_string(p_.lnc) + ";");
    w.line("spec.platform = " + cpp_string_literal(p_.platform) + ";");
    for (const Input& in : p_.inputs) {
      const BufferDecl* b = p_.find_buffer(in.buffer);
      w.line("spec.inputs.push_back(rt::ProgramInput{" + cpp_string_literal(in.name) + ", " +
             dtype_expr(b->dtype) + ", " + list_expr(b->shape) + "});");
    }
    w.line(std::string("return rt::") + (options_.mpi ? "mpi_program_main" : "program_main") +
           "(argc, argv, spec, [](rt::Machine& machine) {");
    w.line("  return std::unique_ptr<rt::CompiledKernel>(std::make_unique<" + cls +
           ">(machine));");
    w.line("});");
  }

  const Program& p_;
  const EmitOptions options_;
  CppWriter consts_, members_, load_, read_;
  std::vector<std::unique_ptr<CppWriter>> parts_;  // of execute()
  std::vector<std::unique_ptr<CppWriter>> setup_;  // of the constructor
  TableWriter table_;
  std::set<int> allocated_;  // buffers allocated while the program runs
  std::map<int, std::string> buffers_;  // id -> the member naming its row
  std::map<int, size_t> slot_of_;       // id -> its row of buffers_
  std::set<int> named_;                 // ids a statement names
  std::map<std::string, std::string> groups_;  // member lists -> their constant
  int next_instr_ = 0;
  bool rank_fixed_ = false;  // writing a segment: `r` is the running rank
};

}  // namespace

std::string emit_cpp(const Program& program, const EmitOptions& options) {
  return Emitter(program, options).emit();
}

}  // namespace nkic::codegen
