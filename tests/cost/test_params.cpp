// The platforms' tables: both read completely, and a table that lacks a
// parameter, has one the model does not know, or leaves out a source is
// refused with a message naming the file and the parameter.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cost/params.h"

using nkic::cost::load_params;
using nkic::cost::params_dir;
using nkic::cost::ParamsError;
using nkic::cost::parse_params;

namespace {

std::string trn2_text() {
  std::ifstream in(params_dir() + "/trn2.json");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The trn2 table with one edit applied, as text.
template <typename Edit>
std::string edited(Edit edit) {
  nlohmann::json j = nlohmann::json::parse(trn2_text());
  edit(j);
  return j.dump();
}

std::string error_of(const std::string& text) {
  try {
    parse_params(text, "t.json");
  } catch (const ParamsError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the trn2 and trn3 tables load with the documented figures") {
  const auto trn2 = load_params("trn2");
  CHECK(trn2.platform == "trn2");
  CHECK(trn2.dma.engines_per_core == 16);
  CHECK(trn2.dma.bytes_per_ns_per_engine == 23);
  CHECK(trn2.dma.fixed_ns_per_transfer == 1300);
  CHECK(trn2.tensor.ghz == 2.4);
  CHECK(trn2.vector.ghz == 0.96);
  CHECK(trn2.vector.elements_per_cycle_16bit == 512);
  const auto trn3 = load_params("trn3");
  CHECK(trn3.platform == "trn3");
  CHECK(trn3.dma.bytes_per_ns_per_engine == 33);
  CHECK(trn3.vector.ghz == 1.2);
  CHECK(trn3.scalar.elements_per_cycle_16bit == 256);
}

TEST_CASE("a table with a parameter missing, unknown or without its source is refused") {
  CHECK(error_of(trn2_text()) == "");
  CHECK(error_of(edited([](nlohmann::json& j) { j["dma"].erase("fixed_ns_per_transfer"); })) ==
        "t.json: dma.fixed_ns_per_transfer: missing");
  CHECK(error_of(edited([](nlohmann::json& j) {
          j["dma"]["fixed_ns_per_transfr"] = j["dma"]["fixed_ns_per_transfer"];
        })) == "t.json: dma.fixed_ns_per_transfr: not a parameter of the model");
  CHECK(error_of(edited([](nlohmann::json& j) {
          j["engines"]["vector"]["ghz"].erase("source");
        })) == "t.json: engines.vector.ghz: needs a source");
  CHECK(error_of(edited([](nlohmann::json& j) {
          j["engines"]["scalar"]["min_cycles"]["value"] = "64";
        })) == "t.json: engines.scalar.min_cycles: value is not a number");
  CHECK(error_of(edited([](nlohmann::json& j) { j["dma"]["engines_per_core"]["note"] = "x"; })) ==
        "t.json: dma.engines_per_core: unknown field 'note'");
  CHECK(error_of("{\"platform\": \"trn2\",").rfind("t.json: not valid JSON: ", 0) == 0);
}

TEST_CASE("a platform without a table is an error naming the file") {
  try {
    load_params("trn9");
    FAIL("no error");
  } catch (const ParamsError& e) {
    CHECK(std::string(e.what()) ==
          params_dir() + "/trn9.json: cannot read the cost table of platform trn9");
  }
}
