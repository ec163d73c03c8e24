// The evaluator's classes: defining one (its bases, the fields its
// annotations declare, an enum's members), making instances (a user's
// __init__, the generated one of NKI classes and dataclasses, enum lookup,
// the builtin wrappers staticmethod / classmethod / property / field /
// TypeVar), and reading a class attribute through an instance or the class.
#include <algorithm>

#include "interp/evaluator.h"
#include "interp/python/signature_helpers.h"

namespace nkic::interp {

namespace {

// The default of a field with a default_factory: called when no argument
// replaces it.
const EnumConst kFactoryDefault{"dataclasses", "_FACTORY", -1};

bool is_class_var(const ast::Expr& annotation) {
  const ast::Expr* e = &annotation;
  if (auto s = e->as<ast::Subscript>()) e = s->value.get();
  if (auto n = e->as<ast::Name>()) return n->id == "ClassVar";
  if (auto a = e->as<ast::Attribute>()) return a->attr == "ClassVar";
  return false;
}

bool is_wrapper(const Value& v) {
  auto i = v.get<Value::Instance>();
  if (!i || !(*i)->cls) return false;
  const ClassKind k = (*i)->cls->kind;
  return k == ClassKind::static_method || k == ClassKind::class_method || k == ClassKind::property;
}

bool is_enum_member(const std::string& name, const Value& v) {
  if (name.empty() || name[0] == '_') return false;
  return !(v.is<Value::Function>() || v.is<Value::Builtin>() || v.is<Value::Class>() ||
           is_wrapper(v));
}

// The names a class body assigns, in order (its dict's order in Python).
std::vector<std::string> assigned_names(const ast::ClassDef& s) {
  std::vector<std::string> names;
  auto add = [&](const ast::Expr& target) {
    if (auto n = target.as<ast::Name>()) {
      if (std::find(names.begin(), names.end(), n->id) == names.end()) names.push_back(n->id);
    }
  };
  for (const ast::StmtPtr& st : s.body) {
    if (auto a = st->as<ast::Assign>()) {
      for (const ast::ExprPtr& t : a->targets) add(*t);
    } else if (auto an = st->as<ast::AnnAssign>()) {
      if (an->value) add(*an->target);
    }
  }
  return names;
}

const Value* attr_of(const InstanceObj& i, const char* name) {
  auto it = i.attrs.find(name);
  return it == i.attrs.end() ? nullptr : &it->second;
}

}  // namespace

void Evaluator::take_bases(const ast::ClassDef& s, ClassObj& cls, const ScopePtr& scope) {
  for (const ast::ExprPtr& b : s.bases) {
    const Value base = eval(*b, scope);
    if (auto t = base.get<Value::Builtin>(); t && is_type_value(base)) {
      // `class E(int, Enum)`, `class E(str, Enum)`: a mixed-in value type.
      if ((*t)->name == "int") cls.is_int_enum = true;
      if ((*t)->name == "int" || (*t)->name == "str" || (*t)->name == "float") continue;
    }
    auto c = base.get<Value::Class>();
    if (!c) {
      fail(b->range, "class " + s.name + " can only derive from a class (nl.NKIObject, an Enum, " +
                         "an exception or another class of yours), not '" + type_name(base) + "'");
    }
    // typing's Protocol and Generic[T] only annotate.
    if ((*c)->kind == ClassKind::type_form) continue;
    if (cls.base) {
      fail(b->range, "class " + s.name + " derives from both " + cls.base->name + " and " +
                         (*c)->name + ": an NKI class has one base class");
    }
    if ((*c)->is_enum && !(*c)->members.empty()) {
      // An enum's members are all it has: one with members cannot grow.
      fail(b->range, ValueError("<enum '" + s.name + "'> cannot extend <enum '" + (*c)->name + "'>",
                                "TypeError"));
    }
    cls.base = *c;
    cls.is_enum = cls.is_enum || (*c)->is_enum;
    cls.is_exception = cls.is_exception || (*c)->is_exception;
    cls.is_int_enum = cls.is_int_enum || (*c)->is_int_enum;
    if ((*c)->kind == ClassKind::nki_object) cls.kind = ClassKind::nki_object;
    cls.frozen = (*c)->frozen;
  }
  if (!cls.is_enum) cls.is_int_enum = false;
}

void Evaluator::collect_fields(const ast::ClassDef& s, ClassObj& cls) {
  if (cls.base) cls.fields = cls.base->fields;
  for (const ast::StmtPtr& st : s.body) {
    auto a = st->as<ast::AnnAssign>();
    if (!a || !a->target->as<ast::Name>() || is_class_var(*a->annotation)) continue;
    ClassField f;
    f.name = a->target->as<ast::Name>()->id;
    auto it = cls.attrs.find(f.name);
    if (a->value && it != cls.attrs.end()) {
      auto spec = it->second.get<Value::Instance>();
      if (spec && (*spec)->cls && (*spec)->cls->kind == ClassKind::field_spec) {
        if (const Value* d = attr_of(**spec, "default")) f.default_value = *d;
        if (const Value* d = attr_of(**spec, "default_factory")) f.default_factory = *d;
        if (f.default_value) {
          it->second = *f.default_value;
        } else {
          cls.attrs.erase(it);
        }
      } else {
        f.default_value = it->second;
      }
    }
    auto same = std::find_if(cls.fields.begin(), cls.fields.end(),
                             [&](const ClassField& g) { return g.name == f.name; });
    if (same != cls.fields.end()) {
      *same = std::move(f);
    } else {
      cls.fields.push_back(std::move(f));
    }
  }
}

void Evaluator::make_enum_members(const ast::ClassDef& s, const Value::Class& cls) {
  int64_t last = 0;
  for (const std::string& name : assigned_names(s)) {
    auto it = cls->attrs.find(name);
    if (it == cls->attrs.end() || !is_enum_member(name, it->second)) continue;
    Value value = it->second;
    if (auto e = value.get<EnumConst>(); e && std::string_view(e->enum_name) == "auto") {
      value = Value(last + 1);
    }
    if (auto n = value.get<int64_t>()) last = *n;
    if (cls->is_int_enum && !value.is<int64_t>()) {
      fail(s.name_range, "IntEnum member " + s.name + "." + name + " must be an int, not '" +
                             type_name(value) + "'");
    }
    // A second name for a value already there is an alias of its member.
    const Value* alias = nullptr;
    for (const std::string& m : cls->members) {
      const Value& member = cls->attrs.at(m);
      if (equals((*member.get<Value::Instance>())->attrs.at("value"), value)) alias = &member;
    }
    if (alias) {
      it->second = *alias;
      continue;
    }
    auto member = new_instance();
    member->cls = cls;
    member->attrs["name"] = Value(name);
    member->attrs["value"] = value;
    member->attrs["_name_"] = Value(name);
    member->attrs["_value_"] = value;
    it->second = Value(member);
    cls->members.push_back(name);
  }
}

void Evaluator::exec_class_def(const ast::ClassDef& s, const ScopePtr& scope) {
  auto cls = new_class();
  cls->name = s.name;
  take_bases(s, *cls, scope);
  auto body = std::make_shared<Scope>();
  body->parent = scope;
  body->defining_class = cls;
  exec_block(s.body, body);
  for (auto& [name, v] : body->vars) cls->attrs[name] = v;
  collect_fields(s, *cls);
  if (cls->is_enum) make_enum_members(s, cls);
  Value v(cls);
  for (auto it = s.decorators.rbegin(); it != s.decorators.rend(); ++it) {
    v = call(eval(**it, scope), {v}, {}, (*it)->range);
  }
  store_name(s.name, v, scope);
}

void Evaluator::generated_init(const ClassObj& owner, const Value& self, ValueList args,
                               KwArgs kwargs, const SourceRange& where) {
  Signature sig;
  for (const ClassField& f : owner.fields) {
    ParamSpec p{f.name, ParamKind::positional, f.default_value};
    if (f.default_factory) p.default_value = Value(kFactoryDefault);
    // NKI's generated __init__ gives a field without a default None.
    if (!p.default_value && owner.kind == ClassKind::nki_object) p.default_value = Value();
    sig.push_back(std::move(p));
  }
  auto& inst = **self.get<Value::Instance>();
  ValueList bound = bind_arguments(inst.cls->name, sig, std::move(args), std::move(kwargs));
  for (size_t i = 0; i < bound.size(); ++i) {
    const ClassField& f = owner.fields[i];
    if (f.default_factory && identical(bound[i], Value(kFactoryDefault))) {
      bound[i] = call(*f.default_factory, {}, {}, where);
    }
    inst.set(f.name, std::move(bound[i]));
  }
  if (auto post = inst.cls->lookup("__post_init__")) {
    call(class_attribute(*post, self, inst.cls), {}, {}, where);
  }
}

Value Evaluator::instantiate(const Value::Class& cls, ValueList args, KwArgs kwargs,
                             const SourceRange& where) {
  auto wrapper = [&](Signature sig) {
    ValueList bound = bind_arguments(cls->name, sig, std::move(args), std::move(kwargs));
    auto inst = new_instance();
    inst->cls = cls;
    for (size_t i = 0; i < sig.size(); ++i) inst->attrs[sig[i].name] = bound[i];
    return inst;
  };
  if (cls->native) throw ValueError("cannot create '" + cls->name + "' instances", "TypeError");
  switch (cls->kind) {
    case ClassKind::static_method:
    case ClassKind::class_method:
      return Value(wrapper({req("__func__")}));
    case ClassKind::property:
      return Value(wrapper(
          {opt("fget", Value()), opt("fset", Value()), opt("fdel", Value()), opt("doc", Value())}));
    case ClassKind::field_spec: {
      // field(default=..., default_factory=...): only the given ones are kept.
      auto inst = wrapper({kwrest("options")});
      const Value options = inst->attrs["options"];
      inst->attrs.clear();
      for (const auto& [k, v] : (*options.get<Value::Dict>())->items) inst->attrs[to_str(k)] = v;
      return Value(inst);
    }
    case ClassKind::type_form: {
      if (cls->name != "TypeVar" || args.empty() || !args[0].is<std::string>()) {
        throw ValueError("typing." + cls->name + " cannot be instantiated");
      }
      auto t = new_class();
      t->name = *args[0].get<std::string>();
      t->kind = ClassKind::type_form;
      return Value(t);
    }
    case ClassKind::super_object:
      if (!kwargs.empty()) throw ValueError("super() takes no keyword arguments", "TypeError");
      return make_super(cls, args);
    case ClassKind::plain:
    case ClassKind::nki_object:
    case ClassKind::dataclass:
      break;
  }
  if (cls->is_enum) {
    if (args.size() != 1 || !kwargs.empty()) throw ValueError(cls->name + "() takes one value");
    for (const Value& m : iterate(Value(cls))) {
      if (equals((*m.get<Value::Instance>())->attrs["value"], args[0])) return m;
    }
    throw ValueError(to_repr(args[0]) + " is not a valid " + cls->name, "ValueError");
  }
  auto inst = new_instance();
  inst->cls = cls;
  const Value self(inst);
  // BaseException.__new__ keeps the arguments whatever __init__ does.
  if (cls->is_exception) inst->attrs["args"] = make_tuple(args);
  run_init(cls.get(), self, std::move(args), std::move(kwargs), where);
  return self;
}

void Evaluator::run_init(const ClassObj* from, const Value& self, ValueList args, KwArgs kwargs,
                         const SourceRange& where) {
  for (const ClassObj* c = from; c; c = c->base.get()) {
    auto init = c->attrs.find("__init__");
    if (init != c->attrs.end()) {
      args.insert(args.begin(), self);
      const Value result = call(init->second, std::move(args), std::move(kwargs), where);
      if (!result.is_none()) {
        throw ValueError("__init__() should return None, not '" + type_name(result) + "'",
                         "TypeError");
      }
      return;
    }
    if (c->has_fields()) {
      generated_init(*c, self, std::move(args), std::move(kwargs), where);
      return;
    }
  }
  auto& inst = **self.get<Value::Instance>();
  if (inst.cls->is_exception) {
    if (!kwargs.empty()) {
      throw ValueError(inst.cls->name + "() takes no keyword arguments", "TypeError");
    }
    inst.attrs["args"] = make_tuple(std::move(args));
    return;
  }
  if (!args.empty() || !kwargs.empty()) {
    if (from == inst.cls.get()) throw ValueError(inst.cls->name + "() takes no arguments", "TypeError");
    throw ValueError("object.__init__() takes exactly one argument (the instance to initialize)",
                     "TypeError");
  }
}

Value Evaluator::class_attribute(const Value& attr, const Value& self, const Value::Class& cls) {
  auto bind = [](const Value& obj, const Value& f) {
    return Value(Value::Method(std::make_shared<const BoundMethodObj>(BoundMethodObj{obj, f})));
  };
  if (attr.is<Value::Function>()) return self.is_none() ? attr : bind(self, attr);
  auto w = attr.get<Value::Instance>();
  if (!w || !is_wrapper(attr)) return attr;
  switch ((*w)->cls->kind) {
    case ClassKind::static_method:
      return (*w)->attrs["__func__"];
    case ClassKind::class_method:
      return bind(Value(cls), (*w)->attrs["__func__"]);
    case ClassKind::property: {
      if (self.is_none()) return attr;
      const Value getter = (*w)->attrs["fget"];
      if (getter.is_none()) {
        // Python's AttributeError: hasattr() and getattr() with a default take it.
        throw ValueError("property of '" + cls->name + "' has no getter", "AttributeError");
      }
      return call(getter, {self}, {}, SourceRange{});
    }
    default:
      return attr;
  }
}

bool Evaluator::set_property(const Value& obj, const std::string& name, const Value& v) {
  const auto& inst = **obj.get<Value::Instance>();
  if (!inst.cls) return false;
  auto attr = inst.cls->lookup(name);
  auto w = attr ? attr->get<Value::Instance>() : nullptr;
  if (w && (*w)->cls && (*w)->cls->kind == ClassKind::property) {
    const Value setter = (*w)->attrs["fset"];
    if (setter.is_none()) {
      throw ValueError("property '" + name + "' of '" + inst.cls->name + "' object has no setter",
                       "AttributeError");
    }
    call(setter, {obj, v}, {}, SourceRange{});
    return true;
  }
  if (inst.cls->native) {
    throw ValueError("'" + inst.cls->name + "' object has no attribute '" + name + "'",
                     "AttributeError");
  }
  if (inst.cls->frozen) {
    throw ValueError("cannot assign to field '" + name + "': " + inst.cls->name + " is frozen");
  }
  return false;
}

std::optional<Value> Evaluator::call_user_method(const Value& self, const std::string& name,
                                                 ValueList args) {
  auto inst = self.get<Value::Instance>();
  if (!inst || !(*inst)->cls) return std::nullopt;
  auto f = (*inst)->cls->lookup(name);
  // A function, or a builtin the class took (`__hash__ = object.__hash__`).
  if (!f || !(f->is<Value::Function>() || f->is<Value::Builtin>())) return std::nullopt;
  args.insert(args.begin(), self);
  return call(*f, std::move(args), {}, SourceRange{});
}

}  // namespace nkic::interp
