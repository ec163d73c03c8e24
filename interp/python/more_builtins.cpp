// Builtins beyond python_builtins.cpp's: map, filter, callable, setattr and
// delattr. Each calls back into the evaluator for the functions it is given.
#include "interp/evaluator.h"
#include "interp/python/signature_helpers.h"

namespace nkic::interp {

namespace {

Value b_map(CallArgs& c) {
  std::vector<ValueList> lists;
  for (const Value& v : tuple_items(c["iterables"])) lists.push_back(iterate(v));
  if (lists.empty()) throw ValueError("map() must have at least two arguments.", "TypeError");
  size_t n = lists[0].size();
  for (const ValueList& l : lists) n = std::min(n, l.size());
  ValueList out;
  for (size_t i = 0; i < n; ++i) {
    ValueList args;
    for (const ValueList& l : lists) args.push_back(l[i]);
    out.push_back(c.ev.call(c["function"], std::move(args), {}, c.range));
  }
  return make_list(std::move(out));
}

Value b_filter(CallArgs& c) {
  ValueList out;
  for (const Value& v : iterate(c["iterable"])) {
    const bool keep =
        c["function"].is_none() ? truthy(v) : truthy(c.ev.call(c["function"], {v}, {}, c.range));
    if (keep) out.push_back(v);
  }
  return make_list(std::move(out));
}

Value b_callable(CallArgs& c) {
  const Value& v = c["obj"];
  return v.is<Value::Function>() || v.is<Value::Builtin>() || v.is<Value::Method>() ||
         v.is<Value::Class>() || v.is<rt::AluOp>();
}

const std::string& attr_name(CallArgs& c) {
  auto name = c["name"].get<std::string>();
  if (!name) throw ValueError(c.fn.name + "(): attribute name must be string", "TypeError");
  return *name;
}

Value b_setattr(CallArgs& c) {
  const std::string& name = attr_name(c);
  const Value& obj = c["obj"];
  if (auto i = obj.get<Value::Instance>()) {
    (*i)->attrs[name] = c["value"];
  } else if (auto k = obj.get<Value::Class>()) {
    (*k)->attrs[name] = c["value"];
  } else {
    throw ValueError("'" + type_name(obj) + "' object has no attribute '" + name + "'",
                     "AttributeError");
  }
  return Value();
}

Value b_delattr(CallArgs& c) {
  const std::string& name = attr_name(c);
  const Value& obj = c["obj"];
  auto i = obj.get<Value::Instance>();
  if (!i || !(*i)->attrs.erase(name)) {
    throw ValueError("'" + type_name(obj) + "' object has no attribute '" + name + "'",
                     "AttributeError");
  }
  return Value();
}

}  // namespace

void install_more_builtins(Scope& scope) {
  static const std::vector<BuiltinPtr> functions = [] {
    const Value none;
    return std::vector<BuiltinPtr>{
        python_fn("map", {req("function"), rest("iterables")}, b_map),
        python_fn("filter", {req("function"), req("iterable")}, b_filter),
        python_fn("callable", {req("obj")}, b_callable),
        python_fn("setattr", {req("obj"), req("name"), req("value")}, b_setattr),
        python_fn("delattr", {req("obj"), req("name")}, b_delattr),
    };
  }();
  for (const BuiltinPtr& f : functions) scope.vars[f->name] = Value(f);
}

}  // namespace nkic::interp
