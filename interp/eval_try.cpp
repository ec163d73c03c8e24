// The evaluator's exceptions: raise, a failed assert, try/except/else/finally,
// and the errors of builtins that are Python exceptions. A raised exception
// travels as a PyException (interp/python/exceptions.h); everything else that
// is thrown (guard rails, device errors) passes every handler and every
// `finally` untouched, since the run is over.
#include <utility>

#include "interp/evaluator.h"

namespace nkic::interp {

Value::Instance Evaluator::builtin_exception(const char* type, ValueList args) const {
  const Value::Class cls = *builtins_->vars.at(type).get<Value::Class>();
  return new_exception(cls, std::move(args));
}

void Evaluator::raise(const SourceRange& where, const Value::Instance& exc,
                      const std::string& message) const {
  // Raised while another is handled: that one is its __context__, as Python's
  // implicit chaining.
  if (!handling_.empty()) {
    const Value& handled = handling_.back().exc;
    if (auto h = handled.get<Value::Instance>(); h && *h != exc) exc->attrs["__context__"] = handled;
  }
  throw PyException(diagnostic(where, message), Value(exc));
}

void Evaluator::fail(const SourceRange& where, const ValueError& e) const {
  if (!e.py_type()) fail(where, std::string(e.what()));
  ValueList args;
  if (auto k = dynamic_cast<const KeyMissing*>(&e)) {
    args.push_back(k->key);
  } else {
    // Some messages name their class already ("IndexError: ..."): not
    // part of str(e).
    std::string text = e.what();
    const std::string prefix = std::string(e.py_type()) + ": ";
    if (text.compare(0, prefix.size(), prefix) == 0) text.erase(0, prefix.size());
    // No message, no argument: next()'s StopIteration().
    if (!text.empty()) args.push_back(std::move(text));
  }
  const std::string message = *e.what() ? e.what() : e.py_type();
  raise(where, builtin_exception(e.py_type(), std::move(args)), message);
}

// What `raise v` raises: an exception instance, or a new one when `v` is an
// exception class.
Value::Instance Evaluator::exception_value(const Value& v, const SourceRange& where) {
  Value exc = v;
  if (auto c = v.get<Value::Class>(); c && (*c)->is_exception) exc = call(v, {}, {}, where);
  if (auto i = exc.get<Value::Instance>(); i && (*i)->cls->is_exception) return *i;
  fail(where, ValueError("exceptions must derive from BaseException", "TypeError"));
}

void Evaluator::exec_raise(const ast::Raise& s, const ScopePtr& scope) {
  if (!s.exc) {
    if (!handling_.empty()) throw PyException(handling_.back());
    const std::string message = "No active exception to reraise";
    raise(s.range, builtin_exception("RuntimeError", {message}), "RuntimeError: " + message);
  }
  const Value::Instance exc = exception_value(eval(*s.exc, scope), s.exc->range);
  if (s.cause) {
    const Value cause = eval(*s.cause, scope);
    exc->attrs["__cause__"] =
        cause.is_none() ? Value() : Value(exception_value(cause, s.cause->range));
    exc->attrs["__suppress_context__"] = true;
  }
  raise(s.range, exc, exception_message(*exc));
}

void Evaluator::exec_assert_failed(const ast::Assert& s, const ScopePtr& scope) {
  std::string message = "assertion failed";
  ValueList args;
  if (s.msg) {
    // Evaluated only now, as Python does: the message may be costly or
    // only make sense when the test failed.
    const Value m = eval(*s.msg, scope);
    message += ": " + to_str(m);
    args.push_back(m);
  }
  raise(s.range, builtin_exception("AssertionError", std::move(args)), message);
}

Flow Evaluator::exec_try(const ast::Try& s, const ScopePtr& scope) {
  Flow flow = Flow::normal;
  try {
    flow = exec_try_handlers(s, scope);
  } catch (const PyException&) {
    if (s.finalbody.empty()) throw;
    // A `return`, `break` or `continue` in `finally` drops the exception,
    // as in Python.
    const Flow f = exec_block(s.finalbody, scope);
    if (f != Flow::normal) return f;
    throw;
  }
  if (s.finalbody.empty()) return flow;
  // A `return` of the body keeps its value across the calls `finally` makes.
  Value returned = std::move(return_value_);
  const ast::Return* returned_by = last_return_;
  const Flow f = exec_block(s.finalbody, scope);
  if (f != Flow::normal) return f;
  return_value_ = std::move(returned);
  last_return_ = returned_by;
  return flow;
}

// The body, then the first handler that matches what it raised, or `else`.
Flow Evaluator::exec_try_handlers(const ast::Try& s, const ScopePtr& scope) {
  try {
    const Flow f = exec_block(s.body, scope);
    if (f != Flow::normal) return f;
  } catch (const PyException& e) {
    for (const ast::ExceptHandler& h : s.handlers) {
      if (handler_matches(h, e.exc, scope)) return exec_handler(h, e, scope);
    }
    throw;
  }
  return exec_block(s.orelse, scope);
}

bool Evaluator::handler_matches(const ast::ExceptHandler& h, const Value& exc,
                                const ScopePtr& scope) {
  if (!h.type) return true;
  const Value type = eval(*h.type, scope);
  const ClassObj& cls = *(*exc.get<Value::Instance>())->cls;
  auto matches = [&](const Value& t) {
    auto c = t.get<Value::Class>();
    if (!c || !(*c)->is_exception) {
      fail(h.type->range, ValueError("catching classes that do not inherit from BaseException "
                                     "is not allowed",
                                     "TypeError"));
    }
    return derives_from(cls, **c);
  };
  if (auto items = type.get<Value::Tuple>()) {
    bool any = false;
    for (const Value& t : **items) any = matches(t) || any;
    return any;
  }
  return matches(type);
}

Flow Evaluator::exec_handler(const ast::ExceptHandler& h, const PyException& caught,
                             const ScopePtr& scope) {
  if (!h.name.empty()) store_name(h.name, caught.exc, scope);
  handling_.push_back(caught);
  struct Pop {
    std::vector<PyException>& stack;
    ~Pop() { stack.pop_back(); }
  } pop{handling_};
  const Flow f = exec_block(h.body, scope);
  // Python unbinds the name when the clause ends.
  if (!h.name.empty()) scope->erase_here(h.name);
  return f;
}

}  // namespace nkic::interp
