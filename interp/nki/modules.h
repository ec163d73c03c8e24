// The NKI operations: nki, nki.language (nl), nki.isa (nisa),
// nki.collectives (ncc) and the tensor methods, each described ONCE in a
// table (one file per module: nl.cpp, nisa.cpp, ncc.cpp, tensor_methods.cpp)
// with its signature in NKI's parameter order and defaults, its role (meta:
// evaluated at specialization time; device: part of the device program) and
// its interpreter action, which reads its arguments by name, checks them and
// hands device operations to the rank's Device. A compiler records device
// operations from the same entries, so the two cannot drift apart.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "interp/evaluator.h"
#include "interp/python/value.h"

namespace nkic::interp {

struct OpEntry {
  const char* module;  // "nki", "nki.language", "nki.isa", "nki.collectives", "Tensor"
  BuiltinPtr fn;       // fn->name is the name in its module: "dma_copy"
};

const std::vector<OpEntry>& op_table();

// Fresh module objects for one rank: "nki", "nki.language", "nki.isa",
// "nki.collectives", filled from the table and the constants, and Python's
// own modules (py_modules.h); nl.tile_size describes `platform`.
std::map<std::string, Value::Module> make_builtin_modules(const rt::Platform& platform);

// A tensor's attribute (shape, dtype, ...) or method (ap, reshape).
std::optional<Value> tensor_attribute(const Value& self, const rt::TensorView& t,
                                      const std::string& name);
// The function a tensor's method `name` calls with the tensor first (in the
// op table, which lives as long as the process); nullptr when `name` is no
// method (a data attribute such as shape is none).
const BuiltinPtr* tensor_method_function(const std::string& name);

// range(start, stop=None, step=1) and nl's loop ranges; `kind` names it.
Value make_range(CallArgs& c, const char* kind);

// A ReplicaGroup, or the nested list of ranks that stands for one.
rt::ReplicaGroup replica_group_value(const Value& v, const std::string& what);

}  // namespace nkic::interp
