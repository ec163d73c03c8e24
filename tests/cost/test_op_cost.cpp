// Device operations priced as they ran: the track each takes, its time by
// the formulas on its operands' shapes, and the bytes it touches.
#include <doctest/doctest.h>

#include "cost/op_cost.h"
#include "runtime/isa_members.h"
#include "runtime/machine.h"

using doctest::Approx;
using namespace nkic;
using namespace nkic::cost;

namespace {

struct Tiles {
  rt::Machine machine{1, *rt::find_platform("trn2")};
  std::shared_ptr<rt::Buffer> hbm =
      machine.allocate(0, rt::MemKind::hbm, rt::DType::float32, {128, 1024}, "h");
  std::shared_ptr<rt::Buffer> sbuf =
      machine.allocate(0, rt::MemKind::sbuf, rt::DType::float32, {128, 512}, "s");
  std::shared_ptr<rt::Buffer> sbuf16 =
      machine.allocate(0, rt::MemKind::sbuf, rt::DType::bfloat16, {128, 512}, "b");
  std::shared_ptr<rt::Buffer> psum =
      machine.allocate(0, rt::MemKind::psum, rt::DType::float32, {128, 512}, "p");
};

rt::AccessPattern whole(const std::shared_ptr<rt::Buffer>& b) {
  return {b.get(), 0, rt::row_major_dims(b->shape())};
}

rt::OpOperands operands(std::initializer_list<const rt::AccessPattern*> dsts,
                        std::initializer_list<const rt::AccessPattern*> srcs) {
  rt::OpOperands o;
  o.dsts = dsts;
  o.srcs = srcs;
  return o;
}

}  // namespace

TEST_CASE("a DMA from HBM into a 128-partition tile, and a strided one") {
  Tiles t;
  const rt::AccessPattern dst = whole(t.sbuf);
  // The first 512 columns of each HBM row: rows of 2048 contiguous bytes.
  const rt::AccessPattern src{t.hbm.get(), 0, {{1024, 128}, {1, 512}}};
  const OpCost c = op_cost(platform_params("trn2"), rt::DmaCopy{}, operands({&dst}, {&src}));
  CHECK(c.where == OpCost::Where::dma);
  CHECK(c.bytes == 262144);
  CHECK(c.ns == Approx(dma_ns(platform_params("trn2").dma, {262144, 128, 2048})));
  // Every other column: runs of one 4-byte element.
  const rt::AccessPattern strided{t.hbm.get(), 0, {{1024, 128}, {2, 512}}};
  CHECK(run_bytes(strided) == 4);
  // Whole rows of HBM continue each other: one run; on chip a run stays in
  // its partition, and dims of one element take no part.
  CHECK(run_bytes({t.hbm.get(), 0, {{1024, 128}, {1, 1024}}}) == 128 * 1024 * 4);
  CHECK(run_bytes({t.hbm.get(), 0, {{4096, 4}, {1024, 2}, {7, 1}, {1, 1024}}}) == 2 * 1024 * 4);
  CHECK(run_bytes({t.sbuf.get(), 0, {{512, 128}, {1, 512}}}) == 512 * 4);
  CHECK(run_bytes({t.sbuf.get(), 0, {{512, 128}, {1, 0}}}) == 0);
  CHECK(op_cost(platform_params("trn2"), rt::DmaCopy{}, operands({&dst}, {&strided})).ns ==
        Approx(dma_ns(platform_params("trn2").dma, {262144, 128, 4})));
  // What it touches: the span of each side, in bytes.
  const Access a = access_of(src);
  CHECK(a.buffer == t.hbm->serial());
  CHECK(a.begin == 0);
  CHECK(a.end == (127 * 1024 + 511 + 1) * 4);
}

TEST_CASE("tensor_copy runs on the Vector Engine, activation on the Scalar Engine") {
  Tiles t;
  const rt::AccessPattern s = whole(t.sbuf), b = whole(t.sbuf16);
  const OpCost copy =
      op_cost(platform_params("trn2"), rt::DmaCopy{false, true}, operands({&b}, {&s}));
  CHECK(copy.where == OpCost::Where::engine);
  CHECK(copy.engine == Engine::vector);
  // float32 read: the 32-bit rate, one input of 512 per partition.
  CHECK(copy.ns == Approx(engine_ns(platform_params("trn2").vector, {512, 1, Width::bits32})));
  rt::Activation act;
  const OpCost a = op_cost(platform_params("trn2"), act, operands({&b}, {&b}));
  CHECK(a.engine == Engine::scalar);
  CHECK(a.ns == Approx(engine_ns(platform_params("trn2").scalar, {512, 1, Width::bits16})));
  const OpCost tt = op_cost(platform_params("trn2"), rt::TensorTensor{}, operands({&s}, {&s, &s}));
  // engine=nisa.gpsimd_engine, and nisa.engine.scalar for a copy.
  rt::TensorTensor on_gpsimd;
  on_gpsimd.engine = rt::isa::kEngineGpsimd;
  const OpCost g = op_cost(platform_params("trn2"), on_gpsimd, operands({&s}, {&s, &s}));
  CHECK(g.engine == Engine::gpsimd);
  CHECK(g.ns == Approx(engine_ns(platform_params("trn2").gpsimd, {512, 2, Width::bits32})));
  CHECK(
      op_cost(platform_params("trn2"), rt::DmaCopy{false, true, rt::isa::kEngineScalar}, operands({&b}, {&s})).engine ==
      Engine::scalar);
  CHECK(tt.ns == Approx(engine_ns(platform_params("trn2").vector, {512, 2, Width::bits32})));
}

TEST_CASE("a transfer's queue is its dge_mode's and trigger's, and memset and nc_transpose take engine=") {
  using namespace nkic::rt::isa;
  Tiles t;
  const rt::AccessPattern s = whole(t.sbuf), h{t.hbm.get(), 0, {{1024, 128}, {1, 512}}};
  const auto queue = [&](int64_t engine, int64_t dge) {
    return op_cost(platform_params("trn2"), rt::DmaCopy{false, false, engine, dge},
                   operands({&s}, {&h}))
        .dma_queue;
  };
  CHECK(queue(kEngineUnknown, kDgeUnknown) == DmaQueue::sync);
  CHECK(queue(kEngineSync, kDgeHardware) == DmaQueue::sync);
  CHECK(queue(kEngineScalar, kDgeUnknown) == DmaQueue::scalar);
  CHECK(queue(kEngineUnknown, kDgeSoftware) == DmaQueue::gpsimd);
  CHECK(queue(kEngineUnknown, kDgeNone) == DmaQueue::prebuilt);
  CHECK(op_cost(platform_params("trn2"), rt::DmaTranspose{kDgeSoftware}, operands({&s}, {&h}))
            .dma_queue == DmaQueue::gpsimd);

  rt::Memset fill{rt::Scalar::of(0.0), kEngineGpsimd};
  const OpCost m = op_cost(platform_params("trn2"), fill, operands({&s}, {}));
  CHECK(m.engine == Engine::gpsimd);
  CHECK(m.ns == Approx(engine_ns(platform_params("trn2").gpsimd, {512, 1, Width::bits32})));
  fill.engine = kEngineUnknown;
  CHECK(op_cost(platform_params("trn2"), fill, operands({&s}, {})).engine == Engine::vector);

  // SBUF to PSUM: the Tensor Engine unless the kernel names the Vector
  // Engine; anything else, the Vector Engine.
  const rt::AccessPattern tile{t.sbuf.get(), 0, {{512, 32}, {1, 32}}};
  const rt::AccessPattern into{t.psum.get(), 0, {{512, 32}, {1, 32}}};
  const rt::AccessPattern back{t.sbuf.get(), 64, {{512, 32}, {1, 32}}};
  CHECK(op_cost(platform_params("trn2"), rt::NcTranspose{}, operands({&into}, {&tile})).engine ==
        Engine::tensor);
  const OpCost v =
      op_cost(platform_params("trn2"), rt::NcTranspose{kEngineVector}, operands({&into}, {&tile}));
  CHECK(v.engine == Engine::vector);
  CHECK(v.ns == Approx(engine_ns(platform_params("trn2").vector, {32, 1, Width::bits32})));
  CHECK(op_cost(platform_params("trn2"), rt::NcTranspose{}, operands({&back}, {&tile})).engine ==
        Engine::vector);
}

TEST_CASE("a matmul streams its moving tile, and register operations take no track") {
  Tiles t;
  const rt::AccessPattern dst = whole(t.psum);
  const rt::AccessPattern stationary{t.sbuf16.get(), 0, {{512, 128}, {1, 128}}};
  const rt::AccessPattern moving = whole(t.sbuf16);
  const OpCost m =
      op_cost(platform_params("trn2"), rt::NcMatmul{}, operands({&dst}, {&stationary, &moving}));
  CHECK(m.where == OpCost::Where::engine);
  CHECK(m.engine == Engine::tensor);
  // bfloat16 operands: the bfloat16 rate, whatever PSUM holds.
  CHECK(m.ns == Approx(matmul_ns(platform_params("trn2").tensor, 512, Width::bits16)));
  const rt::AccessPattern moving32 = whole(t.sbuf);
  const rt::AccessPattern stationary32{t.sbuf.get(), 0, {{512, 128}, {1, 128}}};
  CHECK(
      op_cost(platform_params("trn2"), rt::NcMatmul{}, operands({&dst}, {&stationary32, &moving32}))
          .ns == Approx(matmul_ns(platform_params("trn2").tensor, 512, Width::bits32)));
  CHECK(op_cost(platform_params("trn2"), rt::RankId{}, rt::OpOperands{}).where ==
        OpCost::Where::none);
}
