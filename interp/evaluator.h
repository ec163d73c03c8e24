// The tree-walking evaluator: runs one rank's meta-program (and, eagerly, its
// device operations) over the AST. One Evaluator per rank, used only on that
// rank's thread. Every error leaves as a CompileError carrying the place of
// the innermost expression or statement being evaluated and the rank.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"
#include "interp/arg_frame.h"
#include "interp/lookup_cache.h"
#include "interp/python/binder.h"
#include "interp/python/exceptions.h"
#include "interp/python/live_iteration.h"
#include "interp/python/scope.h"
#include "interp/python/value.h"
#include "interp/spare_lists.h"
#include "interp/work_meter.h"
#include "runtime/machine.h"

namespace nkic::interp {

class Device;
class Spmd;

class ModuleFinder;
struct ModuleSpec;

// What a rank's evaluation runs against.
class LncShare;

struct RankContext {
  int rank = 0;
  int ranks = 1;
  // The rank's LNC grid: this evaluation is program `program` of `programs`
  // (1, or 2 under --lnc 2), sharing `share` (the rank's HBM tensors and
  // inputs) with the rank's other program; nullptr without a grid.
  int program = 0;
  int programs = 1;
  LncShare* share = nullptr;
  rt::Machine* machine = nullptr;  // where tensors are allocated
  Device* device = nullptr;        // performs (or records) the device operations
  Spmd* spmd = nullptr;            // the scheduler, where the rank's programs meet
  std::ostream* out = nullptr;
  std::ostream* err = nullptr;     // sys.stderr; nullptr: the process's standard error
  ModuleFinder* finder = nullptr;  // nullptr: only the builtin modules
  // Tracing rank 0 to compile one program for every rank: errors and
  // print() name no rank.
  bool tracing = false;
  // Set (by the REPL's Ctrl-C) to stop the rank at its next statement with
  // an "interrupted" error; nullptr: never interrupted.
  const std::atomic<bool>* interrupt = nullptr;
  // Steps (see Evaluator::step) a rank may take before it is taken to loop
  // forever; 0: no bound (the REPL, which has Ctrl-C).
  int64_t max_steps = 0;
};

enum class Flow { normal, break_, continue_, return_ };

// The arguments of a builtin call, bound to its signature; the values are
// the caller's, for the call's length.
struct CallArgs {
  CallArgs(Evaluator& e, const BuiltinFn& f, const Value* bound, const SourceRange& where,
           uint32_t defaults = 0)
      : ev(e), fn(f), args(bound), range(where), defaulted(defaults) {}

  Evaluator& ev;
  const BuiltinFn& fn;
  // One per parameter of fn.signature, up to the last one not in defaulted.
  const Value* args;
  SourceRange range;
  // Bit i set: parameter i took its default, read from the signature
  // rather than copied into args[i].
  uint32_t defaulted = 0;

  // The argument of the parameter called `name`: how every builtin reads
  // its arguments, so that an entry's code and its signature agree by name.
  // Inline: builtins read a dozen arguments a call on the hot paths.
  const Value& operator[](const char* name) const {
    const size_t i = fn.param_index(name);
    if (i == fn.signature.size()) no_parameter(name);
    if ((defaulted >> i) & 1u) return *fn.signature[i].default_value;
    return args[i];
  }
  bool has(const char* name) const { return fn.param_index(name) < fn.signature.size(); }
  // Not by position: c[0] does not compile.
  const Value& operator[](size_t) const = delete;

 private:
  [[noreturn]] void no_parameter(const char* name) const;
};

class Evaluator : public UserMethods {
 public:
  // Python-level calls deeper than this are an error, not a stack overflow;
  // rank threads get a stack (kRankStackBytes in spmd.h) far larger than
  // this many evaluator frames need.
  static constexpr int kMaxCallDepth = 200;
  // Modules running their top level inside one another (m0 imports m1,
  // which imports m2, ...) deeper than this are an error: each level
  // recurses in C++ (an import runs the module, which imports), and a
  // chain of tens of thousands would exhaust the stack. CPython's own limit
  // stops such a chain at about 130 (importlib spends several frames of
  // its 1000 per level); real packages nest a handful.
  static constexpr size_t kMaxImportDepth = 200;

  explicit Evaluator(RankContext ctx);
  ~Evaluator() override;
  Evaluator(const Evaluator&) = delete;
  Evaluator& operator=(const Evaluator&) = delete;

  const RankContext& context() const { return ctx_; }
  // The scheduler of the next run, for an evaluator that outlives one (the REPL's).
  void set_spmd(Spmd& spmd) { ctx_.spmd = &spmd; }
  // The variable the statement being run assigns to (`out = nl.ndarray(...)`),
  // empty when none: unnamed tensors take it, so messages can name them.
  const std::string& assignment_target() const {
    static const std::string none;
    return assignment_target_ ? *assignment_target_ : none;
  }
  int rank() const { return ctx_.rank; }

  // A fresh module scope; runs a module's top level in it.
  ScopePtr new_globals();
  void exec_module(const ast::Module& m, const ScopePtr& globals);

  Value eval(const ast::Expr& e, const ScopePtr& scope) {
    // The commonest expressions, a local bound in the running scope and an
    // int constant, are read here; neither can fail but a name, with its own
    // place, and neither needs anything Active installs.
    if (e.kind == ast::ExprKind::Name) {
      const auto& n = static_cast<const ast::Name&>(e);
      if (n.own_local()) {
        if (const Value* v = scope->slot_value(n.slot)) return *v;
      }
      return load_name(n, scope);
    }
    if (e.kind == ast::ExprKind::Constant) {
      if (auto i = std::get_if<int64_t>(&static_cast<const ast::Constant&>(e).value)) {
        return Value(*i);
      }
    }
    return eval_checked(e, scope);
  }
  // Calls any callable; errors from binding or from the callee's own checks
  // are placed at `where`.
  Value call(const Value& callee, ValueList args, KwArgs kwargs, const SourceRange& where);
  // The module of that dotted name, imported (once per rank) when it is not
  // yet (imports.cpp).
  Value import_module(const std::string& dotted, const SourceRange& where);
  // Where the module of that dotted name would be loaded from, nullopt when
  // nowhere (importing its parent packages, as Python's find_spec does); a
  // module already imported or builtin is found too.
  std::optional<ModuleSpec> find_module_spec(const std::string& dotted, const SourceRange& where);
  // The names of the modules imported so far (sys.modules' keys) and their
  // modules.
  const std::map<std::string, Value>& imported_modules() const { return modules_; }
  // Runs a kernel file (or stdlib module) as the module `spec` names, after
  // the __init__.py of the packages above it, in `globals` (fresh when null).
  Value run_main(const ModuleSpec& spec, const ScopePtr& globals = nullptr);
  Value get_attribute(const Value& obj, const std::string& name);
  // `obj.name = v` and setattr(): a user __setattr__ when obj's class has
  // one, else object_set_attribute.
  void set_attribute(const Value& obj, const std::string& name, const Value& v);
  // object.__setattr__: a property's setter, else the instance's own
  // attribute (a frozen dataclass refuses).
  void object_set_attribute(const Value& obj, const std::string& name, const Value& v);
  // `del obj.name` and delattr(): a user __delattr__, else
  // object_delete_attribute.
  void delete_attribute(const Value& obj, const std::string& name);
  void object_delete_attribute(const Value& obj, const std::string& name);
  // object.__setattr__, object.__hash__, ... read from `object` itself
  // (super.cpp); nullopt for a name object does not have.
  static std::optional<Value> object_attribute(const std::string& name);
  // The function `obj.name` binds to obj: a plain function of obj's class
  // (not a staticmethod, classmethod or property), when obj is an instance
  // with no attribute of that name of its own; nullopt otherwise.
  static std::optional<Value> instance_method(const Value& obj, const std::string& name);
  // The builtin of that name (len, range, ...); nullptr when there is none.
  const Value* builtin(const std::string& name) const;
  // Every builtin's name, for the REPL's completion.
  std::vector<std::string> builtin_names() const {
    std::vector<std::string> names;
    for (const auto& entry : builtins_->vars) names.push_back(entry.first);
    return names;
  }

  [[noreturn]] void fail(const SourceRange& where, const std::string& message) const;
  // `e` at `where`: the Python exception it names (which `try` can catch),
  // or, when it names none, an error like the one above.
  [[noreturn]] void fail(const SourceRange& where, const ValueError& e) const;
  // Raises the Python exception `exc` at `where`, reported (when nothing
  // catches it) as `message`.
  [[noreturn]] void raise(const SourceRange& where, const Value::Instance& exc,
                          const std::string& message) const;
  // An instance of the builtin exception class `type` ("KeyError").
  Value::Instance builtin_exception(const char* type, ValueList args) const;
  Diagnostic diagnostic(const SourceRange& where, const std::string& message) const;

  // print(): to the run's output, each line prefixed "[rank R] " when ranks > 1.
  void write_stdout(const std::string& text);
  // sys.stdout (1) or sys.stderr (2), prefixed the same way.
  void write_stream(int number, const std::string& text);

  std::optional<Value> call_user_method(const Value& self, const std::string& name,
                                        ValueList args) override;

  // The __init__ an instance of a class at or below `from` gets from there
  // on: the first user __init__, generated one, or object's (super()'s too).
  void run_init(const ClassObj* from, const Value& self, ValueList args, KwArgs kwargs,
                const SourceRange& where);

  // The `return` statement that ended the most recent call, or nullptr when it
  // fell off the end.
  const ast::Return* last_return() const { return last_return_; }

 private:
  // One step of the meta-program (a statement, a call of a Python function,
  // an item of a comprehension; see work_meter.h): fails beyond
  // RankContext::max_steps, or when interrupted. Inline: it runs for every
  // statement.
  void step(const SourceRange& where) {
    try {
      work_.charge(1);
    } catch (const ValueError& e) {
      fail(where, e.what());
    }
    if (ctx_.interrupt && ctx_.interrupt->load(std::memory_order_relaxed)) {
      fail(where, "interrupted");
    }
  }
  Flow exec_block(const ast::Body& body, const ScopePtr& scope);
  Flow exec(const ast::Stmt& s, const ScopePtr& scope);
  Flow exec_for(const ast::For& s, const ScopePtr& scope);
  // items.next(item), its error placed at the loop's iterable `iter`.
  bool next_item(LiveIteration& items, Value& item, const ast::Expr& iter);
  Flow exec_while(const ast::While& s, const ScopePtr& scope);
  void exec_aug_assign(const ast::AugAssign& s, const ScopePtr& scope);
  void exec_del(const ast::Expr& target, const ScopePtr& scope);
  void exec_function_def(const ast::FunctionDef& s, const ScopePtr& scope);
  void exec_class_def(const ast::ClassDef& s, const ScopePtr& scope);
  void exec_import(const ast::Import& s, const ScopePtr& scope);
  void exec_import_from(const ast::ImportFrom& s, const ScopePtr& scope);
  void install_builtin_modules();
  Value load_module(const ModuleSpec& spec, const ScopePtr& globals, const SourceRange& where);
  std::optional<ModuleSpec> find_in(const std::string& name,
                                    const std::vector<std::string>& folders) const;
  std::vector<std::string> submodule_folders(const ModuleObj& parent, const std::string& name,
                                             const SourceRange& where);
  std::string relative_module(const ast::ImportFrom& s, const ScopePtr& scope);
  Value imported_name(const ModuleObj& m, const std::string& name, const SourceRange& where);
  void import_star(const ModuleObj& m, const SourceRange& where, const ScopePtr& scope);
  // "a.b -> a.c -> a.b" while module `name` runs its top level; "" otherwise.
  std::string import_cycle(const std::string& name) const;
  [[noreturn]] void exec_raise(const ast::Raise& s, const ScopePtr& scope);
  [[noreturn]] void exec_assert_failed(const ast::Assert& s, const ScopePtr& scope);
  Flow exec_try(const ast::Try& s, const ScopePtr& scope);
  Flow exec_try_handlers(const ast::Try& s, const ScopePtr& scope);
  Flow exec_handler(const ast::ExceptHandler& h, const PyException& caught, const ScopePtr& scope);
  bool handler_matches(const ast::ExceptHandler& h, const Value& exc, const ScopePtr& scope);
  Value::Instance exception_value(const Value& v, const SourceRange& where);

  // eval() of any expression: errors below it get its place.
  Value eval_checked(const ast::Expr& e, const ScopePtr& scope);
  // a OP b, below eval_checked: its errors take the BinOp's place.
  Value eval_bin_op(const ast::BinOp& b, const ScopePtr& scope);
  Value eval_call(const ast::Call& c, const ScopePtr& scope);
  // A Call::append_form on a local list with a leaf item, done; false
  // otherwise, when the call is evaluated as usual.
  bool append_to_local(const ast::Call& c, const ast::Attribute& a, const ScopePtr& scope);
  // A call with keywords that binds without *args or **kwargs (binder.h's
  // keyword_places): evaluates its arguments, in order, straight into their
  // parameters' places after those already in `args` (a method's self), one
  // Value per parameter, defaults filled in: a Python function's copied, a
  // builtin's marked in `defaulted` (CallArgs::defaulted). False, with
  // nothing evaluated, for any other call.
  bool eval_bound_arguments(const ast::Call& c, const Value& callee, const ScopePtr& scope,
                            ValueList& args, uint32_t& defaulted);
  // The same for a builtin called with keywords and no self: its arguments
  // straight into a frame on the stack, and the call; nullopt, with nothing
  // evaluated, when the call does not bind at its site. Out of line: its
  // frame is large, and eval_call recurses with the program.
  [[gnu::noinline]] std::optional<Value> call_with_bound_frame(const ast::Call& c,
                                                               const Value& callee,
                                                               const BuiltinFn& fn,
                                                               const ScopePtr& scope);
  // What keyword_places answered for a call site (ast::Call::site) and the
  // callee it called there last, with as many arguments given by position:
  // a site mostly calls one callee, whose parameters its keywords then find
  // without comparing names. The entry holds the callee, so that no other
  // takes its address while it is cached.
  struct KeywordSite {
    Value callee;
    const void* identity = nullptr;  // the callee's BuiltinFn or FunctionObj
    size_t given = 0;
    bool plain = false;              // keyword_places' answer
    size_t places[kMaxPlainParams];  // when plain: the parameter of each keyword
    uint32_t defaulted = 0;          // when plain: a bit per parameter left to its default
    // When plain: the parameters up to the last one given; those after it
    // all take their defaults, which a builtin reads from its signature.
    size_t width = 0;
  };
  // By site number (ast::LookupSite), made when a keyword call first runs there.
  std::vector<std::unique_ptr<KeywordSite>> keyword_sites_;
  // The site of call `c` to `callee` with `given` arguments by position,
  // brought up to date; nullptr when the call does not bind there.
  const KeywordSite* plain_site(const ast::Call& c, const Value& callee, size_t given);
  // The arguments of a call bound at `site` into `slots` (None up to the
  // site's width), positional first, then each keyword into its place, in
  // the order they are written.
  template <typename Slots>
  void eval_into_places(const ast::Call& c, const KeywordSite& site, size_t first,
                        const ScopePtr& scope, Slots& slots);
  // By site number (ast::Tuple::site): the tuple a display made there last,
  // kept while it holds only scalars. When nothing else holds it any more
  // the display fills it again instead of making a new one (shapes built in
  // a loop, `nl.ndarray((1, cols), ...)`).
  std::vector<Value::Tuple> tuple_sites_;
  Value eval_tuple(const ast::Tuple& t, const ScopePtr& scope);
  // Global names' and modules' attributes' sites (ast::Name::site,
  // ast::Attribute::site).
  LookupCache lookups_;
  // Attribute `a` of `obj` when `obj` is a module that has it, through the
  // site's cache; nullptr otherwise (get_attribute finds it, or says why).
  const Value* module_attribute(const Value& obj, const ast::Attribute& a);
  Value eval_fstring(const ast::FString& f, const ScopePtr& scope);
  Value eval_list_comp(const ast::ListComp& c, const ScopePtr& scope);
  void comprehension(const ast::ListComp& c, size_t level, const ScopePtr& scope, ValueList& out);
  ValueList eval_elements(const ast::ExprList& elts, const ScopePtr& scope);
  // The same, after those already in `out` (a call's arguments).
  void append_elements(const ast::ExprList& elts, const ScopePtr& scope, ValueList& out);
  Value load_name(const ast::Name& n, const ScopePtr& scope);
  // Where name `n`'s value is kept, or nullptr while it is unbound (load_name
  // says why). Defined inline in eval_expr.cpp, for its callers there.
  const Value* bound_value(const ast::Name& n, const ScopePtr& scope);
  // The value of `e` where it is kept, when `e` is a bound name; nullptr
  // otherwise. Valid only until something runs that could rebind the name.
  const Value* peek(const ast::Expr& e, const ScopePtr& scope);

  void assign(const ast::Expr& target, const Value& v, const ScopePtr& scope);
  void assign(const ast::Expr& target, Value&& v, const ScopePtr& scope);
  void store_name(const std::string& name, const Value& v, const ScopePtr& scope);
  Value subscript(const Value& obj, const Value& index);
  // A tensor indexed by a tuple display (t[i, a:b]); nullopt for other
  // indices, which subscript() takes.
  std::optional<Value> tensor_subscript(const rt::TensorView& t, const ast::Expr& index,
                                        const ScopePtr& scope);
  // t[...] when every item of the index is an int or a slice whose bounds
  // are ints, all read in place (int_operand): nothing runs, so `t` may be
  // where a name's value is kept. nullopt otherwise, with nothing evaluated.
  std::optional<Value> subscript_in_place(const rt::TensorView& t, const ast::Expr& index,
                                          const Scope& scope);
  // A slice of such an index as an index item, its bounds converted as a
  // slice's own evaluation converts them.
  rt::IndexItem slice_item(const ast::Slice& s, const ScopePtr& scope);
  // A bound of slice `s` in a tensor's index, as the slice's evaluation
  // would make it, without a SliceValue, into `out`: a result by reference,
  // as one returned in registers would be stored in pieces and read whole.
  void index_slice_bound(const ast::Slice& s, const ast::Expr& bound, const ScopePtr& scope,
                         std::optional<int64_t>& out);
  void set_subscript(const Value& obj, const Value& index, const Value& v);

  Value call_function(const FunctionObj& f, ValueList args, KwArgs kwargs,
                      const SourceRange& where);
  // The commonest call of a Python function, f(a, b) with one positional
  // argument for each of its positional parameters: positional_call says
  // whether `c` is one, and call_positional evaluates its arguments straight
  // into the new scope's slots, without an argument list or binding.
  static bool positional_call(const FunctionObj& f, const ast::Call& c);
  Value call_positional(const FunctionObj& f, const ast::Call& c, const ScopePtr& caller);
  // What every call of a Python function does once its arguments are
  // evaluated: the recursion bound, then a step.
  void enter_call(const SourceRange& where) {
    if (depth_ >= kMaxCallDepth) recursion_too_deep(where);
    step(where);
  }
  // The error of a call past kMaxCallDepth. A call the code makes itself (a
  // dunder, a property) has no place of its own: then it is placed at the
  // innermost expression being evaluated, as any ValueError is.
  [[noreturn]] void recursion_too_deep(const SourceRange& where) const;
  // Runs `f` in `scope`, its arguments bound there already.
  Value run_function(const FunctionObj& f, const ScopePtr& scope);
  // What `r` returns, which becomes last_return().
  Value returned(const ast::Return& r, const ScopePtr& scope) {
    Value v = r.value ? eval(*r.value, scope) : Value();
    last_return_ = &r;
    return v;
  }
  // `defaulted`: CallArgs::defaulted, for arguments bound already.
  Value call_builtin(const BuiltinFn& fn, ValueList&& args, KwArgs&& kwargs,
                     const SourceRange& where, uint32_t defaulted = 0);
  // `fn` with arguments bound already (CallArgs::args, CallArgs::defaulted).
  Value call_bound_builtin(const BuiltinFn& fn, const Value* args, const SourceRange& where,
                           uint32_t defaulted);
  // bind_arguments into a spare list; the storage of `args` and `kwargs`
  // goes back to the spare lists for the next call.
  ValueList bind(const std::string& callee, const Signature& sig, ValueList& args, KwArgs& kwargs);
  // A call's or comprehension's scope, a fresh one or one a finished call
  // gave back, so that most calls allocate nothing for their scope and
  // locals. The lease gives it back unless something (a function closing
  // over it) still holds it.
  class ScopeLease {
   public:
    explicit ScopeLease(Evaluator& ev);
    ~ScopeLease();
    ScopeLease(const ScopeLease&) = delete;
    ScopeLease& operator=(const ScopeLease&) = delete;
    const ScopePtr& scope() const { return scope_; }

   private:
    std::vector<ScopePtr>& spare_;
    ScopePtr scope_;
  };
  Value instantiate(const Value::Class& cls, ValueList args, KwArgs kwargs,
                    const SourceRange& where);
  // The class machinery (classes.cpp): fields and enum members of a class
  // being defined, the generated __init__, and class attributes as an
  // instance or the class sees them (methods bound, staticmethod,
  // classmethod and property applied).
  void take_bases(const ast::ClassDef& s, ClassObj& cls, const ScopePtr& scope);
  void collect_fields(const ast::ClassDef& s, ClassObj& cls);
  void make_enum_members(const ast::ClassDef& s, const Value::Class& cls);
  void generated_init(const ClassObj& owner, const Value& self, ValueList args, KwArgs kwargs,
                      const SourceRange& where);
  Value class_attribute(const Value& attr, const Value& self, const Value::Class& cls);
  // super() (super.cpp): the proxy of super(C, obj); the (C, obj) of a bare
  // super() in the method running in `scope`; an attribute read through it.
  Value make_super(const Value::Class& super_class, const ValueList& args);
  ValueList zero_arg_super(const ScopePtr& scope) const;
  Value super_attribute(const Value& proxy, const std::string& name);
  bool set_property(const Value& obj, const std::string& name, const Value& v);
  std::shared_ptr<FunctionObj> make_function(const std::string& name,
                                             const std::vector<ast::Param>& params,
                                             const ScopePtr& scope);

  RankContext ctx_;
  ScopePtr builtins_;
  std::map<std::string, Value> modules_;  // imported modules of this rank
  std::vector<std::string> importing_;    // modules running their top level, outermost first
  // Makes this rank's arena, work meter and methods the thread's own while
  // it evaluates (every public evaluating call makes one); nothing to do
  // when they are already, as in the calls evaluation makes of itself.
  class Active {
   public:
    explicit Active(Evaluator& ev) : previous_(current_) {
      if (previous_ != &ev) install(ev);
    }
    ~Active() { current_ = previous_; }
    Active(const Active&) = delete;
    Active& operator=(const Active&) = delete;
    // Whether `ev`'s are the thread's already: the hot paths check this
    // before making an Active.
    static bool installed(const Evaluator& ev) { return current_ == &ev; }

   private:
    void install(Evaluator& ev);
    // The evaluator whose Active installed the thread's arena, work meter
    // and methods, innermost: they are installed and restored together.
    static inline thread_local const Evaluator* current_ = nullptr;
    const Evaluator* previous_;
    std::optional<ContainerArena::Use> arena_;
    std::optional<WorkMeter::Use> work_;
    std::optional<UserMethods::Use> methods_;
  };

  int depth_ = 0;
  WorkMeter work_;
  const std::string* assignment_target_ = nullptr;  // the Name node's id
  Value return_value_;
  const ast::Return* last_return_ = nullptr;
  // The exceptions whose `except` clauses are running, innermost last: what
  // a bare `raise` re-raises.
  std::vector<PyException> handling_;
  // Scopes that functions close over: cleared when the rank ends, to break
  // the function <-> scope reference cycles.
  std::vector<std::weak_ptr<Scope>> captured_;
  std::vector<ScopePtr> spare_scopes_;  // see ScopeLease
  // Argument lists a finished call gave back (spare_lists.h).
  SpareLists<ValueList> spare_lists_;
  SpareLists<KwArgs> spare_kwargs_;
  // The containers the rank made (entered by every public evaluating call),
  // emptied when the rank ends.
  ContainerArena arena_;
  bool at_line_start_ = true;
  bool err_at_line_start_ = true;
};

// Builtins of the Python language (len, range, print, ...), into a scope.
void install_python_builtins(Scope& scope);
// Python's class builtins (staticmethod, classmethod, property, object,
// issubclass, NotImplemented), into a scope (py_classes.cpp).
void install_class_builtins(Scope& scope);
// Methods of str, list, dict and tuple values; nullopt when there is none.
std::optional<Value> python_method(const Value& self, const std::string& name);
// The function such a method calls with self first (in a table that lives
// as long as the process); nullptr when none.
const BuiltinPtr* python_method_function(const Value& self, const std::string& name);
// list.append(item); throws ValueError when the list would grow too long.
void append_item(ListObj& list, Value item);

}  // namespace nkic::interp
