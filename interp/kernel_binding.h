// The pieces of calling a kernel that every caller shares (`nkirun run`'s
// Session, the compiler's trace and the REPL's `:run`): turning an argument's
// value into what its parameter wants, placing a tensor argument in a rank's
// HBM, and naming the tensors a kernel returns.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "frontend/ast.h"
#include "interp/evaluator.h"
#include "interp/python/value.h"
#include "runtime/machine.h"
#include "runtime/npy.h"

namespace nkic::interp {

// A parameter named replica_group or annotated ReplicaGroup.
bool wants_replica_group(const ast::Param& p);

// An expression argument's value as its parameter takes it: a nested list
// becomes a ReplicaGroup for a parameter that wants one.
Value argument_value(Evaluator& ev, const ast::Param* param, const std::string& name, Value v,
                     const SourceRange& where);

// A tensor argument: an IO buffer in `rank`'s HBM, filled from `data` when
// given. Errors (capacity) are placed at `where`.
std::shared_ptr<const rt::TensorView> input_tensor(
    Evaluator& ev, rt::Machine& machine, Device& device, const std::string& name, rt::DType dtype,
    const std::vector<int64_t>& shape, const rt::NpyArray* data, const SourceRange& where);

// The tensors a kernel returned, each named after the returned variable
// (ret{i} when it has none), marked as IO when `mark_io` (not while another
// program of the rank's LNC grid may still use them); an error for a
// non-tensor or an on-chip one. `def` is the kernel, for the place of errors.
std::vector<std::pair<std::string, Value::Tensor>> returned_tensors(Evaluator& ev,
                                                                    const ast::FunctionDef& def,
                                                                    const Value& returned,
                                                                    bool mark_io = true);

class LncShare;

// The tensors program `program` of a rank returned (returned_tensors), marked
// as IO once the rank's last program has returned; under an LNC grid
// (`share` not null) the second program's are checked against the first's,
// a located error at the return when they differ.
std::vector<std::pair<std::string, Value::Tensor>> program_returns(Evaluator& ev, int program,
                                                                   LncShare* share,
                                                                   const ast::FunctionDef& def,
                                                                   const Value& returned);

// The name an input tensor the kernel wrote is written back under: its
// parameter's name, unless a returned tensor already has that name (`x = y;
// return x` with a parameter x that the kernel also wrote), then NAME.input,
// so that -o and --print keep both and neither replaces the other. A
// returned name is an identifier or ret{i}, so NAME.input is never taken.
std::string written_input_name(const std::string& input,
                               const std::vector<std::string>& returned_names);

// A view's elements as an array, read from the machine.
rt::NpyArray read_array(const rt::TensorView& view);

}  // namespace nkic::interp
