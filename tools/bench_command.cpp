// See bench_command.h.
#include "tools/bench_command.h"

#include <fstream>
#include <iostream>
#include <stdexcept>

#include "cost/bench_table.h"
#include "cost/params.h"
#include "runtime/format_util.h"
#include "runtime/host_io.h"
#include "runtime/lnc.h"
#include "runtime/machine.h"
#include "tools/bench_check.h"
#include "tools/cli_common.h"
#include "tools/kernel_args.h"

namespace nkic::tools {

namespace {

const char* const kBenchFooter =
    R"(COLLECTIVE is one of nccom-test's names: allr (all-reduce), allg (all-gather),
redsct (reduce-scatter), alltoall, permute. Sizes are per rank as nccom-test
gives them (an all-gather's output, a reduce-scatter's input), in bytes with
an optional K, M, G (binary) unit; each size is rounded to whole elements of
every rank's chunk.

The times are the cost model's estimate for the platform, not measurements
(see the README's device-time model). --check runs each size on the
simulated machine with known data, as nccl-tests checks its results.

Example:
  nkirun bench allr -n 16 --minbytes 4 --maxbytes 1G --stepfactor 16)";

int64_t bytes_of(const std::string& option, const std::string& text) {
  const auto bytes = rt::parse_bytes(text);
  if (!bytes || *bytes < 1) throw UsageError{option + " " + text + ": not a byte size"};
  return *bytes;
}

}  // namespace

CLI::App* add_bench_command(CLI::App& app, BenchOptions& opts) {
  CLI::App* cmd = app.add_subcommand(
      "bench", "An nccom-test-style table of a collective's estimated time over a range of sizes");
  cmd->footer(kBenchFooter);
  cmd->add_option("COLLECTIVE", opts.collective, "allr, allg, redsct, alltoall or permute")
      ->required()
      ->check(CLI::IsMember(cost::collective_names()));
  cmd->add_option("-n,--ranks", opts.ranks, "Ranks in the group")
      ->required()
      ->check(CLI::Range(1, rt::Machine::kMaxRanks));
  cmd->add_option("-b,--minbytes", opts.min_bytes, "Smallest size")->capture_default_str();
  cmd->add_option("-e,--maxbytes", opts.max_bytes, "Largest size")->capture_default_str();
  cmd->add_option("-f,--stepfactor", opts.step_factor, "Each size is this many times the last")
      ->capture_default_str()
      ->check(CLI::Range(2, 1 << 20));
  cmd->add_option("-d,--datatype", opts.datatype, "Element type")
      ->capture_default_str()
      ->check(CLI::IsMember(
          {"fp32", "bf16", "fp16", "fp8", "int8", "uint8", "int16", "uint16", "int32", "uint32"}));
  cmd->add_option("--platform", opts.platform, "Platform whose cost table is used")
      ->capture_default_str()
      ->check(CLI::IsMember({"trn2", "trn3"}));
  cmd->add_option("--lnc", opts.lnc,
                  "NeuronCores per rank (1 or 2; default 2, as nccom-test's on trn2)")
      ->type_name("1|2")
      ->check(rt::lnc_problem);
  cmd->add_option("--algorithm", opts.algorithm,
                  "The runtime's choice (auto), or one algorithm for every size")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "ring", "mesh", "rdh", "kangaring", "hier"}));
  cmd->add_option("--json", opts.json, "Also write the table as JSON to FILE");
  cmd->add_flag("--check", opts.check,
                "Also run each size on the simulated machine and count the wrong elements "
                "(#wrong); any is exit 1");
  cmd->add_option("--memory-limit", opts.memory_limit,
                  "With --check: refuse buffers that would bring all ranks' storage above "
                  "this many bytes (512M, 8G; 0: no limit; default: half the host's memory)")
      ->type_name("SIZE")
      ->check(rt::byte_size_error);
  return cmd;
}

int run_bench(const BenchOptions& opts) {
  cost::BenchSpec spec;
  spec.collective = *cost::collective_named(opts.collective);
  spec.ranks = opts.ranks;
  spec.min_bytes = bytes_of("--minbytes", opts.min_bytes);
  spec.max_bytes = bytes_of("--maxbytes", opts.max_bytes);
  spec.step_factor = opts.step_factor;
  spec.datatype = opts.datatype;
  spec.lnc = opts.lnc;
  if (opts.algorithm != "auto") spec.algorithm = cost::algorithm_named(opts.algorithm);
  // A report that could not be written is known before any work.
  if (!opts.json.empty()) {
    if (const std::string problem = rt::output_file_problem(opts.json, "--json");
        !problem.empty()) {
      throw UsageError{problem};
    }
  }
  cost::Params params;
  try {
    params = cost::load_params(opts.platform);
  } catch (const cost::ParamsError& e) {
    throw InputError{e.what()};
  }
  std::vector<cost::BenchRow> rows;
  try {
    rows = cost::bench_rows(params, spec);
  } catch (const std::invalid_argument& e) {
    throw UsageError{(opts.algorithm != "auto" ? "--algorithm " + opts.algorithm + ": " : "") +
                     std::string(e.what())};
  }
  int64_t wrong = 0;
  std::string too_big;  // the first size --check could not hold
  if (opts.check) {
    spec.check = true;
    const rt::Platform& platform = *rt::find_platform(opts.platform);
    const int64_t limit = opts.memory_limit.empty() ? rt::Machine::default_memory_limit()
                                                    : *rt::parse_bytes(opts.memory_limit);
    for (cost::BenchRow& row : rows) {
      // Known before any size runs: a size too large is not checked (and
      // the sizes after it, larger still), while the smaller ones are.
      const int64_t need = check_bytes(spec.collective, spec.ranks, row.size, opts.datatype);
      if (limit > 0 && need > limit) {
        too_big = "--check: size " + std::to_string(row.size) + " needs " + rt::format_bytes(need) +
                  " for the buffers of " + std::to_string(spec.ranks) +
                  " ranks, above the memory limit of " + rt::format_bytes(limit) +
                  " (--memory-limit); it and any larger size were not checked (#wrong: -)";
        break;
      }
      try {
        row.wrong =
            wrong_elements(spec.collective, spec.ranks, row.size, opts.datatype, platform, limit);
      } catch (const rt::Error& e) {
        too_big = "--check: size " + std::to_string(row.size) + ": " + e.what() +
                  "; it and any larger size were not checked (#wrong: -)";
        break;
      }
      wrong += *row.wrong;
    }
  }
  std::cout << cost::format_bench(params, spec, rows);
  if (!opts.json.empty()) {
    std::ofstream out(opts.json);
    out << cost::bench_json(params, spec, rows);
    if (!out) throw InputError{"cannot write '" + opts.json + "'"};
  }
  if (wrong > 0) {
    std::cerr << "nkirun: error: " << wrong << " wrong elements: the simulated collective "
              << "disagrees with the expected results\n";
  }
  if (!too_big.empty()) std::cerr << "nkirun: error: " << too_big << "\n";
  return wrong > 0 || !too_big.empty() ? kExitKernelError : 0;
}

}  // namespace nkic::tools
