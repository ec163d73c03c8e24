// The values a kernel's meta-program computes with: Python's None, bool,
// int, float, str, tuple, list, dict, functions, classes and instances, plus
// the NKI things (dtypes, buffers, tensor views, registers, replica groups,
// loop ranges, op tokens and the isa enums). A Value is a small tagged union;
// mutable objects (list, dict, instances, modules) are shared by reference,
// as in Python.
//
// Operations that fail without knowing where they are throw ValueError; the
// evaluator attaches the place of the expression being evaluated and the rank.
// A ValueError that names a Python exception class (`py_type`) becomes that
// exception, which `try` can catch; one without is a limit of the
// specializer, reported as an error no handler sees.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "frontend/ast.h"
#include "runtime/activation.h"
#include "runtime/checked_int.h"
#include "runtime/collectives.h"
#include "runtime/tensor.h"

namespace nkic::interp {

class ValueError : public std::runtime_error {
 public:
  explicit ValueError(const std::string& message, const char* py_type = nullptr)
      : std::runtime_error(message), py_type_(py_type) {}
  // The builtin exception class this is ("TypeError"), or nullptr.
  const char* py_type() const { return py_type_; }

 private:
  const char* py_type_;
};

// Whether `e` is the Python exception class `type` ("AttributeError").
inline bool is_python_error(const ValueError& e, std::string_view type) {
  return e.py_type() != nullptr && e.py_type() == type;
}

struct Value;
using ValueList = std::vector<Value>;

struct NoneType {
  bool operator==(const NoneType&) const { return true; }
};
struct EllipsisType {
  bool operator==(const EllipsisType&) const { return true; }
};

// The element-wise operations of nl (nl.add, ...) are rt::AluOp values: `op=`
// tokens for collectives and isa operations; calling one on Python numbers
// computes the number. The one-operand functions (nl.exp, nl.silu, ...) are
// rt::ActFunc values, for tables and `op=` arguments.

// A member of one of nisa's enums (`nisa.oob_mode.skip`).
struct EnumConst {
  const char* enum_name;
  const char* member;
  int64_t value;
  // An IntEnum's member (nisa.nc_version): it is its value to arithmetic and
  // comparisons (`nisa.get_nc_version() >= 3`).
  bool is_int = false;
  bool operator==(const EnumConst& o) const {
    return value == o.value && std::string_view(enum_name) == o.enum_name;
  }
};

// range(), nl.affine_range(), ...: `kind` names the constructor for printing.
struct RangeValue {
  int64_t start = 0, stop = 0, step = 1;
  const char* kind = "range";
  // The number of items, which may exceed 2**63 - 1 (range(-2**63, 2**63 - 1)).
  uint64_t size() const;
  // The same as an int, as len() returns it: a ValueError when it does not fit.
  int64_t length() const;
  int64_t at(uint64_t i) const { return rt::range_at(start, step, i); }
};

// A slice; `exact` for nl.ds(start, size), which indexes a tensor with exactly
// `size` elements (upper - lower) where a slice would be clipped.
struct SliceValue {
  std::optional<int64_t> lower, upper, step;
  bool exact = false;
};

struct ListObj;
struct DictObj;
struct FunctionObj;
struct BuiltinFn;
struct ModuleObj;
struct ClassObj;
struct InstanceObj;
struct BoundMethodObj;
struct Scope;
using ScopePtr = std::shared_ptr<Scope>;
using BuiltinPtr = std::shared_ptr<const BuiltinFn>;
// `f` without a share of its ownership, for a function something else keeps
// for the whole run (a static table): copies of it touch no count.
inline BuiltinPtr unowned(const BuiltinPtr& f) {
  return BuiltinPtr(BuiltinPtr(), f.get());
}

struct Value {
  using Tuple = std::shared_ptr<const ValueList>;
  using List = std::shared_ptr<ListObj>;
  using Dict = std::shared_ptr<DictObj>;
  using Function = std::shared_ptr<FunctionObj>;
  using Builtin = BuiltinPtr;
  using Method = std::shared_ptr<const BoundMethodObj>;
  using Module = std::shared_ptr<ModuleObj>;
  using Class = std::shared_ptr<ClassObj>;
  using Instance = std::shared_ptr<InstanceObj>;
  using Tensor = std::shared_ptr<const rt::TensorView>;
  using Register = std::shared_ptr<rt::Register>;
  using Group = std::shared_ptr<const rt::ReplicaGroup>;

  using Data = std::variant<NoneType, bool, int64_t, double, std::string, EllipsisType, Tuple, List,
                            Dict, Function, Builtin, Method, Module, Class, Instance, rt::DType,
                            rt::MemKind, Tensor, Register, Group, RangeValue, rt::AluOp,
                            rt::ActFunc, EnumConst, SliceValue>;
  // In a union so that copying, moving and destroying the commonest values
  // (None, bool, int, float) skip the variant's visitation: they are what
  // the meta-program's arithmetic makes by the million.
  union {
    Data data;
  };

  Value() : data() {}
  template <class T, class = std::enable_if_t<std::is_constructible_v<Data, T&&> &&
                                              !std::is_same_v<std::decay_t<T>, Value>>>
  Value(T&& v) : data(std::forward<T>(v)) {}  // NOLINT: implicit by design
  Value(int v) : data(int64_t{v}) {}
  Value(const char* s) : data(std::string(s)) {}
  Value(const Value& o) { construct_from(o.data); }
  Value(Value&& o) noexcept { construct_from(std::move(o.data)); }
  Value& operator=(const Value& o) {
    if (is_plain(data) && this != &o) {
      // Nothing to release, and `o` cannot live inside this value.
      construct_from(o.data);
    } else if (this != &o) {
      // Through a copy: `o` may live inside what this value owns.
      Value copy(o);
      destroy();
      construct_from(std::move(copy.data));
    }
    return *this;
  }
  Value& operator=(Value&& o) noexcept {
    if (is_plain(data) && this != &o) {
      construct_from(std::move(o.data));
    } else if (this != &o) {
      Value moved(std::move(o));
      destroy();
      construct_from(std::move(moved.data));
    }
    return *this;
  }
  ~Value() { destroy(); }

  template <class T>
  bool is() const {
    return std::holds_alternative<T>(data);
  }
  template <class T>
  const T* get() const {
    return std::get_if<T>(&data);
  }
  bool is_none() const { return is<NoneType>(); }
  // None, a bool, an int or a float: a value that holds nothing else.
  bool is_scalar() const { return is_plain(data); }

 private:
  // None, bool, int and float: nothing to release, copied by value.
  static bool is_plain(const Data& d) { return d.index() <= 3; }
  template <class D>
  void construct_from(D&& d) {
    switch (d.index()) {
      case 0:
        new (&data) Data(std::in_place_index<0>);
        return;
      case 1:
        new (&data) Data(std::in_place_index<1>, *std::get_if<1>(&d));
        return;
      case 2:
        new (&data) Data(std::in_place_index<2>, *std::get_if<2>(&d));
        return;
      case 3:
        new (&data) Data(std::in_place_index<3>, *std::get_if<3>(&d));
        return;
      default:
        new (&data) Data(std::forward<D>(d));
        return;
    }
  }
  void destroy() {
    if (!is_plain(data)) data.~Data();
  }
};

struct ListObj {
  ValueList items;
};

// Keys are Python scalars or tuples of them; insertion order is kept.
struct DictObj {
  std::vector<std::pair<Value, Value>> items;
  std::unordered_map<std::string, size_t> index;  // key_string(key) -> position

  const Value* find(const Value& key) const;
  void set(const Value& key, Value v);
  bool erase(const Value& key);
  // The index entry of `key` and whether the dict holds it; whether the key
  // has a user __hash__ into *user_hashed (when given).
  std::pair<std::string, bool> slot(const Value& key, bool* user_hashed = nullptr) const;

 private:
  void close_probe_gap(const std::string& erased);
};

// A function's parameters as the argument binder sees them: user functions and
// builtins share this, so their errors read the same.
enum class ParamKind { positional, var_args, keyword_only, var_keywords };
struct ParamSpec {
  std::string name;
  ParamKind kind = ParamKind::positional;
  std::optional<Value> default_value;  // std::nullopt: required
  // The string literal `name` was made from (signature_helpers.h), nullptr
  // for a parameter of Python code: a read by that very literal is known to
  // name this parameter without comparing characters.
  const char* literal = nullptr;
};
using Signature = std::vector<ParamSpec>;

struct FunctionObj {
  std::string name;
  Signature signature;                    // defaults evaluated at def time
  const ast::FunctionDef* def = nullptr;  // one of def / lambda is set
  const ast::Lambda* lambda = nullptr;
  // Its locals, the parameters first, in order (frontend/resolve.h).
  const ast::Locals& locals() const { return lambda ? lambda->locals : def->locals; }
  ScopePtr closure;        // the scope the def ran in
  bool is_kernel = false;  // decorated with nki.jit
  bool all_positional = false;  // binder.h's all_positional(signature)
  // The class whose body defined it: what super() without arguments and
  // `__class__` name inside it (Python's __class__ cell).
  std::shared_ptr<ClassObj> owner;
};

class Evaluator;
struct CallArgs;
using BuiltinAction = Value (*)(CallArgs& call);

// How a builtin relates to the device program: meta operations run at
// specialization time; device operations (nisa, ncc) are what a compiled
// kernel executes, and what the compiler records.
enum class OpRole : uint8_t { python, meta, device };

struct BuiltinFn {
  BuiltinFn(std::string fn_name, Signature params, BuiltinAction fn_action,
            OpRole fn_role = OpRole::python);

  std::string name;  // as shown in messages: "len", "nisa.dma_copy", "list.append"
  Signature signature;
  BuiltinAction action;
  OpRole role = OpRole::python;
  // Whether every parameter is a plain positional one (binder.h's
  // all_positional): then a call with one positional argument for each is
  // bound as it comes.
  bool all_positional = false;

  // The parameter called `name` (CallArgs reads every argument by name);
  // signature.size() when there is none.
  size_t param_index(const char* param) const {
    const uint8_t slot = by_prefix_[prefix_slot(param)];
    if (slot == kNoParam) return signature.size();
    if (slot == kManyParams) return search_param(param);
    return is_named(signature[slot], param) ? slot : signature.size();
  }

 private:
  static size_t prefix_slot(const char* name) {
    const auto first = static_cast<unsigned char>(name[0]);
    const auto second = first == 0 ? 0u : static_cast<unsigned char>(name[1]);
    return (first * 31u + second) % 64u;
  }
  // Whether a parameter is called `name`, compared in place.
  static bool is_named(const ParamSpec& p, const char* name) {
    if (name == p.literal) return true;
    const char* own = p.name.c_str();
    while (*own != '\0' && *own == *name) {
      ++own;
      ++name;
    }
    return *own == *name;
  }
  size_t search_param(const char* param) const;

  // Slot k: the one parameter whose name's first two characters hash to k,
  // so that most names are found by comparing one; kNoParam when there is
  // none, kManyParams when several share it (then they are searched).
  static constexpr uint8_t kNoParam = 0xff, kManyParams = 0xfe;
  std::array<uint8_t, 64> by_prefix_;
};

struct ModuleObj {
  std::string name;
  ScopePtr scope;  // its globals
  // What a builtin module that holds part of its namesake has, said when a
  // name it lacks is asked for.
  std::string missing_hint;
};

// What a class is beyond a plain Python class. NKI classes (those deriving
// from nl.NKIObject) behave like dataclasses whose fields default to None;
// @dataclass gives a plain class the same machinery with Python's rules. The
// builtin wrappers (staticmethod, classmethod, property, dataclasses.field)
// and typing's names (Optional, List, TypeVar("T"), ...) are classes too.
enum class ClassKind : uint8_t {
  plain,
  nki_object,
  dataclass,
  static_method,
  class_method,
  property,
  field_spec,
  type_form,
  super_object  // super(): its instances are the proxies super() returns
};

// A declared field (`x: int = 0`) of an NKI class or dataclass.
struct ClassField {
  std::string name;
  std::optional<Value> default_value;  // none: required (dataclass) or None (NKI)
  std::optional<Value> default_factory;
};

struct ClassObj {
  std::string name;
  std::shared_ptr<ClassObj> base;
  std::map<std::string, Value> attrs;
  bool is_enum = false;
  ClassKind kind = ClassKind::plain;
  bool is_int_enum = false;          // IntEnum: members are ints too
  bool frozen = false;               // @dataclass(frozen=True)
  // A type the interpreter makes its objects of (iterators, dict views):
  // the kernel makes none itself and sets no attributes on them.
  bool native = false;
  std::vector<ClassField> fields;    // the base's first, in declaration order
  std::vector<std::string> members;  // an enum's members, in definition order
  bool is_exception = false;         // BaseException or a class derived from it
  std::optional<Value> lookup(const std::string& name) const;
  // Whether this class is `other` or derives from it.
  bool derives_from(const ClassObj* other) const;
  // NKI classes and dataclasses: generated __init__, structural ==, field repr.
  bool has_fields() const { return kind == ClassKind::nki_object || kind == ClassKind::dataclass; }
};

// What a builtin object keeps in C++ rather than in attributes: an
// iterator's walk (live_iteration.h).
struct NativeState {
  virtual ~NativeState() = default;
};

struct InstanceObj {
  std::shared_ptr<ClassObj> cls;
  std::shared_ptr<NativeState> native;  // builtin objects only
  std::map<std::string, Value> attrs;
  // The order attributes were first assigned in, for __dict__ (Python's
  // dicts keep it).
  std::vector<std::string> attr_order;
  void set(const std::string& name, Value v) {
    if (attrs.find(name) == attrs.end()) attr_order.push_back(name);
    attrs[name] = std::move(v);
  }
};

struct BoundMethodObj {
  Value self;
  Value func;  // a Builtin or a Function; called with self first
};

// Lists, dicts, classes and instances can refer to themselves (a list that
// holds itself, an enum class whose members point back at it), which
// reference counting alone never frees. While a ContainerArena is in use on
// a thread, the containers made there by the functions below are recorded;
// the arena empties those still alive when it dies, breaking every cycle.
// (An Evaluator uses its own arena while it evaluates.)
class ContainerArena {
 public:
  ContainerArena() = default;
  ~ContainerArena();
  ContainerArena(const ContainerArena&) = delete;
  ContainerArena& operator=(const ContainerArena&) = delete;

  // Makes `arena` the calling thread's arena until the Use ends.
  class Use {
   public:
    explicit Use(ContainerArena& arena);
    ~Use();
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;

   private:
    ContainerArena* previous_;
  };

  // Records a new container in the calling thread's arena, if it has one.
  template <typename T>
  static void record(const std::shared_ptr<T>& object) {
    if (current_) current_->add(object, [](void* p) { empty(*static_cast<T*>(p)); });
  }

 private:
  struct Entry {
    std::weak_ptr<void> object;
    void (*empty)(void*);
  };
  void add(std::weak_ptr<void> object, void (*empty)(void*));
  static void empty(ListObj& l);
  static void empty(DictObj& d);
  static void empty(ClassObj& c);
  static void empty(InstanceObj& i);

  std::vector<Entry> entries_;
  size_t prune_at_ = 1024;  // entries_ is pruned of dead objects when it reaches this
  static thread_local ContainerArena* current_;
};

// Classes may define __str__, __repr__, __eq__, __len__, __iter__, __bool__
// and __contains__: the free functions below honour them by calling back
// into the evaluator running on this thread (made current while it
// evaluates, like the ContainerArena).
class UserMethods {
 public:
  virtual ~UserMethods() = default;
  // self.NAME(*args) when self is an instance whose class defines NAME as a
  // function; nullopt otherwise.
  virtual std::optional<Value> call_user_method(const Value& self, const std::string& name,
                                                ValueList args) = 0;

  class Use {
   public:
    explicit Use(UserMethods& m) : previous_(current_) { current_ = &m; }
    ~Use() { current_ = previous_; }
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;

   private:
    UserMethods* previous_;
  };
  // The thread's evaluator's hook on `self` (nullopt without one).
  static std::optional<Value> call(const Value& self, const std::string& name, ValueList args);

 private:
  static thread_local UserMethods* current_;
};

// An IntEnum member's int value; nullopt for anything else.
std::optional<int64_t> int_enum_value(const Value& v);
// int, str, list, ... (the builtins that are types), classes and None, as
// annotations and isinstance() use them.
bool is_type_value(const Value& v);

// A missing key (d[k], d.pop(k)): Python's KeyError, whose args are (key,).
class KeyMissing : public ValueError {
 public:
  explicit KeyMissing(Value k);
  Value key;
};

Value make_tuple(ValueList items);
Value make_list(ValueList items);
Value make_dict();
// New, empty containers, recorded in the thread's ContainerArena.
Value::Dict new_dict();
Value::Class new_class();
Value::Instance new_instance();
// A type the interpreter makes its own objects of (ClassObj::native):
// kept for the process, in no arena, shared by every run and rank.
Value::Class new_native_class(std::string name);
// A tuple of `items` (tuples are immutable: no arena record).
Value::Tuple new_tuple(ValueList items);
Value make_tensor(rt::TensorView view);

// Python's type name of a value, as error messages show it ('int', 'Tensor').
std::string type_name(const Value& v);

// The registers' rule: a run-time value used where a specialization-time one
// is needed. `as_what` completes "cannot be used as ...".
[[noreturn]] void register_misuse(const rt::Register& r, const std::string& as_what);

// str() and repr(). Tensors print NumPy-style.
std::string to_str(const Value& v);
std::string to_repr(const Value& v);
// ascii(), `!a` and `%a`: the repr with non-ASCII characters escaped.
std::string to_ascii(const Value& v);
std::string repr_string(const std::string& s);
std::string repr_float(double d);

// Python's truth value; registers and tensors are errors.
bool truthy(const Value& v);
// Python's ==, and `is`.
bool equals(const Value& a, const Value& b);
bool identical(const Value& a, const Value& b);

// An int where Python needs one (bool counts); errors name `what`, whose
// message is built only when there is one.
int64_t to_int(const Value& v, std::string_view what);
double to_number(const Value& v, std::string_view what);
bool is_number(const Value& v);  // bool, int or float

// Elements of an iterable (list, tuple, str, dict keys, range), eagerly.
ValueList iterate(const Value& v);
// A tuple's or list's items without copying; nullptr otherwise.
const ValueList* sequence_items(const Value& v);
// Where `in`, index() and remove() find `item` in a list or tuple: the
// first position from `from` on holding it or an item equal to it; nullopt
// when none. As CPython, the live sequence is walked by position and each
// item held while its __eq__ runs, which may change the list.
std::optional<size_t> sequence_find(const Value& seq, const Value& item, size_t from = 0);
// count(): the items that are `item` or equal to it, walked the same way.
int64_t sequence_count(const Value& seq, const Value& item);

// A canonical text for dict keys: equal keys (1, 1.0, True) give equal text.
// An instance with a user __hash__ gives the text of its hash, which unequal
// keys may share: then *user_hashed is set (when given).
std::string key_string(const Value& key, bool* user_hashed = nullptr);

}  // namespace nkic::interp
