// Shared kernel-call helpers (see kernel_binding.h).
#include "interp/kernel_binding.h"

#include <algorithm>
#include <cstring>
#include <set>

#include "interp/device.h"
#include "interp/lnc_share.h"
#include "interp/nki/modules.h"
#include "interp/tensor_io.h"

namespace nkic::interp {

bool wants_replica_group(const ast::Param& p) {
  if (p.name == "replica_group") return true;
  if (!p.annotation) return false;
  if (auto n = p.annotation->as<ast::Name>()) return n->id == "ReplicaGroup";
  if (auto a = p.annotation->as<ast::Attribute>()) return a->attr == "ReplicaGroup";
  return false;
}

Value argument_value(Evaluator& ev, const ast::Param* param, const std::string& name, Value v,
                     const SourceRange& where) {
  if (!param || !wants_replica_group(*param) || !sequence_items(v)) return v;
  try {
    return Value(Value::Group(std::make_shared<const rt::ReplicaGroup>(
        replica_group_value(v, "argument '" + name + "'"))));
  } catch (const ValueError& e) {
    ev.fail(where, e.what());
  }
}

std::shared_ptr<const rt::TensorView> input_tensor(
    Evaluator& ev, rt::Machine& machine, Device& device, const std::string& name, rt::DType dtype,
    const std::vector<int64_t>& shape, const rt::NpyArray* data, const SourceRange& where) {
  std::shared_ptr<rt::Buffer> buffer;
  try {
    buffer = machine.allocate(ev.rank(), rt::MemKind::hbm, dtype, shape, name, /*io=*/true);
  } catch (const rt::Error& e) {
    ev.fail(where, "argument '" + name + "': " + e.what());
  }
  device.allocated(buffer, where);
  if (data && !data->data.empty()) {
    buffer->fill_from_host(data->data.data(), data->data.size());
  }
  return std::make_shared<const rt::TensorView>(buffer);
}

namespace {

// The variable a returned expression views: `q_out` for `q_out`,
// `q_out.reshape(...)`, `q_out[0]` and chains of them; "" for anything else.
std::string viewed_name(const ast::Expr& e) {
  if (auto n = e.as<ast::Name>()) return n->id;
  if (auto c = e.as<ast::Call>()) {
    static const std::set<std::string> kViewMethods = {
        "ap",           "reshape",       "view",       "slice",           "select",
        "permute",      "broadcast",     "expand_dim", "squeeze_dim",     "reshape_dim",
        "flatten_dims", "vector_select", "rearrange",  "reinterpret_cast"};
    auto a = c->func->as<ast::Attribute>();
    if (a && kViewMethods.count(a->attr)) return viewed_name(*a->value);
    return "";
  }
  if (auto s = e.as<ast::Subscript>()) return viewed_name(*s->value);
  return "";
}

}  // namespace

std::vector<std::pair<std::string, Value::Tensor>> returned_tensors(Evaluator& ev,
                                                                    const ast::FunctionDef& def,
                                                                    const Value& returned,
                                                                    bool mark_io) {
  const ast::Return* ret = ev.last_return();
  const SourceRange where = ret && ret->value ? ret->value->range : def.name_range;
  std::vector<Value> values;
  if (const ValueList* items = sequence_items(returned)) {
    values = *items;
  } else if (!returned.is_none()) {
    values.push_back(returned);
  }
  std::vector<std::string> names;
  if (ret && ret->value) {
    const ast::ExprList* elts = nullptr;
    if (auto t = ret->value->as<ast::Tuple>()) elts = &t->elts;
    if (auto l = ret->value->as<ast::List>()) elts = &l->elts;
    if (elts) {
      for (const ast::ExprPtr& e : *elts) {
        if (std::string n = viewed_name(*e); !n.empty()) names.push_back(n);
      }
    } else if (returned.is<Value::Tensor>()) {
      if (std::string n = viewed_name(*ret->value); !n.empty()) names.push_back(n);
    }
  }
  // Every output named, and no name twice (`return q, q.reshape(...)`),
  // or they are all ret{i}.
  const std::set<std::string> distinct(names.begin(), names.end());
  if (names.size() != values.size() || distinct.size() != names.size()) names.clear();
  std::vector<std::pair<std::string, Value::Tensor>> out;
  for (size_t i = 0; i < values.size(); ++i) {
    const std::string name = names.empty() ? "ret" + std::to_string(i) : names[i];
    auto t = values[i].get<Value::Tensor>();
    if (!t) {
      ev.fail(where, "a kernel returns tensors, not '" + type_name(values[i]) + "'");
    }
    if (rt::is_on_chip((*t)->kind())) {
      ev.fail(where, "kernel output '" + name + "' is in " +
                         std::string(rt::mem_kind_name((*t)->kind())) +
                         ": kernel outputs must be in HBM (allocate them with "
                         "buffer=nl.shared_hbm and dma_copy into them)");
    }
    if (mark_io) (*t)->buffer()->set_io(true);
    out.emplace_back(name, *t);
  }
  return out;
}

std::string written_input_name(const std::string& input,
                               const std::vector<std::string>& returned_names) {
  const bool taken =
      std::find(returned_names.begin(), returned_names.end(), input) != returned_names.end();
  return taken ? input + ".input" : input;
}

rt::NpyArray read_array(const rt::TensorView& view) {
  rt::NpyArray array;
  array.dtype = view.dtype();
  array.shape = view.shape().to_vector();
  array.data = read_view_bytes(view);
  return array;
}

std::vector<std::pair<std::string, Value::Tensor>> program_returns(Evaluator& ev, int program,
                                                                   LncShare* share,
                                                                   const ast::FunctionDef& def,
                                                                   const Value& returned) {
  // Under a grid the rank's tensors become its outputs (IO) only when its
  // last program returns: until then the other program may still write them.
  const bool last = !share || share->returned.has_value();
  std::vector<std::pair<std::string, Value::Tensor>> tensors =
      returned_tensors(ev, def, returned, last);
  if (!share) return tensors;
  const ast::Return* ret = ev.last_return();
  const SourceRange where = ret ? ret->range : def.range;
  if (!share->returned) {
    share->returned = LncShare::Returned{program, where, tensors};
    return tensors;
  }
  try {
    share->check_same_returns(program, tensors);
  } catch (const rt::Error& e) {
    ev.fail(where, e.what());
  }
  return tensors;
}

}  // namespace nkic::interp
