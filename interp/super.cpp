// super(): the proxy it returns and what reading an attribute through it
// finds. `super()` in a method takes the class whose body defined the method
// and the method's first argument, as Python's __class__ cell does;
// `super(C, obj)` names both. Lookup starts above C in obj's class's chain
// (the MRO of single inheritance), binds as the class would, and ends at
// object's methods: __init__ (the generated one of an NKI class or
// dataclass, or an exception's), __setattr__, __eq__, __ne__ and __hash__.
#include "interp/evaluator.h"
#include "interp/python/operators.h"
#include "interp/python/signature_helpers.h"
#include "interp/python/user_dunders.h"

namespace nkic::interp {

namespace {

const Value& proxy_attr(const InstanceObj& proxy, const char* name) {
  return proxy.attrs.at(name);
}

// The class the lookup starts after, and the object the result binds to.
struct SuperTarget {
  const ClassObj* after;
  Value obj;
  Value::Class obj_class;  // obj's class, or obj itself when obj is a class
};

SuperTarget target_of(const Value& proxy) {
  const InstanceObj& p = **proxy.get<Value::Instance>();
  const Value& obj = proxy_attr(p, "__self__");
  return {proxy_attr(p, "__thisclass__").get<Value::Class>()->get(), obj,
          *proxy_attr(p, "__self_class__").get<Value::Class>()};
}

Value object_init(CallArgs& c) {
  const SuperTarget t = target_of(c["self"]);
  ValueList args = tuple_items(c["args"]);
  KwArgs kwargs;
  for (const auto& [k, v] : (*c["kwargs"].get<Value::Dict>())->items) {
    kwargs.emplace_back(*k.get<std::string>(), v);
  }
  if (!t.obj.is<Value::Instance>()) {
    throw ValueError("descriptor '__init__' requires an instance", "TypeError");
  }
  c.ev.run_init(t.after->base.get(), t.obj, std::move(args), std::move(kwargs), c.range);
  return Value();
}

Value object_setattr(CallArgs& c) {
  const SuperTarget t = target_of(c["self"]);
  auto name = c["name"].get<std::string>();
  auto inst = t.obj.get<Value::Instance>();
  if (!name) throw ValueError("attribute name must be string", "TypeError");
  if (!inst) throw ValueError("can't apply this __setattr__ to type object", "TypeError");
  c.ev.object_set_attribute(t.obj, *name, c["value"]);
  return Value();
}

Value object_delattr(CallArgs& c) {
  const SuperTarget t = target_of(c["self"]);
  auto name = c["name"].get<std::string>();
  if (!name) throw ValueError("attribute name must be string", "TypeError");
  if (!t.obj.is<Value::Instance>()) {
    throw ValueError("can't apply this __delattr__ to type object", "TypeError");
  }
  c.ev.object_delete_attribute(t.obj, *name);
  return Value();
}

// object.__eq__: identity, else NotImplemented; the structural == of the
// NKI class or dataclass above, when there is one.
Value object_eq(CallArgs& c) {
  const SuperTarget t = target_of(c["self"]);
  for (const ClassObj* k = t.after->base.get(); k; k = k->base.get()) {
    if (k->has_fields()) return equals(t.obj, c["other"]);
  }
  if (identical(t.obj, c["other"])) return true;
  return not_implemented();
}

Value object_ne(CallArgs& c) {
  const Value eq = object_eq(c);
  if (auto b = eq.get<bool>()) return !*b;
  return eq;
}

Value object_hash(CallArgs& c) {
  const SuperTarget t = target_of(c["self"]);
  // Identity, as object.__hash__: the text dicts key the object by.
  const std::string key =
      "i" + std::to_string(reinterpret_cast<uintptr_t>(
                t.obj.get<Value::Instance>() ? t.obj.get<Value::Instance>()->get() : nullptr));
  return static_cast<int64_t>(std::hash<std::string>{}(key) >> 1);
}

// object's own methods read from `object` (object.__setattr__(self, ...)):
// self is any object, not a super() proxy.
Value unbound_setattr(CallArgs& c) {
  auto name = c["name"].get<std::string>();
  if (!name) throw ValueError("attribute name must be string", "TypeError");
  if (!c["self"].is<Value::Instance>()) {
    throw ValueError("can't apply this __setattr__ to " + type_name(c["self"]) + " object",
                     "TypeError");
  }
  c.ev.object_set_attribute(c["self"], *name, c["value"]);
  return Value();
}

Value unbound_delattr(CallArgs& c) {
  auto name = c["name"].get<std::string>();
  if (!name) throw ValueError("attribute name must be string", "TypeError");
  c.ev.object_delete_attribute(c["self"], *name);
  return Value();
}

Value unbound_eq(CallArgs& c) {
  if (identical(c["self"], c["other"])) return true;
  return not_implemented();
}

Value unbound_ne(CallArgs& c) {
  if (identical(c["self"], c["other"])) return false;
  return not_implemented();
}

Value unbound_hash(CallArgs& c) {
  const auto inst = c["self"].get<Value::Instance>();
  const std::string key =
      "i" + std::to_string(reinterpret_cast<uintptr_t>(inst ? inst->get() : nullptr));
  return static_cast<int64_t>(std::hash<std::string>{}(key) >> 1);
}

Value unbound_init(CallArgs&) {
  return Value();
}

std::optional<BuiltinPtr> object_method(const std::string& name) {
  static const BuiltinPtr init =
      python_fn("__init__", {req("self"), rest("args"), kwrest("kwargs")}, object_init);
  static const BuiltinPtr setattr =
      python_fn("__setattr__", {req("self"), req("name"), req("value")}, object_setattr);
  static const BuiltinPtr delattr =
      python_fn("__delattr__", {req("self"), req("name")}, object_delattr);
  static const BuiltinPtr eq = python_fn("__eq__", {req("self"), req("other")}, object_eq);
  static const BuiltinPtr ne = python_fn("__ne__", {req("self"), req("other")}, object_ne);
  static const BuiltinPtr hash = python_fn("__hash__", {req("self")}, object_hash);
  if (name == "__init__") return init;
  if (name == "__setattr__") return setattr;
  if (name == "__delattr__") return delattr;
  if (name == "__eq__") return eq;
  if (name == "__ne__") return ne;
  if (name == "__hash__") return hash;
  return std::nullopt;
}

}  // namespace

std::optional<Value> Evaluator::object_attribute(const std::string& name) {
  static const BuiltinPtr methods[] = {
      python_fn("__setattr__", {req("self"), req("name"), req("value")}, unbound_setattr),
      python_fn("__delattr__", {req("self"), req("name")}, unbound_delattr),
      python_fn("__eq__", {req("self"), req("other")}, unbound_eq),
      python_fn("__ne__", {req("self"), req("other")}, unbound_ne),
      python_fn("__hash__", {req("self")}, unbound_hash),
      python_fn("__init__", {req("self")}, unbound_init),
  };
  for (const BuiltinPtr& m : methods) {
    if (m->name == name) return Value(unowned(m));
  }
  return std::nullopt;
}

Value Evaluator::make_super(const Value::Class& super_class, const ValueList& args) {
  if (args.size() != 2) {
    throw ValueError(args.empty() ? "super(): no arguments"
                                  : "super() takes a class and an object here (super(C, self))",
                     args.empty() ? "RuntimeError" : "TypeError");
  }
  auto type = args[0].get<Value::Class>();
  if (!type) {
    throw ValueError("super() argument 1 must be a type, not " + type_name(args[0]), "TypeError");
  }
  Value::Class obj_class;
  if (auto c = args[1].get<Value::Class>(); c && (*c)->derives_from(type->get())) {
    obj_class = *c;
  } else if (auto i = args[1].get<Value::Instance>();
             i && (*i)->cls && (*i)->cls->derives_from(type->get())) {
    obj_class = (*i)->cls;
  } else {
    throw ValueError("super(type, obj): obj must be an instance or subtype of type", "TypeError");
  }
  auto proxy = new_instance();
  proxy->cls = super_class;
  proxy->attrs["__thisclass__"] = args[0];
  proxy->attrs["__self__"] = args[1];
  proxy->attrs["__self_class__"] = Value(obj_class);
  return Value(proxy);
}

ValueList Evaluator::zero_arg_super(const ScopePtr& scope) const {
  const Scope* frame = scope.get();
  while (frame && !frame->function) frame = frame->parent.get();
  if (!frame || !frame->function->owner) {
    throw ValueError("super(): __class__ cell not found", "RuntimeError");
  }
  const FunctionObj& f = *frame->function;
  if (f.signature.empty() || f.signature[0].kind != ParamKind::positional) {
    throw ValueError("super(): no arguments", "RuntimeError");
  }
  const Value* self = frame->find_here(f.signature[0].name);
  if (!self) throw ValueError("super(): arg[0] deleted", "RuntimeError");
  return {Value(f.owner), *self};
}

Value Evaluator::super_attribute(const Value& proxy, const std::string& name) {
  const SuperTarget t = target_of(proxy);
  for (const ClassObj* c = t.after->base.get(); c; c = c->base.get()) {
    auto it = c->attrs.find(name);
    if (it == c->attrs.end()) continue;
    const Value self = t.obj.is<Value::Instance>() ? t.obj : Value();
    if (c->is_exception && it->second.is<Value::Builtin>() && !self.is_none()) {
      // BaseException's methods are builtins that bind as methods do.
      return Value(
          Value::Method(std::make_shared<const BoundMethodObj>(BoundMethodObj{self, it->second})));
    }
    return class_attribute(it->second, self, t.obj_class);
  }
  if (auto m = object_method(name)) {
    return Value(Value::Method(std::make_shared<const BoundMethodObj>(BoundMethodObj{proxy, *m})));
  }
  throw ValueError("'super' object has no attribute '" + name + "'", "AttributeError");
}

}  // namespace nkic::interp
