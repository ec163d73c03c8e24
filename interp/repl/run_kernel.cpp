// The REPL's :run (see interactive.h): a kernel of the session called on
// every rank with `nkirun run -a` arguments, its outputs kept as variables.
#include <algorithm>
#include <sstream>

#include "frontend/parse.h"
#include "interp/kernel_binding.h"
#include "interp/repl/interactive_impl.h"
#include "runtime/host_io.h"

namespace nkic::interp {

bool Interactive::run_kernel(const std::string& kernel, const std::vector<KernelArg>& args,
                             std::string& shown) {
  shown.clear();
  Impl& im = *impl_;
  const Value* found = im.ranks.front().globals->lookup(kernel);
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
  rt::RankOutputs outputs(im.ranks.size());
  const bool ok = im.run_all([&](int r, Impl::Rank& rank) {
    Evaluator& ev = *rank.ev;
    const Value* function = rank.globals->lookup(kernel);
    if (!function) ev.fail(def.name_range, "'" + kernel + "' is not defined on this rank");
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
        Value v = argument_value(ev, param, a.name, ev.eval(*expressions[i], rank.globals), where);
        kwargs.emplace_back(a.name, std::move(v));
        continue;
      }
      const rt::NpyArray& data = a.per_rank[static_cast<size_t>(r)];
      auto view =
          input_tensor(ev, *im.machine, *rank.device, a.name, data.dtype, data.shape, &data, where);
      inputs.emplace_back(a.name, view);
      kwargs.emplace_back(a.name, Value(Value::Tensor(view)));
    }
    const Value returned = ev.call(*function, {}, std::move(kwargs), def.name_range);
    std::vector<rt::NamedArray>& out = outputs[static_cast<size_t>(r)];
    std::vector<const rt::Buffer*> seen;
    std::vector<std::string> returned_names;
    auto keep = [&](const std::string& name, const Value::Tensor& t) {
      out.push_back(rt::NamedArray{name, read_array(*t)});
      seen.push_back(t->buffer().get());
    };
    for (const auto& [name, t] : returned_tensors(ev, def, returned)) {
      keep(name, t);
      returned_names.push_back(name);
      rank.globals->vars[name] = Value(t);
    }
    for (const auto& [name, t] : inputs) {
      const rt::Buffer* b = t->buffer().get();
      if (!b->written() || std::find(seen.begin(), seen.end(), b) != seen.end()) continue;
      const std::string shown_name = written_input_name(name, returned_names);
      keep(shown_name, t);
      // NAME.input is no variable name: the returned tensor keeps NAME.
      if (shown_name == name) rank.globals->vars[name] = Value(t);
    }
  });
  if (!ok) return false;
  std::ostringstream text;
  rt::print_outputs(text, outputs);
  shown = text.str();
  return true;
}

}  // namespace nkic::interp
