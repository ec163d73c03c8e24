// The REPL's :run (see interactive.h): a kernel of the session called on
// every rank with `nkirun run -a` arguments, its outputs kept as variables.
#include <algorithm>
#include <sstream>

#include "frontend/parse.h"
#include "interp/kernel_binding.h"
#include "interp/repl/interactive_impl.h"
#include "runtime/host_io.h"

namespace nkic::interp {

namespace {

using NamedTensors = std::vector<std::pair<std::string, Value::Tensor>>;

std::vector<std::string> names_of(const NamedTensors& tensors) {
  std::vector<std::string> names;
  for (const auto& entry : tensors) names.push_back(entry.first);
  return names;
}

// The tensors program `program` returned, checked under an LNC grid against
// the ones the rank's other program returned, as `nkirun run` checks them.
NamedTensors program_returns(Evaluator& ev, int program, LncShare* share,
                             const ast::FunctionDef& def, const Value& returned) {
  // They become the rank's outputs (IO) when its last program returns.
  const bool last = !share || share->returned.has_value();
  NamedTensors tensors = returned_tensors(ev, def, returned, last);
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

}  // namespace

bool Interactive::run_kernel(const std::string& kernel, const std::vector<KernelArg>& args,
                             std::string& shown) {
  shown.clear();
  Impl& im = *impl_;
  const Value* found = im.cores.front().globals->lookup(kernel);
  const Value::Function* fn = found ? found->get<Value::Function>() : nullptr;
  if (!fn || !(*fn)->def) {
    im.sink.report(error_at(SourceRange{}, "there is no kernel '" + kernel + "'"));
    return false;
  }
  const ast::FunctionDef& def = *(*fn)->def;
  std::vector<ast::ExprPtr> expressions(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const KernelArg& a = args[i];
    if (!a.per_rank.empty()) {
      if (static_cast<int>(a.per_rank.size()) == ranks()) continue;
      im.sink.report(error_at(SourceRange{},
                              "argument '" + a.name + "' has " + std::to_string(a.per_rank.size()) +
                                  " arrays for " + std::to_string(ranks()) + " ranks"));
      return false;
    }
    const SourceFile& file = im.sources.add(a.origin.empty() ? a.name : a.origin, a.expression);
    expressions[i] = parse_expression(file, im.sink);
    if (!expressions[i]) return false;
  }
  rt::RankOutputs outputs(static_cast<size_t>(ranks()));
  const bool ok = im.run_all([&](Impl::Core& c) {
    Evaluator& ev = *c.ev;
    const Value* function = c.globals->lookup(kernel);
    if (!function) ev.fail(def.name_range, "'" + kernel + "' is not defined on this rank");
    // Under an LNC grid the rank's tensor inputs are bound once, by its first
    // program, as `nkirun run --lnc 2` binds them.
    LncShare* share = ev.context().share;
    const bool reuse = share && share->inputs_bound;
    size_t next_input = 0;
    KwArgs kwargs;
    std::vector<std::pair<std::string, Value::Tensor>> inputs;
    for (size_t i = 0; i < args.size(); ++i) {
      const KernelArg& a = args[i];
      const ast::Param* param = nullptr;
      for (const ast::Param& p : def.params) {
        if (p.name == a.name) param = &p;
      }
      const SourceRange where = param ? param->range : def.name_range;
      if (expressions[i]) {
        Value v = argument_value(ev, param, a.name, ev.eval(*expressions[i], c.globals), where);
        kwargs.emplace_back(a.name, std::move(v));
        continue;
      }
      const rt::NpyArray& data = a.per_rank[static_cast<size_t>(c.rank)];
      auto view = reuse ? share->inputs.at(next_input++).second
                        : input_tensor(ev, *im.machine, *c.device, a.name, data.dtype, data.shape,
                                       &data, where);
      inputs.emplace_back(a.name, view);
      kwargs.emplace_back(a.name, Value(Value::Tensor(view)));
    }
    if (share && !reuse) {
      share->inputs = inputs;
      share->inputs_bound = true;
    }
    const Value returned = ev.call(*function, {}, std::move(kwargs), def.name_range);
    const NamedTensors returned_list = program_returns(ev, c.program, share, def, returned);
    const std::vector<std::string> returned_names = names_of(returned_list);
    // What the rank outputs: the returned tensors, then the inputs it wrote.
    NamedTensors shown_tensors = returned_list;
    std::vector<const rt::Buffer*> seen;
    for (const auto& [name, t] : returned_list) {
      c.globals->vars[name] = Value(t);
      seen.push_back(t->buffer().get());
    }
    for (const auto& [name, t] : inputs) {
      const rt::Buffer* b = t->buffer().get();
      if (!b->written() || std::find(seen.begin(), seen.end(), b) != seen.end()) continue;
      const std::string shown_name = written_input_name(name, returned_names);
      shown_tensors.emplace_back(shown_name, t);
      // NAME.input is no variable name: the returned tensor keeps NAME.
      if (shown_name == name) c.globals->vars[name] = Value(t);
    }
    // A rank's outputs are its shared tensors: read once, by its last program
    // (programs run in order, spmd.h), when both have written them.
    if (c.program + 1 < lnc()) return;
    for (const auto& [name, t] : shown_tensors) {
      outputs[static_cast<size_t>(c.rank)].push_back(rt::NamedArray{name, read_array(*t)});
    }
  });
  if (!ok) return false;
  std::ostringstream text;
  rt::print_outputs(text, outputs);
  shown = text.str();
  return true;
}

}  // namespace nkic::interp
