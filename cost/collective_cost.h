// The time of one collective on the device, by the algorithm the Neuron
// runtime would use (neuron-runtime/explore/intranode-collective-comm.rst
// and internode-collective-comm.rst): which one it picks for a size and a
// group, how many steps it takes and how many bytes each rank moves, and
// from those and the platform's links the time.
//
// Sizes are nccom-test's: an all-reduce's buffer, an all-gather's output,
// a reduce-scatter's input, an all-to-all's buffer, a permute's buffer, all
// per rank. With N ranks and C = size / N, the bytes each rank sends are
//   all-gather, reduce-scatter   (N - 1) C     whatever the algorithm
//   all-reduce                   2 (N - 1) C   (a reduce-scatter, then an all-gather)
//   all-to-all                   (N - 1) C
//   permute                      size
// and the steps are
//   Ring        N - 1 (all-reduce 2 (N - 1)): one chunk per step round the ring
//   KangaRing   ceil(N / 2) (doubled): only one rank of each pair is on the cycle
//   RDH         log2 N, plus one step within the chip (doubled); N a power of two
//   Mesh        2: to every other chip at once, then within the chip (doubled)
// An all-to-all is one Mesh step, a permute one step to its target. A group
// that spans instances runs hierarchically: within each instance, then
// between them over EFA, then (all-reduce) within again.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cost/params.h"

namespace nkic::cost {

enum class Collective { all_reduce, all_gather, reduce_scatter, all_to_all, permute };
enum class Algorithm { ring, mesh, rdh, kangaring, hierarchical };

const char* algorithm_name(Algorithm a);  // "ring", "mesh", "rdh", "kangaring", "hier"

struct CollectiveShape {
  Collective collective = Collective::all_reduce;
  int64_t bytes = 0;         // per rank, as above
  std::vector<int> members;  // global ranks, in list order
  int lnc = 2;               // NeuronCores per rank
};

struct CollectiveCost {
  Algorithm algorithm = Algorithm::ring;
  int64_t steps = 0;
  int64_t bytes_per_rank = 0;  // sent by each rank, over all steps
  double ns = 0;
};

// The algorithm the runtime picks: a group beyond one instance is
// hierarchical; an all-to-all is Mesh and a permute Ring; otherwise Mesh
// below mesh_max_bytes, RDH below rdh_max_bytes when N is a power of two,
// then KangaRing when every chip the group touches is in it whole (with two
// ranks or more on it), else Ring.
Algorithm choose_algorithm(const Params& p, const CollectiveShape& s);

// Why `a` cannot run `s` ("rdh needs a power-of-two group, not 6 ranks"),
// or nothing.
std::optional<std::string> algorithm_problem(const Params& p, const CollectiveShape& s,
                                             Algorithm a);

// launch_ns, plus the steps' hops, plus the bytes over each rank's share of
// the links (a reduction's bytes at reduce_efficiency of that). A rank's
// share: the DMA rate of its cores when the group stays on one chip, else
// its chip's link bandwidth over the members on its chip (and its chip's
// EFA bandwidth between instances), never more than its DMA rate nor the
// calibrated bytes_per_ns_per_rank.
CollectiveCost collective_cost(const Params& p, const CollectiveShape& s, Algorithm a);

}  // namespace nkic::cost
