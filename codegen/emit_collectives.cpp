// See emit_collectives.h. Each sub-group is handled in turn (groups are
// disjoint, so their order does not matter); a run-time error is reported
// on the group's first member, prefixed with the collective's name as the
// interpreter does.
#include "codegen/emit_collectives.h"

#include <algorithm>

#include "codegen/cpp_names.h"

namespace nkic::codegen {
namespace {

std::string op_expr(rt::ReduceOp op) {
  return "rt::ReduceOp::" + std::string(rt::reduce_op_name(op));
}

std::vector<int64_t> shape_of(const Operand& o) {
  std::vector<int64_t> shape;
  for (const rt::Dim& d : o.dims) shape.push_back(d.count);
  return shape;
}

int64_t elements(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

// Whether a pattern's elements are all at different offsets: ordered by step,
// each dim steps past everything the smaller dims reach.
bool distinct_elements(std::vector<rt::Dim> dims) {
  const auto single = [](const rt::Dim& d) { return d.count <= 1; };
  dims.erase(std::remove_if(dims.begin(), dims.end(), single), dims.end());
  for (rt::Dim& d : dims) d.step = d.step < 0 ? -d.step : d.step;
  std::sort(dims.begin(), dims.end(),
            [](const rt::Dim& a, const rt::Dim& b) { return a.step < b.step; });
  int64_t reach = 0;  // the largest offset the smaller dims add
  for (const rt::Dim& d : dims) {
    if (d.step <= reach) return false;
    reach += d.step * (d.count - 1);
  }
  return true;
}

size_t largest_group(const rt::ReplicaGroup& g) {
  size_t n = 0;
  for (const auto& list : g.groups) n = std::max(n, list.size());
  return n;
}

class Lowering {
 public:
  Lowering(CppWriter& w, const Instr& i, const CollectiveNames& names, const Program& p)
      : w_(w), i_(i), names_(names), p_(p) {}

  std::vector<Scratch> emit() {
    CppWriter::Block groups(w_, "for (const std::vector<int>& members : " + names_.group + ")");
    w_.line("const size_t n = members.size();");
    {
      CppWriter::Block attempt(w_, "try", "} catch (const rt::Error& e) {");
      switch (i_.kind) {
        case OpKind::all_reduce: all_reduce(); break;
        case OpKind::all_gather: all_gather(); break;
        case OpKind::reduce_scatter: reduce_scatter(); break;
        case OpKind::all_to_all: all_to_all(); break;
        default: break;
      }
    }
    {
      CppWriter::Continuation handler(w_);
      w_.line("throw rt::LocatedError(" + names_.place + ", members, std::string(" +
              cpp_string_literal(std::string(op_name(i_.kind)) + ": ") + ") + e.what());");
    }
    return std::move(scratch_);
  }

 private:
  rt::DType dtype(const Operand& o) const { return p_.find_buffer(o.buffer)->dtype; }

  // A scratch buffer of `copies` tensors of `shape`; returns its pattern's name.
  std::string scratch(const std::string& what, rt::DType t, std::vector<int64_t> shape,
                      int64_t copies = 1) {
    Scratch s;
    s.pattern = names_.prefix + "_" + what;
    s.buffer = s.pattern + "_buffer";
    s.dtype = t;
    s.shape = std::move(shape);
    s.copies = copies;
    s.label = std::string(op_name(i_.kind)) + " " + what;
    scratch_.push_back(s);
    return s.pattern;
  }

  std::string src(size_t k, const std::string& member) const {
    return names_.srcs[k] + "[" + member + "]";
  }
  std::string dst(size_t k, const std::string& member) const {
    return names_.dsts[k] + "[" + member + "]";
  }
  std::string chunk_of(size_t k) const {
    return std::to_string(i_.srcs[k].dims[static_cast<size_t>(i_.dim)].count);
  }

  // Every tensor's fold first, then every destination, as the runtime does.
  void all_reduce() {
    std::vector<std::string> accs;
    std::vector<bool> in_place;
    for (size_t k = 0; k < i_.srcs.size(); ++k) {
      const rt::DType t = dtype(i_.srcs[k]);
      const rt::DType acc_type = rt::is_float(t) ? rt::DType::float32 : t;
      in_place.push_back(fold_in_destination(k, acc_type));
      accs.push_back(in_place[k]
                         ? dst(k, "members[0]")
                         : scratch("acc" + std::to_string(k), acc_type, shape_of(i_.srcs[k])));
      if (in_place[k]) w_.line("// Folded in the first member's destination.");
      w_.line("rt::dma_copy(" + accs[k] + ", " + src(k, "members[0]") + ");");
      CppWriter::Block fold(w_, "for (size_t m = 1; m < n; ++m)");
      w_.line("rt::dma_accumulate(" + accs[k] + ", " + src(k, "members[m]") + ", " +
              op_expr(i_.op) + ");");
    }
    for (size_t k = 0; k < i_.srcs.size(); ++k) {
      // A fold in place already is the first member's result.
      CppWriter::Block write(w_, in_place[k] ? "for (size_t m = 1; m < n; ++m)"
                                             : "for (size_t m = 0; m < n; ++m)");
      w_.line("rt::dma_copy(" + dst(k, "members[m]") + ", " + accs[k] + ");");
    }
  }

  // Whether the first member's destination of tensor k can hold the fold
  // itself, saving a scratch accumulator and a pass over the data, with the
  // same bits: it has the accumulator's dtype; no other operand of the
  // collective lives in its buffer, so reading sources and writing the other
  // tensors cannot see it early; no two of its elements share storage; and
  // no operand has a run-time offset, so nothing can fail (every bound was
  // checked when the kernel was specialized) after it is written.
  bool fold_in_destination(size_t k, rt::DType acc_type) const {
    const Operand& d = i_.dsts[k];
    if (dtype(d) != acc_type || !distinct_elements(d.dims)) return false;
    std::vector<const Operand*> all;
    for (const Operand& o : i_.srcs) all.push_back(&o);
    for (const Operand& o : i_.dsts) all.push_back(&o);
    for (const Operand* o : all) {
      if (!o->dynamic.empty()) return false;
      if (o != &d && o->buffer == d.buffer) return false;
    }
    return true;
  }

  // When tensor k's source and destination share a buffer (a member's own
  // destination would overwrite its source), every member's source is copied
  // first; returns the staging pattern's name, or "" when not needed.
  std::string stage_sources(size_t k) {
    if (i_.srcs[k].buffer != i_.dsts[k].buffer) return "";
    const std::string staged =
        scratch("staged" + std::to_string(k), dtype(i_.srcs[k]), shape_of(i_.srcs[k]),
                static_cast<int64_t>(largest_group(i_.group)));
    CppWriter::Block copy(w_, "for (size_t j = 0; j < n; ++j)");
    source_of_member(k, staged);
    w_.line("rt::dma_copy(source, " + src(k, "members[j]") + ");");
    return staged;
  }

  // Declares `source`: member j's source of tensor k, staged or in place.
  void source_of_member(size_t k, const std::string& staged) {
    if (staged.empty()) {
      w_.line("const rt::AccessPattern& source = " + src(k, "members[j]") + ";");
      return;
    }
    w_.line("rt::AccessPattern source = " + staged + ";");
    w_.line("source.offset = static_cast<int64_t>(j) * " +
            std::to_string(elements(shape_of(i_.srcs[k]))) + ";");
  }

  void all_gather() {
    const std::string dim = std::to_string(i_.dim);
    for (size_t k = 0; k < i_.srcs.size(); ++k) {
      const std::string staged = stage_sources(k);
      const std::string chunk = chunk_of(k);
      CppWriter::Block each_dst(w_, "for (size_t i = 0; i < n; ++i)");
      CppWriter::Block each_src(w_, "for (size_t j = 0; j < n; ++j)");
      source_of_member(k, staged);
      w_.line("rt::dma_copy(rt::sub_range(" + dst(k, "members[i]") + ", " + dim +
              ", static_cast<int64_t>(j) * " + chunk + ", " + chunk + "), source);");
    }
  }

  void reduce_scatter() {
    const std::string dim = std::to_string(i_.dim);
    for (size_t k = 0; k < i_.srcs.size(); ++k) {
      CppWriter::Block tensor(w_, "");
      const rt::DType t = dtype(i_.srcs[k]);
      const std::string acc = scratch("acc" + std::to_string(k),
                                      rt::is_float(t) ? rt::DType::float32 : t,
                                      shape_of(i_.srcs[k]));
      w_.line("const int64_t chunk = " + chunk_of(k) + " / static_cast<int64_t>(n);");
      {
        CppWriter::Block each(w_, "for (size_t i = 0; i < n; ++i)");
        w_.line("const int64_t start = static_cast<int64_t>(i) * chunk;");
        w_.line("const rt::AccessPattern part = rt::sub_range(" + acc + ", " + dim +
                ", start, chunk);");
        w_.line("rt::dma_copy(part, rt::sub_range(" + src(k, "members[0]") + ", " + dim +
                ", start, chunk));");
        CppWriter::Block fold(w_, "for (size_t m = 1; m < n; ++m)");
        w_.line("rt::dma_accumulate(part, rt::sub_range(" + src(k, "members[m]") + ", " + dim +
                ", start, chunk), " + op_expr(i_.op) + ");");
      }
      CppWriter::Block write(w_, "for (size_t i = 0; i < n; ++i)");
      w_.line("rt::dma_copy(" + dst(k, "members[i]") + ", rt::sub_range(" + acc + ", " + dim +
              ", static_cast<int64_t>(i) * chunk, chunk));");
    }
  }

  void all_to_all() {
    const std::string dim = std::to_string(i_.dim);
    for (size_t k = 0; k < i_.srcs.size(); ++k) {
      CppWriter::Block tensor(w_, "");
      const std::string staged = stage_sources(k);
      w_.line("const int64_t chunk = " + chunk_of(k) + " / static_cast<int64_t>(n);");
      CppWriter::Block each_dst(w_, "for (size_t i = 0; i < n; ++i)");
      CppWriter::Block each_src(w_, "for (size_t j = 0; j < n; ++j)");
      source_of_member(k, staged);
      w_.line("rt::dma_copy(rt::sub_range(" + dst(k, "members[i]") + ", " + dim +
              ", static_cast<int64_t>(j) * chunk, chunk), rt::sub_range(source, " + dim +
              ", static_cast<int64_t>(i) * chunk, chunk));");
    }
  }

  CppWriter& w_;
  const Instr& i_;
  const CollectiveNames& names_;
  const Program& p_;
  std::vector<Scratch> scratch_;
};

}  // namespace

std::vector<Scratch> emit_collective(CppWriter& w, const Instr& instr,
                                     const CollectiveNames& names, const Program& program) {
  return Lowering(w, instr, names, program).emit();
}

}  // namespace nkic::codegen
