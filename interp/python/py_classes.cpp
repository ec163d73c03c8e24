// The builtins and modules that make classes: staticmethod, classmethod,
// property, object, issubclass, iter, NotImplemented; nl.NKIObject; enum (Enum,
// IntEnum, auto); dataclasses (dataclass, field, replace, asdict, fields);
// typing's names, which only annotate; __future__.
#include "interp/nki/args.h"
#include "interp/python/live_iteration.h"
#include "interp/python/py_modules.h"
#include "interp/python/signature_helpers.h"
#include "interp/python/user_dunders.h"

namespace nkic::interp {

namespace {

Value::Class builtin_class(const std::string& name, ClassKind kind) {
  auto c = std::make_shared<ClassObj>();
  c->name = name;
  c->kind = kind;
  return c;
}

Value b_issubclass(CallArgs& c) {
  auto cls = c["cls"].get<Value::Class>();
  if (!cls) throw ValueError("issubclass() arg 1 must be a class");
  ValueList targets;
  if (auto t = c["classinfo"].get<Value::Tuple>()) {
    targets = **t;
  } else {
    targets.push_back(c["classinfo"]);
  }
  for (const Value& t : targets) {
    if (auto k = t.get<Value::Class>()) {
      if ((*cls)->derives_from(k->get())) return true;
    } else if (auto b = t.get<Value::Builtin>(); b && (*b)->name == "object") {
      return true;
    } else if (!is_type_value(t)) {
      throw ValueError("issubclass() arg 2 must be a class, a tuple of classes, or a union");
    }
  }
  return false;
}

Value b_object(CallArgs&) {
  auto cls = new_class();
  cls->name = "object";
  auto inst = new_instance();
  inst->cls = cls;
  return Value(inst);
}

Value b_iter(CallArgs& c) { return make_iterator(c["iterable"]); }

// next(iterator[, default]): StopIteration at its end, unless a default.
Value b_next(CallArgs& c) {
  const ValueList& dflt = tuple_items(c["default"]);
  if (dflt.size() > 1) {
    throw ValueError("next expected at most 2 arguments, got " + std::to_string(dflt.size() + 1),
                     "TypeError");
  }
  if (auto item = next_of(c["iterator"])) return *item;
  if (dflt.empty()) throw ValueError("", "StopIteration");
  return dflt[0];
}

Value b_auto(CallArgs&) {
  // A placeholder the enum's definition numbers: the previous value + 1.
  return Value(EnumConst{"auto", "auto", 0});
}

Value identity_decorator(CallArgs& c) {
  return c["fn"];
}

Value property_with(CallArgs& c, const char* slot) {
  auto p = c["self"].get<Value::Instance>();
  auto q = new_instance();
  q->cls = (*p)->cls;
  q->attrs = (*p)->attrs;
  q->attrs[slot] = c["fn"];
  return Value(q);
}
Value b_property_setter(CallArgs& c) {
  return property_with(c, "fset");
}
Value b_property_getter(CallArgs& c) {
  return property_with(c, "fget");
}
Value b_property_deleter(CallArgs& c) {
  return property_with(c, "fdel");
}

Value bound(const Value& self, const BuiltinPtr& fn) {
  return Value(Value::Method(std::make_shared<const BoundMethodObj>(BoundMethodObj{self, fn})));
}

const BuiltinPtr& dataclass_apply();

Value make_dataclass(const Value& options, const Value& cls) {
  auto c = cls.get<Value::Class>();
  if (!c) throw ValueError("dataclass() decorates a class, not '" + type_name(cls) + "'");
  if ((*c)->kind == ClassKind::plain) (*c)->kind = ClassKind::dataclass;
  if (const Value* frozen = (*options.get<Value::Dict>())->find(Value("frozen"))) {
    (*c)->frozen = truthy(*frozen);
  }
  return cls;
}

Value b_dataclass(CallArgs& c) {
  // @dataclass or @dataclass(frozen=True, ...): the second returns the decorator.
  if (c["cls"].is_none()) return bound(c["options"], dataclass_apply());
  return make_dataclass(c["options"], c["cls"]);
}

Value b_dataclass_apply(CallArgs& c) {
  return make_dataclass(c["options"], c["cls"]);
}

const BuiltinPtr& dataclass_apply() {
  static const BuiltinPtr fn =
      python_fn("dataclass", {req("options"), req("cls")}, b_dataclass_apply);
  return fn;
}

const InstanceObj& dataclass_instance(const Value& v, const char* who) {
  auto i = v.get<Value::Instance>();
  if (!i || !(*i)->cls || !(*i)->cls->has_fields()) {
    throw ValueError(std::string(who) + "() should be called on dataclass instances");
  }
  return **i;
}

Value b_replace(CallArgs& c) {
  const InstanceObj& old = dataclass_instance(c["obj"], "replace");
  KwArgs kwargs;
  const DictObj& changes = **c["changes"].get<Value::Dict>();
  for (const ClassField& f : old.cls->fields) {
    if (const Value* v = changes.find(Value(f.name))) {
      kwargs.emplace_back(f.name, *v);
    } else if (auto it = old.attrs.find(f.name); it != old.attrs.end()) {
      kwargs.emplace_back(f.name, it->second);
    }
  }
  for (const auto& [k, v] : changes.items) {
    auto name = k.get<std::string>();
    bool known = false;
    for (const ClassField& f : old.cls->fields) known = known || (name && f.name == *name);
    if (!known) throw ValueError("replace() got an unexpected field " + to_repr(k));
  }
  return c.ev.call(Value(old.cls), {}, std::move(kwargs), c.range);
}

Value b_asdict(CallArgs& c) {
  const InstanceObj& i = dataclass_instance(c["obj"], "asdict");
  auto d = new_dict();
  for (const ClassField& f : i.cls->fields) {
    if (auto it = i.attrs.find(f.name); it != i.attrs.end()) d->set(Value(f.name), it->second);
  }
  return Value(d);
}

Value b_fields(CallArgs& c) {
  // Each field as a dict-free stand-in: an object with .name.
  const Value& v = c["class_or_instance"];
  const ClassObj* cls = nullptr;
  if (auto k = v.get<Value::Class>()) cls = k->get();
  if (auto i = v.get<Value::Instance>()) cls = (*i)->cls.get();
  if (!cls || !cls->has_fields()) {
    throw ValueError("must be called with a dataclass type or instance");
  }
  auto field_class = new_class();
  field_class->name = "Field";
  ValueList out;
  for (const ClassField& f : cls->fields) {
    auto fi = new_instance();
    fi->cls = field_class;
    fi->attrs["name"] = Value(f.name);
    out.push_back(Value(fi));
  }
  return make_tuple(std::move(out));
}

Value b_is_dataclass(CallArgs& c) {
  const Value& v = c["obj"];
  if (auto k = v.get<Value::Class>()) return (*k)->has_fields();
  if (auto i = v.get<Value::Instance>()) return (*i)->cls && (*i)->cls->has_fields();
  return false;
}

Value b_cast(CallArgs& c) {
  return c["val"];
}

void add(Value::Module& m, const BuiltinPtr& fn) {
  m->scope->vars[fn->name] = Value(fn);
}

// typing's names: each a class that only annotates (subscripting returns it).
constexpr const char* kTypingNames[] = {
    "Any",       "Optional",       "Union",           "List",       "Tuple",     "Dict",
    "Set",       "FrozenSet",      "Callable",        "Protocol",   "Generic",   "TypeAlias",
    "Literal",   "Sequence",       "Iterable",        "Iterator",   "Type",      "ClassVar",
    "Final",     "Mapping",        "NoReturn",        "Annotated",  "Self",      "TypeVar",
    "Hashable",  "MutableMapping", "MutableSequence", "Collection", "Generator", "Never",
    "ParamSpec", "Concatenate"};

}  // namespace

void install_class_builtins(Scope& scope) {
  static const std::vector<BuiltinPtr> functions = {
      python_fn("issubclass", {req("cls"), req("classinfo")}, b_issubclass),
      python_fn("object", {}, b_object),
      python_fn("iter", {req("iterable")}, b_iter),
      python_fn("next", {req("iterator"), rest("default")}, b_next),
  };
  for (const BuiltinPtr& f : functions) scope.vars[f->name] = Value(f);
  scope.vars["staticmethod"] = Value(builtin_class("staticmethod", ClassKind::static_method));
  scope.vars["classmethod"] = Value(builtin_class("classmethod", ClassKind::class_method));
  scope.vars["property"] = Value(builtin_class("property", ClassKind::property));
  scope.vars["super"] = Value(builtin_class("super", ClassKind::super_object));
  scope.vars["NotImplemented"] = not_implemented();
}

void add_class_modules(std::map<std::string, Value::Module>& mods) {
  const Value none;
  auto nki_object = builtin_class("NKIObject", ClassKind::nki_object);
  mods["nki.language"]->scope->vars["NKIObject"] = Value(nki_object);

  auto e = nki::new_module("enum");
  auto enum_class = builtin_class("Enum", ClassKind::plain);
  enum_class->is_enum = true;
  auto int_enum = builtin_class("IntEnum", ClassKind::plain);
  int_enum->is_enum = true;
  int_enum->is_int_enum = true;
  int_enum->base = enum_class;
  e->scope->vars["Enum"] = Value(enum_class);
  e->scope->vars["IntEnum"] = Value(int_enum);
  add(e, python_fn("auto", {}, b_auto));
  add(e, python_fn("unique", {req("fn")}, identity_decorator));
  mods["enum"] = e;

  auto d = nki::new_module("dataclasses");
  add(d, python_fn("dataclass", {opt("cls", none), kwrest("options")}, b_dataclass));
  d->scope->vars["field"] = Value(builtin_class("field", ClassKind::field_spec));
  add(d, python_fn("replace", {req("obj"), kwrest("changes")}, b_replace));
  add(d, python_fn("asdict", {req("obj")}, b_asdict));
  add(d, python_fn("fields", {req("class_or_instance")}, b_fields));
  add(d, python_fn("is_dataclass", {req("obj")}, b_is_dataclass));
  mods["dataclasses"] = d;

  auto t = nki::new_module("typing");
  for (const char* name : kTypingNames) {
    t->scope->vars[name] = Value(builtin_class(name, ClassKind::type_form));
  }
  t->scope->vars["TYPE_CHECKING"] = Value(false);
  add(t, python_fn("cast", {req("typ"), req("val")}, b_cast));
  for (const char* name : {"overload", "final", "no_type_check", "runtime_checkable"}) {
    add(t, python_fn(name, {req("fn")}, identity_decorator));
  }
  mods["typing"] = t;

  // nki.typing: the annotations of kernel parameters (`x: nt.tensor[128,
  // 512]`, `out: nt.mutable_tensor`), which only annotate.
  auto nt = nki::new_module("nki.typing");
  for (const char* name : {"tensor", "mutable_tensor"}) {
    nt->scope->vars[name] = Value(builtin_class(name, ClassKind::type_form));
  }
  mods["nki.typing"] = nt;
  mods["nki"]->scope->vars["typing"] = Value(nt);

  auto f = nki::new_module("__future__");
  f->scope->vars["annotations"] = Value(true);
  mods["__future__"] = f;
}

std::optional<Value> instance_wrapper_attribute(const Value& obj, const std::string& name) {
  auto i = obj.get<Value::Instance>();
  if (!i || !(*i)->cls || (*i)->cls->kind != ClassKind::property) return std::nullopt;
  static const BuiltinPtr setter = python_fn("setter", {req("self"), req("fn")}, b_property_setter);
  static const BuiltinPtr getter = python_fn("getter", {req("self"), req("fn")}, b_property_getter);
  static const BuiltinPtr deleter =
      python_fn("deleter", {req("self"), req("fn")}, b_property_deleter);
  if (name == "setter") return bound(obj, setter);
  if (name == "getter") return bound(obj, getter);
  if (name == "deleter") return bound(obj, deleter);
  return std::nullopt;
}

}  // namespace nkic::interp
