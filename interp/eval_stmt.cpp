// The evaluator's statements, calls and function definitions.
#include <algorithm>
#include <iostream>
#include <utility>

#include "interp/device.h"
#include "interp/evaluator.h"
#include "interp/python/operators.h"
#include "interp/python/user_dunders.h"

namespace nkic::interp {

namespace {

Flow loop_body_flow(Flow f, bool& stop) {
  if (f == Flow::break_) {
    stop = true;
    return Flow::normal;
  }
  if (f == Flow::return_) {
    stop = true;
    return Flow::return_;
  }
  return Flow::normal;
}

}  // namespace

void Evaluator::Active::install(Evaluator& ev) {
  arena_.emplace(ev.arena_);
  work_.emplace(ev.work_);
  methods_.emplace(ev);
  current_ = &ev;
}

Evaluator::Evaluator(RankContext ctx)
    : ctx_(ctx), builtins_(std::make_shared<Scope>()), work_(ctx.max_steps) {
  install_python_builtins(*builtins_);
}

Evaluator::~Evaluator() {
  for (auto& weak : captured_) {
    if (auto s = weak.lock()) s->clear();
  }
  for (auto& [name, m] : modules_) {
    if (auto mod = m.get<Value::Module>()) (*mod)->scope->clear();
  }
}

Diagnostic Evaluator::diagnostic(const SourceRange& where, const std::string& message) const {
  Diagnostic d;
  d.range = where;
  d.message = message;
  if (!ctx_.tracing) d.ranks = {ctx_.rank};
  if (ctx_.programs > 1) d.program = ctx_.program;
  return d;
}

void Evaluator::fail(const SourceRange& where, const std::string& message) const {
  throw CompileError(diagnostic(where, message));
}

void Evaluator::recursion_too_deep(const SourceRange& where) const {
  static const char* const kMessage = "maximum recursion depth exceeded";
  if (!where.valid()) throw ValueError(kMessage);
  fail(where, kMessage);
}

void Evaluator::write_stdout(const std::string& text) {
  write_stream(1, text);
}

void Evaluator::write_stream(int number, const std::string& text) {
  std::ostream* stream = number == 2 ? (ctx_.err ? ctx_.err : &std::cerr) : ctx_.out;
  if (!stream) return;
  std::ostream& out = *stream;
  // Under an LNC grid each program prints, as "[rank R.P] ": with a trace's
  // one rank standing for all, as "[program P] ".
  const bool grid = ctx_.programs > 1;
  if ((ctx_.ranks <= 1 && !grid) || (ctx_.tracing && !grid)) {
    out << text;
    if (number == 2) out.flush();
    return;
  }
  bool& line_start = number == 2 ? err_at_line_start_ : at_line_start_;
  for (char c : text) {
    if (line_start && ctx_.tracing) {
      out << "[program " << ctx_.program << "] ";
    } else if (line_start && grid) {
      out << "[rank " << ctx_.rank << "." << ctx_.program << "] ";
    } else if (line_start) {
      out << "[rank " << ctx_.rank << "] ";
    }
    out << c;
    line_start = c == '\n';
  }
  if (number == 2) out.flush();
}

const Value* Evaluator::builtin(const std::string& name) const {
  auto it = builtins_->vars.find(name);
  return it == builtins_->vars.end() ? nullptr : &it->second;
}

ScopePtr Evaluator::new_globals() {
  auto globals = std::make_shared<Scope>();
  captured_.push_back(globals);
  return globals;
}

void Evaluator::exec_module(const ast::Module& m, const ScopePtr& globals) {
  Active active(*this);
  if (exec_block(m.body, globals) != Flow::normal) {
    // The parser refuses return/break outside functions and loops.
    return;
  }
}

Flow Evaluator::exec_block(const ast::Body& body, const ScopePtr& scope) {
  for (const ast::StmtPtr& s : body) {
    const Flow f = exec(*s, scope);
    if (f != Flow::normal) return f;
  }
  return Flow::normal;
}

Flow Evaluator::exec(const ast::Stmt& s, const ScopePtr& scope) {
  step(s.range);
  try {
    switch (s.kind) {
      case ast::StmtKind::ExprStmt:
        eval(*s.as<ast::ExprStmt>()->value, scope);
        return Flow::normal;
      case ast::StmtKind::Assign: {
        const auto& a = *s.as<ast::Assign>();
        const ast::Name* only = a.targets.size() == 1 ? a.targets[0]->as<ast::Name>() : nullptr;
        const std::string* outer = std::exchange(assignment_target_, only ? &only->id : nullptr);
        Value v = eval(*a.value, scope);
        assignment_target_ = outer;
        if (a.targets.size() == 1) {
          assign(*a.targets[0], std::move(v), scope);
        } else {
          for (const ast::ExprPtr& t : a.targets) assign(*t, v, scope);
        }
        return Flow::normal;
      }
      case ast::StmtKind::AugAssign:
        exec_aug_assign(*s.as<ast::AugAssign>(), scope);
        return Flow::normal;
      case ast::StmtKind::AnnAssign: {
        const auto& a = *s.as<ast::AnnAssign>();
        if (a.value) assign(*a.target, eval(*a.value, scope), scope);
        return Flow::normal;
      }
      case ast::StmtKind::If: {
        const auto& i = *s.as<ast::If>();
        const Value test = eval(*i.test, scope);
        bool cond = false;
        try {
          cond = truthy(test);
        } catch (const ValueError& e) {
          fail(i.test->range, e);
        }
        return exec_block(cond ? i.body : i.orelse, scope);
      }
      case ast::StmtKind::For:
        return exec_for(*s.as<ast::For>(), scope);
      case ast::StmtKind::While:
        return exec_while(*s.as<ast::While>(), scope);
      case ast::StmtKind::Break:
        return Flow::break_;
      case ast::StmtKind::Continue:
        return Flow::continue_;
      case ast::StmtKind::Pass:
        return Flow::normal;
      case ast::StmtKind::Return:
        return_value_ = returned(*s.as<ast::Return>(), scope);
        return Flow::return_;
      case ast::StmtKind::Assert: {
        const auto& a = *s.as<ast::Assert>();
        if (truthy(eval(*a.test, scope))) return Flow::normal;
        exec_assert_failed(a, scope);
      }
      case ast::StmtKind::Raise:
        exec_raise(*s.as<ast::Raise>(), scope);
      case ast::StmtKind::Try:
        return exec_try(*s.as<ast::Try>(), scope);
      case ast::StmtKind::Global:
        for (const auto& n : s.as<ast::Global>()->names) scope->global_names.insert(n);
        return Flow::normal;
      case ast::StmtKind::Nonlocal:
        for (const auto& n : s.as<ast::Nonlocal>()->names) {
          bool found = false;
          for (Scope* p = scope->parent.get(); p && p->parent; p = p->parent.get()) {
            found = found || p->find_here(n) != nullptr;
          }
          if (!found) fail(s.range, "no binding for nonlocal '" + n + "' found");
          scope->nonlocal_names.insert(n);
        }
        return Flow::normal;
      case ast::StmtKind::Del:
        for (const ast::ExprPtr& t : s.as<ast::Del>()->targets) exec_del(*t, scope);
        return Flow::normal;
      case ast::StmtKind::FunctionDef:
        exec_function_def(*s.as<ast::FunctionDef>(), scope);
        return Flow::normal;
      case ast::StmtKind::ClassDef:
        exec_class_def(*s.as<ast::ClassDef>(), scope);
        return Flow::normal;
      case ast::StmtKind::Import:
        exec_import(*s.as<ast::Import>(), scope);
        return Flow::normal;
      case ast::StmtKind::ImportFrom:
        exec_import_from(*s.as<ast::ImportFrom>(), scope);
        return Flow::normal;
    }
    return Flow::normal;
  } catch (const ValueError& e) {
    fail(s.range, e);
  } catch (const rt::Error& e) {
    fail(s.range, e.what());
  }
}

Flow Evaluator::exec_for(const ast::For& s, const ScopePtr& scope) {
  const Value iterable = eval(*s.iter, scope);
  bool stop = false;
  Flow result = Flow::normal;
  auto run = [&](const Value& item) {
    assign(*s.target, item, scope);
    result = loop_body_flow(exec_block(s.body, scope), stop);
  };
  if (auto r = iterable.get<RangeValue>()) {
    // A loop the device program may keep as a loop: announced to the device.
    // An error unwinds past loop_end, which is what Device asks; a raised
    // exception does not (see below).
    const RangeValue range = *r;
    Device& device = *ctx_.device;
    // A range of more than 2**63 - 1 items never ends: --max-steps or
    // Ctrl-C stops it long before the count matters.
    const int64_t n = static_cast<int64_t>(std::min<uint64_t>(range.size(), INT64_MAX));
    device.loop_begin(n, s.range);
    try {
      for (int64_t i = 0; i < n && !stop; ++i) {
        device.loop_iteration(i);
        run(Value(range.at(static_cast<uint64_t>(i))));
      }
    } catch (const PyException&) {
      // A raised exception leaves the loop early, as a `break` would; a
      // `try` around the loop may catch it.
      device.loop_end();
      throw;
    }
    device.loop_end();
  } else {
    std::optional<LiveIteration> items;
    Value item;
    try {
      items.emplace(iterable);
    } catch (const ValueError& e) {
      fail(s.iter->range, e);
    }
    while (!stop && next_item(*items, item, *s.iter)) run(item);
  }
  if (!stop) return exec_block(s.orelse, scope);
  return result;
}

bool Evaluator::next_item(LiveIteration& items, Value& item, const ast::Expr& iter) {
  try {
    return items.next(item);
  } catch (const ValueError& e) {
    fail(iter.range, e);
  }
}

Flow Evaluator::exec_while(const ast::While& s, const ScopePtr& scope) {
  bool stop = false;
  Flow result = Flow::normal;
  while (!stop) {
    const Value test = eval(*s.test, scope);
    bool cond = false;
    try {
      cond = truthy(test);
    } catch (const ValueError& e) {
      fail(s.test->range, e);
    }
    if (!cond) return exec_block(s.orelse, scope);
    result = loop_body_flow(exec_block(s.body, scope), stop);
  }
  return result;
}

void Evaluator::exec_aug_assign(const ast::AugAssign& s, const ScopePtr& scope) {
  const Value rhs = eval(*s.value, scope);
  auto combine = [&](const Value& old) -> Value {
    if (auto r = user_inplace(s.op, old, rhs)) return *r;
    // `xs += ys` extends the list in place, as Python's list.__iadd__ does.
    if (s.op == ast::BinOpKind::Add) {
      if (auto l = old.get<Value::List>()) {
        const ValueList more = iterate(rhs);
        check_sequence_length(static_cast<int64_t>((*l)->items.size() + more.size()),
                              "sequence concatenation");
        (*l)->items.insert((*l)->items.end(), more.begin(), more.end());
        return old;
      }
    }
    return binary_op(s.op, old, rhs);
  };
  const ast::Expr& t = *s.target;
  if (auto n = t.as<ast::Name>()) {
    store_name(n->id, combine(load_name(*n, scope)), scope);
  } else if (auto a = t.as<ast::Attribute>()) {
    const Value obj = eval(*a->value, scope);
    set_attribute(obj, a->attr, combine(get_attribute(obj, a->attr)));
  } else if (auto sub = t.as<ast::Subscript>()) {
    const Value obj = eval(*sub->value, scope);
    const Value index = eval(*sub->index, scope);
    set_subscript(obj, index, combine(subscript(obj, index)));
  } else {
    fail(t.range, "illegal expression for augmented assignment");
  }
}

void Evaluator::exec_del(const ast::Expr& target, const ScopePtr& scope) {
  if (auto n = target.as<ast::Name>()) {
    Scope* s = scope->global_names.count(n->id) ? scope->root() : scope.get();
    if (!s->erase_here(n->id)) fail(target.range, "name '" + n->id + "' is not defined");
    return;
  }
  if (auto t = target.as<ast::Tuple>()) {
    for (const auto& e : t->elts) exec_del(*e, scope);
    return;
  }
  if (auto a = target.as<ast::Attribute>()) {
    const Value obj = eval(*a->value, scope);
    try {
      delete_attribute(obj, a->attr);
    } catch (const ValueError& e) {
      fail(target.range, e);
    }
    return;
  }
  if (auto sub = target.as<ast::Subscript>()) {
    const Value obj = eval(*sub->value, scope);
    const Value index = eval(*sub->index, scope);
    if (auto d = obj.get<Value::Dict>()) {
      if (!(*d)->erase(index)) fail(target.range, KeyMissing(index));
      return;
    }
    if (auto l = obj.get<Value::List>()) {
      auto& items = (*l)->items;
      if (auto sl = index.get<SliceValue>()) {
        if (sl->step && *sl->step == 0) {
          fail(target.range, ValueError("slice step cannot be zero", "ValueError"));
        }
        if (sl->step && *sl->step != 1)
          fail(target.range, "del with a stepped slice is not supported");
        const int64_t n = static_cast<int64_t>(items.size());
        auto clamp = [n](std::optional<int64_t> v, int64_t dflt) {
          if (!v) return dflt;
          int64_t x = *v < 0 ? *v + n : *v;
          return std::clamp<int64_t>(x, 0, n);
        };
        const int64_t lo = clamp(sl->lower, 0), hi = clamp(sl->upper, n);
        if (lo < hi) items.erase(items.begin() + lo, items.begin() + hi);
        return;
      }
      int64_t i = to_int(index, "list index");
      if (i < 0) i += static_cast<int64_t>(items.size());
      if (i < 0 || i >= static_cast<int64_t>(items.size())) {
        fail(target.range, "list assignment index out of range");
      }
      items.erase(items.begin() + i);
      return;
    }
    fail(target.range, "'" + type_name(obj) + "' object does not support item deletion");
  }
  fail(target.range, "cannot delete this expression");
}

std::shared_ptr<FunctionObj> Evaluator::make_function(const std::string& name,
                                                      const std::vector<ast::Param>& params,
                                                      const ScopePtr& scope) {
  auto f = std::make_shared<FunctionObj>();
  f->name = name;
  f->closure = scope;
  captured_.push_back(scope);
  // Defined in a class body, or in a function defined there: its class.
  for (const Scope* s = scope.get(); s; s = s->parent.get()) {
    if (s->defining_class || s->function) {
      f->owner = s->defining_class ? s->defining_class : s->function->owner;
      break;
    }
  }
  for (const ast::Param& p : params) {
    ParamSpec spec;
    spec.name = p.name;
    switch (p.kind) {
      case ast::ParamKind::Positional:
        spec.kind = ParamKind::positional;
        break;
      case ast::ParamKind::VarArgs:
        spec.kind = ParamKind::var_args;
        break;
      case ast::ParamKind::KeywordOnly:
        spec.kind = ParamKind::keyword_only;
        break;
      case ast::ParamKind::VarKeywords:
        spec.kind = ParamKind::var_keywords;
        break;
    }
    if (p.default_value) spec.default_value = eval(*p.default_value, scope);
    f->signature.push_back(std::move(spec));
  }
  f->all_positional = all_positional(f->signature);
  return f;
}

void Evaluator::exec_function_def(const ast::FunctionDef& s, const ScopePtr& scope) {
  auto f = make_function(s.name, s.params, scope);
  f->def = &s;
  Value v(f);
  for (auto it = s.decorators.rbegin(); it != s.decorators.rend(); ++it) {
    const Value decorator = eval(**it, scope);
    v = call(decorator, {v}, {}, (*it)->range);
  }
  store_name(s.name, v, scope);
}

void Evaluator::store_name(const std::string& name, const Value& v, const ScopePtr& scope) {
  if (scope->global_names.count(name)) {
    scope->root()->vars[name] = v;
    return;
  }
  if (scope->nonlocal_names.count(name)) {
    for (Scope* p = scope->parent.get(); p && p->parent; p = p->parent.get()) {
      if (Value* slot = p->find_here(name)) {
        *slot = v;
        return;
      }
    }
  }
  scope->set_here(name, v);
}

namespace {

// The slot `target` names when it is a local of the running scope; nullptr
// for any other target.
std::optional<Value>* own_slot(const ast::Expr& target, Scope& scope) {
  auto n = target.as<ast::Name>();
  return n && n->own_local() && n->slot < scope.slots.size() ? &scope.slots[n->slot] : nullptr;
}

}  // namespace

void Evaluator::assign(const ast::Expr& target, Value&& v, const ScopePtr& scope) {
  // A local's slot takes the value itself; every other target as a copy.
  if (std::optional<Value>* slot = own_slot(target, *scope)) {
    *slot = std::move(v);
    return;
  }
  assign(target, static_cast<const Value&>(v), scope);
}

void Evaluator::assign(const ast::Expr& target, const Value& v, const ScopePtr& scope) {
  if (std::optional<Value>* slot = own_slot(target, *scope)) {
    *slot = v;
    return;
  }
  if (auto n = target.as<ast::Name>()) {
    store_name(n->id, v, scope);
    return;
  }
  const ast::ExprList* elts = nullptr;
  if (auto t = target.as<ast::Tuple>()) elts = &t->elts;
  if (auto l = target.as<ast::List>()) elts = &l->elts;
  if (elts) {
    if (v.is<Value::Tensor>()) {
      fail(target.range, "cannot unpack a tensor at specialization time");
    }
    ValueList items;
    try {
      items = iterate(v);
    } catch (const ValueError& e) {
      // Only "not iterable" is about the unpacking; an error of a user
      // __iter__ (its recursion) is its own.
      if (!is_python_error(e, "TypeError")) fail(target.range, e);
      fail(target.range, "cannot unpack non-iterable " + type_name(v) + " object");
    }
    size_t star = elts->size();
    for (size_t i = 0; i < elts->size(); ++i) {
      if ((*elts)[i]->kind == ast::ExprKind::Starred) {
        if (star != elts->size()) fail(target.range, "multiple starred expressions in assignment");
        star = i;
      }
    }
    const size_t n = elts->size();
    if (star == n) {
      if (items.size() < n) {
        fail(target.range, "not enough values to unpack (expected " + std::to_string(n) + ", got " +
                               std::to_string(items.size()) + ")");
      }
      if (items.size() > n) {
        fail(target.range, "too many values to unpack (expected " + std::to_string(n) + ")");
      }
      for (size_t i = 0; i < n; ++i) assign(*(*elts)[i], items[i], scope);
      return;
    }
    if (items.size() < n - 1) {
      fail(target.range, "not enough values to unpack (expected at least " + std::to_string(n - 1) +
                             ", got " + std::to_string(items.size()) + ")");
    }
    const size_t after = n - star - 1;
    for (size_t i = 0; i < star; ++i) assign(*(*elts)[i], items[i], scope);
    ValueList middle(items.begin() + static_cast<std::ptrdiff_t>(star),
                     items.end() - static_cast<std::ptrdiff_t>(after));
    assign(*(*elts)[star]->as<ast::Starred>()->value, make_list(std::move(middle)), scope);
    for (size_t i = 0; i < after; ++i) {
      assign(*(*elts)[star + 1 + i], items[items.size() - after + i], scope);
    }
    return;
  }
  try {
    if (auto a = target.as<ast::Attribute>()) {
      set_attribute(eval(*a->value, scope), a->attr, v);
      return;
    }
    if (auto s = target.as<ast::Subscript>()) {
      const Value obj = eval(*s->value, scope);
      set_subscript(obj, eval(*s->index, scope), v);
      return;
    }
  } catch (const ValueError& e) {
    fail(target.range, e);
  }
  if (target.kind == ast::ExprKind::Starred) {
    fail(target.range, "starred assignment target must be in a list or tuple");
  }
  fail(target.range, "cannot assign to this expression");
}

Value Evaluator::call(const Value& callee, ValueList args, KwArgs kwargs,
                      const SourceRange& where) {
  if (!Active::installed(*this)) {
    Active active(*this);
    return call(callee, std::move(args), std::move(kwargs), where);
  }
  try {
    if (auto f = callee.get<Value::Function>()) {
      return call_function(**f, std::move(args), std::move(kwargs), where);
    }
    if (auto b = callee.get<Value::Builtin>()) {
      return call_builtin(**b, std::move(args), std::move(kwargs), where);
    }
    if (auto m = callee.get<Value::Method>()) {
      args.insert(args.begin(), (*m)->self);
      return call((*m)->func, std::move(args), std::move(kwargs), where);
    }
    if (auto c = callee.get<Value::Class>()) {
      return instantiate(*c, std::move(args), std::move(kwargs), where);
    }
    if (auto i = callee.get<Value::Instance>(); i && (*i)->cls) {
      if (auto f = (*i)->cls->lookup("__call__")) {
        args.insert(args.begin(), callee);
        return call(*f, std::move(args), std::move(kwargs), where);
      }
    }
    if (auto op = callee.get<rt::AluOp>()) {
      static const Signature sig = {{"x", ParamKind::positional, std::nullopt},
                                    {"y", ParamKind::positional, std::nullopt},
                                    {"dtype", ParamKind::positional, Value()}};
      const ValueList bound = bind_arguments(std::string(rt::alu_op_name(*op)), sig,
                                             std::move(args), std::move(kwargs));
      return apply_op_token(*op, bound[0], bound[1]);
    }
    if (auto f = callee.get<rt::ActFunc>()) {
      fail(where, "nl." + std::string(rt::act_func_name(*f)) +
                      " is a function value here: applying it to tiles is not supported yet");
    }
  } catch (const ValueError& e) {
    // A call the interpreter makes itself (a dunder, a property) has no
    // place: the error goes on to the expression that caused it.
    if (!where.valid()) throw;
    fail(where, e);
  } catch (const rt::Error& e) {
    fail(where, e.what());
  }
  fail(where, ValueError("'" + type_name(callee) + "' object is not callable", "TypeError"));
}

Value Evaluator::call_builtin(const BuiltinFn& fn, ValueList&& args, KwArgs&& kwargs,
                              const SourceRange& where, uint32_t defaulted) {
  // The commonest call, an argument for each parameter in order, is bound
  // as it is; so is one whose arguments stop where the parameters left to
  // their defaults begin.
  const size_t n = fn.signature.size();
  // (A call with defaults is a keyword call of a plain signature, of at
  // most kMaxPlainParams parameters.)
  const size_t given = args.size();
  const bool bound =
      kwargs.empty() && fn.all_positional &&
      (given == n || (defaulted != 0 && given < n &&
                      (uint64_t{defaulted} >> given) == (uint64_t{1} << (n - given)) - 1));
  ValueList bound_args;
  try {
    bound_args = bound ? std::move(args) : bind(fn.name, fn.signature, args, kwargs);
  } catch (const ValueError& e) {
    if (!where.valid()) throw;  // as in call()
    fail(where, e);
  }
  Value result = call_bound_builtin(fn, bound_args.data(), where, bound ? defaulted : 0);
  spare_lists_.give_back(std::move(bound_args));
  return result;
}

Value Evaluator::call_bound_builtin(const BuiltinFn& fn, const Value* args,
                                    const SourceRange& where, uint32_t defaulted) {
  try {
    CallArgs call_args{*this, fn, args, where, defaulted};
    return fn.action(call_args);
  } catch (const ValueError& e) {
    if (!where.valid()) throw;  // as in call()
    fail(where, e);
  } catch (const rt::Error& e) {
    fail(where, e.what());
  }
}

void CallArgs::no_parameter(const char* name) const {
  throw ValueError("internal: " + fn.name + " has no parameter " + std::string(name));
}

Evaluator::ScopeLease::ScopeLease(Evaluator& ev) : spare_(ev.spare_scopes_) {
  if (spare_.empty()) {
    scope_ = std::make_shared<Scope>();
  } else {
    scope_ = std::move(spare_.back());
    spare_.pop_back();
  }
}

Evaluator::ScopeLease::~ScopeLease() {
  // Only a scope nothing else holds (no function closes over it).
  constexpr size_t kSpareScopes = 64;
  if (scope_.use_count() != 1 || spare_.size() >= kSpareScopes) return;
  scope_->reset();
  spare_.push_back(std::move(scope_));
}

ValueList Evaluator::bind(const std::string& callee, const Signature& sig, ValueList& args,
                          KwArgs& kwargs) {
  // Binding moves the arguments' values out; their lists' storage stays here.
  ValueList bound = bind_arguments(callee, sig, std::move(args), std::move(kwargs),
                                   kwargs.empty() ? ValueList() : spare_lists_.take());
  spare_lists_.give_back(std::move(args));
  spare_kwargs_.give_back(std::move(kwargs));
  return bound;
}

Value Evaluator::call_function(const FunctionObj& f, ValueList args, KwArgs kwargs,
                               const SourceRange& where) {
  enter_call(where);
  ValueList bound = bind(f.name, f.signature, args, kwargs);
  const ScopeLease lease(*this);
  const ScopePtr& scope = lease.scope();
  const ast::Locals& locals = f.locals();
  if (locals.size() >= bound.size()) {
    scope->slot_names = &locals;
    scope->slots.resize(locals.size());
    for (size_t i = 0; i < bound.size(); ++i) scope->slots[i] = std::move(bound[i]);
  } else {
    for (size_t i = 0; i < bound.size(); ++i)
      scope->vars[f.signature[i].name] = std::move(bound[i]);
  }
  spare_lists_.give_back(std::move(bound));
  return run_function(f, scope);
}

Value Evaluator::call_positional(const FunctionObj& f, const ast::Call& c, const ScopePtr& caller) {
  const ScopeLease lease(*this);
  const ScopePtr& scope = lease.scope();
  const ast::Locals& locals = f.locals();
  // The parameters' slots made from the arguments' values, then the other
  // locals' slots, unbound.
  std::vector<std::optional<Value>>& slots = scope->slots;
  slots.reserve(locals.size());
  for (const ast::ExprPtr& arg : c.args) slots.emplace_back(eval(*arg, caller));
  slots.resize(locals.size());
  enter_call(c.range);
  scope->slot_names = &locals;
  return run_function(f, scope);
}

Value Evaluator::run_function(const FunctionObj& f, const ScopePtr& scope) {
  scope->parent = f.closure;
  scope->function = &f;
  struct DepthGuard {
    int& d;
    explicit DepthGuard(int& depth) : d(depth) { ++d; }
    ~DepthGuard() { --d; }
  } guard(depth_);
  if (f.lambda) return eval(*f.lambda->body, scope);
  last_return_ = nullptr;
  // A body that is one `return x`, a helper's commonest, is that statement's
  // step and value, without a block and a statement dispatched.
  const ast::Body& body = f.def->body;
  if (const ast::Return* r = body.size() == 1 ? body[0]->as<ast::Return>() : nullptr) {
    step(r->range);
    return returned(*r, scope);
  }
  if (exec_block(body, scope) == Flow::return_) {
    Value result = std::move(return_value_);
    return_value_ = Value();
    return result;
  }
  last_return_ = nullptr;
  return Value();
}

}  // namespace nkic::interp
