// A platform's cost-model parameters: the figures the device-time estimate
// is computed from, read at start-up from cost/platforms/PLATFORM.json,
// where each carries its unit and its source in Neuron's documentation.
// The table is the model's whole knowledge of a platform: no figure is
// written in the code.
#pragma once

#include <stdexcept>
#include <string>

namespace nkic::cost {

// The DMA engines that serve one NeuronCore.
struct DmaParams {
  double engines_per_core = 0;
  double queues_per_engine = 0;
  double partitions_per_engine = 0;  // a transfer of P partitions uses P / this engines
  double bytes_per_ns_per_engine = 0;
  double fixed_ns_per_transfer = 0;   // descriptor setup and completion, per transfer
  double overhead_bytes_per_run = 0;  // a contiguous run of r bytes moves at r / (r + this)
  double transpose_efficiency_from_hbm = 0;
  double transpose_efficiency_in_sbuf = 0;
};

// The Tensor Engine: a matmul streams its moving tile's columns.
struct TensorParams {
  double ghz = 0;
  double moving_columns_per_cycle = 0;
  double min_cycles = 0;   // the shortest matmul
  double fp32_factor = 0;  // float32 operands take this many times longer
  double fp8_factor = 0;
};

// The Vector, Scalar and GpSimd Engines: an instruction streams its free
// elements, all partitions at once.
struct EngineParams {
  double ghz = 0;
  double elements_per_cycle = 0;        // over all 128 partitions, 32-bit dtypes
  double elements_per_cycle_16bit = 0;  // 16-bit and narrower dtypes
  double fixed_cycles = 0;              // static overhead per instruction
  double min_cycles = 0;                // the shortest instruction's stream
};

// Where the ranks are and what joins them.
struct TopologyParams {
  double cores_per_chip = 0;  // a rank is lnc of them
  double chips_per_instance = 0;
  double link_bytes_per_ns_per_chip = 0;  // chip to chip within an instance
  double hop_ns = 0;                      // one step between chips
  double efa_bytes_per_ns_per_chip = 0;   // between instances
  double internode_hop_ns = 0;
};

// The collectives' own figures: their fixed cost, and the sizes where the
// runtime changes algorithm.
struct CollectiveParams {
  double launch_ns = 0;
  double mesh_max_bytes = 0;     // Mesh below this
  double rdh_max_bytes = 0;      // RDH below this, KangaRing above
  double reduce_efficiency = 0;  // of a DMA that adds, against a copy
  double bytes_per_ns_per_rank = 0;  // the most a rank moves in a collective
};

struct Params {
  std::string platform;
  DmaParams dma;
  TensorParams tensor;
  EngineParams vector, scalar, gpsimd;
  TopologyParams topology;
  CollectiveParams collectives;
};

// A table that cannot be read or is not complete; the message names the
// file and the parameter.
class ParamsError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses a table (the text of `file`): every parameter must be there, as
// {"value": NUMBER, "unit": TEXT, "source": TEXT}, and nothing else may be.
Params parse_params(const std::string& text, const std::string& file);

// The folder of the tables: $NKIC_COST_DIR, else the source tree's.
std::string params_dir();

// The table of `platform` ("trn2", "trn3"), read from params_dir().
Params load_params(const std::string& platform);
// The same, read once and kept for the process.
const Params& platform_params(const std::string& platform);

}  // namespace nkic::cost
