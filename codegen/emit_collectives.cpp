// See emit_collectives.h. Each list of members is handled in turn (lists
// are disjoint, so their order does not matter); a run-time error is
// reported on the list's members, prefixed with the collective's name as
// the interpreter does.
#include "codegen/emit_collectives.h"

#include "codegen/cpp_literals.h"
#include "codegen/cpp_names.h"

namespace nkic::codegen {
namespace {

const char* const kLoopVars[] = {"i", "j"};

std::string index_expr(const rt::Index& x) {
  if (x.var < 0) return int_literal(x.constant);
  const std::string v = kLoopVars[x.var];
  if (x.constant == 0) return v;
  return v + (x.constant > 0 ? " + " : " - ") +
         int_literal(x.constant > 0 ? x.constant : -x.constant);
}

class Printer {
 public:
  Printer(CppWriter& w, const rt::Schedule& s, const ScheduleNames& names)
      : w_(w), s_(s), names_(names) {}

  std::vector<Scratch> emit() {
    for (size_t t = 0; t < s_.scratch.size(); ++t) {
      Scratch x;
      x.pattern = names_.prefix + "_s" + std::to_string(t);
      x.buffer = x.pattern + "_buffer";
      x.decl = s_.scratch[t];
      scratch_.push_back(x);
    }
    CppWriter::Block lists(w_, "for (const std::vector<int>& members : " + names_.group + ")");
    {
      CppWriter::Block attempt(w_, "try", "} catch (const rt::Error& e) {");
      for (const rt::Step& step : s_.steps) this->step(step);
    }
    CppWriter::Continuation handler(w_);
    w_.line("throw rt::LocatedError(" + names_.place + ", members, std::string(" +
            cpp_string_literal(names_.name + ": ") + ") + e.what());");
    return std::move(scratch_);
  }

 private:
  void step(const rt::Step& step) {
    std::vector<std::unique_ptr<CppWriter::Block>> loops;
    const std::string n = std::to_string(s_.members);
    for (size_t v = 0; v < step.loops.size(); ++v) {
      const std::string var = kLoopVars[v];
      loops.push_back(std::make_unique<CppWriter::Block>(
          w_, "for (int64_t " + var + " = " + int_literal(step.loops[v]) + "; " + var + " < " + n +
                  "; ++" + var + ")"));
    }
    const std::string to = slot(step.dst), from = slot(step.src);
    switch (step.kind) {
      case rt::Step::Kind::copy:
        w_.line("rt::dma_copy(" + to + ", " + from + ");");
        return;
      case rt::Step::Kind::accumulate:
        w_.line("rt::dma_accumulate(" + to + ", " + from + ", " + alu_op_expr(step.op) + ");");
        return;
    }
  }

  std::string slot(const rt::Slot& s) const {
    std::string e;
    const std::string member = index_expr(s.member);
    switch (s.kind) {
      case rt::Slot::Kind::src:
        e = names_.srcs[static_cast<size_t>(s.tensor)] + "[members[" + member + "]]";
        break;
      case rt::Slot::Kind::dst:
        e = names_.dsts[static_cast<size_t>(s.tensor)] + "[members[" + member + "]]";
        break;
      case rt::Slot::Kind::scratch: {
        const Scratch& x = scratch_[static_cast<size_t>(s.tensor)];
        const bool first = s.member.var < 0 && s.member.constant == 0;
        e = first ? x.pattern : "rt::scratch_copy(" + x.pattern + ", " + member + ")";
        break;
      }
    }
    if (s.dim < 0) return e;
    const std::string size = int_literal(s.chunk_size);
    const std::string which = index_expr(s.chunk);
    const std::string start = which == "0" ? "0" : which + " * " + size;
    return "rt::sub_range(" + e + ", " + std::to_string(s.dim) + ", " + start + ", " + size + ")";
  }

  CppWriter& w_;
  const rt::Schedule& s_;
  const ScheduleNames& names_;
  std::vector<Scratch> scratch_;
};

}  // namespace

std::vector<Scratch> emit_schedule(CppWriter& w, const rt::Schedule& schedule,
                                   const ScheduleNames& names) {
  return Printer(w, schedule, names).emit();
}

}  // namespace nkic::codegen
