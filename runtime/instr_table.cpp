// See instr_table.h. A row runs its operation's run() (device_ops.h), as the
// statement nkic writes for the same instruction does.
#include "runtime/instr_table.h"

#include <vector>

#include "runtime/checked_int.h"
#include "runtime/fill.h"

namespace nkic::rt {
namespace {

std::shared_ptr<Buffer>& slot(const TableState& s, int32_t k, int rank) {
  return s.slots[static_cast<size_t>(k) * static_cast<size_t>(s.ranks) + static_cast<size_t>(rank)];
}

// Points `ap` at operand `o` on `rank`: its buffer, offset and dims (reusing
// ap's storage for the dims, so the walk allocates nothing per instruction).
void resolve(const InstrTable& t, const OperandRecord& o, const TableState& s, int rank,
             AccessPattern& ap) {
  ap.buffer = slot(s, o.buffer, rank).get();
  ap.dims.assign(t.dims + o.first_dim, t.dims + o.first_dim + o.dim_count);
  ap.offset = operand_offset(t, o, s, rank);
  ap.as_dtype = o.as_dtype < 0 ? std::nullopt : std::optional<DType>(static_cast<DType>(o.as_dtype));
}

int64_t& reg(const TableState& s, int rank, int32_t g) {
  return s.registers[static_cast<size_t>(rank) * static_cast<size_t>(s.registers_per_rank) +
                     static_cast<size_t>(g)];
}

// Scratch patterns for a row's tensors, reused from row to row.
struct RowPatterns {
  AccessPattern dsts[kMaxRowOperands], srcs[kMaxRowOperands];
  const AccessPattern* dst_ptrs[kMaxRowOperands] = {};
  const AccessPattern* src_ptrs[kMaxRowOperands] = {};
};

// Points ps[0, n) at the row's tensors of one kind: `first` (none when its
// buffer is negative), then `extra` more from the operands pool.
size_t resolve_all(const InstrTable& t, const OperandRecord& first, const OperandRecord* extra,
                   int32_t extra_count, const TableState& s, int rank, AccessPattern* aps,
                   const AccessPattern** ptrs) {
  if (first.buffer < 0) return 0;
  size_t n = 0;
  resolve(t, first, s, rank, aps[n]);
  ptrs[n] = &aps[n];
  ++n;
  for (int32_t k = 0; k < extra_count; ++k, ++n) {
    resolve(t, extra[k], s, rank, aps[n]);
    ptrs[n] = &aps[n];
  }
  return n;
}

// One instruction on one rank.
void run_one(const InstrTable& t, const InstrRecord& i, TableState& s, int rank, RowPatterns& ps) {
  switch (i.kind) {
    case RowKind::allocate:
      allocate_slot(s.machine, t.buffers[i.aux], t.shapes, rank, slot(s, i.aux, rank));
      return;
    case RowKind::release:
      slot(s, i.aux, rank).reset();
      return;
    case RowKind::op: break;
  }
  int64_t* reg_dsts[1] = {i.reg_dst >= 0 ? &reg(s, rank, i.reg_dst) : nullptr};
  const int64_t reg_srcs[1] = {i.reg_src >= 0 ? reg(s, rank, i.reg_src) : 0};
  OpOperands o;
  const OperandRecord* extra = t.operands + i.first_extra;
  const size_t dsts =
      resolve_all(t, i.dst, extra, i.extra_dsts, s, rank, ps.dsts, ps.dst_ptrs);
  const size_t srcs = resolve_all(t, i.src, extra + i.extra_dsts, i.extra_srcs, s, rank, ps.srcs,
                                  ps.src_ptrs);
  if (dsts > 0) o.dsts = Span<const AccessPattern*>(ps.dst_ptrs, dsts);
  if (srcs > 0) o.srcs = Span<const AccessPattern*>(ps.src_ptrs, srcs);
  if (i.reg_dst >= 0) o.reg_dsts = Span<int64_t*>(reg_dsts, 1);
  if (i.reg_src >= 0) o.reg_srcs = Span<int64_t>(reg_srcs, 1);
  o.rank = rank;
  run_op(t.ops[i.aux], o);
  if (s.observer) {
    const SourcePlace& place = t.places[i.place];
    s.observer->op(rank, place.program < 0 ? 0 : place.program, t.ops[i.aux], o,
                   OpPlace{place.file, place.line});
  }
}

}  // namespace

int64_t operand_offset(const InstrTable& t, const OperandRecord& o, const TableState& s, int rank) {
  int64_t offset = o.offset;
  for (int32_t k = 0; k < o.dynamic_count; ++k) {
    const DynamicRecord& d = t.dynamic[o.first_dynamic + k];
    const int64_t value =
        d.reg >= 0 ? reg(s, rank, d.reg) : read_element_i64(*slot(s, d.buffer, rank), d.element);
    offset = add_run_time_offset(offset, value, d.multiplier);
  }
  return offset;
}

void allocate_slot(Machine& machine, const BufferRecord& decl, const int64_t* shapes, int rank,
                   std::shared_ptr<Buffer>& slot) {
  slot.reset();
  const std::vector<int64_t> shape(shapes + decl.first_dim,
                                   shapes + decl.first_dim + decl.dim_count);
  slot =
      machine.allocate(rank, decl.kind, decl.dtype, shape, decl.name, /*io=*/false, decl.program);
}

void run_table(const InstrTable& table, size_t begin, size_t end, TableState& state) {
  RowPatterns patterns;
  for (size_t n = begin; n < end; ++n) {
    const InstrRecord& i = table.instrs[n];
    RankFailures failed;  // every rank runs the row, as nkirun's ranks run on
    const int end_rank = state.end_rank < 0 ? state.ranks : state.end_rank;
    for (int r = state.first_rank; r < end_rank; ++r) {
      try {
        run_one(table, i, state, r, patterns);
      } catch (const Error& e) {
        failed.add(r, e.what());
      }
    }
    failed.check(table.places[i.place]);
  }
}

}  // namespace nkic::rt
