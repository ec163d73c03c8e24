// Session: loads a kernel file or stdlib module, binds the command line's
// arguments to a kernel's parameters, runs it SPMD (one Evaluator per rank on
// its own thread, see spmd.h) and reads the outputs back as arrays; or traces
// it as rank 0 for a compiler's Device. Both share the binding of arguments
// and the naming of outputs.
#include "interp/session.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iostream>
#include <map>

#include "frontend/parse.h"
#include "interp/device.h"
#include "interp/evaluator.h"
#include "interp/exec_device.h"
#include "interp/kernel_binding.h"
#include "interp/lnc_share.h"
#include "interp/module_finder.h"
#include "interp/nki/modules.h"
#include "interp/spmd.h"
#include "interp/tensor_io.h"
#include "runtime/format_util.h"
#include "runtime/print.h"
#include "runtime/rank_queues.h"
#include "runtime/thread_pool.h"

namespace nkic::interp {

namespace {

bool is_jit_decorator(const ast::Expr& e) {
  const ast::Expr* target = &e;
  if (auto call = e.as<ast::Call>()) target = call->func.get();
  if (auto name = target->as<ast::Name>()) return name->id == "jit";
  if (auto attr = target->as<ast::Attribute>()) {
    auto base = attr->value->as<ast::Name>();
    return attr->attr == "jit" && base && base->id == "nki";
  }
  return false;
}

double wall_micros() {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// One kernel argument as run() or trace() gives it.
struct ArgInput {
  const std::string& name;
  const std::string& origin;
  const std::string& expression;
  const std::vector<rt::NpyArray>* per_rank;  // run(): a tensor argument when not empty
  const TensorSpec* tensor;                   // trace(): a tensor argument when set
};

struct PreparedArg {
  std::string name;
  const ast::Param* param;
  ast::ExprPtr expression;                    // when not a tensor
  std::optional<TensorSpec> tensor;           // when a tensor
  const std::vector<rt::NpyArray>* per_rank;  // its data, [rank], when running
};

// A kernel ready to be called on one rank: its function and arguments, and
// the tensor arguments by name (inputs the kernel writes are outputs too).
struct BoundKernel {
  Value function;
  KwArgs kwargs;
  std::vector<std::pair<std::string, Value::Tensor>> inputs;
};

}  // namespace

struct Session::Impl {
  SessionOptions options;
  SourceManager& sources;
  DiagnosticSink& sink;
  ModuleFinder finder;
  // The loaded kernel file (or stdlib module): the module it is, and its
  // syntax tree, which the finder owns.
  ModuleSpec main;
  const ast::Module* module = nullptr;
  // The machines of trace(), alive as long as the Session (see TraceResult).
  std::vector<std::shared_ptr<rt::Machine>> trace_machines;
  // The machine of every run(), made by the first: its storage pool lets a
  // kernel run again (--iters) without allocating host memory. Every buffer
  // of a run dies with the run, so its capacity accounting starts at zero.
  std::unique_ptr<rt::Machine> run_machine;
  // Bytes of the running run's outputs read back so far, charged against
  // run_machine's memory limit until the run ends.
  int64_t output_bytes = 0;

  Impl(SessionOptions o, SourceManager& s, DiagnosticSink& d)
      : options(std::move(o)), sources(s), sink(d), finder(options.module_path, s) {}

  const ast::FunctionDef* find_function(const std::string& name) const {
    if (!module) return nullptr;
    for (const ast::StmtPtr& s : module->body) {
      auto f = s->as<ast::FunctionDef>();
      if (f && f->name == name) return f;
    }
    return nullptr;
  }

  SourceRange file_start() const {
    SourceRange r;
    if (module) r.file = module->file;
    r.begin = r.end = SourceLoc{1, 1};
    return r;
  }

  const rt::Platform& platform() const {
    return options.platform ? *options.platform : rt::default_platform();
  }

  RankContext context(int rank, rt::Machine& machine, Device& device, Spmd& spmd, int program = 0,
                      LncShare* share = nullptr) {
    RankContext ctx;
    ctx.spmd = &spmd;
    ctx.rank = rank;
    ctx.ranks = options.ranks;
    ctx.program = program;
    ctx.programs = options.lnc;
    ctx.share = share;
    ctx.machine = &machine;
    ctx.device = &device;
    ctx.out = options.out ? options.out : &std::cout;
    ctx.finder = &finder;
    ctx.max_steps = options.max_steps;
    return ctx;
  }

  const ast::FunctionDef* start(const std::string& kernel, const std::vector<ArgInput>& args,
                                std::vector<PreparedArg>& prepared);
  bool prepare_args(const ast::FunctionDef& def, const std::vector<ArgInput>& args,
                    std::vector<PreparedArg>& out);
  bool check_per_rank(const ArgInput& a, const SourceRange& where);
  BoundKernel bind_kernel(Evaluator& ev, const ast::FunctionDef& def,
                          const std::vector<PreparedArg>& args, rt::Machine& machine,
                          Device& device);
  void rank_body(int rank, int program, LncShare* share, const ast::FunctionDef& def,
                 const std::vector<PreparedArg>& args, rt::Machine& machine, Spmd& spmd,
                 RunResult& result, double& kernel_micros);
  void trace_body(int program, LncShare* share, Spmd& spmd, const ast::FunctionDef& def,
                  const std::vector<PreparedArg>& args, rt::Machine& machine, Device& device,
                  TraceResult& result);
};

Session::Session(SessionOptions options, SourceManager& sources, DiagnosticSink& sink)
    : impl_(std::make_unique<Impl>(std::move(options), sources, sink)) {}

Session::~Session() = default;

std::optional<std::string> Session::locate(const std::string& file_or_module) const {
  if (is_regular_file(file_or_module)) return file_or_module;
  const bool dotted = file_or_module.find('/') == std::string::npos &&
                      (file_or_module.size() < 3 ||
                       file_or_module.compare(file_or_module.size() - 3, 3, ".py") != 0);
  if (!dotted) return std::nullopt;
  const std::optional<ModuleSpec> spec = impl_->finder.locate(file_or_module);
  if (!spec || spec->file.empty()) return std::nullopt;  // a namespace package has no code
  return spec->file;
}

bool Session::load(const std::string& file_or_module) {
  Impl& im = *impl_;
  im.module = nullptr;
  std::optional<ModuleSpec> spec;
  if (is_regular_file(file_or_module)) {
    FilePlace place = place_of_file(file_or_module);
    im.finder.set_root(place.root);
    spec = std::move(place.spec);
  } else if (locate(file_or_module)) {
    im.finder.set_root("");
    spec = im.finder.locate(file_or_module);
  }
  if (!spec) {
    im.sink.report(
        error_at(SourceRange{}, "no kernel file or stdlib module named '" + file_or_module + "'"));
    return false;
  }
  im.main = std::move(*spec);
  im.module = im.finder.parse(im.main.file, im.sink);
  return im.module != nullptr;
}

std::vector<std::string> Session::kernels() const {
  std::vector<std::string> out;
  if (!impl_->module) return out;
  for (const ast::StmtPtr& s : impl_->module->body) {
    auto f = s->as<ast::FunctionDef>();
    if (!f) continue;
    for (const ast::ExprPtr& d : f->decorators) {
      if (is_jit_decorator(*d)) {
        out.push_back(f->name);
        break;
      }
    }
  }
  return out;
}

std::optional<std::vector<std::string>> Session::parameters(const std::string& kernel) const {
  const ast::FunctionDef* def = impl_->find_function(kernel);
  if (!def) {
    impl_->sink.report(error_at(impl_->file_start(), "there is no function '" + kernel + "'"));
    return std::nullopt;
  }
  std::vector<std::string> names;
  for (const ast::Param& p : def->params) names.push_back(p.name);
  return names;
}

const ast::FunctionDef* Session::Impl::start(const std::string& kernel,
                                             const std::vector<ArgInput>& args,
                                             std::vector<PreparedArg>& prepared) {
  if (!module) {
    sink.report(error_at(SourceRange{}, "no kernel file is loaded"));
    return nullptr;
  }
  const ast::FunctionDef* def = find_function(kernel);
  if (!def) {
    sink.report(
        error_at(file_start(), "there is no kernel '" + kernel + "' in " + module->file->path()));
    return nullptr;
  }
  if (options.ranks < 1 || options.ranks > rt::Machine::kMaxRanks) {
    sink.report(error_at(SourceRange{}, "the number of ranks must be between 1 and " +
                                            std::to_string(rt::Machine::kMaxRanks)));
    return nullptr;
  }
  if (options.lnc != 1 && options.lnc != 2) {
    sink.report(
        error_at(SourceRange{}, "the LNC must be 1 or 2, got " + std::to_string(options.lnc)));
    return nullptr;
  }
  return prepare_args(*def, args, prepared) ? def : nullptr;
}

bool Session::Impl::check_per_rank(const ArgInput& a, const SourceRange& where) {
  if (static_cast<int>(a.per_rank->size()) != options.ranks) {
    sink.report(error_at(where, "argument '" + a.name + "' has " +
                                    std::to_string(a.per_rank->size()) + " arrays for " +
                                    std::to_string(options.ranks) + " ranks"));
    return false;
  }
  const rt::NpyArray& first = a.per_rank->front();
  for (size_t r = 1; r < a.per_rank->size(); ++r) {
    const rt::NpyArray& other = (*a.per_rank)[r];
    std::string what;
    if (other.shape != first.shape) {
      what = "shape " + rt::format_shape(first.shape) + " on rank 0 but " +
             rt::format_shape(other.shape);
    } else if (other.dtype != first.dtype) {
      what = "dtype " + std::string(rt::dtype_name(first.dtype)) + " on rank 0 but " +
             std::string(rt::dtype_name(other.dtype));
    }
    if (!what.empty()) {
      sink.report(error_at(
          where, "argument '" + a.name + "' has " + what + " on rank " + std::to_string(r)));
      return false;
    }
  }
  return true;
}

bool Session::Impl::prepare_args(const ast::FunctionDef& def, const std::vector<ArgInput>& args,
                                 std::vector<PreparedArg>& out) {
  bool var_keywords = false;
  for (const ast::Param& p : def.params) var_keywords |= p.kind == ast::ParamKind::VarKeywords;
  std::map<std::string, std::string> given;  // name -> origin
  for (const ArgInput& a : args) {
    const ast::Param* param = nullptr;
    for (const ast::Param& p : def.params) {
      const bool named =
          p.kind == ast::ParamKind::Positional || p.kind == ast::ParamKind::KeywordOnly;
      if (named && p.name == a.name) param = &p;
    }
    if (!param && !var_keywords) {
      sink.report(error_at(def.name_range, def.name + "() has no parameter '" + a.name +
                                               "' (given by " + a.origin + ")"));
      return false;
    }
    if (given.count(a.name)) {
      sink.report(error_at(def.name_range, "argument '" + a.name + "' is given twice (" +
                                               given[a.name] + " and " + a.origin + ")"));
      return false;
    }
    given[a.name] = a.origin;
    PreparedArg prepared{a.name, param, nullptr, std::nullopt, nullptr};
    const SourceRange where = param ? param->range : def.name_range;
    if (a.tensor) {
      prepared.tensor = *a.tensor;
    } else if (a.per_rank && !a.per_rank->empty()) {
      if (!check_per_rank(a, where)) return false;
      const rt::NpyArray& first = a.per_rank->front();
      prepared.tensor = TensorSpec{first.dtype, first.shape};
      prepared.per_rank = a.per_rank;
    } else {
      const SourceFile& file =
          sources.add(a.origin.empty() ? "-a " + a.name : a.origin, a.expression);
      prepared.expression = parse_expression(file, sink);
      if (!prepared.expression) return false;
    }
    out.push_back(std::move(prepared));
  }
  for (const ast::Param& p : def.params) {
    const bool required = p.kind == ast::ParamKind::Positional && !p.default_value;
    if (required && !given.count(p.name)) {
      sink.report(error_at(p.range, def.name + "() missing required argument '" + p.name +
                                        "' (give it with -a " + p.name + "=VALUE)"));
      return false;
    }
  }
  return true;
}

BoundKernel Session::Impl::bind_kernel(Evaluator& ev, const ast::FunctionDef& def,
                                       const std::vector<PreparedArg>& args, rt::Machine& machine,
                                       Device& device) {
  const ScopePtr globals = (*ev.run_main(main).get<Value::Module>())->scope;
  auto it = globals->vars.find(def.name);
  if (it == globals->vars.end() || !it->second.is<Value::Function>()) {
    ev.fail(def.name_range, "'" + def.name + "' is not a function after the module ran");
  }
  BoundKernel bound;
  bound.function = it->second;
  const int rank = ev.rank();
  // Under an LNC grid the rank's inputs are bound once, by its first program.
  LncShare* share = ev.context().share;
  const bool reuse = share && share->inputs_bound;
  size_t next_input = 0;
  for (const PreparedArg& a : args) {
    const SourceRange where = a.param ? a.param->range : def.name_range;
    if (a.expression) {
      const Value v = argument_value(ev, a.param, a.name, ev.eval(*a.expression, globals), where);
      bound.kwargs.emplace_back(a.name, v);
      continue;
    }
    const rt::NpyArray* data = a.per_rank ? &(*a.per_rank)[static_cast<size_t>(rank)] : nullptr;
    auto view = reuse ? share->inputs.at(next_input++).second
                      : input_tensor(ev, machine, device, a.name, a.tensor->dtype, a.tensor->shape,
                                     data, where);
    bound.inputs.emplace_back(a.name, view);
    bound.kwargs.emplace_back(a.name, Value(Value::Tensor(view)));
  }
  if (share && !reuse) {
    share->inputs = bound.inputs;
    share->inputs_bound = true;
  }
  return bound;
}

void Session::Impl::rank_body(int rank, int program, LncShare* share, const ast::FunctionDef& def,
                              const std::vector<PreparedArg>& args, rt::Machine& machine,
                              Spmd& spmd, RunResult& result, double& kernel_micros) {
  ExecDevice device(rank, spmd, program, options.observer);
  Evaluator ev(context(rank, machine, device, spmd, program, share));
  BoundKernel bound = bind_kernel(ev, def, args, machine, device);
  // The rank's wall time in the call, less its waits for its turn (the
  // other ranks' time): the ranks run one at a time, their held copies and
  // their transfers' pieces on the pool meanwhile.
  const double start = wall_micros() - spmd.waited_micros(rank, program);
  const Value returned = ev.call(bound.function, {}, std::move(bound.kwargs), def.name_range);
  // What the rank's copies still hold back is the kernel's work too.
  if (rt::RankQueues* queues = machine.queues()) queues->run_all();
  kernel_micros = wall_micros() - spmd.waited_micros(rank, program) - start;
  const ast::Return* ret = ev.last_return();
  spmd.set_finish_place(rank, ret ? ret->range : def.range, program);
  const auto returned_list = program_returns(ev, program, share, def, returned);
  // A rank's outputs are its shared tensors: read once, by the program that
  // finishes last, when both have written them.
  if (share && share->returned->program == program) return;
  std::vector<NamedArray>& outputs = result.outputs[static_cast<size_t>(rank)];
  std::vector<std::string>& printed = result.printed[static_cast<size_t>(rank)];
  std::vector<const rt::Buffer*> seen;
  auto emit = [&](const std::string& name, const rt::TensorView& t) {
    const int64_t bytes = t.size() * static_cast<int64_t>(rt::dtype_size(t.dtype()));
    try {
      machine.charge_host("reading back the output '" + name + "'", bytes);
    } catch (const rt::Error& e) {
      ev.fail(ret && ret->value ? ret->value->range : def.name_range, e.what());
    }
    output_bytes += bytes;
    rt::NpyArray array = read_array(t);
    printed.push_back(rt::format_array(array.dtype, array.shape, array.data.data()));
    outputs.push_back(NamedArray{name, std::move(array)});
    seen.push_back(t.buffer().get());
  };
  std::vector<std::string> returned_names;
  for (const auto& [name, t] : returned_list) {
    emit(name, *t);
    returned_names.push_back(name);
  }
  for (const auto& [name, t] : bound.inputs) {
    const rt::Buffer* b = t->buffer().get();
    if (!b->written() || std::find(seen.begin(), seen.end(), b) != seen.end()) continue;
    emit(written_input_name(name, returned_names), *t);
  }
}

void Session::Impl::trace_body(int program, LncShare* share, Spmd& spmd,
                               const ast::FunctionDef& def, const std::vector<PreparedArg>& args,
                               rt::Machine& machine, Device& device, TraceResult& result) {
  if (share) device.program(program);
  RankContext ctx = context(0, machine, device, spmd, program, share);
  ctx.tracing = true;
  Evaluator ev(ctx);
  BoundKernel bound = bind_kernel(ev, def, args, machine, device);
  const Value returned = ev.call(bound.function, {}, std::move(bound.kwargs), def.name_range);
  const ast::Return* ret = ev.last_return();
  spmd.set_finish_place(0, ret ? ret->range : def.range, program);
  const auto returned_list = program_returns(ev, program, share, def, returned);
  if (program > 0) return;  // the first program's tensors stand for the rank's
  for (const auto& [name, t] : bound.inputs) result.inputs.emplace_back(name, t->buffer());
  for (const auto& [name, t] : returned_list) result.outputs.emplace_back(name, *t);
}

std::optional<RunResult> Session::run(const std::string& kernel,
                                      const std::vector<KernelArg>& args) {
  Impl& im = *impl_;
  std::vector<ArgInput> inputs;
  for (const KernelArg& a : args) {
    inputs.push_back(ArgInput{a.name, a.origin, a.expression, &a.per_rank, nullptr});
  }
  std::vector<PreparedArg> prepared;
  const ast::FunctionDef* def = im.start(kernel, inputs, prepared);
  if (!def) return std::nullopt;
  if (!im.run_machine) {
    try {
      im.run_machine = std::make_unique<rt::Machine>(im.options.ranks, im.platform(),
                                                     /*has_data=*/true, im.options.lnc);
      im.run_machine->set_strict(im.options.strict);
      im.run_machine->set_memory_limit(im.options.memory_limit);
    } catch (const rt::Error& e) {
      im.sink.report(error_at(SourceRange{}, e.what()));
      return std::nullopt;
    }
  }
  rt::Machine& machine = *im.run_machine;
  RunResult result;
  result.outputs.resize(static_cast<size_t>(im.options.ranks));
  result.printed.resize(static_cast<size_t>(im.options.ranks));
  const int lnc = im.options.lnc;
  std::vector<double> kernel_micros(static_cast<size_t>(im.options.ranks * lnc), 0.0);
  std::optional<Diagnostic> error;
  {
    std::vector<std::unique_ptr<LncShare>> shares;  // [rank], under a grid
    for (int r = 0; lnc > 1 && r < im.options.ranks; ++r) {
      shares.push_back(std::make_unique<LncShare>(lnc));
    }
    // The ranks' own data movement side by side (rank_queues.h), where
    // nothing listens to the operations one at a time.
    std::optional<rt::RankQueues> queues;
    if (rt::thread_count() > 1 && !im.options.observer && lnc == 1 && !machine.strict()) {
      queues.emplace(machine);
    }
    Spmd spmd(im.options.ranks, /*name_ranks=*/true, lnc);
    spmd.set_observer(im.options.observer);
    error = spmd.run_programs([&](int rank, int program) {
      LncShare* share = shares.empty() ? nullptr : shares[static_cast<size_t>(rank)].get();
      im.rank_body(rank, program, share, *def, prepared, machine, spmd, result,
                   kernel_micros[static_cast<size_t>(program * im.options.ranks + rank)]);
    });
  }
  machine.discharge_host(im.output_bytes);
  im.output_bytes = 0;
  machine.trim_pool();
  for (double micros : kernel_micros) result.kernel_micros += micros;
  if (error) {
    im.sink.report(std::move(*error));
    return std::nullopt;
  }
  return result;
}

std::optional<TraceResult> Session::trace(const std::string& kernel,
                                          const std::vector<TraceArg>& args, Device& device) {
  Impl& im = *impl_;
  std::vector<ArgInput> inputs;
  for (const TraceArg& a : args) {
    inputs.push_back(
        ArgInput{a.name, a.origin, a.expression, nullptr, a.tensor ? &*a.tensor : nullptr});
  }
  std::vector<PreparedArg> prepared;
  const ast::FunctionDef* def = im.start(kernel, inputs, prepared);
  if (!def) return std::nullopt;
  TraceResult result;
  try {
    result.machine = std::make_shared<rt::Machine>(im.options.ranks, im.platform(),
                                                   device.has_data(), im.options.lnc);
    result.machine->set_memory_limit(im.options.memory_limit);
    result.machine->set_alike_ranks(im.options.ranks);  // rank 0 traced for all
  } catch (const rt::Error& e) {
    im.sink.report(error_at(SourceRange{}, e.what()));
    return std::nullopt;
  }
  im.trace_machines.push_back(result.machine);
  std::optional<Diagnostic> error;
  {
    // A scheduler of one rank: the same large-stack thread and error capture
    // as run()'s ranks. The trace device never joins a rendezvous. Its errors
    // name no rank (the evaluator names none when tracing), except the
    // collective checks', which name the failing list's members as run() does.
    // Under an LNC grid, each program is traced in turn (program_id() is a
    // value of the trace), sharing the rank's HBM tensors as run() does.
    const int lnc = im.options.lnc;
    LncShare share(lnc);
    Spmd spmd(1, /*name_ranks=*/false, lnc);
    error = spmd.run_programs([&](int, int program) {
      im.trace_body(program, lnc > 1 ? &share : nullptr, spmd, *def, prepared, *result.machine,
                    device, result);
    });
  }
  if (error) {
    im.sink.report(std::move(*error));
    return std::nullopt;
  }
  return result;
}

}  // namespace nkic::interp
