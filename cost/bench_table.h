// `nkirun bench`: nccom-test's table, computed by the cost model instead of
// measured. Sizes run from min to max, each `step_factor` times the last;
// each row gives size(B), count(elems), type, time(us), algbw(GB/s),
// busbw(GB/s) and the algorithm, with nccom-test's formulas: algbw = size /
// time, busbw = algbw times 2 (N - 1) / N for an all-reduce, (N - 1) / N for
// an all-gather, reduce-scatter or all-to-all, 1 for a permute. GB/s are
// decimal (10^9 B/s), as nccom-test's current tables are.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cost/collective_cost.h"

namespace nkic::cost {

struct BenchSpec {
  Collective collective = Collective::all_reduce;
  int ranks = 2;
  int64_t min_bytes = 1024;
  int64_t max_bytes = int64_t{1} << 30;
  int64_t step_factor = 4;
  std::string datatype = "fp32";
  int lnc = 2;
  std::optional<Algorithm> algorithm;  // nullopt: the runtime's choice
  // Whether the rows were run and checked (--check): the table has a
  // #wrong column, "-" for a row that was not (too large to hold).
  bool check = false;
};

struct BenchRow {
  int64_t size = 0;  // bytes, rounded down to whole elements of every rank's chunk
  int64_t count = 0;
  double time_us = 0;
  double algbw = 0;
  double busbw = 0;
  Algorithm algorithm = Algorithm::ring;
  // With --check: the elements a run on the simulated machine got wrong.
  std::optional<int64_t> wrong;
};

// nccom-test's names: allr, allg, redsct, alltoall, permute.
std::optional<Collective> collective_named(const std::string& name);
std::vector<std::string> collective_names();
// Bytes per element of nccom-test's datatypes (fp32, bf16, fp16, fp8,
// int8, uint8, int16, uint16, int32, uint32); nullopt for another name.
std::optional<int> datatype_bytes(const std::string& name);
std::optional<Algorithm> algorithm_named(const std::string& name);

double bus_factor(Collective c, int ranks);

// The rows; throws std::invalid_argument when the forced algorithm cannot
// run the group (its algorithm_problem) or the spec is inconsistent.
std::vector<BenchRow> bench_rows(const Params& p, const BenchSpec& spec);

// The table as nccom-test prints it, with a first line saying it is the
// model's estimate, and the average bus bandwidth; a #wrong column with
// spec.check.
std::string format_bench(const Params& p, const BenchSpec& spec, const std::vector<BenchRow>& rows);
// The same as JSON: {"platform", "lnc", "collective", "ranks", "estimated": true, "results":
// [...]}, "#wrong" null for a row not checked.
std::string bench_json(const Params& p, const BenchSpec& spec, const std::vector<BenchRow>& rows);

}  // namespace nkic::cost
