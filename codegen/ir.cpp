// The IR's names and its text form (`nkic emit --dump-ir`): declarations,
// then the body one instruction per line, loops indented, each line ending
// in `# FILE:LINE` (the file's base name, so the text does not depend on
// where the sources live). Under an LNC grid (--lnc 2) the header names the
// LNC, each on-chip buffer its program, and the body is one section per
// program (`program 0:`, `program 1:`), the order the programs run in, or of
// both (`programs 0 and 1, in turn:`) for a loop of both programs' instructions,
// each line then naming its program; without a grid none of these appear.
#include "codegen/ir.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "runtime/format_util.h"

namespace nkic::codegen {
namespace {

std::string base_name(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string place(const SourceRange& r) {
  if (!r.valid()) return "<unknown>";
  return base_name(r.file->path()) + ":" + std::to_string(r.begin.line);
}

std::string term(int64_t coefficient, const std::string& name) {
  return coefficient == 1 ? name : std::to_string(coefficient) + "*" + name;
}

// Joins signed parts as "a + b - c".
class Sum {
 public:
  void add(int64_t coefficient, const std::string& name) {
    if (coefficient == 0) return;
    const bool negative = coefficient < 0;
    const std::string t = name.empty() ? std::to_string(negative ? -coefficient : coefficient)
                                       : term(negative ? -coefficient : coefficient, name);
    if (text_.empty()) {
      text_ = negative ? "-" + t : t;
    } else {
      text_ += (negative ? " - " : " + ") + t;
    }
  }
  std::string str() const { return text_.empty() ? "0" : text_; }

 private:
  std::string text_;
};

void add_affine(Sum& sum, const Affine& a) {
  for (const auto& [var, coefficient] : a.terms) sum.add(coefficient, "i" + std::to_string(var));
  sum.add(a.constant, "");
}

class Printer {
 public:
  explicit Printer(const Program& p) : p_(p) {}

  std::string print() {
    out_ << "program " << p_.kernel << " (" << base_name(p_.file) << ") on " << p_.ranks
         << (p_.ranks == 1 ? " rank" : " ranks") << ", " << p_.platform;
    if (grid()) out_ << ", lnc " << p_.lnc;
    out_ << "\n";
    out_ << "buffers:\n";
    for (const BufferDecl& b : p_.buffers) {
      out_ << "  b" << b.id << " " << rt::mem_kind_name(b.kind) << " " << rt::dtype_name(b.dtype)
           << rt::format_shape(b.shape) << " '" << b.name << "'";
      if (b.input >= 0) out_ << " input " << b.input;
      if (grid() && rt::is_on_chip(b.kind)) out_ << " program " << b.program;
      if (b.where.valid()) out_ << "  # " << place(b.where);
      out_ << "\n";
    }
    out_ << "registers:\n";
    for (const RegisterDecl& r : p_.registers) {
      out_ << "  r" << r.id;
      if (r.where.valid()) out_ << "  # " << place(r.where);
      out_ << "\n";
    }
    out_ << "inputs:\n";
    for (const Input& in : p_.inputs) out_ << "  " << in.name << " = b" << in.buffer << "\n";
    out_ << "outputs:\n";
    for (const Output& o : p_.outputs) out_ << "  " << o.name << " = " << operand(o.view) << "\n";
    out_ << "body:\n";
    if (!grid()) {
      nodes(p_.body, 1);
      return out_.str();
    }
    // Each program's nodes follow the other's (ir.h): a loop holds one
    // program's instructions, as each program is traced on its own.
    for (size_t begin = 0; begin < p_.body.size();) {
      const int program = program_of(p_.body[begin]);
      size_t end = begin + 1;
      while (end < p_.body.size() && program_of(p_.body[end]) == program) ++end;
      if (program == kBoth) {
        out_ << "  programs 0 and 1, in turn:\n";
      } else {
        out_ << "  program " << program << ":\n";
      }
      mixed_ = program == kBoth;
      nodes(p_.body, 2, begin, end);
      mixed_ = false;
      begin = end;
    }
    return out_.str();
  }

 private:
  bool grid() const { return p_.lnc > 1; }

  // A loop made of a loop split where the programs met (reroll_runs.h)
  // holds both programs' instructions.
  static constexpr int kBoth = -2;

  // The program whose instructions a node holds, or kBoth.
  static int program_of(const Node& n) {
    if (const Instr* i = std::get_if<Instr>(&n)) return i->program;
    const std::vector<Node>& body = std::get<std::unique_ptr<Loop>>(n)->body;
    int program = -1;
    for (const Node& b : body) {
      const int p = program_of(b);
      if (p == kBoth || (program >= 0 && p != program)) return kBoth;
      program = p;
    }
    return program;
  }

  void nodes(const std::vector<Node>& body, int depth) { nodes(body, depth, 0, body.size()); }

  void nodes(const std::vector<Node>& body, int depth, size_t begin, size_t end) {
    for (size_t k = begin; k < end; ++k) {
      const Node& n = body[k];
      const std::string indent(static_cast<size_t>(depth) * 2, ' ');
      if (const Instr* i = std::get_if<Instr>(&n)) {
        out_ << indent << instr(*i) << "  # " << place(i->where);
        if (mixed_) out_ << ", program " << i->program;
        out_ << "\n";
        continue;
      }
      const Loop& l = *std::get<std::unique_ptr<Loop>>(n);
      out_ << indent << "for i" << l.var << " in range(" << l.count << "):  # " << place(l.where)
           << "\n";
      nodes(l.body, depth + 1);
    }
  }

  static std::string operand(const Operand& o) {
    Sum offset;
    add_affine(offset, o.offset);
    std::string text = "b" + std::to_string(o.buffer) + "[" + offset.str();
    for (const DynamicOffset& d : o.dynamic) {
      std::string source;
      if (d.reg >= 0) {
        source = "r" + std::to_string(d.reg);
      } else {
        Sum element;
        add_affine(element, d.element);
        source = "b" + std::to_string(d.buffer) + "[" + element.str() + "]";
        if (d.per_row) {
          source = "rows(b" + std::to_string(d.buffer) + "[" + element.str() + " + " +
                   std::to_string(d.row_step) + " * (i % " + std::to_string(d.partitions) +
                   ") + " + std::to_string(d.column_step) + " * (i / " +
                   std::to_string(d.partitions) + ")], i < " + std::to_string(d.rows) + ")";
        }
      }
      text += " + " + term(d.multiplier, source);
    }
    text += "; ";
    for (size_t i = 0; i < o.dims.size(); ++i) {
      if (i) text += ", ";
      text += "[" + std::to_string(o.dims[i].step) + ", " + std::to_string(o.dims[i].count) + "]";
    }
    if (o.as_dtype) text += " as " + std::string(rt::dtype_name(*o.as_dtype));
    return text + "]";
  }

  static std::string operands(const std::vector<Operand>& v) {
    std::string text;
    for (size_t i = 0; i < v.size(); ++i) text += (i ? ", " : "") + operand(v[i]);
    return v.size() == 1 ? text : "[" + text + "]";
  }

  static std::string registers(const std::vector<int>& v) {
    std::string text;
    for (size_t i = 0; i < v.size(); ++i) text += (i ? ", r" : "r") + std::to_string(v[i]);
    return text;
  }

  static std::string instr(const Instr& i) {
    const rt::OpText t{operands(i.dsts), operands(i.srcs), registers(i.reg_dsts),
                       registers(i.reg_srcs)};
    const std::string text = std::visit(
        Overloaded{[&](const rt::DeviceOp& op) {
                     return std::visit([&](const auto& x) { return x.text(t); }, op);
                   },
                   [&](const rt::CollectiveOp& op) { return op.text(t); },
                   [&](const Allocate&) { return "b" + std::to_string(i.buffer); },
                   [&](const Release&) { return "b" + std::to_string(i.buffer); }},
        i.op);
    return std::string(i.name()) + " " + text;
  }

  const Program& p_;
  std::ostringstream out_;
  bool mixed_ = false;  // printing a section of both programs: each line names its own
};

}  // namespace

const char* Instr::name() const {
  return std::visit(Overloaded{[](const rt::DeviceOp& x) { return rt::op_name(x); },
                               [](const rt::CollectiveOp& x) { return x.name(); },
                               [](const Allocate&) { return Allocate::kName; },
                               [](const Release&) { return Release::kName; }},
                    op);
}

namespace {

// Ids increase along the declarations: a binary search, so that kernels of
// many tensors are not quadratic to compile.
template <typename Decl>
const Decl* find_by_id(const std::vector<Decl>& decls, int id) {
  auto it = std::lower_bound(decls.begin(), decls.end(), id,
                             [](const Decl& d, int key) { return d.id < key; });
  return it != decls.end() && it->id == id ? &*it : nullptr;
}

}  // namespace

const BufferDecl* Program::find_buffer(int id) const { return find_by_id(buffers, id); }

const RegisterDecl* Program::find_register(int id) const { return find_by_id(registers, id); }

std::string print_ir(const Program& p) { return Printer(p).print(); }

}  // namespace nkic::codegen
