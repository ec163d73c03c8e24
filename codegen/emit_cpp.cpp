// See emit_cpp.h. The file is assembled from parts written side by side
// while the body is walked once: namespace-scope constants (source places,
// replica groups), the kernel's members, its constructor, and the bodies of
// its three phases: load() (inputs into device buffers), execute() (the
// kernel) and read_outputs(). Instruction n owns the names kPlace<n>, kGroup<n>,
// ap<n>_<d|s><k> (one descriptor per rank per operand) and x<n>_* (scratch).
#include "codegen/emit_cpp.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>

#include "codegen/cpp_names.h"
#include "codegen/cpp_writer.h"
#include "codegen/emit_collectives.h"

namespace nkic::codegen {
namespace {

// Block levels of the parts: class members, then the bodies of the
// constructor and the phases (namespace scope is level 0, not indented).
constexpr int kClassDepth = 1;
constexpr int kFunctionDepth = 2;

std::string int_literal(int64_t v) {
  if (v == INT64_MIN) return "(-9223372036854775807 - 1)";
  return std::to_string(v);
}

std::string double_literal(double v) {
  if (v != v) return "std::numeric_limits<double>::quiet_NaN()";
  if (v == std::numeric_limits<double>::infinity()) return "std::numeric_limits<double>::infinity()";
  if (v == -std::numeric_limits<double>::infinity()) {
    return "-std::numeric_limits<double>::infinity()";
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);  // exact
  return buf;
}

std::string dtype_expr(rt::DType t) { return "rt::DType::" + std::string(rt::dtype_name(t)); }

std::string kind_expr(rt::MemKind k) { return "rt::MemKind::" + std::string(rt::mem_kind_name(k)); }

std::string list_expr(const std::vector<int64_t>& v) {
  std::string s = "{";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + int_literal(v[i]);
  return s + "}";
}

std::string dims_expr(const std::vector<rt::Dim>& dims) {
  std::string s = "{";
  for (size_t i = 0; i < dims.size(); ++i) {
    s += (i ? ", " : "") + std::string("{") + int_literal(dims[i].step) + ", " +
         int_literal(dims[i].count) + "}";
  }
  return s + "}";
}

std::vector<rt::Dim> row_major(const std::vector<int64_t>& shape) {
  std::vector<rt::Dim> dims(shape.size());
  int64_t step = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    dims[i] = {step, shape[i]};
    step *= shape[i];
  }
  return dims;
}

std::string place_comment(const SourceRange& r) {
  if (!r.valid()) return "<unknown>";
  std::string text(r.file->line(r.begin.line));
  const size_t first = text.find_first_not_of(" \t");
  text = first == std::string::npos ? "" : text.substr(first);
  return cpp_comment_text(r.file->path() + ":" + std::to_string(r.begin.line) + ": " + text);
}

bool is_static(const Operand& o) { return o.offset.is_constant() && o.dynamic.empty(); }

class Emitter {
 public:
  explicit Emitter(const Program& p)
      : p_(p),
        members_(kClassDepth),
        ctor_(kFunctionDepth),
        load_(kFunctionDepth),
        execute_(kFunctionDepth),
        read_(kFunctionDepth) {}

  std::string emit() {
    declare_buffers();
    load_inputs();
    nodes(p_.body);
    read_outputs();
    return assemble();
  }

 private:
  // ---- declarations ------------------------------------------------------

  void declare_buffers() {
    for (const BufferDecl& b : p_.buffers) {
      const std::string name = cpp_identifier("b", b.id, b.name);
      buffers_[b.id] = name;
      members_.line("std::shared_ptr<rt::Buffer> " + name + "[kRanks];");
      ctor_.line("for (int r = 0; r < kRanks; ++r) " + name + "[r] = machine.allocate(r, " +
                 kind_expr(b.kind) + ", " + dtype_expr(b.dtype) + ", " + list_expr(b.shape) +
                 ", " + cpp_string_literal(b.name) + (b.input >= 0 ? ", true);" : ");"));
    }
  }

  // A descriptor per rank for an operand, built once; returns its name.
  std::string descriptor(const std::string& name, const Operand& o) {
    members_.line("rt::AccessPattern " + name + "[kRanks];");
    ctor_.line("for (int r = 0; r < kRanks; ++r) " + name + "[r] = {" + buffers_.at(o.buffer) +
               "[r].get(), " + int_literal(o.offset.constant) + ", " + dims_expr(o.dims) + "};");
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

  std::string offset_expr(const Operand& o) const {
    std::string s = affine_expr(o.offset);
    for (const DynamicOffset& d : o.dynamic) {
      const std::string value =
          d.reg >= 0 ? "regs_[r][" + std::to_string(d.reg) + "]"
                     : "rt::read_element_i64(*" + buffers_.at(d.buffer) + "[r], " +
                           affine_expr(d.element) + ")";
      s = sum(s, product(d.multiplier, value));
    }
    return s;
  }

  void set_offsets(CppWriter& w, const std::vector<std::pair<std::string, const Operand*>>& ops) {
    for (const auto& [name, o] : ops) {
      if (!is_static(*o)) w.line(name + "[r].offset = " + offset_expr(*o) + ";");
    }
  }

  void load_inputs() {
    for (size_t i = 0; i < p_.inputs.size(); ++i) {
      const std::string array = "inputs[" + std::to_string(i) + "][r]";
      load_.line("for (int r = 0; r < kRanks; ++r) " + buffers_.at(p_.inputs[i].buffer) +
                 "[r]->fill_from_host(" + array + ".data.data(), " + array + ".data.size());");
    }
  }

  // Into the previous run's arrays: only the first run allocates.
  void read_outputs() {
    read_.line("outputs.resize(kRanks);");
    CppWriter::Block ranks(read_, "for (int r = 0; r < kRanks; ++r)");
    read_.line("outputs[r].resize(" + std::to_string(p_.outputs.size()) + ");");
    for (size_t j = 0; j < p_.outputs.size(); ++j) {
      const Output& o = p_.outputs[j];
      const std::string name = descriptor("out" + std::to_string(j), o.view);
      const std::string slot = "outputs[r][" + std::to_string(j) + "]";
      set_offsets(read_, {{name, &o.view}});
      read_.line(slot + ".name = " + cpp_string_literal(o.name) + ";");
      read_.line("rt::read_output(" + name + "[r], " + slot + ".array);");
    }
  }

  // ---- the body ------------------------------------------------------------

  void nodes(const std::vector<Node>& body) {
    for (const Node& n : body) {
      if (const Instr* i = std::get_if<Instr>(&n)) {
        instr(*i);
        continue;
      }
      const Loop& l = *std::get<std::unique_ptr<Loop>>(n);
      const std::string var = "i" + std::to_string(l.var);
      execute_.line("// " + place_comment(l.where));
      CppWriter::Block loop(execute_, "for (int64_t " + var + " = 0; " + var + " < " +
                                          int_literal(l.count) + "; ++" + var + ")");
      nodes(l.body);
    }
  }

  void instr(const Instr& i) {
    const int n = next_instr_++;
    const std::string id = std::to_string(n);
    const std::string place = "kPlace" + id;
    place_constant(place, i.where);
    std::vector<std::pair<std::string, const Operand*>> ops;
    std::vector<std::string> dsts, srcs;
    for (size_t k = 0; k < i.dsts.size(); ++k) {
      dsts.push_back(descriptor("ap" + id + "_d" + std::to_string(k), i.dsts[k]));
      ops.emplace_back(dsts.back(), &i.dsts[k]);
    }
    for (size_t k = 0; k < i.srcs.size(); ++k) {
      srcs.push_back(descriptor("ap" + id + "_s" + std::to_string(k), i.srcs[k]));
      ops.emplace_back(srcs.back(), &i.srcs[k]);
    }
    execute_.line("// " + place_comment(i.where) + "  [" + op_name(i.kind) + "]");
    switch (i.kind) {
      case OpKind::all_reduce:
      case OpKind::all_gather:
      case OpKind::reduce_scatter:
      case OpKind::all_to_all:
        return collective(i, id, ops, CollectiveNames{place, "kGroup" + id, dsts, srcs, "x" + id});
      case OpKind::register_move:
      case OpKind::rank_id: {
        CppWriter::Block ranks(execute_, "for (int r = 0; r < kRanks; ++r)");
        execute_.line(register_move(i));
        return;
      }
      default: break;
    }
    // Every rank runs the instruction, then the ranks that failed alike are
    // reported together, as nkirun does.
    CppWriter::Block scope(execute_, "");
    execute_.line("rt::RankFailures failed;");
    {
      CppWriter::Block ranks(execute_, "for (int r = 0; r < kRanks; ++r)");
      {
        CppWriter::Block attempt(execute_, "try", "} catch (const rt::Error& e) {");
        set_offsets(execute_, ops);
        device_op(i, id, dsts, srcs);
      }
      CppWriter::Continuation handler(execute_);
      execute_.line("failed.add(r, e.what());");
    }
    execute_.line("failed.check(" + place + ");");
  }

  std::string register_move(const Instr& i) const {
    const std::string reg = "regs_[r][" + std::to_string(i.reg) + "]";
    if (i.kind == OpKind::rank_id) return reg + " = r;";
    if (i.reg_src >= 0) return reg + " = regs_[r][" + std::to_string(i.reg_src) + "];";
    return reg + " = " + int_literal(i.constant) + ";";
  }

  void device_op(const Instr& i, const std::string& id, const std::vector<std::string>& dsts,
                 const std::vector<std::string>& srcs) {
    const std::string reg = "regs_[r][" + std::to_string(i.reg) + "]";
    switch (i.kind) {
      case OpKind::dma_copy:
        if (i.oob_skip) {
          // oob_mode.skip: an out-of-bounds transfer is dropped.
          execute_.line("if (!rt::in_bounds(" + dsts[0] + "[r]) || !rt::in_bounds(" + srcs[0] +
                        "[r])) continue;");
        }
        execute_.line("rt::dma_copy(" + dsts[0] + "[r], " + srcs[0] + "[r]);");
        return;
      case OpKind::memset: {
        const std::string value = "value" + id;
        members_.line("std::vector<std::byte> " + value + ";");
        const std::string v = std::holds_alternative<int64_t>(i.value)
                                  ? "int64_t{" + int_literal(std::get<int64_t>(i.value)) + "}"
                                  : "double{" + double_literal(std::get<double>(i.value)) + "}";
        ctor_.line(value + " = rt::scalar_bytes(" +
                   dtype_expr(p_.find_buffer(i.dsts[0].buffer)->dtype) + ", " + v + ");");
        execute_.line("rt::fill(" + dsts[0] + "[r], " + value + ");");
        return;
      }
      case OpKind::register_load:
        execute_.line(reg + " = rt::read_scalar_i64(" + srcs[0] + "[r]);");
        return;
      case OpKind::register_store:
        execute_.line("rt::fill(" + dsts[0] + "[r], rt::scalar_bytes(" + dsts[0] +
                      "[r].dtype(), " + reg + "));");
        return;
      default: return;
    }
  }

  void collective(const Instr& i, const std::string& id,
                  const std::vector<std::pair<std::string, const Operand*>>& ops,
                  const CollectiveNames& names) {
    std::string lists = "{";
    for (size_t g = 0; g < i.group.groups.size(); ++g) {
      lists += g ? ", {" : "{";
      for (size_t m = 0; m < i.group.groups[g].size(); ++m) {
        lists += (m ? ", " : "") + std::to_string(i.group.groups[g][m]);
      }
      lists += "}";
    }
    consts_.line("const std::vector<std::vector<int>> kGroup" + id + " = " + lists + "};");
    bool dynamic = false;
    for (const auto& op : ops) dynamic = dynamic || !is_static(*op.second);
    if (dynamic) {
      CppWriter::Block ranks(execute_, "for (int r = 0; r < kRanks; ++r)");
      set_offsets(execute_, ops);
    }
    for (const Scratch& s : emit_collective(execute_, i, names, p_)) {
      int64_t elements = 1;
      for (int64_t d : s.shape) elements *= d;
      members_.line("std::shared_ptr<rt::Buffer> " + s.buffer + ";");
      members_.line("rt::AccessPattern " + s.pattern + ";");
      ctor_.line(s.buffer + " = machine.allocate_scratch(0, " + dtype_expr(s.dtype) + ", {" +
                 int_literal(elements * s.copies) + "}, " + cpp_string_literal(s.label) + ");");
      ctor_.line(s.pattern + " = {" + s.buffer + ".get(), 0, " + dims_expr(row_major(s.shape)) +
                 "};");
    }
  }

  void place_constant(const std::string& name, const SourceRange& r) {
    if (!r.valid()) {
      consts_.line("const rt::SourcePlace " + name + " = {\"\", 0, 0, 1, \"\"};");
      return;
    }
    const std::string text(r.file->line(r.begin.line));
    const int end_col = r.end.line == r.begin.line ? r.end.col
                                                   : static_cast<int>(text.size()) + 1;
    consts_.line("const rt::SourcePlace " + name + " = {" + cpp_string_literal(r.file->path()) +
                 ", " + std::to_string(r.begin.line) + ", " + std::to_string(r.begin.col) + ", " +
                 std::to_string(std::max(end_col, r.begin.col + 1)) + ", " +
                 cpp_string_literal(text) + "};");
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
    w.line("// Each instruction runs on every rank in turn; comments give its source line.");
    for (const char* h : {"<algorithm>", "<cstddef>", "<cstdint>", "<cstring>", "<limits>", "<memory>",
                          "<string>", "<vector>"}) {
      w.line(std::string("#include ") + h);
    }
    w.line("");
    for (const char* h : {"runtime/access_pattern.h", "runtime/dma.h", "runtime/fill.h",
                          "runtime/host_io.h", "runtime/machine.h", "runtime/program.h"}) {
      w.line(std::string("#include \"") + h + "\"");
    }
    w.line("");
    w.line("namespace rt = nkic::rt;");
    w.line("");
    w.line("namespace {");
    w.line("");
    w.line("constexpr int kRanks = " + std::to_string(p_.ranks) + ";");
    w.line("constexpr int kRegisters = " + std::to_string(registers) + ";");
    w.line("");
    w.raw(consts_.str());
    w.line("");
    {
      CppWriter::Block c(w, "class " + cls + " final : public rt::CompiledKernel", "};");
      w.raw(" public:\n");
      {
        CppWriter::Block f(w, "explicit " + cls + "(rt::Machine& machine)");
        w.raw(ctor_.str());
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
        w.raw(execute_.str());
      }
      w.line("");
      {
        CppWriter::Block f(w, "void read_outputs(rt::RankOutputs& outputs) override");
        w.raw(read_.str());
      }
      w.line("");
      w.raw(" private:\n");
      w.raw(members_.str());
      w.line("int64_t regs_[kRanks][kRegisters] = {};");
    }
    w.line("");
    w.line("}  // namespace");
    w.line("");
    main_function(w, cls);
    return w.str();
  }

  void main_function(CppWriter& w, const std::string& cls) const {
    CppWriter::Block f(w, "int main(int argc, char** argv)");
    w.line("rt::ProgramSpec spec;");
    w.line("spec.file = " + cpp_string_literal(p_.file) + ";");
    w.line("spec.kernel = " + cpp_string_literal(p_.kernel) + ";");
    w.line("spec.ranks = kRanks;");
    w.line("spec.platform = " + cpp_string_literal(p_.platform) + ";");
    for (const Input& in : p_.inputs) {
      const BufferDecl* b = p_.find_buffer(in.buffer);
      w.line("spec.inputs.push_back(rt::ProgramInput{" + cpp_string_literal(in.name) + ", " +
             dtype_expr(b->dtype) + ", " + list_expr(b->shape) + "});");
    }
    w.line("return rt::program_main(argc, argv, spec, [](rt::Machine& machine) {");
    w.line("  return std::unique_ptr<rt::CompiledKernel>(std::make_unique<" + cls +
           ">(machine));");
    w.line("});");
  }

  const Program& p_;
  CppWriter consts_, members_, ctor_, load_, execute_, read_;
  std::map<int, std::string> buffers_;
  int next_instr_ = 0;
};

}  // namespace

std::string emit_cpp(const Program& program) { return Emitter(program).emit(); }

}  // namespace nkic::codegen
