// The REPL's persistent interpreter (see interactive.h): inputs, :load,
// :show and the session's settings. Each input is parsed as a module of its
// own ("<input N>", so diagnostics cite it) and kept alive for the session,
// since the functions it defines point into its syntax tree.
#include "interp/repl/interactive.h"

#include <algorithm>
#include <iostream>

#include "frontend/parse.h"
#include "interp/repl/interactive_impl.h"

namespace nkic::interp {

Interactive::Impl::Impl(InteractiveOptions o, SourceManager& s, DiagnosticSink& d)
    : options(std::move(o)), sources(s), sink(d), finder(options.module_path, s) {
  start();
}

void Interactive::Impl::start() {
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

bool Interactive::Impl::run_all(const std::function<void(int, Rank&)>& body) {
  spmd = std::make_unique<Spmd>(options.ranks);
  for (Rank& r : ranks) r.device->set_spmd(*spmd);
  const std::optional<Diagnostic> error =
      spmd->run([&](int r) { body(r, ranks[static_cast<size_t>(r)]); });
  if (!error) return true;
  sink.report(*error);
  return false;
}

std::optional<Interactive::Impl::Input> Interactive::Impl::parse(const std::string& source) {
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

bool Interactive::Impl::run_input(const Input& input,
                                  std::vector<std::optional<std::string>>& texts) {
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

Interactive::Interactive(InteractiveOptions options, SourceManager& sources,
                         DiagnosticSink& sink)
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

}  // namespace nkic::interp
