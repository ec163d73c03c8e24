// The evaluator's expressions: names, literals, operators, calls,
// attributes, subscripts, comprehensions and lambdas.

#include <algorithm>

#include "interp/evaluator.h"
#include "interp/int_operands.h"
#include "interp/nki/modules.h"
#include "interp/python/format.h"
#include "interp/python/operators.h"
#include "interp/python/py_modules.h"
#include "interp/python/slices.h"
#include "interp/python/text.h"
#include "interp/work_meter.h"

namespace nkic::interp {

namespace {

Value constant_value(const ast::Constant& c) {
  if (auto i = std::get_if<int64_t>(&c.value)) return Value(*i);
  return std::visit(
      [](const auto& v) -> Value {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, ast::NoneValue>) {
          return Value();
        } else if constexpr (std::is_same_v<T, ast::EllipsisValue>) {
          return Value(EllipsisType{});
        } else {
          return Value(v);
        }
      },
      c.value);
}

std::optional<int64_t> slice_bound(const Value& v) {
  if (v.is_none()) return std::nullopt;
  return to_int(v, "slice indices");
}

// The items a slice walks over a sequence of n items (CPython's rules).
rt::SliceSpan slice_of(const SliceValue& s, size_t n) {
  return python_slice_span(s, static_cast<int64_t>(n));
}

// range(...)[a:b:c], a range again, as CPython computes it from the
// slice's indices over the range's length (which may pass 2**63 - 1: the
// arithmetic is 128-bit). Bounds that do not fit in 64 bits are an overflow.
RangeValue slice_range(const RangeValue& r, const SliceValue& s) {
  using Wide = __int128;
  if (s.step && *s.step == 0) throw ValueError("slice step cannot be zero", "ValueError");
  const Wide step = s.step.value_or(1);
  const Wide length = static_cast<Wide>(r.size());
  const Wide lower = step < 0 ? -1 : 0, upper = step < 0 ? length - 1 : length;
  auto adjust = [&](std::optional<int64_t> v, Wide if_none) {
    if (!v) return if_none;
    Wide x = *v;
    if (x < 0) x += length;
    return x < lower ? lower : (x > upper ? upper : x);
  };
  const Wide first = adjust(s.lower, step < 0 ? upper : lower);
  const Wide last = adjust(s.upper, step < 0 ? lower : upper);
  const Wide start = Wide{r.start} + first * r.step;
  const Wide stop = Wide{r.start} + last * r.step;
  const Wide new_step = Wide{r.step} * step;
  auto fits = [](Wide x) { return x >= INT64_MIN && x <= INT64_MAX; };
  if (!fits(start) || !fits(stop) || !fits(new_step)) {
    throw ValueError("integer overflow: the sliced range's bounds do not fit in 64 bits");
  }
  RangeValue out = r;
  out.start = static_cast<int64_t>(start);
  out.stop = static_cast<int64_t>(stop);
  out.step = static_cast<int64_t>(new_step);
  return out;
}

ValueList slice_items(const ValueList& items, const SliceValue& s) {
  const rt::SliceSpan span = slice_of(s, items.size());
  charge_work(span.count);
  ValueList out;
  out.reserve(static_cast<size_t>(span.count));
  for (int64_t i = 0; i < span.count; ++i) out.push_back(items[static_cast<size_t>(span.at(i))]);
  return out;
}

// A Python index (negative counts from the end) into `size` items, which may
// be more than 2**63 - 1 for a range.
uint64_t normalize_index(const Value& index, uint64_t size, const char* what) {
  const int64_t i = to_int(index, std::string(what) + " indices");
  const uint64_t magnitude = i < 0 ? 0 - static_cast<uint64_t>(i) : static_cast<uint64_t>(i);
  if (i < 0 ? magnitude > size : magnitude >= size) {
    throw ValueError(std::string(what) + " index out of range", "IndexError");
  }
  return i < 0 ? size - magnitude : magnitude;
}

// A local of the running scope read in place; nullptr for any other
// expression, or while it is unbound.
const Value* local_value(const ast::Expr& e, const Scope& scope) {
  const ast::Name* n = e.as<ast::Name>();
  return n && n->own_local() ? scope.slot_value(n->slot) : nullptr;
}

// Room for a tensor index's items, made only for the entries an index has
// (rarely more than two).
union IndexItems {
  static constexpr size_t kMax = 8;
  IndexItems() {}
  rt::IndexItem at[kMax];
};

// A slice's bound that is absent, or an int read in place, into `out`; false
// when it needs evaluating.
bool int_bound(const ast::Expr* bound, const Scope& scope, std::optional<int64_t>& out) {
  if (!bound) return true;
  int64_t x = 0;
  if (!int_operand(*bound, scope, x)) return false;
  out = x;
  return true;
}

rt::IndexItem index_item(const Value& v) {
  rt::IndexItem item;
  if (v.is<EllipsisType>()) {
    item.kind = rt::IndexItem::Kind::ellipsis;
  } else if (v.is_none()) {
    item.kind = rt::IndexItem::Kind::new_axis;
  } else if (auto s = v.get<SliceValue>()) {
    item.kind = rt::IndexItem::Kind::slice;
    item.start = s->lower;
    item.stop = s->upper;
    item.step = s->step;
    item.exact = s->exact;
  } else if (v.is<Value::Tensor>()) {
    throw ValueError(
        "a tensor cannot index a tensor at specialization time; use .ap(..., scalar_offset=...)");
  } else if (auto r = v.get<Value::Register>()) {
    register_misuse(**r, "a Python index");
  } else {
    item.index = to_int(v, "tensor indices");
  }
  return item;
}

}  // namespace

Value Evaluator::eval_checked(const ast::Expr& e, const ScopePtr& scope) {
  if (!Active::installed(*this)) {
    Active active(*this);
    return eval_checked(e, scope);
  }
  try {
    switch (e.kind) {
      case ast::ExprKind::Name:
        return load_name(*e.as<ast::Name>(), scope);
      case ast::ExprKind::Constant:
        return constant_value(*e.as<ast::Constant>());
      case ast::ExprKind::FString:
        return eval_fstring(*e.as<ast::FString>(), scope);
      case ast::ExprKind::UnaryOp: {
        const auto& u = *e.as<ast::UnaryOp>();
        return unary_op(u.op, eval(*u.operand, scope));
      }
      case ast::ExprKind::BinOp:
        return eval_bin_op(*e.as<ast::BinOp>(), scope);
      case ast::ExprKind::BoolOp: {
        const auto& b = *e.as<ast::BoolOp>();
        Value v;
        for (const ast::ExprPtr& operand : b.values) {
          v = eval(*operand, scope);
          bool t = false;
          try {
            t = truthy(v);
          } catch (const ValueError& err) {
            fail(operand->range, err);
          }
          if (t == (b.op == ast::BoolOpKind::Or)) return v;
        }
        return v;
      }
      case ast::ExprKind::Compare: {
        const auto& c = *e.as<ast::Compare>();
        Value left = eval(*c.left, scope);
        Value result(true);
        for (size_t i = 0; i < c.ops.size(); ++i) {
          Value right = eval(*c.comparators[i], scope);
          result = compare_value(c.ops[i], left, right);
          if (!truthy(result)) return result;
          left = std::move(right);
        }
        return result;
      }
      case ast::ExprKind::IfExp: {
        const auto& i = *e.as<ast::IfExp>();
        const Value test = eval(*i.test, scope);
        bool cond = false;
        try {
          cond = truthy(test);
        } catch (const ValueError& err) {
          fail(i.test->range, err);
        }
        return eval(cond ? *i.body : *i.orelse, scope);
      }
      case ast::ExprKind::Call:
        return eval_call(*e.as<ast::Call>(), scope);
      case ast::ExprKind::Attribute: {
        const auto& a = *e.as<ast::Attribute>();
        // A module's or a tensor's attribute of a name (nl.sbuf, t.shape)
        // is read where the name's value is, without copying it: nothing
        // runs that could rebind the name meanwhile. Any other value of a
        // name is copied from there, not looked up again: an instance's
        // attribute may run code that rebinds the name.
        if (const Value* held = peek(*a.value, scope)) {
          if (const Value* v = module_attribute(*held, a)) return *v;
          if (held->is<Value::Tensor>()) return get_attribute(*held, a.attr);
          return get_attribute(Value(*held), a.attr);
        }
        Value obj = eval(*a.value, scope);
        if (const Value* v = module_attribute(obj, a)) return *v;
        return get_attribute(obj, a.attr);
      }
      case ast::ExprKind::Subscript: {
        const auto& s = *e.as<ast::Subscript>();
        // A tensor named, indexed by ints read in place, is indexed where
        // the name's value is; any other index takes a copy of the value.
        const Value* held = peek(*s.value, scope);
        if (auto t = held ? held->get<Value::Tensor>() : nullptr) {
          if (auto v = subscript_in_place(**t, *s.index, *scope)) return std::move(*v);
        }
        const Value obj = held ? *held : eval(*s.value, scope);
        if (auto t = obj.get<Value::Tensor>()) {
          if (auto v = tensor_subscript(**t, *s.index, scope)) return std::move(*v);
        }
        return subscript(obj, eval(*s.index, scope));
      }
      case ast::ExprKind::Slice: {
        const auto& s = *e.as<ast::Slice>();
        SliceValue v;
        if (s.lower) v.lower = slice_bound(eval(*s.lower, scope));
        if (s.upper) v.upper = slice_bound(eval(*s.upper, scope));
        if (s.step) v.step = slice_bound(eval(*s.step, scope));
        return v;
      }
      case ast::ExprKind::Starred:
        fail(e.range, "can't use starred expression here");
      case ast::ExprKind::Tuple:
        return eval_tuple(*e.as<ast::Tuple>(), scope);
      case ast::ExprKind::List:
        return make_list(eval_elements(e.as<ast::List>()->elts, scope));
      case ast::ExprKind::Dict: {
        const auto& d = *e.as<ast::Dict>();
        auto dict = new_dict();
        for (size_t i = 0; i < d.values.size(); ++i) {
          const Value v = eval(*d.values[i], scope);
          if (!d.keys[i]) {
            auto other = v.get<Value::Dict>();
            if (!other) fail(d.values[i]->range, "'" + type_name(v) + "' object is not a mapping");
            // By position, each pair copied: the keys' __hash__ or __eq__
            // may change the dict being unpacked.
            const Value::Dict from = *other;
            for (size_t j = 0; j < from->items.size(); ++j) {
              const auto [k, x] = from->items[j];
              dict->set(k, x);
            }
            continue;
          }
          const Value k = eval(*d.keys[i], scope);
          try {
            dict->set(k, v);
          } catch (const ValueError& err) {
            fail(d.keys[i]->range, err);
          }
        }
        return Value(dict);
      }
      case ast::ExprKind::ListComp:
        return eval_list_comp(*e.as<ast::ListComp>(), scope);
      case ast::ExprKind::Lambda: {
        const auto& l = *e.as<ast::Lambda>();
        auto f = make_function("<lambda>", l.params, scope);
        f->lambda = &l;
        return Value(f);
      }
    }
    fail(e.range, "unsupported expression");
  } catch (const ValueError& err) {
    fail(e.range, err);
  } catch (const rt::Error& err) {
    fail(e.range, err.what());
  }
}

Value Evaluator::eval_bin_op(const ast::BinOp& b, const ScopePtr& scope) {
  // Operands that are ints read in place (int_operand) take no Value. The
  // left one is read before the right one is evaluated, as Python orders
  // them; the right one is read in place only when nothing runs between
  // reading it and the operation.
  int64_t x = 0;
  int64_t y = 0;
  int64_t r = 0;
  Value left;
  if (int_operand(*b.left, *scope, x)) {
    if (int_operand(*b.right, *scope, y) && int_binary_op(b.op, x, y, r)) return r;
    left = x;
  } else {
    left = eval(*b.left, scope);
    const int64_t* l = left.get<int64_t>();
    if (l && int_operand(*b.right, *scope, y) && int_binary_op(b.op, *l, y, r)) return r;
  }
  return binary_op(b.op, left, eval(*b.right, scope));
}

// Inline: load_name, the commonest expression after constants, calls it.
[[gnu::always_inline]] inline const Value* Evaluator::bound_value(const ast::Name& n,
                                                                  const ScopePtr& scope) {
  // A local the resolver numbered is read from its slot; one not yet bound
  // is searched for by name, as every other name is.
  if (n.scope == ast::NameScope::local) {
    const Scope* s = scope.get();
    for (uint16_t hops = n.hops; hops > 0 && s; --hops) s = s->parent.get();
    if (const Value* v = s ? s->slot_value(n.slot) : nullptr) return v;
  }
  const Value* v = nullptr;
  if (n.scope == ast::NameScope::global || scope->global_names.count(n.id)) {
    // A module's globals keep every name in vars, none in slots.
    v = lookups_.find(n.site, *scope->root(), n.id);
  } else {
    v = scope->lookup(n.id);
  }
  return v ? v : builtin(n.id);
}

const Value* Evaluator::peek(const ast::Expr& e, const ScopePtr& scope) {
  const ast::Name* n = e.as<ast::Name>();
  return n ? bound_value(*n, scope) : nullptr;
}

Value Evaluator::load_name(const ast::Name& n, const ScopePtr& scope) {
  if (const Value* v = bound_value(n, scope)) return *v;
  if (n.id == "__class__") {
    // A method's __class__ cell: the class whose body defined it.
    for (const Scope* s = scope.get(); s; s = s->parent.get()) {
      if (s->function && s->function->owner) return Value(s->function->owner);
    }
  }
  fail(n.range, ValueError("name '" + n.id + "' is not defined", "NameError"));
}

ValueList Evaluator::eval_elements(const ast::ExprList& elts, const ScopePtr& scope) {
  ValueList out;
  out.reserve(elts.size());
  append_elements(elts, scope, out);
  return out;
}

Value Evaluator::eval_tuple(const ast::Tuple& t, const ScopePtr& scope) {
  if (std::any_of(t.elts.begin(), t.elts.end(),
                  [](const ast::ExprPtr& e) { return e->kind == ast::ExprKind::Starred; })) {
    return make_tuple(eval_elements(t.elts, scope));
  }
  const uint32_t number = t.site.number();
  if (number >= tuple_sites_.size()) tuple_sites_.resize(number + 1);
  // Taken out of the cache while its items are evaluated: a display that
  // runs here again meanwhile (a recursive call in an item) makes its own.
  Value::Tuple kept = std::move(tuple_sites_[number]);
  if (!kept || kept.use_count() != 1 || kept->size() != t.elts.size()) {
    kept = new_tuple(eval_elements(t.elts, scope));
  } else {
    // Held by nothing else, so no one sees it change.
    auto& items = const_cast<ValueList&>(*kept);
    for (size_t i = 0; i < items.size(); ++i) items[i] = eval(*t.elts[i], scope);
  }
  // Kept only while it holds nothing that would outlive its use (a tensor
  // kept here would keep its memory).
  if (std::all_of(kept->begin(), kept->end(), [](const Value& v) { return v.is_scalar(); })) {
    tuple_sites_[number] = kept;
  }
  return Value(std::move(kept));
}

void Evaluator::append_elements(const ast::ExprList& elts, const ScopePtr& scope, ValueList& out) {
  for (const ast::ExprPtr& e : elts) {
    if (auto s = e->as<ast::Starred>()) {
      const Value v = eval(*s->value, scope);
      ValueList items;
      try {
        items = iterate(v);
      } catch (const ValueError& err) {
        fail(s->value->range, err);
      }
      out.insert(out.end(), items.begin(), items.end());
    } else {
      out.push_back(eval(*e, scope));
    }
  }
}

Value Evaluator::eval_call(const ast::Call& c, const ScopePtr& scope) {
  // A method of a str, list, dict, tuple, number or tensor (xs.append(y),
  // t.reshape(s)): its function, called with self first as the bound method
  // would call it, without making one.
  Value callee;
  // A builtin something else keeps for the whole run (unowned), named in a
  // module: called through this pointer, without a copy of its Value.
  const Value* lasting = nullptr;
  ValueList args;
  bool args_taken = false;
  if (auto a = c.func->as<ast::Attribute>()) {
    if (c.append_form && append_to_local(c, *a, scope)) return Value();
    // nl.ndarray(...), nisa.dma_copy(...): a module's function, no method;
    // a module named is read in place, any other named value copied.
    const Value* named = peek(*a->value, scope);
    const Value* f = named ? module_attribute(*named, *a) : nullptr;
    Value self = f ? Value() : named ? *named : eval(*a->value, scope);
    if (f || (f = module_attribute(self, *a))) {
      if (auto b = f->get<Value::Builtin>(); b && b->use_count() == 0) {
        lasting = f;
      } else {
        callee = *f;
      }
    } else if (auto list = self.get<Value::List>(); list && c.append_form) {
      // xs.append(y), the commonest method call, appends as list.append
      // would, without an argument list.
      append_item(**list, eval(*c.args[0], scope));
      return Value();
    } else {
      args = spare_lists_.take();
      args.reserve(c.args.size() + 1);
      args_taken = true;
      const BuiltinPtr* f = python_method_function(self, a->attr);
      if (!f && self.is<Value::Tensor>()) f = tensor_method_function(a->attr);
      if (f) {
        args.push_back(std::move(self));
        if (c.keywords.empty()) {
          append_elements(c.args, scope, args);
          return call_builtin(**f, std::move(args), {}, c.range);
        }
        callee = Value(*f);
      } else if (std::optional<Value> method =
                     self.is<Value::Instance>() ? instance_method(self, a->attr) : std::nullopt) {
        // obj.method(...): the class's function with obj first, as the bound
        // method get_attribute would make calls it.
        callee = std::move(*method);
        args.push_back(std::move(self));
      } else {
        try {
          callee = get_attribute(self, a->attr);
        } catch (const ValueError& err) {
          fail(c.func->range, err);
        } catch (const rt::Error& err) {
          fail(c.func->range, err.what());
        }
      }
    }
  } else {
    callee = eval(*c.func, scope);
  }
  if (auto f = callee.get<Value::Function>(); f && args.empty() && positional_call(**f, c)) {
    spare_lists_.give_back(std::move(args));
    return call_positional(**f, c, scope);
  }
  uint32_t defaulted = 0;
  if (!c.keywords.empty()) {
    // Which builtin, before the arguments run: they may rebind the name.
    const Value& target = lasting ? *lasting : callee;
    const auto b = target.get<Value::Builtin>();
    const BuiltinFn* fn = b ? b->get() : nullptr;
    if (fn && !args_taken) {
      if (std::optional<Value> result = call_with_bound_frame(c, target, *fn, scope)) {
        return std::move(*result);
      }
    }
    // A plain call takes its argument list only now, needing one.
    if (!args_taken) {
      args = spare_lists_.take();
      args_taken = true;
    }
    if (eval_bound_arguments(c, target, scope, args, defaulted)) {
      if (fn) return call_builtin(*fn, std::move(args), {}, c.range, defaulted);
      return call(callee, std::move(args), {}, c.range);
    }
  }
  if (!args_taken) {
    args = spare_lists_.take();
    if (args.capacity() < c.args.size()) args.reserve(c.args.size());
  }
  // Not bound at its site: the general call below, with the callee's Value,
  // taken before any argument is evaluated.
  if (lasting) callee = *lasting;
  append_elements(c.args, scope, args);
  KwArgs kwargs;
  if (!c.keywords.empty()) {
    kwargs = spare_kwargs_.take();
    kwargs.reserve(c.keywords.size());
  }
  for (const ast::Keyword& k : c.keywords) {
    Value v = eval(*k.value, scope);
    if (!k.name.empty()) {
      kwargs.emplace_back(k.name, std::move(v));
      continue;
    }
    auto d = v.get<Value::Dict>();
    if (!d) fail(k.value->range, "argument after ** must be a mapping, not " + type_name(v));
    for (const auto& [key, x] : (*d)->items) {
      auto name = key.get<std::string>();
      if (!name) fail(k.value->range, "keywords must be strings");
      kwargs.emplace_back(*name, x);
    }
  }
  if (auto k = callee.get<Value::Class>();
      k && (*k)->kind == ClassKind::super_object && args.empty() && kwargs.empty()) {
    try {
      args = zero_arg_super(scope);
    } catch (const ValueError& e) {
      fail(c.range, e);
    }
  }
  return call(callee, std::move(args), std::move(kwargs), c.range);
}

bool Evaluator::append_to_local(const ast::Call& c, const ast::Attribute& a,
                                const ScopePtr& scope) {
  // `xs.append(y)` on a local list with a name or constant for y appends
  // without holding the list: evaluating y runs nothing that could rebind xs.
  const ast::Expr& item = *c.args[0];
  if (item.kind != ast::ExprKind::Name && item.kind != ast::ExprKind::Constant) return false;
  const Value* self = local_value(*a.value, *scope);
  auto list = self ? self->get<Value::List>() : nullptr;
  if (!list) return false;
  append_item(**list, eval(item, scope));
  return true;
}

bool Evaluator::positional_call(const FunctionObj& f, const ast::Call& c) {
  return c.keywords.empty() && c.args.size() == f.signature.size() &&
         f.locals().size() >= c.args.size() && f.all_positional && !c.starred;
}

const Evaluator::KeywordSite* Evaluator::plain_site(const ast::Call& c, const Value& callee,
                                                    size_t given) {
  static_assert(kMaxPlainParams <= 32, "defaulted has a bit per parameter");
  if (c.keywords.size() > kMaxPlainParams || c.starred) return nullptr;
  const Signature* sig = nullptr;
  const void* identity = nullptr;
  if (auto b = callee.get<Value::Builtin>()) {
    sig = &(*b)->signature;
    identity = b->get();
  } else if (auto f = callee.get<Value::Function>()) {
    sig = &(*f)->signature;
    identity = f->get();
  } else {
    return nullptr;
  }
  const uint32_t number = c.site.number();
  if (number >= keyword_sites_.size()) keyword_sites_.resize(number + 1);
  if (!keyword_sites_[number]) keyword_sites_[number] = std::make_unique<KeywordSite>();
  KeywordSite& site = *keyword_sites_[number];
  if (site.identity != identity || site.given != given) {
    site.callee = callee;
    site.identity = identity;
    site.given = given;
    site.plain = keyword_places(*sig, given, c.keywords, site.places);
    site.defaulted = 0;
    site.width = given;
    if (site.plain) {
      for (size_t i = given; i < sig->size(); ++i) site.defaulted |= 1u << i;
      for (size_t k = 0; k < c.keywords.size(); ++k) {
        site.defaulted &= ~(1u << site.places[k]);
        site.width = std::max(site.width, site.places[k] + 1);
      }
    }
  }
  return site.plain ? &site : nullptr;
}

template <typename Slots>
void Evaluator::eval_into_places(const ast::Call& c, const KeywordSite& site, size_t first,
                                 const ScopePtr& scope, Slots& slots) {
  // Copies: evaluating the arguments may call through this site again, with
  // another callee, and change it.
  size_t places[kMaxPlainParams];
  std::copy_n(site.places, c.keywords.size(), places);
  for (size_t i = 0; i < c.args.size(); ++i) slots[first + i] = eval(*c.args[i], scope);
  for (size_t k = 0; k < c.keywords.size(); ++k) {
    slots[places[k]] = eval(*c.keywords[k].value, scope);
  }
}

bool Evaluator::eval_bound_arguments(const ast::Call& c, const Value& callee, const ScopePtr& scope,
                                     ValueList& args, uint32_t& defaulted) {
  const KeywordSite* site = plain_site(c, callee, args.size() + c.args.size());
  if (!site) return false;
  const uint32_t left = site->defaulted;
  const auto b = callee.get<Value::Builtin>();
  const Signature& sig = b ? (*b)->signature : (*callee.get<Value::Function>())->signature;
  const size_t width = b ? site->width : sig.size();
  const size_t first = args.size();
  // Within the capacity: no call out of line.
  if (args.capacity() < width) args.reserve(width);
  while (args.size() < width) args.emplace_back();
  eval_into_places(c, *site, first, scope, args);
  if (b) {
    defaulted |= left;
  } else {
    for (uint32_t rest = left; rest != 0; rest &= rest - 1) {
      const auto i = static_cast<size_t>(__builtin_ctz(rest));
      args[i] = *sig[i].default_value;
    }
  }
  return true;
}

std::optional<Value> Evaluator::call_with_bound_frame(const ast::Call& c, const Value& callee,
                                                      const BuiltinFn& fn, const ScopePtr& scope) {
  const KeywordSite* site = plain_site(c, callee, c.args.size());
  if (!site) return std::nullopt;
  const uint32_t left = site->defaulted;
  ArgFrame frame(site->width);
  eval_into_places(c, *site, 0, scope, frame);
  return call_bound_builtin(fn, frame.data(), c.range, left);
}

Value Evaluator::eval_fstring(const ast::FString& f, const ScopePtr& scope) {
  std::string out;
  for (const auto& part : f.parts) {
    if (auto text = std::get_if<std::string>(&part)) {
      out += *text;
      continue;
    }
    const auto& field = std::get<ast::FStringField>(part);
    const Value v = eval(*field.value, scope);
    std::string spec = field.format_spec;
    for (const ast::ExprPtr& nested : field.spec_fields) {
      const size_t mark = spec.find('\0');
      spec.replace(mark, 1, to_str(eval(*nested, scope)));
    }
    try {
      if (field.conversion == 'r') {
        out += format_value(Value(to_repr(v)), spec);
      } else if (field.conversion == 'a') {
        out += format_value(Value(to_ascii(v)), spec);
      } else if (field.conversion == 's') {
        out += format_value(Value(to_str(v)), spec);
      } else {
        out += format_value(v, spec);
      }
    } catch (const ValueError& err) {
      fail(field.value->range, err);
    }
  }
  return out;
}

Value Evaluator::eval_list_comp(const ast::ListComp& c, const ScopePtr& scope) {
  // The comprehension's variables live in their own scope, as in Python 3.
  const ScopeLease lease(*this);
  const ScopePtr& inner = lease.scope();
  inner->parent = scope;
  inner->slot_names = &c.locals;
  inner->slots.resize(c.locals.size());
  ValueList out;
  comprehension(c, 0, inner, out);
  if (!c.key) return make_list(std::move(out));
  // A dict comprehension's items come as key, value, key, value, ...
  auto d = new_dict();
  for (size_t i = 0; i + 1 < out.size(); i += 2) d->set(out[i], out[i + 1]);
  return Value(d);
}

void Evaluator::comprehension(const ast::ListComp& c, size_t level, const ScopePtr& scope,
                              ValueList& out) {
  if (level == c.generators.size()) {
    if (c.key) {
      Value key = eval(*c.key, scope);
      out.push_back(std::move(key));
    }
    out.push_back(eval(*c.elt, scope));
    if (static_cast<int64_t>(out.size()) > kMaxSequenceLength) {
      fail(c.range, "list comprehension too long");
    }
    return;
  }
  const ast::Comprehension& g = c.generators[level];
  const Value iterable = eval(*g.iter, scope);
  std::optional<LiveIteration> items;
  try {
    items.emplace(iterable);
  } catch (const ValueError& err) {
    fail(g.iter->range, err);
  }
  Value item;
  while (next_item(*items, item, *g.iter)) {
    step(g.target->range);
    assign(*g.target, item, scope);
    bool keep = true;
    for (const ast::ExprPtr& cond : g.ifs) {
      if (!truthy(eval(*cond, scope))) {
        keep = false;
        break;
      }
    }
    if (keep) comprehension(c, level + 1, scope, out);
  }
}

std::optional<Value> Evaluator::instance_method(const Value& obj, const std::string& name) {
  // get_attribute's first steps for an instance: its own attributes come
  // before its class's.
  auto i = obj.get<Value::Instance>();
  if (!i || !(*i)->cls || (*i)->cls->kind == ClassKind::super_object) return std::nullopt;
  if ((*i)->attrs.count(name)) return std::nullopt;
  std::optional<Value> f = (*i)->cls->lookup(name);
  if (!f || !f->is<Value::Function>()) return std::nullopt;
  return f;
}

const Value* Evaluator::module_attribute(const Value& obj, const ast::Attribute& a) {
  auto m = obj.get<Value::Module>();
  return m ? lookups_.find(a.site, *(*m)->scope, a.attr) : nullptr;
}

namespace {

// The function obj's class defines as `dunder` (__setattr__, ...), which
// Python looks up on the class, never the instance; nullopt when none.
std::optional<Value> class_dunder(const Value& obj, const char* dunder) {
  auto i = obj.get<Value::Instance>();
  if (!i || !(*i)->cls || (*i)->cls->kind == ClassKind::super_object) return std::nullopt;
  std::optional<Value> f = (*i)->cls->lookup(dunder);
  if (!f || !f->is<Value::Function>()) return std::nullopt;
  return f;
}

// An enum's members are fixed once the class is made.
void check_enum_member(const ClassObj& cls, const std::string& name, bool deleting) {
  if (!cls.is_enum) return;
  if (std::find(cls.members.begin(), cls.members.end(), name) == cls.members.end()) return;
  throw ValueError(deleting ? "'" + cls.name + "' cannot delete member '" + name + "'."
                            : "cannot reassign member '" + name + "'",
                   "AttributeError");
}

}  // namespace

Value Evaluator::get_attribute(const Value& obj, const std::string& name) {
  if (auto m = obj.get<Value::Module>()) {
    auto it = (*m)->scope->vars.find(name);
    if (it != (*m)->scope->vars.end()) return it->second;
    // sys.modules: the rank's modules as imported so far, a snapshot.
    if ((*m)->name == "sys" && name == "modules") {
      auto d = new_dict();
      for (const auto& [module_name, module] : imported_modules())
        d->set(Value(module_name), module);
      return Value(d);
    }
    if (const std::string cycle = import_cycle((*m)->name); !cycle.empty()) {
      throw ValueError("partially initialized module '" + (*m)->name + "' has no attribute '" +
                           name + "' (most likely due to a circular import: " + cycle + ")",
                       "AttributeError");
    }
    const std::string& hint = (*m)->missing_hint;
    throw ValueError("module '" + (*m)->name + "' has no attribute '" + name + "'" +
                         (hint.empty() ? "" : " (" + hint + ")"),
                     "AttributeError");
  }
  if (auto i = obj.get<Value::Instance>()) {
    if ((*i)->cls && (*i)->cls->kind == ClassKind::super_object) return super_attribute(obj, name);
    auto it = (*i)->attrs.find(name);
    if (it != (*i)->attrs.end()) return it->second;
    if ((*i)->cls) {
      if (auto v = (*i)->cls->lookup(name)) return class_attribute(*v, obj, (*i)->cls);
      if (name == "__class__") return Value((*i)->cls);
      // BaseException's chaining attributes, unset until a raise sets them.
      if ((*i)->cls->is_exception) {
        if (name == "__cause__" || name == "__context__") return Value();
        if (name == "__suppress_context__") return false;
      }
    }
    if (name == "__dict__") {
      auto d = new_dict();
      for (const std::string& k : (*i)->attr_order) {
        if (auto it = (*i)->attrs.find(k); it != (*i)->attrs.end()) d->set(Value(k), it->second);
      }
      for (const auto& [k, v] : (*i)->attrs) {
        if (!d->find(Value(k))) d->set(Value(k), v);
      }
      return Value(d);
    }
    if (auto v = instance_wrapper_attribute(obj, name)) return *v;
    // Python's fallback for a name found nowhere else.
    if (auto f = class_dunder(obj, "__getattr__")) {
      return call(*f, {obj, Value(name)}, {}, SourceRange{});
    }
  }
  if (auto c = obj.get<Value::Class>()) {
    if (auto v = (*c)->lookup(name)) return class_attribute(*v, Value(), *c);
    if (name == "__name__" || name == "__qualname__") return (*c)->name;
    if (name == "__members__" && (*c)->is_enum) {
      auto d = new_dict();
      for (const std::string& m : (*c)->members) d->set(Value(m), (*c)->attrs.at(m));
      return Value(d);
    }
    if ((*c)->is_enum && !(*c)->members.empty()) {
      std::string names;
      for (const std::string& m : (*c)->members) names += (names.empty() ? "" : ", ") + m;
      throw ValueError(
          "enum " + (*c)->name + " has no member '" + name + "' (its members: " + names + ")",
          "AttributeError");
    }
    throw ValueError("type object '" + (*c)->name + "' has no attribute '" + name + "'",
                     "AttributeError");
  }
  if (auto f = obj.get<Value::Function>()) {
    if (name == "__name__" || name == "__qualname__") return (*f)->name;
  }
  if (auto b = obj.get<Value::Builtin>()) {
    if (auto v = builtin_attribute(**b, name)) return *v;
    if ((*b)->name == "object") {
      if (auto v = object_attribute(name)) return *v;
    }
  }
  if (auto t = obj.get<Value::Tensor>()) {
    if (auto v = tensor_attribute(obj, **t, name)) return *v;
  }
  if (auto sl = obj.get<SliceValue>()) {
    auto part = [](const std::optional<int64_t>& v) { return v ? Value(*v) : Value(); };
    if (name == "start") return part(sl->lower);
    if (name == "stop") return part(sl->upper);
    if (name == "step") return part(sl->step);
  }
  if (auto e = obj.get<EnumConst>()) {
    if (name == "value") return e->value;
    if (name == "name") return std::string(e->member);
  }
  if (auto v = python_method(obj, name)) return *v;
  if (name == "__name__") {
    // Builtins stand for Python's types too: type(1).__name__ is 'int'.
    if (auto b = obj.get<Value::Builtin>()) return (*b)->name;
    if (auto f = obj.get<Value::Function>()) return (*f)->name;
  }
  if (auto r = obj.get<Value::Register>()) {
    if (name == "name") return (*r)->name;
  }
  throw ValueError("'" + type_name(obj) + "' object has no attribute '" + name + "'",
                   "AttributeError");
}

namespace {

// The interpreter's own types (iterators, dict views) are shared by every
// run and rank: immutable, as CPython's builtin types.
void check_mutable_type(const ClassObj& cls, const std::string& name) {
  if (cls.native) {
    throw ValueError("cannot set '" + name + "' attribute of immutable type '" + cls.name + "'",
                     "TypeError");
  }
}

}  // namespace

void Evaluator::set_attribute(const Value& obj, const std::string& name, const Value& v) {
  if (auto f = class_dunder(obj, "__setattr__")) {
    call(*f, {obj, Value(name), v}, {}, SourceRange{});
    return;
  }
  object_set_attribute(obj, name, v);
}

void Evaluator::delete_attribute(const Value& obj, const std::string& name) {
  if (auto f = class_dunder(obj, "__delattr__")) {
    call(*f, {obj, Value(name)}, {}, SourceRange{});
    return;
  }
  object_delete_attribute(obj, name);
}

void Evaluator::object_delete_attribute(const Value& obj, const std::string& name) {
  if (auto c = obj.get<Value::Class>()) {
    check_enum_member(**c, name, true);
    check_mutable_type(**c, name);
    if ((*c)->attrs.erase(name)) return;
    throw ValueError("type object '" + (*c)->name + "' has no attribute '" + name + "'",
                     "AttributeError");
  }
  auto inst = obj.get<Value::Instance>();
  if (!inst || !(*inst)->attrs.erase(name)) {
    throw ValueError("'" + type_name(obj) + "' object has no attribute '" + name + "'",
                     "AttributeError");
  }
}

void Evaluator::object_set_attribute(const Value& obj, const std::string& name, const Value& v) {
  if (auto i = obj.get<Value::Instance>()) {
    if ((*i)->cls && (*i)->cls->kind == ClassKind::super_object) {
      throw ValueError("'super' object has no attribute '" + name + "'", "AttributeError");
    }
    if (set_property(obj, name, v)) return;
    (*i)->set(name, v);
    return;
  }
  if (auto c = obj.get<Value::Class>()) {
    check_enum_member(**c, name, false);
    check_mutable_type(**c, name);
    (*c)->attrs[name] = v;
    return;
  }
  if (auto m = obj.get<Value::Module>()) {
    (*m)->scope->vars[name] = v;
    return;
  }
  if (obj.is<Value::Tensor>()) {
    throw ValueError("a tensor's attribute '" + name + "' cannot be assigned");
  }
  throw ValueError("'" + type_name(obj) + "' object has no attribute '" + name +
                   "' that can be assigned");
}

std::optional<Value> Evaluator::tensor_subscript(const rt::TensorView& t, const ast::Expr& index,
                                                 const ScopePtr& scope) {
  // t[i, a:b] indexes with the items of a tuple no one sees: they go
  // straight from their values to index items, all evaluated first, as the
  // tuple's would be.
  auto tuple = index.as<ast::Tuple>();
  if (!tuple || tuple->elts.size() > IndexItems::kMax) return std::nullopt;
  bool all_slices = true;
  for (const ast::ExprPtr& e : tuple->elts) {
    if (e->kind == ast::ExprKind::Starred) return std::nullopt;
    all_slices = all_slices && e->kind == ast::ExprKind::Slice;
  }
  IndexItems storage;
  rt::IndexItem* items = storage.at;
  const size_t n = tuple->elts.size();
  if (all_slices) {
    for (size_t i = 0; i < n; ++i)
      new (&items[i]) rt::IndexItem(slice_item(*tuple->elts[i]->as<ast::Slice>(), scope));
    return make_tensor(t.index(items, n));
  }
  // A slice's bounds go straight into its item, converted where its own
  // evaluation converts them; the other items' values are converted after
  // all are evaluated.
  Value values[IndexItems::kMax];
  for (size_t i = 0; i < n; ++i) {
    if (auto s = tuple->elts[i]->as<ast::Slice>()) {
      new (&items[i]) rt::IndexItem(slice_item(*s, scope));
    } else {
      values[i] = eval(*tuple->elts[i], scope);
    }
  }
  for (size_t i = 0; i < n; ++i) {
    if (tuple->elts[i]->kind != ast::ExprKind::Slice)
      new (&items[i]) rt::IndexItem(index_item(values[i]));
  }
  return make_tensor(t.index(items, n));
}

std::optional<Value> Evaluator::subscript_in_place(const rt::TensorView& t, const ast::Expr& index,
                                                   const Scope& scope) {
  const auto* tuple = index.as<ast::Tuple>();
  const size_t n = tuple ? tuple->elts.size() : 1;
  if (n > IndexItems::kMax) return std::nullopt;
  IndexItems storage;
  rt::IndexItem* items = storage.at;
  for (size_t i = 0; i < n; ++i) {
    const ast::Expr& e = tuple ? *tuple->elts[i] : index;
    rt::IndexItem& item = *new (&items[i]) rt::IndexItem();
    if (auto s = e.as<ast::Slice>()) {
      item.kind = rt::IndexItem::Kind::slice;
      if (!int_bound(s->lower.get(), scope, item.start) ||
          !int_bound(s->upper.get(), scope, item.stop) ||
          !int_bound(s->step.get(), scope, item.step)) {
        return std::nullopt;
      }
    } else if (!int_operand(e, scope, item.index)) {
      return std::nullopt;
    }
  }
  return make_tensor(t.index(items, n));
}

rt::IndexItem Evaluator::slice_item(const ast::Slice& s, const ScopePtr& scope) {
  rt::IndexItem item;
  item.kind = rt::IndexItem::Kind::slice;
  if (s.lower) index_slice_bound(s, *s.lower, scope, item.start);
  if (s.upper) index_slice_bound(s, *s.upper, scope, item.stop);
  if (s.step) index_slice_bound(s, *s.step, scope, item.step);
  return item;
}

void Evaluator::index_slice_bound(const ast::Slice& s, const ast::Expr& bound,
                                  const ScopePtr& scope, std::optional<int64_t>& out) {
  if (int_bound(&bound, *scope, out)) return;
  const Value v = eval(bound, scope);
  try {
    out = slice_bound(v);
  } catch (const ValueError& err) {
    fail(s.range, err);
  }
}

Value Evaluator::subscript(const Value& obj, const Value& index) {
  if (auto r = index.get<Value::Register>()) register_misuse(**r, "a Python index");
  if (auto t = obj.get<Value::Tensor>()) {
    std::vector<rt::IndexItem> items;
    if (auto tuple = index.get<Value::Tuple>()) {
      for (const Value& v : **tuple) items.push_back(index_item(v));
    } else {
      items.push_back(index_item(index));
    }
    return make_tensor((*t)->index(items));
  }
  if (auto d = obj.get<Value::Dict>()) {
    if (const Value* v = (*d)->find(index)) return *v;
    throw KeyMissing(index);
  }
  if (obj.is<Value::Instance>()) {
    if (auto v = call_user_method(obj, "__getitem__", {index})) return *v;
  }
  if (auto c = obj.get<Value::Class>()) {
    if (!(*c)->is_enum) return obj;  // Generic[T], Optional[int]: annotations only
    // A member's name or an alias's (a second name bound to a member).
    if (auto name = index.get<std::string>()) {
      auto it = (*c)->attrs.find(*name);
      if (it != (*c)->attrs.end()) {
        auto member = it->second.get<Value::Instance>();
        if (member && (*member)->cls == *c) return it->second;
      }
    }
    throw KeyMissing(index);
  }
  // list[int], tuple[int, ...], dict[str, int]: annotations only.
  if (obj.is<Value::Builtin>() && is_type_value(obj)) return obj;
  if (auto s = obj.get<std::string>()) {
    const auto n = static_cast<size_t>(text::length(*s));
    charge_text(s->size());
    if (auto sl = index.get<SliceValue>()) {
      const rt::SliceSpan span = slice_of(*sl, n);
      charge_work(span.count);
      return text::slice(*s, span);
    }
    return text::at(*s, static_cast<int64_t>(normalize_index(index, n, "string")));
  }
  if (auto r = obj.get<RangeValue>()) {
    if (auto sl = index.get<SliceValue>(); sl && std::string_view(r->kind) == "range") {
      return slice_range(*r, *sl);
    }
    return r->at(normalize_index(index, r->size(), "range object"));
  }
  if (auto items = sequence_items(obj)) {
    const bool is_list = obj.is<Value::List>();
    if (auto sl = index.get<SliceValue>()) {
      ValueList out = slice_items(*items, *sl);
      return is_list ? make_list(std::move(out)) : make_tuple(std::move(out));
    }
    return (*items)[normalize_index(index, items->size(), is_list ? "list" : "tuple")];
  }
  if (auto r = obj.get<Value::Register>()) register_misuse(**r, "a Python container");
  throw ValueError("'" + type_name(obj) + "' object is not subscriptable", "TypeError");
}

void Evaluator::set_subscript(const Value& obj, const Value& index, const Value& v) {
  if (obj.is<Value::Instance>()) {
    if (call_user_method(obj, "__setitem__", {index, v})) return;
  }
  if (auto d = obj.get<Value::Dict>()) {
    (*d)->set(index, v);
    return;
  }
  if (auto l = obj.get<Value::List>()) {
    auto& items = (*l)->items;
    if (auto sl = index.get<SliceValue>()) {
      const rt::SliceSpan span = slice_of(*sl, items.size());
      const ValueList repl = iterate(v);
      charge_work(static_cast<int64_t>(items.size()));
      if (span.step != 1) {
        if (static_cast<int64_t>(repl.size()) != span.count) {
          throw ValueError("attempt to assign sequence of size " + std::to_string(repl.size()) +
                               " to extended slice of size " + std::to_string(span.count),
                           "ValueError");
        }
        for (int64_t i = 0; i < span.count; ++i) {
          items[static_cast<size_t>(span.at(i))] = repl[static_cast<size_t>(i)];
        }
        return;
      }
      check_sequence_length(
          static_cast<int64_t>(items.size() - static_cast<size_t>(span.count) + repl.size()),
          "list");
      const auto first = items.begin() + span.start;
      items.erase(first, first + span.count);
      items.insert(items.begin() + span.start, repl.begin(), repl.end());
      return;
    }
    int64_t i = to_int(index, "list indices");
    if (i < 0) i += static_cast<int64_t>(items.size());
    if (i < 0 || i >= static_cast<int64_t>(items.size())) {
      throw ValueError("list assignment index out of range", "IndexError");
    }
    items[static_cast<size_t>(i)] = v;
    return;
  }
  if (obj.is<Value::Tensor>()) {
    throw ValueError(
        "tensor elements cannot be assigned at specialization time; write tensors with "
        "nisa.dma_copy, nisa.memset or nisa.tensor_copy");
  }
  throw ValueError("'" + type_name(obj) + "' object does not support item assignment", "TypeError");
}

}  // namespace nkic::interp
