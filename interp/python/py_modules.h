// Python's own modules as kernel code uses them (typing, dataclasses, enum,
// math, functools, itertools, __future__), nl.NKIObject, and the attributes
// of builtin callables (itertools.chain.from_iterable, f.__name__) and of
// the class wrappers (a property's .setter).
#pragma once

#include <map>
#include <optional>
#include <string>

#include "interp/python/value.h"

namespace nkic::interp {

// Adds the modules, fresh for one rank, to `mods` (which holds nki.language,
// where NKIObject goes).
void add_python_modules(std::map<std::string, Value::Module>& mods);

// The class-defining modules (py_classes.cpp) and the computing ones
// (py_modules.cpp).
void add_class_modules(std::map<std::string, Value::Module>& mods);
void add_math_modules(std::map<std::string, Value::Module>& mods);

std::optional<Value> builtin_attribute(const BuiltinFn& fn, const std::string& name);
std::optional<Value> instance_wrapper_attribute(const Value& obj, const std::string& name);

}  // namespace nkic::interp
