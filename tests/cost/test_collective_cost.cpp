// The collectives' algorithms on trn2 at LNC 2 (4 ranks a chip, 64 an
// instance; a rank's DMA rate 2 cores x 16 engines x 23 B/ns = 736 B/ns;
// a chip's links 1024 B/ns; 1500 ns a hop; 6000 ns to launch): the choice
// by size and group, and each one's steps, bytes and time, computed by hand
// from the documented figures alone (the calibrated per-rank rate lifted),
// then with the calibrated rate.
#include <doctest/doctest.h>

#include <numeric>

#include "cost/collective_cost.h"

using doctest::Approx;
using namespace nkic::cost;

namespace {

std::vector<int> ranks(int first, int count, int step = 1) {
  std::vector<int> r;
  for (int i = 0; i < count; ++i) r.push_back(first + i * step);
  return r;
}

// trn2's figures without the calibrated cap on a rank's rate.
const Params& documented() {
  static const Params p = [] {
    Params q = platform_params("trn2");
    q.collectives.bytes_per_ns_per_rank = 1e9;
    return q;
  }();
  return p;
}

CollectiveShape shape(Collective c, int64_t bytes, std::vector<int> members) {
  CollectiveShape s;
  s.collective = c;
  s.bytes = bytes;
  s.members = std::move(members);
  s.lnc = 2;
  return s;
}

}  // namespace

TEST_CASE("the algorithm by size: mesh below 1 MB, rdh to 56 MB, then kangaring or ring") {
  const auto ar = [](int64_t bytes, std::vector<int> m) {
    return choose_algorithm(platform_params("trn2"),
                            shape(Collective::all_reduce, bytes, std::move(m)));
  };
  CHECK(ar(131072, ranks(0, 16)) == Algorithm::mesh);
  CHECK(ar(2097152, ranks(0, 16)) == Algorithm::rdh);
  CHECK(ar(536870912, ranks(0, 16)) == Algorithm::kangaring);
  // One rank on each of four chips: no pairs on a chip for kangaring.
  CHECK(ar(536870912, ranks(0, 4, 4)) == Algorithm::ring);
  // Six ranks: no hypercube for rdh, and the second chip is not whole.
  CHECK(ar(2097152, ranks(0, 6)) == Algorithm::ring);
  // 128 ranks at LNC 2 are two instances.
  CHECK(ar(2097152, ranks(0, 128)) == Algorithm::hierarchical);
  CHECK(choose_algorithm(platform_params("trn2"),
                         shape(Collective::all_to_all, 1 << 30, ranks(0, 8))) == Algorithm::mesh);
  CHECK(choose_algorithm(platform_params("trn2"),
                         shape(Collective::permute, 1 << 10, ranks(0, 8))) == Algorithm::ring);
}

TEST_CASE("an algorithm that cannot run the group says why") {
  CHECK(algorithm_problem(platform_params("trn2"), shape(Collective::all_reduce, 64, ranks(0, 6)),
                          Algorithm::rdh) == "rdh needs a power-of-two group, not 6 ranks");
  CHECK(algorithm_problem(platform_params("trn2"),
                          shape(Collective::all_gather, 64, ranks(0, 4, 4)),
                          Algorithm::kangaring) ==
        "kangaring needs every chip the group touches in it whole, 4 ranks a chip at LNC 2");
  CHECK(algorithm_problem(platform_params("trn2"), shape(Collective::all_gather, 64, ranks(0, 128)),
                          Algorithm::ring) ==
        "the group spans instances, which only the hierarchical algorithm joins");
  CHECK(algorithm_problem(platform_params("trn2"), shape(Collective::all_gather, 64, ranks(0, 8)),
                          Algorithm::hierarchical) ==
        "the group is within one instance: hierarchical needs several");
  CHECK(algorithm_problem(platform_params("trn2"), shape(Collective::all_to_all, 64, ranks(0, 8)),
                          Algorithm::ring) == "all-to-all runs only as mesh");
  CHECK(!algorithm_problem(platform_params("trn2"), shape(Collective::all_reduce, 64, ranks(0, 16)),
                           Algorithm::kangaring));
}

TEST_CASE("rdh all-reduce of 2 MiB on 16 ranks of 4 chips") {
  // C = 131072; steps 2 (log2 16 + 1) = 10; bytes 2 * 15 * C = 3932160, half
  // of them added as they land; each rank's share of its chip's links is
  // 1024 / 4 = 256 B/ns: 6000 + 10 * 1500 + 1966080 / 256 + 1966080 / 128.
  const auto k = collective_cost(documented(), shape(Collective::all_reduce, 2097152, ranks(0, 16)),
                                 Algorithm::rdh);
  CHECK(k.steps == 10);
  CHECK(k.bytes_per_rank == 3932160);
  CHECK(k.ns == Approx(6000 + 15000 + 7680 + 15360));
}

TEST_CASE("ring all-gather of 1 MiB on one rank of each of four chips") {
  // C = 262144, 3 steps, 3 C bytes at the rank's own DMA rate (alone on its
  // chip's links): 6000 + 3 * 1500 + 786432 / 736.
  const auto k = collective_cost(
      documented(), shape(Collective::all_gather, 1048576, ranks(0, 4, 4)), Algorithm::ring);
  CHECK(k.steps == 3);
  CHECK(k.bytes_per_rank == 786432);
  CHECK(k.ns == Approx(6000 + 4500 + 786432 / 736.0));
}

TEST_CASE("mesh reduce-scatter within one chip, and a permute across two") {
  // 4 ranks of chip 0, 64 KiB: 2 steps, 3 * 16384 bytes, all added at half
  // the DMA rate: 6000 + 3000 + 49152 / 368.
  const auto rs = collective_cost(
      documented(), shape(Collective::reduce_scatter, 65536, ranks(0, 4)), Algorithm::mesh);
  CHECK(rs.steps == 2);
  CHECK(rs.bytes_per_rank == 49152);
  CHECK(rs.ns == Approx(6000 + 3000 + 49152 / 368.0));
  // 8 ranks on two chips, 4 MiB each way: one step at 256 B/ns.
  const auto pm = collective_cost(documented(), shape(Collective::permute, 4194304, ranks(0, 8)),
                                  Algorithm::ring);
  CHECK(pm.steps == 1);
  CHECK(pm.bytes_per_rank == 4194304);
  CHECK(pm.ns == Approx(6000 + 1500 + 4194304 / 256.0));
}

TEST_CASE("a hierarchical all-gather of 128 MiB over two instances") {
  // Between the instances first, on 1/64 of the output: 2 ranks, ring, one
  // step of 1 MiB over EFA at 25 / 4 B/ns a rank, 15 us a hop. Then within
  // each instance by kangaring (128 MiB is past rdh; its chips are whole):
  // 64 ranks, 32 steps, 63 chunks of 2 MiB at 256 B/ns.
  const auto k =
      collective_cost(documented(), shape(Collective::all_gather, 134217728, ranks(0, 128)),
                      Algorithm::hierarchical);
  CHECK(k.steps == 1 + 32);
  CHECK(k.bytes_per_rank == 1048576 + 63 * 2097152);
  CHECK(k.ns == Approx(6000 + (15000 + 1048576 / 6.25) + (32 * 1500 + 63 * 2097152 / 256.0)));
}

TEST_CASE("the calibrated rate caps what a rank moves") {
  // The rdh all-reduce above at trn2's 156 B/ns a rank: 1966080 bytes sent
  // at 156, as many added at 78.
  const auto k =
      collective_cost(platform_params("trn2"), shape(Collective::all_reduce, 2097152, ranks(0, 16)),
                      Algorithm::rdh);
  CHECK(k.ns == Approx(6000 + 15000 + 1966080 / 156.0 + 1966080 / 78.0));
  // 512 MiB by kangaring, the measurement the rate is fitted to (9689.51 us):
  // 6000 + 16 * 1500 + 3 * 503316480 / 156.
  const auto big =
      collective_cost(platform_params("trn2"),
                      shape(Collective::all_reduce, 536870912, ranks(0, 16)), Algorithm::kangaring);
  CHECK(big.ns == Approx(6000 + 16 * 1500 + 3 * 503316480 / 156.0));
  CHECK(big.ns / 9689510 == Approx(1).epsilon(0.01));
}
