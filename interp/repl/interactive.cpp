// The REPL's persistent interpreter (see interactive.h): inputs, :load,
// :show and the session's settings. Each input is parsed as a module of its
// own ("<input N>", so diagnostics cite it) and kept alive for the session,
// since the functions it defines point into its syntax tree.
#include "interp/repl/interactive.h"

#include <algorithm>
#include <iostream>

#include "frontend/parse.h"
#include "interp/repl/interactive_impl.h"
#include "runtime/lnc.h"

namespace nkic::interp {

Interactive::Impl::Impl(InteractiveOptions o, SourceManager& s, DiagnosticSink& d)
    : options(std::move(o)), sources(s), sink(d), finder(options.module_path, s) {
  start();
}

void Interactive::Impl::start() {
  cores.clear();
  shares.clear();
  finder.set_root("");
  spmd.reset();
  machine =
      std::make_unique<rt::Machine>(options.ranks, platform(), /*has_data=*/true, options.lnc);
  spmd = std::make_unique<Spmd>(options.ranks, /*name_ranks=*/true, options.lnc);
  for (int r = 0; r < options.ranks; ++r) {
    if (options.lnc > 1) shares.push_back(std::make_unique<LncShare>(options.lnc));
    for (int p = 0; p < options.lnc; ++p) {
      Core core;
      core.rank = r;
      core.program = p;
      core.device = std::make_unique<ExecDevice>(r, *spmd);
      RankContext ctx;
      ctx.rank = r;
      ctx.ranks = options.ranks;
      ctx.program = p;
      ctx.programs = options.lnc;
      ctx.share = shares.empty() ? nullptr : shares.back().get();
      ctx.machine = machine.get();
      ctx.device = core.device.get();
      ctx.spmd = spmd.get();
      ctx.out = options.out ? options.out : &std::cout;
      ctx.finder = &finder;
      ctx.interrupt = options.interrupt;
      core.ev = std::make_unique<Evaluator>(ctx);
      core.globals = core.ev->new_globals();
      core.globals->vars["__name__"] = Value("__main__");
      cores.push_back(std::move(core));
    }
  }
}

namespace {

// One past the last character of the file's last line that is not empty.
SourceRange end_of(const SourceFile* file) {
  if (file == nullptr) return {};
  int line = file->line_count();
  while (line > 1 && file->line(line).empty()) --line;
  const int col = static_cast<int>(file->line(line).size()) + 1;
  return SourceRange{file, {line, col}, {line, col}};
}

}  // namespace

bool Interactive::Impl::run_all(const std::function<void(Core&)>& body, const SourceRange& end) {
  spmd = std::make_unique<Spmd>(options.ranks, /*name_ranks=*/true, options.lnc);
  for (Core& c : cores) {
    c.device->set_spmd(*spmd);
    c.ev->set_spmd(*spmd);
  }
  // The evaluators point at these: fresh contents, same addresses.
  for (std::unique_ptr<LncShare>& share : shares) *share = LncShare(options.lnc);
  const std::optional<Diagnostic> error = spmd->run_programs([&](int r, int p) {
    // Read only once the program has finished, so it may be set first.
    spmd->set_finish_place(r, end, p);
    body(core(r, p));
  });
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
  texts.assign(cores.size(), std::nullopt);
  return run_all(
      [&](Core& c) {
        c.ev->exec_module(*input.module, c.globals);
        if (!input.last) return;
        const Value v = c.ev->eval(*input.last->value, c.globals);
        if (v.is_none()) return;
        try {
          texts[static_cast<size_t>(&c - cores.data())] = to_repr(v);
        } catch (const ValueError& e) {
          c.ev->fail(input.last->value->range, e.what());
        }
      },
      end_of(input.module->file));
}

Interactive::Interactive(InteractiveOptions options, SourceManager& sources, DiagnosticSink& sink)
    : impl_(std::make_unique<Impl>(std::move(options), sources, sink)) {}

Interactive::~Interactive() = default;

int Interactive::ranks() const { return impl_->options.ranks; }

int Interactive::lnc() const {
  return impl_->options.lnc;
}

const rt::Platform& Interactive::platform() const { return impl_->platform(); }

std::string Interactive::per_rank(const std::vector<std::string>& texts, int programs,
                                  int first_rank) {
  if (texts.empty()) return "";
  if (std::all_of(texts.begin(), texts.end(), [&](const std::string& t) { return t == texts[0]; })) {
    return texts[0];
  }
  std::string out;
  for (size_t i = 0; i < texts.size(); ++i) {
    if (i) out += "\n";
    const int core = static_cast<int>(i);
    out += "[rank " + std::to_string(first_rank + core / programs);
    if (programs > 1) out += "." + std::to_string(core % programs);
    out += "]\n" + texts[i];
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
    shown = per_rank(texts, lnc());
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
  const ast::Module* module = im.finder.parse_again(spec->file, im.sink);
  if (!module) return false;
  im.finder.set_root(root);
  // Its globals become the session's: the prompt's code is then in its package.
  return im.run_all([&](Impl::Core& c) { c.ev->run_main(*spec, c.globals); },
                    end_of(module->file));
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
  std::vector<std::string> texts(im.cores.size());
  const bool ok = im.run_all(
      [&](Impl::Core& c) {
        const Value v = c.ev->eval(*expr, c.globals);
        try {
          texts[static_cast<size_t>(&c - im.cores.data())] = to_repr(v);
        } catch (const ValueError& e) {
          c.ev->fail(expr->range, e.what());
        }
      },
      end_of(&file));
  if (!ok) return false;
  if (!rank) {
    shown = per_rank(texts, lnc());
    return true;
  }
  // The rank's programs only.
  const auto first = texts.begin() + static_cast<std::ptrdiff_t>(*rank) * lnc();
  shown = per_rank(std::vector<std::string>(first, first + lnc()), lnc(), *rank);
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

bool Interactive::set_lnc(int lnc) {
  if (lnc < rt::kMinLnc || lnc > rt::kMaxLnc) {
    impl_->sink.report(error_at(SourceRange{}, rt::lnc_problem(std::to_string(lnc))));
    return false;
  }
  impl_->options.lnc = lnc;
  impl_->start();
  return true;
}

void Interactive::set_platform(const rt::Platform& platform) {
  impl_->options.platform = &platform;
  impl_->start();
}

}  // namespace nkic::interp
