// See bench_table.h.
#include "cost/bench_table.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace nkic::cost {

namespace {

// nccom-test's name of each collective.
constexpr std::pair<Collective, const char*> kShortNames[] = {
    {Collective::all_reduce, "allr"},
    {Collective::all_gather, "allg"},
    {Collective::reduce_scatter, "redsct"},
    {Collective::all_to_all, "alltoall"},
    {Collective::permute, "permute"},
};

const char* collective_short_name(Collective c) {
  for (const auto& [collective, name] : kShortNames) {
    if (collective == c) return name;
  }
  return "?";
}

// The unit a size must be a multiple of: an element, times the ranks when
// each rank gets a chunk.
int64_t size_unit(Collective c, int ranks, int elem) {
  if (c == Collective::all_reduce || c == Collective::permute) return elem;
  return static_cast<int64_t>(elem) * ranks;
}

}  // namespace

std::optional<Collective> collective_named(const std::string& name) {
  for (const auto& [collective, short_name] : kShortNames) {
    if (name == short_name) return collective;
  }
  return std::nullopt;
}

std::vector<std::string> collective_names() {
  std::vector<std::string> names;
  for (const auto& entry : kShortNames) names.emplace_back(entry.second);
  return names;
}

std::optional<int> datatype_bytes(const std::string& name) {
  static const std::map<std::string, int> sizes = {
      {"fp32", 4},  {"bf16", 2},  {"fp16", 2},   {"fp8", 1},   {"int8", 1},
      {"uint8", 1}, {"int16", 2}, {"uint16", 2}, {"int32", 4}, {"uint32", 4}};
  auto it = sizes.find(name);
  if (it == sizes.end()) return std::nullopt;
  return it->second;
}

std::optional<Algorithm> algorithm_named(const std::string& name) {
  for (Algorithm a : {Algorithm::ring, Algorithm::mesh, Algorithm::rdh, Algorithm::kangaring,
                      Algorithm::hierarchical}) {
    if (name == algorithm_name(a)) return a;
  }
  return std::nullopt;
}

double bus_factor(Collective c, int ranks) {
  const double n = ranks;
  switch (c) {
    case Collective::all_reduce:
      return 2 * (n - 1) / n;
    case Collective::all_gather:
    case Collective::reduce_scatter:
    case Collective::all_to_all:
      return (n - 1) / n;
    case Collective::permute:
      return 1;
  }
  return 1;
}

std::vector<BenchRow> bench_rows(const Params& p, const BenchSpec& spec) {
  const std::optional<int> elem = datatype_bytes(spec.datatype);
  if (!elem) throw std::invalid_argument("unknown datatype '" + spec.datatype + "'");
  if (spec.step_factor < 2) throw std::invalid_argument("the step factor must be at least 2");
  if (spec.min_bytes > spec.max_bytes) {
    throw std::invalid_argument("minbytes " + std::to_string(spec.min_bytes) +
                                " is above maxbytes " + std::to_string(spec.max_bytes));
  }
  CollectiveShape shape;
  shape.collective = spec.collective;
  shape.lnc = spec.lnc;
  shape.members.resize(static_cast<size_t>(spec.ranks));
  std::iota(shape.members.begin(), shape.members.end(), 0);
  const int64_t unit = size_unit(spec.collective, spec.ranks, *elem);
  std::vector<BenchRow> rows;
  for (int64_t size = spec.min_bytes; size <= spec.max_bytes;) {
    BenchRow row;
    row.size = std::max(unit, size / unit * unit);
    row.count = row.size / *elem;
    shape.bytes = row.size;
    const Algorithm a = spec.algorithm ? *spec.algorithm : choose_algorithm(p, shape);
    if (auto problem = algorithm_problem(p, shape, a)) throw std::invalid_argument(*problem);
    const CollectiveCost cost = collective_cost(p, shape, a);
    row.algorithm = a;
    row.time_us = cost.ns / 1e3;
    row.algbw = static_cast<double>(row.size) / cost.ns;  // B/ns = GB/s
    row.busbw = row.algbw * bus_factor(spec.collective, spec.ranks);
    rows.push_back(row);
    if (size > spec.max_bytes / spec.step_factor) break;
    size *= spec.step_factor;
  }
  return rows;
}

std::string format_bench(const Params& p, const BenchSpec& spec,
                         const std::vector<BenchRow>& rows) {
  std::string out = "# " + std::string(collective_short_name(spec.collective)) + " on " +
                    std::to_string(spec.ranks) + " ranks, " + p.platform + " at LNC " +
                    std::to_string(spec.lnc) + ": estimated by nkic's cost model, not measured\n";
  const bool checked = spec.check;
  char line[256];
  std::snprintf(line, sizeof line, "%14s %14s %8s %12s %12s %12s %10s%s\n", "size(B)",
                "count(elems)", "type", "time(us)", "algbw(GB/s)", "busbw(GB/s)", "algorithm",
                checked ? "   #wrong" : "");
  out += line;
  double sum = 0;
  for (const BenchRow& r : rows) {
    std::snprintf(line, sizeof line, "%14lld %14lld %8s %12.2f %12.2f %12.2f %10s",
                  static_cast<long long>(r.size), static_cast<long long>(r.count),
                  spec.datatype.c_str(), r.time_us, r.algbw, r.busbw, algorithm_name(r.algorithm));
    out += line;
    if (r.wrong) {
      std::snprintf(line, sizeof line, " %8lld", static_cast<long long>(*r.wrong));
      out += line;
    } else if (checked) {
      out += "        -";
    }
    out += "\n";
    sum += r.busbw;
  }
  std::snprintf(line, sizeof line, "Avg bus bandwidth:\t%.4fGB/s\n",
                rows.empty() ? 0.0 : sum / static_cast<double>(rows.size()));
  out += line;
  return out;
}

std::string bench_json(const Params& p, const BenchSpec& spec, const std::vector<BenchRow>& rows) {
  nlohmann::json j;
  j["platform"] = p.platform;
  j["lnc"] = spec.lnc;
  j["collective"] = collective_short_name(spec.collective);
  j["ranks"] = spec.ranks;
  j["estimated"] = true;
  j["results"] = nlohmann::json::array();
  for (const BenchRow& r : rows) {
    j["results"].push_back({{"size(B)", r.size},
                            {"count(elems)", r.count},
                            {"type", spec.datatype},
                            {"time(us)", r.time_us},
                            {"algbw(GB/s)", r.algbw},
                            {"busbw(GB/s)", r.busbw},
                            {"algorithm", algorithm_name(r.algorithm)}});
    if (r.wrong) {
      j["results"].back()["#wrong"] = *r.wrong;
    } else if (spec.check) {
      j["results"].back()["#wrong"] = nullptr;
    }
  }
  return j.dump(2) + "\n";
}

}  // namespace nkic::cost
