// The views dict.keys(), dict.values() and dict.items() give, as CPython's:
// live (they see the dict as it is when used, not as it was when made),
// with len(), `in`, repr() as `dict_keys([...])`, == between set-like views,
// unhashable and not subscriptable. A loop over one walks the dict by
// position, and a dict whose size changes meanwhile is Python's
// RuntimeError (live_iteration.h). Set operations on views make sets, which
// the language does not have: a "not supported" error.
#pragma once

#include <cstddef>
#include <optional>

#include "interp/python/value.h"

namespace nkic::interp {

enum class DictViewKind { keys, values, items };

Value make_dict_view(const Value::Dict& dict, DictViewKind kind);

struct DictView {
  const DictObj* dict;
  DictViewKind kind;
  // The view's item at the dict's position i (< its size).
  Value at(size_t i) const;
};
// The view `v` is, or nullopt.
std::optional<DictView> dict_view_of(const Value& v);

}  // namespace nkic::interp
