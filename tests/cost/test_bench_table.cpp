// nkirun bench's rows: the sizes, their rounding to whole chunks, and
// nccom-test's algbw and busbw formulas on the model's times.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "cost/bench_table.h"

using doctest::Approx;
using namespace nkic::cost;

TEST_CASE("sizes from min to max by the step factor, each row nccom-test's formulas") {
  BenchSpec spec;
  spec.collective = Collective::all_reduce;
  spec.ranks = 16;
  spec.min_bytes = 1024;
  spec.max_bytes = 1 << 20;
  spec.step_factor = 4;
  const auto rows = bench_rows(platform_params("trn2"), spec);
  REQUIRE(rows.size() == 6);
  CHECK(rows.front().size == 1024);
  CHECK(rows.back().size == 1 << 20);
  CollectiveShape shape;
  shape.collective = Collective::all_reduce;
  shape.lnc = 2;
  for (int r = 0; r < 16; ++r) shape.members.push_back(r);
  for (const BenchRow& row : rows) {
    CHECK(row.count == row.size / 4);
    shape.bytes = row.size;
    const CollectiveCost k = collective_cost(platform_params("trn2"), shape,
                                             choose_algorithm(platform_params("trn2"), shape));
    CHECK(row.time_us == Approx(k.ns / 1000));
    CHECK(row.algbw == Approx(static_cast<double>(row.size) / k.ns));  // B/ns is GB/s
    CHECK(row.busbw == Approx(row.algbw * 2 * 15 / 16));
  }
}

TEST_CASE("sizes round down to whole elements of every rank's chunk") {
  BenchSpec spec;
  spec.collective = Collective::all_gather;
  spec.ranks = 3;
  spec.min_bytes = 1024;
  spec.max_bytes = 1024;
  const auto rows = bench_rows(platform_params("trn2"), spec);
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].size == 1020);  // 3 ranks of 85 float32 values
  CHECK(rows[0].count == 255);
  CHECK(rows[0].busbw == Approx(rows[0].algbw * 2 / 3));
  spec.collective = Collective::permute;
  CHECK(bench_rows(platform_params("trn2"), spec)[0].size == 1024);
  CHECK(bench_rows(platform_params("trn2"), spec)[0].busbw ==
        Approx(bench_rows(platform_params("trn2"), spec)[0].algbw));
}

TEST_CASE("a forced algorithm is used for every size, or refused with the reason") {
  BenchSpec spec;
  spec.ranks = 8;
  spec.min_bytes = 1024;
  spec.max_bytes = 1 << 30;
  spec.step_factor = 1024;
  spec.algorithm = Algorithm::ring;
  for (const BenchRow& row : bench_rows(platform_params("trn2"), spec))
    CHECK(row.algorithm == Algorithm::ring);
  spec.ranks = 6;
  spec.algorithm = Algorithm::rdh;
  CHECK_THROWS_WITH_AS(bench_rows(platform_params("trn2"), spec),
                       "rdh needs a power-of-two group, not 6 ranks", std::invalid_argument);
}

TEST_CASE("the table says it is an estimate, and its average and its JSON agree with the rows") {
  BenchSpec spec;
  spec.ranks = 4;
  spec.min_bytes = 4096;
  spec.max_bytes = 16384;
  spec.step_factor = 2;
  const auto rows = bench_rows(platform_params("trn2"), spec);
  REQUIRE(rows.size() == 3);
  const std::string text = format_bench(platform_params("trn2"), spec, rows);
  CHECK(
      text.rfind("# allr on 4 ranks, trn2 at LNC 2: estimated by nkic's cost model, not measured\n",
                 0) == 0);
  char avg[64];
  std::snprintf(avg, sizeof avg, "Avg bus bandwidth:\t%.4fGB/s\n",
                (rows[0].busbw + rows[1].busbw + rows[2].busbw) / 3);
  CHECK(text.find(avg) != std::string::npos);
  const auto j = nlohmann::json::parse(bench_json(platform_params("trn2"), spec, rows));
  CHECK(j["estimated"] == true);
  REQUIRE(j["results"].size() == 3);
  CHECK(j["results"][1]["size(B)"] == 8192);
  CHECK(j["results"][1]["busbw(GB/s)"].get<double>() == Approx(rows[1].busbw));
  CHECK(j["results"][2]["algorithm"] == "mesh");
}
