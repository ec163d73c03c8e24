// What the programs of one rank share under a logical-NeuronCore grid
// (`--lnc 2`): the rank's kernel inputs, and its HBM tensors, matched by
// order: the k-th HBM allocation (hbm, private_hbm or shared_hbm) of each
// program is one tensor. The first program to make its k-th allocation
// makes the tensor; the other's k-th allocation is that tensor again, and
// must agree in memory, shape and dtype (else a located error naming both
// places). SBUF and PSUM tensors are each program's own.
//
// The share also keeps what the first program to finish returned, so that
// the last can check that both return the same tensors: a rank's outputs
// are its shared tensors, read once. Used by the interpreter's runs and by
// a compiler's trace alike; only one program touches it at a time (the
// scheduler's baton).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frontend/source.h"
#include "interp/python/value.h"
#include "runtime/machine.h"
#include "runtime/tensor.h"

namespace nkic::interp {

class LncShare {
 public:
  explicit LncShare(int programs) : next_(static_cast<size_t>(programs), 0) {}

  // Program `program`'s next HBM allocation, of this kind, shape and dtype,
  // at `where`: the tensor the other program made for the same index, or
  // nullptr when this program is the first to get there (it then allocates
  // and hands the buffer to made()). Throws rt::Error when the two disagree.
  std::shared_ptr<rt::Buffer> take(int program, rt::MemKind kind, rt::DType dtype,
                                   const rt::Extents& shape, const SourceRange& where);
  void made(int program, std::shared_ptr<rt::Buffer> buffer, const SourceRange& where);

  // The rank's kernel inputs, by parameter name: bound by its first program.
  std::vector<std::pair<std::string, Value::Tensor>> inputs;
  bool inputs_bound = false;

  // The tensors the first program to finish returned, named, and where.
  struct Returned {
    int program = 0;
    SourceRange where;
    std::vector<std::pair<std::string, Value::Tensor>> tensors;
  };
  std::optional<Returned> returned;

  // Throws rt::Error when `tensors`, returned by `program` at `where`, are not
  // the tensors (views of the same buffers, alike) the first program returned.
  void check_same_returns(int program,
                          const std::vector<std::pair<std::string, Value::Tensor>>& tensors) const;

 private:
  struct Slot {
    std::shared_ptr<rt::Buffer> buffer;  // held until the rank's programs end
    int program;                         // the program that made it
    SourceRange where;
  };
  std::vector<Slot> slots_;
  std::vector<size_t> next_;  // per program: the index of its next HBM allocation
};

// "1st", "2nd", "3rd", "11th", ...
std::string ordinal(size_t n);

}  // namespace nkic::interp
