// See alike.h. Every id an instruction refers to is among its operands
// (ir.h), so renaming walks the operands alone.
#include "codegen/alike.h"

namespace nkic::codegen {
namespace {

bool same_place(const SourceRange& a, const SourceRange& b) {
  return a.file == b.file && a.begin.line == b.begin.line && a.begin.col == b.begin.col &&
         a.end.line == b.end.line && a.end.col == b.end.col;
}

class Alike {
 public:
  explicit Alike(const Renaming& map) : map_(map) {}

  bool nodes(const Node* a, const Node* b, size_t n) const {
    for (size_t i = 0; i < n; ++i) {
      if (!node(a[i], b[i])) return false;
    }
    return true;
  }

 private:
  bool node(const Node& a, const Node& b) const {
    if (a.index() != b.index()) return false;
    if (auto* ia = std::get_if<Instr>(&a)) return instr(*ia, std::get<Instr>(b));
    const Loop& la = *std::get<std::unique_ptr<Loop>>(a);
    const Loop& lb = *std::get<std::unique_ptr<Loop>>(b);
    return la.var == lb.var && la.count == lb.count && same_place(la.where, lb.where) &&
           la.body.size() == lb.body.size() &&
           nodes(la.body.data(), lb.body.data(), la.body.size());
  }

  // Attributes compare as the operations define equality; every id is an
  // operand and compares under the renaming.
  bool instr(const Instr& a, const Instr& b) const {
    return a.op == b.op && a.program == b.program && same_place(a.where, b.where) &&
           operands(a.dsts, b.dsts) && operands(a.srcs, b.srcs) && regs(a.reg_dsts, b.reg_dsts) &&
           regs(a.reg_srcs, b.reg_srcs) &&
           a.buffer == (b.buffer < 0 ? b.buffer : map_.buffer(b.buffer));
  }

  bool regs(const std::vector<int>& a, const std::vector<int>& b) const {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!reg(a[i], b[i])) return false;
    }
    return true;
  }

  bool operands(const std::vector<Operand>& a, const std::vector<Operand>& b) const {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
      if (!operand(a[i], b[i])) return false;
    }
    return true;
  }

  bool operand(const Operand& a, const Operand& b) const {
    if (a.buffer != map_.buffer(b.buffer) || a.offset.terms != b.offset.terms || a.dims != b.dims ||
        a.dynamic.size() != b.dynamic.size() || a.as_dtype != b.as_dtype) {
      return false;
    }
    for (size_t i = 0; i < a.dynamic.size(); ++i) {
      const DynamicOffset& x = a.dynamic[i];
      const DynamicOffset& y = b.dynamic[i];
      const int y_buffer = y.buffer < 0 ? y.buffer : map_.buffer(y.buffer);
      if (!reg(x.reg, y.reg) || x.buffer != y_buffer || x.element.terms != y.element.terms ||
          x.multiplier != y.multiplier || x.per_row != y.per_row || x.row_step != y.row_step ||
          x.partitions != y.partitions || x.column_step != y.column_step || x.rows != y.rows) {
        return false;
      }
    }
    return true;
  }

  bool reg(int a, int b) const { return a == (b < 0 ? b : map_.reg(b)); }

  const Renaming& map_;
};

}  // namespace

bool alike(const Node* a, const Node* b, size_t n, const Renaming& map) {
  return Alike(map).nodes(a, b, n);
}

std::vector<int64_t> slot_values(const Node* nodes, size_t n) {
  std::vector<int64_t> out;
  for_each_slot(nodes, n, [&](const Affine& a) { out.push_back(a.constant); });
  return out;
}

}  // namespace nkic::codegen
