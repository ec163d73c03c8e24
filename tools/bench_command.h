// `nkirun bench COLLECTIVE -n RANKS ...`: nccom-test's table of a collective
// over a range of sizes, from the cost model (cost/bench_table.h).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace nkic::tools {

struct BenchOptions {
  std::string collective;
  int ranks = 0;
  std::string min_bytes = "1K";
  std::string max_bytes = "1G";
  int step_factor = 4;
  std::string datatype = "fp32";
  std::string platform = "trn2";
  int lnc = 2;
  std::string algorithm = "auto";
  std::string json;
  bool check = false;
  std::string memory_limit;  // for --check; empty: the default
};

CLI::App* add_bench_command(CLI::App& app, BenchOptions& opts);
int run_bench(const BenchOptions& opts);

}  // namespace nkic::tools
