// See params.h. The parameters are listed once, with where each lands in
// Params; parsing walks the file's tree against that list both ways, so a
// missing parameter and an unknown one (a misspelling) are both errors.
#include "cost/params.h"

#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>

namespace nkic::cost {

namespace {

using Json = nlohmann::json;

// Every parameter by its path in the file ("dma.fixed_ns_per_transfer").
std::map<std::string, double*> parameter_slots(Params& p) {
  std::map<std::string, double*> slots = {
      {"dma.engines_per_core", &p.dma.engines_per_core},
      {"dma.queues_per_engine", &p.dma.queues_per_engine},
      {"dma.partitions_per_engine", &p.dma.partitions_per_engine},
      {"dma.bytes_per_ns_per_engine", &p.dma.bytes_per_ns_per_engine},
      {"dma.fixed_ns_per_transfer", &p.dma.fixed_ns_per_transfer},
      {"dma.overhead_bytes_per_run", &p.dma.overhead_bytes_per_run},
      {"dma.transpose_efficiency_from_hbm", &p.dma.transpose_efficiency_from_hbm},
      {"dma.transpose_efficiency_in_sbuf", &p.dma.transpose_efficiency_in_sbuf},
      {"engines.tensor.ghz", &p.tensor.ghz},
      {"engines.tensor.moving_columns_per_cycle", &p.tensor.moving_columns_per_cycle},
      {"engines.tensor.min_cycles", &p.tensor.min_cycles},
      {"engines.tensor.fp32_factor", &p.tensor.fp32_factor},
      {"engines.tensor.fp8_factor", &p.tensor.fp8_factor},
      {"topology.cores_per_chip", &p.topology.cores_per_chip},
      {"topology.chips_per_instance", &p.topology.chips_per_instance},
      {"topology.link_bytes_per_ns_per_chip", &p.topology.link_bytes_per_ns_per_chip},
      {"topology.hop_ns", &p.topology.hop_ns},
      {"topology.efa_bytes_per_ns_per_chip", &p.topology.efa_bytes_per_ns_per_chip},
      {"topology.internode_hop_ns", &p.topology.internode_hop_ns},
      {"collectives.launch_ns", &p.collectives.launch_ns},
      {"collectives.mesh_max_bytes", &p.collectives.mesh_max_bytes},
      {"collectives.rdh_max_bytes", &p.collectives.rdh_max_bytes},
      {"collectives.reduce_efficiency", &p.collectives.reduce_efficiency},
      {"collectives.bytes_per_ns_per_rank", &p.collectives.bytes_per_ns_per_rank},
  };
  const std::pair<const char*, EngineParams*> engines[] = {
      {"vector", &p.vector}, {"scalar", &p.scalar}, {"gpsimd", &p.gpsimd}};
  for (const auto& [name, e] : engines) {
    const std::string at = std::string("engines.") + name + ".";
    slots[at + "ghz"] = &e->ghz;
    slots[at + "elements_per_cycle"] = &e->elements_per_cycle;
    slots[at + "elements_per_cycle_16bit"] = &e->elements_per_cycle_16bit;
    slots[at + "fixed_cycles"] = &e->fixed_cycles;
    slots[at + "min_cycles"] = &e->min_cycles;
  }
  return slots;
}

// A parameter is an object with a value (its other fields are checked
// where it is read); a group holds parameters or groups.
bool is_parameter(const Json& j) {
  return j.is_object() && j.contains("value");
}

void read_tree(const Json& node, const std::string& path, const std::string& file,
               std::map<std::string, double*>& slots) {
  for (const auto& [key, value] : node.items()) {
    const std::string at = path.empty() ? key : path + "." + key;
    if (path.empty() && (key == "platform" || key == "about")) continue;
    if (!value.is_object()) throw ParamsError(file + ": " + at + ": not a parameter or a group");
    if (!is_parameter(value)) {
      read_tree(value, at, file, slots);
      continue;
    }
    auto slot = slots.find(at);
    if (slot == slots.end()) throw ParamsError(file + ": " + at + ": not a parameter of the model");
    for (auto field = value.begin(); field != value.end(); ++field) {
      if (field.key() != "value" && field.key() != "unit" && field.key() != "source") {
        throw ParamsError(file + ": " + at + ": unknown field '" + field.key() + "'");
      }
    }
    if (!value["value"].is_number())
      throw ParamsError(file + ": " + at + ": value is not a number");
    for (const char* field : {"unit", "source"}) {
      if (!value.contains(field) || !value[field].is_string() ||
          value[field].get<std::string>().empty()) {
        throw ParamsError(file + ": " + at + ": needs a " + field);
      }
    }
    *slot->second = value["value"].get<double>();
    slots.erase(slot);
  }
}

}  // namespace

Params parse_params(const std::string& text, const std::string& file) {
  Json j;
  try {
    j = Json::parse(text);
  } catch (const Json::parse_error& e) {
    throw ParamsError(file + ": not valid JSON: " + e.what());
  }
  if (!j.is_object() || !j.contains("platform") || !j["platform"].is_string()) {
    throw ParamsError(file + ": needs a \"platform\" name");
  }
  Params p;
  p.platform = j["platform"].get<std::string>();
  std::map<std::string, double*> slots = parameter_slots(p);
  read_tree(j, "", file, slots);
  if (!slots.empty()) throw ParamsError(file + ": " + slots.begin()->first + ": missing");
  return p;
}

std::string params_dir() {
  if (const char* dir = std::getenv("NKIC_COST_DIR"); dir && *dir) return dir;
  return NKIC_COST_DIR;
}

Params load_params(const std::string& platform) {
  const std::string file = params_dir() + "/" + platform + ".json";
  std::ifstream in(file);
  if (!in) throw ParamsError(file + ": cannot read the cost table of platform " + platform);
  std::ostringstream text;
  text << in.rdbuf();
  Params p = parse_params(text.str(), file);
  if (p.platform != platform) {
    throw ParamsError(file + ": is the table of " + p.platform + ", not " + platform);
  }
  return p;
}

const Params& platform_params(const std::string& platform) {
  static std::mutex mutex;
  static std::map<std::string, Params> tables;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = tables.find(platform);
  if (it == tables.end()) it = tables.emplace(platform, load_params(platform)).first;
  return it->second;
}

}  // namespace nkic::cost
