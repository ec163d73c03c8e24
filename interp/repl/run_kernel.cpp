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

// The inputs the kernel wrote that are not among `returned`, each under the
// name it is shown by (written_input_name) with its parameter's name and
// tensor.
std::vector<std::pair<std::string, std::pair<std::string, Value::Tensor>>> written_inputs(
    const NamedTensors& inputs, const NamedTensors& returned) {
  std::vector<const rt::Buffer*> seen;
  for (const auto& entry : returned) seen.push_back(entry.second->buffer().get());
  std::vector<std::pair<std::string, std::pair<std::string, Value::Tensor>>> out;
  for (const auto& input : inputs) {
    const rt::Buffer* b = input.second->buffer().get();
    if (!b->written() || std::find(seen.begin(), seen.end(), b) != seen.end()) continue;
    out.emplace_back(written_input_name(input.first, names_of(returned)), input);
  }
  return out;
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
  std::vector<NamedTensors> returned_by(im.cores.size());  // per program of each rank
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
    // Where it finished, as `nkirun run` names it: its last return, else its def.
    if (const ast::Return* ret = ev.last_return()) {
      im.spmd->set_finish_place(c.rank, ret->range, c.program);
    }
    const NamedTensors returned_list = program_returns(ev, c.program, share, def, returned);
    for (const auto& [name, t] : returned_list) c.globals->vars[name] = Value(t);
    returned_by[static_cast<size_t>(&c - im.cores.data())] = returned_list;
    // The inputs it wrote are known once the rank's last program has run
    // (programs run in order, spmd.h): each program's variables get them then.
    if (c.program + 1 < lnc()) return;
    for (int p = 0; p < lnc(); ++p) {
      Impl::Core& k = im.core(c.rank, p);
      const NamedTensors& own = returned_by[static_cast<size_t>(&k - im.cores.data())];
      for (const auto& [name, t] : written_inputs(inputs, own)) {
        // NAME.input is no variable name: the returned tensor keeps NAME.
        if (name == t.first) k.globals->vars[name] = Value(t.second);
      }
    }
    // A rank's outputs are its shared tensors, read once: the returned
    // tensors, then the inputs it wrote.
    std::vector<rt::NamedArray>& out = outputs[static_cast<size_t>(c.rank)];
    for (const auto& [name, t] : returned_list) out.push_back(rt::NamedArray{name, read_array(*t)});
    for (const auto& [name, t] : written_inputs(inputs, returned_list)) {
      out.push_back(rt::NamedArray{name, read_array(*t.second)});
    }
  }, def.range);
  if (!ok) return false;
  std::ostringstream text;
  rt::print_outputs(text, outputs);
  shown = text.str();
  return true;
}

}  // namespace nkic::interp
