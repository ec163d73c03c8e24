// The isa operations between the two programs of an LNC-2 rank:
// nisa.core_barrier and nisa.sendrecv. Each checks its own arguments as the
// docs state them, then meets the rank's other program at the scheduler
// (spmd.h). The second to arrive checks that the two calls agree (the same
// operation, pipe_id and tile) and, for sendrecv, hands the exchange to the
// device as one operation on both programs' tiles (rt::LncExchange), which
// the interpreter performs and a compiler records.
#include <optional>

#include "interp/nki/args.h"
#include "interp/spmd.h"
#include "runtime/format_util.h"

namespace nkic::interp {
namespace nki {

namespace {

void require_lnc2(const CallArgs& c) {
  if (c.ev.context().programs < 2) {
    throw ValueError("nisa." + c.fn.name +
                     " works between the two programs of a logical NeuronCore: run with --lnc 2");
  }
}

// send_to_rank / recv_from_rank: the other program of the rank.
void peer_arg(const CallArgs& c, const char* param) {
  const Value& v = c[param];
  if (!v.is<int64_t>() || (*v.get<int64_t>() != 0 && *v.get<int64_t>() != 1)) {
    throw ValueError(param_name(c, param) + " must be 0 or 1 (a program of the LNC-2 rank), not " +
                     to_repr(v));
  }
  const int program = c.ev.context().program;
  if (c.ev.context().programs > 1 && *v.get<int64_t>() == program) {
    throw ValueError(param_name(c, param) + " must be the rank's other program, " +
                     std::to_string(1 - program) + ", not " + std::to_string(program) +
                     ", this one");
  }
}

std::string tile_text(const rt::TensorView& t) {
  return rt::format_shape(t.shape()) + " " + std::string(rt::dtype_name(t.dtype()));
}

Diagnostic note_at(const SourceRange& where, const std::string& message, const CallArgs& c,
                   int program) {
  Diagnostic d = c.ev.diagnostic(where, message);
  d.severity = Severity::note;
  d.program = program;
  return d;
}

// Where the rank's programs disagree at a meeting: an error at the second
// call, with a note at the first.
[[noreturn]] void disagree(const CallArgs& c, const ProgramMeeting& first,
                           const std::string& message, const std::string& first_note) {
  Diagnostic d = c.ev.diagnostic(c.range, message);
  d.notes.push_back(note_at(first.range, first_note, c, first.program));
  throw CompileError(std::move(d));
}

// The checks every meeting makes: both programs call the same operation
// (and, for sendrecv, with one pipe_id).
void check_same_operation(const CallArgs& c, const ProgramMeeting& first,
                          const ProgramMeeting& second) {
  const std::string here =
      std::string(second.name) + " on program " + std::to_string(second.program);
  const std::string there = "program " + std::to_string(first.program);
  if (std::string(first.name) != second.name) {
    disagree(c, first,
             here + " meets " + there + "'s " + first.name + " at " + place(first.range) +
                 ": the programs of a rank must call core_barrier and sendrecv in one order",
             there + " calls " + first.name + " here");
  }
  if (first.pipe_id != second.pipe_id) {
    disagree(c, first,
             here + " has pipe_id " + std::to_string(second.pipe_id) + ", but " + there +
                 "'s, at " + place(first.range) + ", has pipe_id " + std::to_string(first.pipe_id),
             there + " calls " + first.name + " here");
  }
}

void meet(CallArgs& c, ProgramMeeting m, const Spmd::MeetingDone& complete) {
  const RankContext& ctx = c.ev.context();
  m.rank = ctx.rank;
  m.program = ctx.program;
  m.range = c.range;
  ctx.spmd->meet(m, complete);
  // The other program may have run meanwhile: what follows is this one's.
  device(c).program(ctx.program);
}

Value nisa_core_barrier(CallArgs& c) {
  const rt::TensorView& data = tensor_arg(c, "data");
  if (data.kind() != rt::MemKind::shared_hbm) {
    throw ValueError(param_name(c, "data") + " must be in shared HBM (nl.shared_hbm), not " +
                     std::string(rt::mem_kind_name(data.kind())));
  }
  const ValueList* cores = sequence_items(c["cores"]);
  auto is_cores = [&](int64_t n) {
    if (!cores || cores->size() != static_cast<size_t>(n)) return false;
    for (int64_t k = 0; k < n; ++k) {
      if (!equals((*cores)[static_cast<size_t>(k)], Value(k))) return false;
    }
    return true;
  };
  const bool grid = c.ev.context().programs > 1;
  if (!is_cores(2) && !(is_cores(1) && !grid)) {
    throw ValueError(param_name(c, "cores") + " must be (0, 1)" +
                     (grid ? " under --lnc 2" : " (or (0,), a core alone, without --lnc 2)") +
                     ", not " + to_repr(c["cores"]));
  }
  enum_arg(c, "engine", "engine");
  name_arg(c, "name");
  if (is_cores(1)) return Value();  // one core: nothing to wait for
  require_lnc2(c);
  ProgramMeeting m;
  m.name = "nisa.core_barrier";
  meet(c, m, [&](const ProgramMeeting& first, const ProgramMeeting& second) {
    check_same_operation(c, first, second);
    device(c).run({rt::CoreBarrier{}, {}, {}, {}, {}, c.range});
  });
  return Value();
}

constexpr int64_t kGpsimdDma = 2;  // nisa.dma_engine.gpsimd_dma

// The most bytes per partition sendrecv moves through the GpSimd's own DMA.
int64_t gpsimd_dma_limit(rt::DType dtype) {
  switch (rt::dtype_size(dtype)) {
    case 1:
      return 256;
    case 2:
      return 512;
    default:
      return 1024;
  }
}

Value nisa_sendrecv(CallArgs& c) {
  const rt::TensorView& src = tensor_arg(c, "src");
  const rt::TensorView& dst = tensor_arg(c, "dst");
  for (const char* param : {"src", "dst"}) {
    const rt::TensorView& t = tensor_arg(c, param);
    if (t.kind() != rt::MemKind::sbuf) {
      throw ValueError(param_name(c, param) + " must be in SBUF, not " +
                       std::string(rt::mem_kind_name(t.kind())));
    }
  }
  if (src.dtype() != dst.dtype() || src.shape() != dst.shape()) {
    throw ValueError("src and dst must have one shape and dtype: src is " + tile_text(src) +
                     ", dst " + tile_text(dst));
  }
  peer_arg(c, "send_to_rank");
  peer_arg(c, "recv_from_rank");
  if (!c["pipe_id"].is<int64_t>()) {
    throw ValueError(param_name(c, "pipe_id") + " must be an int, not " + to_repr(c["pipe_id"]));
  }
  const bool gpsimd_dma = enum_arg(c, "dma_engine", "dma_engine") == kGpsimdDma;
  name_arg(c, "name");
  if (gpsimd_dma) {
    const rt::Extents& shape = src.shape();
    // A view repeating elements can count past int64: checked, and 0 when a dim is empty.
    bool empty = false;
    for (size_t k = 1; k < shape.size(); ++k) empty = empty || shape[k] == 0;
    const std::optional<int64_t> per_partition =
        empty ? std::optional<int64_t>(0)
              : rt::product_if_fits(shape.data(), shape.size(), 1,
                                    static_cast<int64_t>(rt::dtype_size(src.dtype())));
    const int64_t limit = gpsimd_dma_limit(src.dtype());
    if (!per_partition || *per_partition > limit) {
      throw ValueError(c.fn.name + ": dma_engine.gpsimd_dma moves at most " +
                       std::to_string(limit) + " bytes per partition of " +
                       std::string(rt::dtype_name(src.dtype())) + ", and the tile has " +
                       (per_partition ? std::to_string(*per_partition) : "more than 2**63"));
    }
  }
  require_lnc2(c);
  ProgramMeeting m;
  m.name = "nisa.sendrecv";
  m.pipe_id = *c["pipe_id"].get<int64_t>();
  m.src = &src;
  m.dst = &dst;
  meet(c, m, [&](const ProgramMeeting& first, const ProgramMeeting& second) {
    check_same_operation(c, first, second);
    if (first.src->shape() != second.dst->shape() || first.src->dtype() != second.dst->dtype()) {
      disagree(c, first,
               "nisa.sendrecv on program " + std::to_string(second.program) + " exchanges a " +
                   tile_text(*second.dst) + " tile, but program " + std::to_string(first.program) +
                   "'s, at " + place(first.range) + ", is " + tile_text(*first.src),
               "program " + std::to_string(first.program) + " calls nisa.sendrecv here");
    }
    const ProgramMeeting& p0 = first.program == 0 ? first : second;
    const ProgramMeeting& p1 = first.program == 0 ? second : first;
    device(c).run({rt::LncExchange{}, {p0.dst, p1.dst}, {p0.src, p1.src}, {}, {}, c.range});
  });
  return Value();
}

}  // namespace

std::vector<OpEntry> nisa_lnc_entries() {
  const Value none;
  const char* nisa = "nki.isa";
  return {
      entry(nisa, "core_barrier",
            {req("data"), req("cores"), opt("engine", enum_member("engine", "gpsimd")),
             opt("name", none)},
            OpRole::device, nisa_core_barrier),
      entry(nisa, "sendrecv",
            {req("src"), req("dst"), req("send_to_rank"), req("recv_from_rank"), req("pipe_id"),
             opt("dma_engine", enum_member("dma_engine", "dma")), opt("name", none)},
            OpRole::device, nisa_sendrecv),
  };
}

}  // namespace nki
}  // namespace nkic::interp
