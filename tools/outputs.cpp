// See outputs.h.
#include "tools/outputs.h"

#include <filesystem>
#include <ostream>

#include "runtime/machine.h"
#include "runtime/npy.h"
#include "tools/kernel_args.h"

namespace nkic::tools {

void write_outputs(const std::string& outdir, const interp::RunResult& result) {
  namespace fs = std::filesystem;
  for (size_t r = 0; r < result.outputs.size(); ++r) {
    const fs::path dir = fs::path(outdir) / ("rank" + std::to_string(r));
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw InputError{"cannot create '" + dir.string() + "': " + ec.message()};
    for (const auto& named : result.outputs[r]) {
      try {
        rt::write_npy((dir / (named.name + ".npy")).string(), named.array);
      } catch (const rt::Error& e) {
        throw InputError{e.what()};
      }
    }
  }
}

void print_outputs(std::ostream& out, const interp::RunResult& result) {
  for (size_t r = 0; r < result.printed.size(); ++r) {
    for (size_t i = 0; i < result.printed[r].size(); ++i) {
      out << "[rank " << r << "] " << result.outputs[r][i].name << " =\n"
          << result.printed[r][i] << "\n";
    }
  }
}

}  // namespace nkic::tools
