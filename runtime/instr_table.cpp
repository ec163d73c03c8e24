// See instr_table.h. Each record does what the statement nkic writes for the
// same instruction does (emit_cpp.cpp), through the same runtime calls.
#include "runtime/instr_table.h"

#include <vector>

#include "runtime/checked_int.h"
#include "runtime/dma.h"
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
}

int64_t& reg(const TableState& s, int rank, int32_t g) {
  return s.registers[static_cast<size_t>(rank) * static_cast<size_t>(s.registers_per_rank) +
                     static_cast<size_t>(g)];
}

std::vector<std::byte> scalar(const ScalarRecord& v, DType dtype) {
  return v.is_float ? scalar_bytes(dtype, v.real) : scalar_bytes(dtype, v.integer);
}

// One instruction on one rank; `dst` and `src` are scratch patterns.
void run_one(const InstrTable& t, const InstrRecord& i, TableState& s, int rank, AccessPattern& dst,
             AccessPattern& src) {
  if (i.dst.buffer >= 0) resolve(t, i.dst, s, rank, dst);
  if (i.src.buffer >= 0) resolve(t, i.src, s, rank, src);
  switch (i.op) {
    case TableOp::dma_copy:
      dma_copy(dst, src);
      return;
    case TableOp::dma_copy_skip:
      if (in_bounds(dst) && in_bounds(src)) dma_copy(dst, src);
      return;
    case TableOp::memset:
      fill(dst, scalar(t.scalars[i.aux], dst.dtype()));
      return;
    case TableOp::register_move:
      reg(s, rank, i.reg) = i.aux >= 0 ? reg(s, rank, i.aux) : i.constant;
      return;
    case TableOp::rank_id:
      reg(s, rank, i.reg) = rank;
      return;
    case TableOp::register_load:
      reg(s, rank, i.reg) = read_scalar_i64(src);
      return;
    case TableOp::register_store:
      fill(dst, scalar_bytes(dst.dtype(), reg(s, rank, i.reg)));
      return;
    case TableOp::allocate:
      allocate_slot(s.machine, t.buffers[i.aux], t.shapes, rank, slot(s, i.aux, rank));
      return;
    case TableOp::release:
      slot(s, i.aux, rank).reset();
      return;
  }
}

}  // namespace

const char* table_op_name(TableOp op) {
  switch (op) {
    case TableOp::dma_copy:
      return "dma_copy";
    case TableOp::dma_copy_skip:
      return "dma_copy_skip";
    case TableOp::memset:
      return "memset";
    case TableOp::register_move:
      return "register_move";
    case TableOp::rank_id:
      return "rank_id";
    case TableOp::register_load:
      return "register_load";
    case TableOp::register_store:
      return "register_store";
    case TableOp::allocate:
      return "allocate";
    case TableOp::release:
      return "release";
  }
  return "?";
}

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
  slot = machine.allocate(rank, decl.kind, decl.dtype, shape, decl.name);
}

void run_table(const InstrTable& table, size_t begin, size_t end, TableState& state) {
  AccessPattern dst, src;
  for (size_t n = begin; n < end; ++n) {
    const InstrRecord& i = table.instrs[n];
    RankFailures failed;  // every rank runs the row, as nkirun's ranks run on
    for (int r = 0; r < state.ranks; ++r) {
      try {
        run_one(table, i, state, r, dst, src);
      } catch (const Error& e) {
        failed.add(r, e.what());
      }
    }
    failed.check(table.places[i.place]);
  }
}

}  // namespace nkic::rt
