// What the runtime's tests hand an operation: a pattern over a whole buffer
// in row-major order, and an operation run on whole buffers as the
// interpreter runs it on the patterns it resolves.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/device_ops.h"
#include "runtime/strided.h"

namespace nkic::rt::testing {

inline AccessPattern whole(Buffer& b) {
  return AccessPattern{&b, 0, row_major_dims(b.shape())};
}

template <typename Op>
void run_on(const Op& op, std::vector<Buffer*> dsts, std::vector<Buffer*> srcs = {},
            std::vector<int64_t> reg_srcs = {}) {
  std::vector<AccessPattern> aps;
  aps.reserve(dsts.size() + srcs.size());
  std::vector<const AccessPattern*> d, s;
  for (Buffer* b : dsts) d.push_back(&aps.emplace_back(whole(*b)));
  for (Buffer* b : srcs) s.push_back(&aps.emplace_back(whole(*b)));
  OpOperands o;
  o.dsts = Span<const AccessPattern*>(d);
  o.srcs = Span<const AccessPattern*>(s);
  o.reg_srcs = Span<int64_t>(reg_srcs);
  op.run(o);
}

}  // namespace nkic::rt::testing
