// What specialization records before rerolling: the device program exactly
// as rank 0's meta-program issued it, with every loop over an nl range kept
// as its list of iterations (each with the instructions it issued and the
// buffers and registers it allocated). reroll.h turns this into the loops of
// the IR, or splices the iterations in when they are not alike.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <variant>
#include <vector>

#include "codegen/ir.h"

namespace nkic::codegen {

struct TraceLoop;
using TraceNode = std::variant<Instr, std::unique_ptr<TraceLoop>>;

struct TraceIteration {
  std::vector<TraceNode> body;
  // Allocated while this iteration ran (in nested loops too), in order.
  std::vector<int> buffers;
  std::vector<int> registers;
  // Sequence numbers (see Trace) of the instructions it issued: [first, last];
  // last < first when it issued none.
  int64_t first = 0;
  int64_t last = -1;
};

struct TraceLoop {
  SourceRange where;
  std::vector<TraceIteration> iterations;
};

// Every recorded instruction has a sequence number, its index in issue
// order. A buffer or register allocated in an iteration can stand for its
// counterparts of the other iterations only when nothing uses it after that
// iteration.
// Under an LNC grid, body[begin, end) of the top level holds a loop's
// iterations spliced in where the programs met (specialize.cpp), with the
// other program's instructions between them; `where` is the loop's `for`.
struct SplitLoop {
  size_t begin = 0;
  size_t end = 0;
  SourceRange where;
};

struct Trace {
  // Last uses by buffer / register id: -1 when never used, kForever when the
  // program outputs it.
  static constexpr int64_t kForever = INT64_MAX;
  std::vector<TraceNode> body;
  std::vector<int64_t> buffer_last_use;
  std::vector<int64_t> register_last_use;
  std::vector<SplitLoop> split_loops;
};

}  // namespace nkic::codegen
