// Python's exceptions in the meta-language: the builtin exception classes
// with CPython's hierarchy (BaseException, Exception, ValueError, ...), the
// text str() and repr() give an exception, and PyException, the C++ exception
// that carries a raised Python exception up the evaluator until a `try`
// catches it or the run reports it. Errors that are not Python exceptions
// (the guard rails, device and machine errors, internal errors) stay plain
// CompileErrors, which no handler sees.
#pragma once

#include <string>

#include "frontend/diagnostics.h"
#include "interp/python/scope.h"
#include "interp/python/value.h"

namespace nkic::interp {

// A raised exception: the diagnostic printed if nothing catches it, and the
// exception object handlers bind (`except E as e`).
class PyException : public CompileError {
 public:
  PyException(Diagnostic d, Value exc) : CompileError(std::move(d)), exc(std::move(exc)) {}
  Value exc;  // an instance of a class whose is_exception is set
};

// Defines the builtin exception classes in `scope` (the builtins).
void install_exception_classes(Scope& scope);

// An instance of exception class `cls` with these args, as `cls(*args)`
// makes it without calling a user __init__.
Value::Instance new_exception(const Value::Class& cls, ValueList args);

// Whether `cls` is `base` or derives from it.
bool derives_from(const ClassObj& cls, const ClassObj& base);

// str(e) and repr(e) of an exception instance: "msg" and "ValueError('msg')".
std::string exception_str(const InstanceObj& e);
std::string exception_repr(const InstanceObj& e);

// What an uncaught exception reports: "ValueError: msg", or "ValueError"
// when str(e) is empty.
std::string exception_message(const InstanceObj& e);

}  // namespace nkic::interp
