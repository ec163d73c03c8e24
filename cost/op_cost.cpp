// See op_cost.h.
#include "cost/op_cost.h"

#include <algorithm>
#include <type_traits>

#include "runtime/dtype.h"
#include "runtime/isa_members.h"
#include "runtime/tiles.h"

namespace nkic::cost {

namespace {

int64_t bytes_of(const rt::AccessPattern& ap) {
  return ap.elements() * static_cast<int64_t>(rt::dtype_size(ap.dtype()));
}

// The widest dtype among the patterns: an engine streams at the narrow
// rate only when everything it reads and writes is narrow.
Width widest(rt::Span<const rt::AccessPattern*> patterns, size_t widest = 1) {
  for (const rt::AccessPattern* ap : patterns)
    widest = std::max(widest, rt::dtype_size(ap->dtype()));
  return widest >= 4 ? Width::bits32 : widest == 2 ? Width::bits16 : Width::bits8;
}

Width width_of(const rt::OpOperands& o) {
  const Width d = widest(o.dsts);
  const Width s = widest(o.srcs);
  return d == Width::bits32 || s == Width::bits32   ? Width::bits32
         : d == Width::bits16 || s == Width::bits16 ? Width::bits16
                                                    : Width::bits8;
}

// The engine a kernel named, when it is one of the streaming engines, else
// the operation's default.
Engine named_engine(int64_t member, Engine fallback) {
  switch (member) {
    case rt::isa::kEngineScalar:
      return Engine::scalar;
    case rt::isa::kEngineGpsimd:
      return Engine::gpsimd;
    case rt::isa::kEngineVector:
      return Engine::vector;
    default:
      return fallback;
  }
}

const EngineParams& engine_params(const Params& p, Engine e) {
  switch (e) {
    case Engine::scalar:
      return p.scalar;
    case Engine::gpsimd:
      return p.gpsimd;
    default:
      return p.vector;
  }
}

// The queue of a transfer the kernel may have said how to start: software
// DGE is GpSimd's, descriptors made before the run have their own, and a
// hardware-DGE transfer goes from the engine that triggers it (SyncE unless
// the kernel names ScalarE).
DmaQueue queue_of(int64_t dge_mode, int64_t trigger) {
  if (dge_mode == rt::isa::kDgeSoftware) return DmaQueue::gpsimd;
  if (dge_mode == rt::isa::kDgeNone) return DmaQueue::prebuilt;
  return trigger == rt::isa::kEngineScalar ? DmaQueue::scalar : DmaQueue::sync;
}

// A stream of `inputs` tensors of dst's free size per partition on `e`.
OpCost stream(const Params& p, Engine e, const rt::OpOperands& o, int64_t inputs,
              const rt::AccessPattern& along) {
  OpCost c;
  c.where = OpCost::Where::engine;
  c.engine = e;
  c.ns = engine_ns(engine_params(p, e), {rt::free_size(along), inputs, width_of(o)});
  c.bytes = bytes_of(*o.dsts[0]);
  return c;
}

// A DMA between two patterns: the on-chip side's partitions spread it over
// the engines (an HBM-to-HBM copy, its outermost dim).
OpCost dma(const Params& p, const rt::AccessPattern& dst, const rt::AccessPattern& src,
           DmaQueue queue, DmaShape::Kind kind = DmaShape::Kind::copy) {
  DmaShape s;
  s.bytes = bytes_of(dst);
  const rt::AccessPattern& chip = rt::is_on_chip(dst.buffer->kind()) ? dst : src;
  s.partitions = chip.dims.empty() ? 1 : chip.dims[0].count;
  s.run_bytes = std::min(run_bytes(dst), run_bytes(src));
  s.kind = kind;
  OpCost c;
  c.where = OpCost::Where::dma;
  c.dma_queue = queue;
  c.ns = dma_ns(p.dma, s);
  c.bytes = s.bytes;
  c.dma_engines = static_cast<int>(dma_engines(p.dma, s.partitions));
  if (rt::is_on_chip(chip.buffer->kind()) && chip.elements() > 0) {
    const int64_t per_partition =
        chip.buffer->elements() / std::max<int64_t>(1, chip.buffer->shape()[0]);
    const int64_t first = chip.min_offset() / std::max<int64_t>(1, per_partition);
    c.first_dma_engine =
        static_cast<int>(first / static_cast<int64_t>(p.dma.partitions_per_engine));
  }
  return c;
}

// The Tensor Engine: the moving tile streams through the array (a matmul's
// second source; a transpose's data, a matmul by the identity).
OpCost matmul(const Params& p, const rt::OpOperands& o) {
  const rt::AccessPattern& moving = *o.srcs[o.srcs.size() - 1];
  OpCost c;
  c.where = OpCost::Where::engine;
  c.engine = Engine::tensor;
  // The operands' dtype sets the rate; PSUM's float32 does not.
  c.ns = matmul_ns(p.tensor, rt::free_size(moving), widest(o.srcs));
  c.bytes = bytes_of(*o.dsts[0]);
  return c;
}

}  // namespace

Access access_of(const rt::AccessPattern& ap) {
  const auto elem = static_cast<int64_t>(rt::dtype_size(ap.dtype()));
  if (ap.elements() == 0) return {ap.buffer->serial(), 0, 0};
  return {ap.buffer->serial(), ap.min_offset() * elem, (ap.max_offset() + 1) * elem};
}

int64_t run_bytes(const rt::AccessPattern& ap) {
  const auto elem = static_cast<int64_t>(rt::dtype_size(ap.dtype()));
  // On chip each partition is its own memory: a run never crosses one.
  const size_t outermost = rt::is_on_chip(ap.buffer->kind()) && !ap.dims.empty() ? 1 : 0;
  // From the innermost dim out, the dims that continue one run (as
  // rt::normalized merges them; a dim of one element takes no part).
  int64_t run = 1;
  for (size_t k = ap.dims.size(); k-- > outermost;) {
    const rt::Dim& d = ap.dims[k];
    if (d.count == 0) return 0;
    if (d.count == 1) continue;
    if (d.step != run) break;
    run *= d.count;
  }
  return run * elem;
}

OpCost op_cost(const Params& p, const rt::DeviceOp& op, const rt::OpOperands& o) {
  return std::visit(
      [&](const auto& x) -> OpCost {
        using Op = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<Op, rt::DmaCopy>) {
          if (x.on_engine) return stream(p, named_engine(x.engine, Engine::vector), o, 1, *o.dsts[0]);
          return dma(p, *o.dsts[0], *o.srcs[0], queue_of(x.dge_mode, x.engine));
        } else if constexpr (std::is_same_v<Op, rt::DmaTranspose>) {
          const bool from_hbm = !rt::is_on_chip(o.srcs[0]->buffer->kind());
          return dma(
              p, *o.dsts[0], *o.srcs[0], queue_of(x.dge_mode, rt::isa::kEngineUnknown),
              from_hbm ? DmaShape::Kind::transpose_from_hbm : DmaShape::Kind::transpose_in_sbuf);
        } else if constexpr (std::is_same_v<Op, rt::LncExchange>) {
          return dma(p, *o.dsts[0], *o.srcs[1], DmaQueue::sync);
        } else if constexpr (std::is_same_v<Op, rt::Memset>) {
          if (!rt::is_on_chip(o.dsts[0]->buffer->kind()))
            return dma(p, *o.dsts[0], *o.dsts[0], DmaQueue::sync);
          return stream(p, named_engine(x.engine, Engine::vector), o, 1, *o.dsts[0]);
        } else if constexpr (std::is_same_v<Op, rt::Iota> || std::is_same_v<Op, rt::AffineSelect>) {
          return stream(p, Engine::gpsimd, o, 1, *o.dsts[0]);
        } else if constexpr (std::is_same_v<Op, rt::Activation>) {
          return stream(p, Engine::scalar, o, 1, *o.srcs[0]);
        } else if constexpr (std::is_same_v<Op, rt::TensorTensor>) {
          return stream(p, named_engine(x.engine, Engine::vector), o, 2, *o.dsts[0]);
        } else if constexpr (std::is_same_v<Op, rt::TensorCopyPredicated>) {
          return stream(p, Engine::vector, o, 2, *o.dsts[0]);
        } else if constexpr (std::is_same_v<Op, rt::TensorScalar>) {
          return stream(p, named_engine(x.engine, Engine::vector), o, 1, *o.dsts[0]);
        } else if constexpr (std::is_same_v<Op, rt::Exponential>) {
          return stream(p, Engine::vector, o, 1, *o.dsts[0]);
        } else if constexpr (std::is_same_v<Op, rt::TensorReduce>) {
          return stream(p, Engine::vector, o, 1, *o.srcs[0]);
        } else if constexpr (std::is_same_v<Op, rt::NcTranspose>) {
          // The Tensor Engine transposes SBUF into PSUM (a matmul by the
          // identity); the Vector Engine anything else, or when named.
          const bool tensor_path = o.srcs[0]->buffer->kind() == rt::MemKind::sbuf &&
                                   o.dsts[0]->buffer->kind() == rt::MemKind::psum;
          if (x.engine == rt::isa::kEngineVector || !tensor_path)
            return stream(p, Engine::vector, o, 1, *o.srcs[0]);
          return matmul(p, o);
        } else if constexpr (std::is_same_v<Op, rt::NcMatmul>) {
          return matmul(p, o);
        } else if constexpr (std::is_same_v<Op, rt::RegisterMove> ||
                             std::is_same_v<Op, rt::RegisterLoad> ||
                             std::is_same_v<Op, rt::RegisterStore> ||
                             std::is_same_v<Op, rt::RankId> || std::is_same_v<Op, rt::RingRankId> ||
                             std::is_same_v<Op, rt::CoreBarrier>) {
          // The registers' own operations, and a barrier (the estimator holds
          // both programs there): no data moves.
          return OpCost{};
        } else {
          static_assert(sizeof(Op) == 0, "op_cost: say what the new operation costs");
        }
      },
      op);
}

}  // namespace nkic::cost
