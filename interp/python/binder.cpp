// Binding arguments to parameters, as Python does.
#include "interp/python/binder.h"

namespace nkic::interp {

namespace {

// The parameter called `name`, searched from parameter `from` round to it
// again; sig.size() when there is none. (A signature names each parameter
// once.)
inline size_t named_param(const Signature& sig, const std::string& name, size_t from) {
  const size_t n = sig.size();
  for (size_t j = 0; j < n; ++j) {
    const size_t i = (from + j) % n;
    if (sig[i].name == name) return i;
  }
  return n;
}

// The parameter a keyword argument `name` binds to, a positional or
// keyword-only one; sig.size() when there is none.
size_t keyword_param(const Signature& sig, const std::string& name) {
  const size_t i = named_param(sig, name, 0);
  if (i == sig.size()) return i;
  const ParamKind kind = sig[i].kind;
  return kind == ParamKind::positional || kind == ParamKind::keyword_only ? i : sig.size();
}

}  // namespace

ValueList bind_arguments(const std::string& callee, const Signature& sig, ValueList&& positional,
                         KwArgs&& keywords, ValueList into) {
  size_t positional_params = 0;
  int var_args = -1, var_keywords = -1;
  for (size_t i = 0; i < sig.size(); ++i) {
    if (sig[i].kind == ParamKind::positional) ++positional_params;
    if (sig[i].kind == ParamKind::var_args) var_args = static_cast<int>(i);
    if (sig[i].kind == ParamKind::var_keywords) var_keywords = static_cast<int>(i);
  }
  // The commonest call: an argument for each parameter, in order.
  if (keywords.empty() && positional_params == sig.size() && positional.size() == sig.size()) {
    return std::move(positional);
  }
  // The callee's name, for a message: built only when one is.
  const auto who = [&] { return callee + "()"; };
  // Each parameter's argument goes straight to its place in `out`; which
  // places are taken, on the stack for any signature but a huge one.
  ValueList out = std::move(into);
  out.clear();
  out.resize(sig.size());
  constexpr size_t kInlineParams = 32;
  bool taken_inline[kInlineParams] = {};
  std::vector<bool> taken_more(sig.size() > kInlineParams ? sig.size() : 0);
  const auto taken = [&](size_t i) {
    return sig.size() > kInlineParams ? bool(taken_more[i]) : taken_inline[i];
  };
  const auto take = [&](size_t i, Value v) {
    out[i] = std::move(v);
    if (sig.size() > kInlineParams) {
      taken_more[i] = true;
    } else {
      taken_inline[i] = true;
    }
  };
  size_t next = 0;
  ValueList extra;
  for (Value& v : positional) {
    while (next < sig.size() && sig[next].kind != ParamKind::positional) {
      if (sig[next].kind == ParamKind::var_args) break;
      ++next;
    }
    if (next < sig.size() && sig[next].kind == ParamKind::positional) {
      take(next++, std::move(v));
    } else if (var_args >= 0) {
      extra.push_back(std::move(v));
    } else {
      throw ValueError(who() + " takes " + std::to_string(positional_params) +
                           " positional argument" + (positional_params == 1 ? "" : "s") + " but " +
                           std::to_string(positional.size()) + " were given",
                       "TypeError");
    }
  }
  Value::Dict rest = var_keywords >= 0 ? new_dict() : nullptr;
  for (auto& [name, value] : keywords) {
    const size_t i = keyword_param(sig, name);
    if (i == sig.size()) {
      if (var_keywords < 0)
        throw ValueError(who() + " got an unexpected keyword argument '" + name + "'", "TypeError");
      if (rest->find(Value(name))) {
        throw ValueError(who() + " got multiple values for argument '" + name + "'", "TypeError");
      }
      rest->set(Value(name), std::move(value));
      continue;
    }
    if (taken(i))
      throw ValueError(who() + " got multiple values for argument '" + name + "'", "TypeError");
    take(i, std::move(value));
  }
  for (size_t i = 0; i < sig.size(); ++i) {
    if (static_cast<int>(i) == var_args) {
      out[i] = make_tuple(std::move(extra));
    } else if (static_cast<int>(i) == var_keywords) {
      out[i] = Value(rest);
    } else if (taken(i)) {
      continue;
    } else if (sig[i].default_value) {
      out[i] = *sig[i].default_value;
    } else {
      throw ValueError(who() + " missing required argument '" + sig[i].name + "'", "TypeError");
    }
  }
  return out;
}

bool keyword_places(const Signature& sig, size_t positional,
                    const std::vector<ast::Keyword>& keywords, size_t* param_of) {
  const size_t n = sig.size();
  if (positional > n || n > kMaxPlainParams || !all_positional(sig)) return false;
  bool taken[kMaxPlainParams] = {};
  for (size_t i = 0; i < positional; ++i) taken[i] = true;
  // Keywords mostly come in the signature's order: each search starts after
  // the parameter the previous keyword named.
  size_t next = positional;
  for (size_t k = 0; k < keywords.size(); ++k) {
    const std::string& name = keywords[k].name;
    if (name.empty()) return false;  // **mapping
    const size_t found = named_param(sig, name, next);
    if (found == n || taken[found]) return false;
    taken[found] = true;
    param_of[k] = found;
    next = found + 1;
  }
  for (size_t i = 0; i < n; ++i) {
    if (!taken[i] && !sig[i].default_value) return false;
  }
  return true;
}

}  // namespace nkic::interp
