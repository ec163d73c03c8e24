// The builtin exception classes and the text of an exception.
#include "interp/python/exceptions.h"

#include "interp/python/signature_helpers.h"

namespace nkic::interp {

namespace {

// Each class after the class it derives from: CPython's hierarchy, without
// the classes no meta-program can meet (OS, encoding and syntax errors
// beyond their bases).
constexpr std::pair<const char*, const char*> kHierarchy[] = {
    {"Exception", "BaseException"},
    {"SystemExit", "BaseException"},
    {"KeyboardInterrupt", "BaseException"},
    {"GeneratorExit", "BaseException"},
    {"ArithmeticError", "Exception"},
    {"FloatingPointError", "ArithmeticError"},
    {"OverflowError", "ArithmeticError"},
    {"ZeroDivisionError", "ArithmeticError"},
    {"AssertionError", "Exception"},
    {"AttributeError", "Exception"},
    {"BufferError", "Exception"},
    {"EOFError", "Exception"},
    {"ImportError", "Exception"},
    {"ModuleNotFoundError", "ImportError"},
    {"LookupError", "Exception"},
    {"IndexError", "LookupError"},
    {"KeyError", "LookupError"},
    {"MemoryError", "Exception"},
    {"NameError", "Exception"},
    {"UnboundLocalError", "NameError"},
    {"OSError", "Exception"},
    {"FileNotFoundError", "OSError"},
    {"RuntimeError", "Exception"},
    {"NotImplementedError", "RuntimeError"},
    {"RecursionError", "RuntimeError"},
    {"StopIteration", "Exception"},
    {"SystemError", "Exception"},
    {"TypeError", "Exception"},
    {"ValueError", "Exception"},
    {"UnicodeError", "ValueError"},
    {"Warning", "Exception"},
    {"UserWarning", "Warning"},
    {"DeprecationWarning", "Warning"},
    {"RuntimeWarning", "Warning"},
    {"FutureWarning", "Warning"},
};

// BaseException.__init__(self, *args): what `super().__init__(msg)` and
// `ValueError.__init__(self, msg)` call; sets e.args.
Value base_init(CallArgs& c) {
  auto self = c["self"].get<Value::Instance>();
  if (!self || !(*self)->cls->is_exception) {
    throw ValueError("BaseException.__init__() needs an exception instance", "TypeError");
  }
  (*self)->attrs["args"] = c["args"];
  return Value();
}

Value::Class exception_class(const std::string& name, const Value::Class& base) {
  auto cls = std::make_shared<ClassObj>();
  cls->name = name;
  cls->base = base;
  cls->is_exception = true;
  return cls;
}

const ValueList& args_of(const InstanceObj& e) {
  static const ValueList none;
  auto it = e.attrs.find("args");
  if (it == e.attrs.end()) return none;
  const ValueList* items = sequence_items(it->second);
  return items ? *items : none;
}

bool is_key_error(const ClassObj& cls) {
  for (const ClassObj* c = &cls; c; c = c->base.get()) {
    if (c->name == "KeyError") return true;
  }
  return false;
}

}  // namespace

void install_exception_classes(Scope& scope) {
  auto base = exception_class("BaseException", nullptr);
  static const BuiltinPtr init =
      python_fn("BaseException.__init__", {req("self"), rest("args")}, base_init);
  base->attrs["__init__"] = Value(init);
  scope.vars["BaseException"] = Value(base);
  for (const auto& [name, parent] : kHierarchy) {
    const Value::Class p = *scope.vars.at(parent).get<Value::Class>();
    scope.vars[name] = Value(exception_class(name, p));
  }
}

Value::Instance new_exception(const Value::Class& cls, ValueList args) {
  auto e = new_instance();
  e->cls = cls;
  e->attrs["args"] = make_tuple(std::move(args));
  return e;
}

bool derives_from(const ClassObj& cls, const ClassObj& base) {
  for (const ClassObj* c = &cls; c; c = c->base.get()) {
    if (c == &base) return true;
  }
  return false;
}

std::string exception_str(const InstanceObj& e) {
  const ValueList& args = args_of(e);
  if (args.empty()) return "";
  if (args.size() > 1) return to_str(make_tuple(args));
  // KeyError shows its key as repr() does: str(KeyError('k')) is "'k'".
  return is_key_error(*e.cls) ? to_repr(args[0]) : to_str(args[0]);
}

std::string exception_repr(const InstanceObj& e) {
  const ValueList& args = args_of(e);
  if (args.size() == 1) return e.cls->name + "(" + to_repr(args[0]) + ")";
  return e.cls->name + to_repr(make_tuple(args));
}

std::string exception_message(const InstanceObj& e) {
  const std::string text = exception_str(e);
  return text.empty() ? e.cls->name : e.cls->name + ": " + text;
}

}  // namespace nkic::interp
