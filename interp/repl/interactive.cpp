// The REPL's persistent interpreter (see interactive.h). Each input is parsed
// as a module of its own ("<input N>", so diagnostics cite it) and kept alive
// for the session, since the functions it defines point into its syntax tree.
#include "interp/repl/interactive.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>

#include "frontend/parse.h"
#include "interp/evaluator.h"
#include "interp/exec_device.h"
#include "interp/kernel_binding.h"
#include "interp/module_finder.h"
#include "interp/spmd.h"
#include "runtime/diagnostic_text.h"
#include "runtime/format_util.h"
#include "runtime/host_io.h"

namespace nkic::interp {

namespace {

// Python's keywords, completed like names.
const char* const kKeywords[] = {
    "False", "None",   "True",     "and",   "as",   "assert", "break",  "class",
    "continue", "def", "del",      "elif",  "else", "for",    "from",   "global",
    "if",    "import", "in",       "is",    "lambda", "nonlocal", "not", "or",
    "pass",  "raise",  "return",   "while", "with", "yield"};

bool is_identifier_text(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    return c == '_' || std::isalnum(static_cast<unsigned char>(c));
  });
}

}  // namespace

struct Interactive::Impl {
  // One rank's persistent interpreter.
  struct Rank {
    std::unique_ptr<ExecDevice> device;
    std::unique_ptr<Evaluator> ev;
    ScopePtr globals;
  };

  InteractiveOptions options;
  SourceManager& sources;
  DiagnosticSink& sink;
  ModuleFinder finder;
  // Declared before `ranks`, so destroyed after them: the globals hold
  // functions that point into these trees and tensors that live on the machine.
  std::vector<std::unique_ptr<ast::Module>> modules;
  std::vector<ast::StmtPtr> kept_statements;
  std::unique_ptr<rt::Machine> machine;
  std::unique_ptr<Spmd> spmd;  // the scheduler of the latest run
  std::vector<Rank> ranks;
  int inputs = 0;

  Impl(InteractiveOptions o, SourceManager& s, DiagnosticSink& d)
      : options(std::move(o)), sources(s), sink(d), finder(options.module_path, s) {
    start();
  }

  const rt::Platform& platform() const {
    return options.platform ? *options.platform : rt::default_platform();
  }

  // A fresh session: the prompt's code is in no package until a file is loaded.
  void start() {
    ranks.clear();
    finder.set_root("");
    spmd.reset();
    machine = std::make_unique<rt::Machine>(options.ranks, platform());
    spmd = std::make_unique<Spmd>(options.ranks);
    for (int r = 0; r < options.ranks; ++r) {
      Rank rank;
      rank.device = std::make_unique<ExecDevice>(r, *spmd);
      RankContext ctx;
      ctx.rank = r;
      ctx.ranks = options.ranks;
      ctx.machine = machine.get();
      ctx.device = rank.device.get();
      ctx.out = options.out ? options.out : &std::cout;
      ctx.finder = &finder;
      ctx.interrupt = options.interrupt;
      rank.ev = std::make_unique<Evaluator>(ctx);
      rank.globals = rank.ev->new_globals();
      rank.globals->vars["__name__"] = Value("__main__");
      ranks.push_back(std::move(rank));
    }
  }

  // Runs body on every rank SPMD; false after reporting the first error.
  bool run_all(const std::function<void(int, Rank&)>& body) {
    spmd = std::make_unique<Spmd>(options.ranks);
    for (Rank& r : ranks) r.device->set_spmd(*spmd);
    const std::optional<Diagnostic> error =
        spmd->run([&](int r) { body(r, ranks[static_cast<size_t>(r)]); });
    if (!error) return true;
    sink.report(*error);
    return false;
  }

  // A parsed input: its statements, then apart from them a final expression
  // statement, whose value is shown.
  struct Input {
    const ast::Module* module = nullptr;
    const ast::ExprStmt* last = nullptr;
  };

  std::optional<Input> parse(const std::string& source) {
    ++inputs;
    const SourceFile& file = sources.add("<input " + std::to_string(inputs) + ">", source);
    std::unique_ptr<ast::Module> module = parse_module(file, sink);
    if (!module) return std::nullopt;
    Input input;
    if (!module->body.empty() && module->body.back()->as<ast::ExprStmt>()) {
      kept_statements.push_back(std::move(module->body.back()));
      module->body.pop_back();
      input.last = kept_statements.back()->as<ast::ExprStmt>();
    }
    modules.push_back(std::move(module));
    input.module = modules.back().get();
    return input;
  }

  // Runs an input on every rank; the text of its final expression's value,
  // when it has one that is not None, goes to texts[rank]. The text is made
  // on the rank, so a value that cannot be shown (a register) is a located
  // error like any other.
  bool run_input(const Input& input, std::vector<std::optional<std::string>>& texts) {
    texts.assign(ranks.size(), std::nullopt);
    return run_all([&](int r, Rank& rank) {
      rank.ev->exec_module(*input.module, rank.globals);
      if (!input.last) return;
      const Value v = rank.ev->eval(*input.last->value, rank.globals);
      if (v.is_none()) return;
      try {
        texts[static_cast<size_t>(r)] = to_repr(v);
      } catch (const ValueError& e) {
        rank.ev->fail(input.last->value->range, e.what());
      }
    });
  }

  std::optional<Value> lookup(const std::string& dotted) const {
    const Rank& rank0 = ranks.front();
    std::optional<Value> v;
    size_t start = 0;
    while (start <= dotted.size()) {
      const size_t dot = dotted.find('.', start);
      const std::string part = dotted.substr(start, dot - start);
      if (!v) {
        const Value* found = rank0.globals->lookup(part);
        if (found) {
          v = *found;
        } else {
          v = rank0.ev->builtin(part);
        }
      } else {
        try {
          v = rank0.ev->get_attribute(*v, part);
        } catch (const std::exception&) {
          return std::nullopt;
        }
      }
      if (!v) return std::nullopt;
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    return v;
  }
};

namespace {

// The attribute names of a value that completion can list.
std::vector<std::string> attribute_names(const Value& v) {
  std::vector<std::string> names;
  if (auto m = v.get<Value::Module>()) {
    for (const auto& entry : (*m)->scope->vars) names.push_back(entry.first);
  }
  std::shared_ptr<ClassObj> cls;
  if (auto c = v.get<Value::Class>()) cls = *c;
  if (auto i = v.get<Value::Instance>()) {
    for (const auto& entry : (*i)->attrs) names.push_back(entry.first);
    cls = (*i)->cls;
  }
  for (; cls; cls = cls->base) {
    for (const auto& entry : cls->attrs) names.push_back(entry.first);
  }
  return names;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

Interactive::Interactive(InteractiveOptions options, SourceManager& sources, DiagnosticSink& sink)
    : impl_(std::make_unique<Impl>(std::move(options), sources, sink)) {}

Interactive::~Interactive() = default;

int Interactive::ranks() const { return impl_->options.ranks; }

const rt::Platform& Interactive::platform() const { return impl_->platform(); }

std::string Interactive::per_rank(const std::vector<std::string>& texts) {
  if (texts.empty()) return "";
  if (std::all_of(texts.begin(), texts.end(), [&](const std::string& t) { return t == texts[0]; })) {
    return texts[0];
  }
  std::string out;
  for (size_t r = 0; r < texts.size(); ++r) {
    if (r) out += "\n";
    out += "[rank " + std::to_string(r) + "]\n" + texts[r];
  }
  return out;
}

bool Interactive::execute(const std::string& source, std::string& shown) {
  shown.clear();
  const std::optional<Impl::Input> input = impl_->parse(source);
  if (!input) return false;
  std::vector<std::optional<std::string>> values;
  if (!impl_->run_input(*input, values)) return false;
  std::vector<std::string> texts;
  for (const std::optional<std::string>& v : values) texts.push_back(v.value_or(""));
  if (std::any_of(values.begin(), values.end(), [](const auto& v) { return v.has_value(); })) {
    shown = per_rank(texts);
  }
  return true;
}

bool Interactive::load(const std::string& file_or_module) {
  Impl& im = *impl_;
  std::optional<ModuleSpec> spec;
  std::string root;
  if (is_regular_file(file_or_module)) {
    FilePlace place = place_of_file(file_or_module);
    root = place.root;
    spec = std::move(place.spec);
  } else if (file_or_module.find('/') == std::string::npos) {
    spec = im.finder.locate(file_or_module);
    if (spec && spec->file.empty()) spec.reset();  // a namespace package has no code
  }
  if (!spec) {
    im.sink.report(
        error_at(SourceRange{}, "no kernel file or stdlib module named '" + file_or_module + "'"));
    return false;
  }
  // Read again, as it may have been edited since it was last loaded.
  if (!im.finder.parse_again(spec->file, im.sink)) return false;
  im.finder.set_root(root);
  // Its globals become the session's: the prompt's code is then in its package.
  return im.run_all([&](int, Impl::Rank& rank) { rank.ev->run_main(*spec, rank.globals); });
}

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
      im.sink.report(error_at(SourceRange{}, "argument '" + a.name + "' has " +
                                                 std::to_string(a.per_rank.size()) +
                                                 " arrays for " + std::to_string(ranks()) +
                                                 " ranks"));
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
      auto view = input_tensor(ev, *im.machine, *rank.device, a.name, data.dtype, data.shape,
                               &data, where);
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

bool Interactive::show(const std::string& expression, std::optional<int> rank,
                       std::string& shown) {
  shown.clear();
  Impl& im = *impl_;
  if (rank && (*rank < 0 || *rank >= ranks())) {
    im.sink.report(error_at(SourceRange{}, "there is no rank " + std::to_string(*rank) +
                                               " (ranks are 0 to " +
                                               std::to_string(ranks() - 1) + ")"));
    return false;
  }
  const SourceFile& file = im.sources.add("<show>", expression);
  ast::ExprPtr expr = parse_expression(file, im.sink);
  if (!expr) return false;
  std::vector<std::string> texts(im.ranks.size());
  const bool ok = im.run_all([&](int r, Impl::Rank& k) {
    const Value v = k.ev->eval(*expr, k.globals);
    try {
      texts[static_cast<size_t>(r)] = to_repr(v);
    } catch (const ValueError& e) {
      k.ev->fail(expr->range, e.what());
    }
  });
  if (!ok) return false;
  shown = rank ? texts[static_cast<size_t>(*rank)] : per_rank(texts);
  return true;
}

std::string Interactive::memory(std::optional<int> only) const {
  const Impl& im = *impl_;
  std::ostringstream out;
  for (int r = 0; r < ranks(); ++r) {
    if (only && *only != r) continue;
    out << "rank " << r << ":\n";
    // Sorted by name, so the listing is the same every time.
    std::map<std::string, Value::Tensor> tensors;
    for (const auto& [name, v] : im.ranks[static_cast<size_t>(r)].globals->vars) {
      if (auto t = v.get<Value::Tensor>()) tensors[name] = *t;
    }
    for (const auto& [name, t] : tensors) {
      const rt::Buffer& b = *t->buffer();
      out << "  " << name << ": " << rt::mem_kind_name(b.kind()) << " '" << rt::escape_controls(b.name()) << "' "
          << rt::dtype_name(b.dtype()) << rt::format_shape(b.shape()) << ", " << b.bytes()
          << " bytes\n";
    }
    for (rt::MemKind kind :
         {rt::MemKind::hbm, rt::MemKind::shared_hbm, rt::MemKind::sbuf, rt::MemKind::psum}) {
      out << "  " << rt::mem_kind_name(kind) << ": " << im.machine->live_bytes(r, kind) << " of "
          << im.machine->capacity(kind) << " bytes"
          << (rt::is_on_chip(kind) ? " per partition" : "") << " in use\n";
    }
  }
  return out.str();
}

void Interactive::reset() { impl_->start(); }

bool Interactive::set_ranks(int ranks) {
  if (ranks < 1 || ranks > rt::Machine::kMaxRanks) {
    impl_->sink.report(error_at(SourceRange{}, "the number of ranks must be between 1 and " +
                                                   std::to_string(rt::Machine::kMaxRanks)));
    return false;
  }
  impl_->options.ranks = ranks;
  impl_->start();
  return true;
}

void Interactive::set_platform(const rt::Platform& platform) {
  impl_->options.platform = &platform;
  impl_->start();
}

std::vector<std::string> Interactive::completions(const std::string& prefix) const {
  const Impl& im = *impl_;
  std::vector<std::string> out;
  const size_t dot = prefix.rfind('.');
  if (dot != std::string::npos) {
    const std::string base = prefix.substr(0, dot);
    const std::string stem = prefix.substr(dot + 1);
    std::optional<Value> v = im.lookup(base);
    if (!v && (base == "nki" || starts_with(base, "nki."))) {
      // The builtin modules complete before they are imported
      // (`nki.language.ndarr<TAB>`); importing them has no effect to undo.
      try {
        v = im.ranks.front().ev->import_module(base, SourceRange{});
      } catch (const std::exception&) {
        return out;
      }
    }
    if (!v) return out;
    for (const std::string& name : attribute_names(*v)) {
      if (starts_with(name, stem)) out.push_back(base + "." + name);
    }
  } else if (is_identifier_text(prefix)) {
    const Impl::Rank& rank0 = im.ranks.front();
    for (const auto& entry : rank0.globals->vars) out.push_back(entry.first);
    for (const std::string& name : rank0.ev->builtin_names()) out.push_back(name);
    for (const char* k : kKeywords) out.push_back(k);
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const std::string& n) { return !starts_with(n, prefix); }),
              out.end());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace nkic::interp
