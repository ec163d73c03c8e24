// See collective_cost.h.
#include "cost/collective_cost.h"

#include <algorithm>
#include <map>

namespace nkic::cost {

namespace {

int64_t ranks_per_chip(const Params& p, int lnc) {
  return std::max<int64_t>(1, static_cast<int64_t>(p.topology.cores_per_chip) / lnc);
}

int64_t ranks_per_instance(const Params& p, int lnc) {
  return ranks_per_chip(p, lnc) * static_cast<int64_t>(p.topology.chips_per_instance);
}

// Members per chip (or per instance, with `per` = ranks_per_instance).
std::map<int64_t, int64_t> count_by(const std::vector<int>& members, int64_t per) {
  std::map<int64_t, int64_t> n;
  for (int r : members) ++n[r / per];
  return n;
}

bool power_of_two(int64_t n) {
  return n > 0 && (n & (n - 1)) == 0;
}

int64_t log2_of(int64_t n) {
  int64_t k = 0;
  while ((int64_t{1} << k) < n) ++k;
  return k;
}

// Every chip the group touches holds at least two members and none outside it.
bool whole_chips(const Params& p, const CollectiveShape& s) {
  const int64_t per = ranks_per_chip(p, s.lnc);
  if (per < 2) return false;
  for (const auto& chip : count_by(s.members, per)) {
    if (chip.second != per) return false;
  }
  return true;
}

// The most a rank moves in a collective: its DMA engines' peak, within the
// calibrated per-rank rate.
double dma_rate(const Params& p, int lnc) {
  return std::min(p.dma.engines_per_core * p.dma.bytes_per_ns_per_engine * lnc,
                  p.collectives.bytes_per_ns_per_rank);
}

// A rank's share of the links when the group spans chips of one instance.
double link_rate(const Params& p, const CollectiveShape& s) {
  const auto chips = count_by(s.members, ranks_per_chip(p, s.lnc));
  if (chips.size() <= 1) return dma_rate(p, s.lnc);
  int64_t most = 1;
  for (const auto& chip : chips) most = std::max(most, chip.second);
  return std::min(dma_rate(p, s.lnc), p.topology.link_bytes_per_ns_per_chip / most);
}

// The steps of one flat algorithm over n ranks for one pass (a gather or a
// scatter); an all-reduce takes two.
int64_t pass_steps(Algorithm a, int64_t n) {
  switch (a) {
    case Algorithm::ring:
      return n - 1;
    case Algorithm::kangaring:
      return (n + 1) / 2;
    case Algorithm::rdh:
      return log2_of(n) + 1;
    case Algorithm::mesh:
    case Algorithm::hierarchical:
      return 2;
  }
  return 0;
}

bool reduces(Collective c) {
  return c == Collective::all_reduce || c == Collective::reduce_scatter;
}

// A flat algorithm within one instance (or EFA between instances with
// `between`), on n ranks: steps, bytes sent per rank, time without launch.
CollectiveCost flat(const Params& p, Collective c, int64_t bytes, int64_t n, Algorithm a,
                    double rate, double hop) {
  CollectiveCost k;
  k.algorithm = a;
  if (n <= 1) return k;
  const int64_t chunk = bytes / n;
  switch (c) {
    case Collective::all_gather:
    case Collective::reduce_scatter:
      k.steps = pass_steps(a, n);
      k.bytes_per_rank = (n - 1) * chunk;
      break;
    case Collective::all_reduce:
      k.steps = 2 * pass_steps(a, n);
      k.bytes_per_rank = 2 * (n - 1) * chunk;
      break;
    case Collective::all_to_all:
      k.steps = 1;
      k.bytes_per_rank = (n - 1) * chunk;
      break;
    case Collective::permute:
      k.steps = 1;
      k.bytes_per_rank = bytes;
      break;
  }
  // A reduce-scatter's bytes, and an all-reduce's first half, are added as
  // they land.
  double reduced = 0;
  if (c == Collective::reduce_scatter) reduced = static_cast<double>(k.bytes_per_rank);
  if (c == Collective::all_reduce) reduced = static_cast<double>(k.bytes_per_rank) / 2;
  const double plain = static_cast<double>(k.bytes_per_rank) - reduced;
  k.ns = static_cast<double>(k.steps) * hop + plain / rate +
         (reduces(c) ? reduced / (rate * p.collectives.reduce_efficiency) : 0);
  return k;
}

}  // namespace

const char* algorithm_name(Algorithm a) {
  switch (a) {
    case Algorithm::ring:
      return "ring";
    case Algorithm::mesh:
      return "mesh";
    case Algorithm::rdh:
      return "rdh";
    case Algorithm::kangaring:
      return "kangaring";
    case Algorithm::hierarchical:
      return "hier";
  }
  return "?";
}

Algorithm choose_algorithm(const Params& p, const CollectiveShape& s) {
  if (count_by(s.members, ranks_per_instance(p, s.lnc)).size() > 1) return Algorithm::hierarchical;
  if (s.collective == Collective::all_to_all) return Algorithm::mesh;
  if (s.collective == Collective::permute) return Algorithm::ring;
  const double bytes = static_cast<double>(s.bytes);
  if (bytes < p.collectives.mesh_max_bytes) return Algorithm::mesh;
  const auto n = static_cast<int64_t>(s.members.size());
  if (bytes < p.collectives.rdh_max_bytes && power_of_two(n)) return Algorithm::rdh;
  return whole_chips(p, s) ? Algorithm::kangaring : Algorithm::ring;
}

std::optional<std::string> algorithm_problem(const Params& p, const CollectiveShape& s,
                                             Algorithm a) {
  const auto n = static_cast<int64_t>(s.members.size());
  const bool across = count_by(s.members, ranks_per_instance(p, s.lnc)).size() > 1;
  if (across && a != Algorithm::hierarchical) {
    return std::string("the group spans instances, which only the hierarchical algorithm joins");
  }
  if (!across && a == Algorithm::hierarchical) {
    return std::string("the group is within one instance: hierarchical needs several");
  }
  if ((s.collective == Collective::all_to_all || s.collective == Collective::permute) &&
      a != Algorithm::hierarchical && a != choose_algorithm(p, s)) {
    return std::string(s.collective == Collective::all_to_all ? "all-to-all" : "permute") +
           " runs only as " + algorithm_name(choose_algorithm(p, s));
  }
  if (a == Algorithm::rdh && !power_of_two(n)) {
    return "rdh needs a power-of-two group, not " + std::to_string(n) + " ranks";
  }
  if (a == Algorithm::kangaring && !whole_chips(p, s)) {
    return std::string("kangaring needs every chip the group touches in it whole, ") +
           std::to_string(ranks_per_chip(p, s.lnc)) + " ranks a chip at LNC " +
           std::to_string(s.lnc);
  }
  return std::nullopt;
}

CollectiveCost collective_cost(const Params& p, const CollectiveShape& s, Algorithm a) {
  const auto n = static_cast<int64_t>(s.members.size());
  CollectiveCost k;
  if (a != Algorithm::hierarchical) {
    k = flat(p, s.collective, s.bytes, n, a, link_rate(p, s), p.topology.hop_ns);
  } else {
    // X instances of Y members each (groups are symmetric across instances).
    const int64_t x =
        static_cast<int64_t>(count_by(s.members, ranks_per_instance(p, s.lnc)).size());
    const int64_t y = std::max<int64_t>(1, n / x);
    CollectiveShape local = s;
    local.members.assign(s.members.begin(), s.members.begin() + y);
    const double intra_rate = link_rate(p, local);
    const double efa_rate =
        std::min(dma_rate(p, s.lnc),
                 p.topology.efa_bytes_per_ns_per_chip /
                     static_cast<double>(std::min<int64_t>(y, ranks_per_chip(p, s.lnc))));
    const Algorithm inner = y > 1 ? choose_algorithm(p, local) : Algorithm::ring;
    CollectiveCost intra, inter;
    switch (s.collective) {
      case Collective::all_gather:  // between instances on 1/Y of the output, then within
        inter = flat(p, s.collective, s.bytes / y, x, Algorithm::ring, efa_rate,
                     p.topology.internode_hop_ns);
        intra = flat(p, s.collective, s.bytes, y, inner, intra_rate, p.topology.hop_ns);
        break;
      case Collective::reduce_scatter:  // within, then between on what is left
        intra = flat(p, s.collective, s.bytes, y, inner, intra_rate, p.topology.hop_ns);
        inter = flat(p, s.collective, s.bytes / y, x, Algorithm::ring, efa_rate,
                     p.topology.internode_hop_ns);
        break;
      case Collective::all_reduce: {  // scatter within, all-reduce between, gather within
        const CollectiveCost rs =
            flat(p, Collective::reduce_scatter, s.bytes, y, inner, intra_rate, p.topology.hop_ns);
        const CollectiveCost ag =
            flat(p, Collective::all_gather, s.bytes, y, inner, intra_rate, p.topology.hop_ns);
        intra = rs;
        intra.steps += ag.steps;
        intra.bytes_per_rank += ag.bytes_per_rank;
        intra.ns += ag.ns;
        inter = flat(p, s.collective, s.bytes / y, x, Algorithm::ring, efa_rate,
                     p.topology.internode_hop_ns);
        break;
      }
      case Collective::all_to_all:
      case Collective::permute:
        inter = flat(p, s.collective, s.bytes, n, Algorithm::mesh, efa_rate,
                     p.topology.internode_hop_ns);
        break;
    }
    k.algorithm = Algorithm::hierarchical;
    k.steps = intra.steps + inter.steps;
    k.bytes_per_rank = intra.bytes_per_rank + inter.bytes_per_rank;
    k.ns = intra.ns + inter.ns;
  }
  k.algorithm = a;
  k.ns += p.collectives.launch_ns;
  return k;
}

}  // namespace nkic::cost
