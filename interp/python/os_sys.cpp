// The `os`, `os.path` and `sys` modules.
#include "interp/python/os_sys.h"

#include <cstdint>
#include <cstdlib>
#include <limits>

#include "interp/evaluator.h"
#include "interp/python/signature_helpers.h"

extern char** environ;

namespace nkic::interp {

namespace {

// The attribute that marks sys.stdout and sys.stderr with their number.
constexpr const char* kStreamAttr = "__stream__";

Value::Module module(const std::string& name) {
  auto m = std::make_shared<ModuleObj>();
  m->name = name;
  m->scope = std::make_shared<Scope>();
  return m;
}

const std::string& str_param(CallArgs& c, const char* name) {
  auto s = c[name].get<std::string>();
  if (!s) {
    throw ValueError(c.fn.name + "() argument must be str, not '" + type_name(c[name]) + "'",
                     "TypeError");
  }
  return *s;
}

Value write_stdout(CallArgs& c) {
  const std::string& s = str_param(c, "s");
  c.ev.write_stream(1, s);
  return static_cast<int64_t>(s.size());
}

Value write_stderr(CallArgs& c) {
  const std::string& s = str_param(c, "s");
  c.ev.write_stream(2, s);
  return static_cast<int64_t>(s.size());
}

Value flush(CallArgs&) {
  return Value();
}

Value stream(const Value::Class& cls, int number) {
  static const BuiltinPtr out = python_fn("write", {req("s")}, write_stdout);
  static const BuiltinPtr err = python_fn("write", {req("s")}, write_stderr);
  static const BuiltinPtr flush_fn = python_fn("flush", {}, flush);
  auto s = new_instance();
  s->cls = cls;
  s->attrs[kStreamAttr] = int64_t{number};
  s->attrs["write"] = Value(number == 1 ? out : err);
  s->attrs["flush"] = Value(flush_fn);
  return Value(s);
}

// The real environment as the run found it: kernels read it, as library
// code reads its logging switches; writes change only this copy.
Value environment() {
  Value::Dict d = new_dict();
  for (char** e = environ; e && *e; ++e) {
    const std::string entry = *e;
    const size_t eq = entry.find('=');
    if (eq == std::string::npos) continue;
    d->set(Value(entry.substr(0, eq)), Value(entry.substr(eq + 1)));
  }
  return Value(d);
}

Value os_getenv(CallArgs& c) {
  const char* v = std::getenv(str_param(c, "key").c_str());
  if (!v) return c["default"];
  return std::string(v);
}

// posixpath's rules.
Value path_join(CallArgs& c) {
  std::string path = str_param(c, "a");
  for (const Value& v : tuple_items(c["p"])) {
    auto b = v.get<std::string>();
    if (!b) {
      throw ValueError("join() argument must be str, not '" + type_name(v) + "'", "TypeError");
    }
    if (!b->empty() && (*b)[0] == '/') {
      path = *b;
    } else if (path.empty() || path.back() == '/') {
      path += *b;
    } else {
      path += "/" + *b;
    }
  }
  return path;
}

Value path_basename(CallArgs& c) {
  const std::string& p = str_param(c, "p");
  return p.substr(p.rfind('/') + 1);
}

Value path_dirname(CallArgs& c) {
  const std::string& p = str_param(c, "p");
  std::string head = p.substr(0, p.rfind('/') + 1);
  if (head.find_first_not_of('/') != std::string::npos) {
    while (!head.empty() && head.back() == '/') head.pop_back();
  }
  return head;
}

Value path_split(CallArgs& c) {
  const std::string& p = str_param(c, "p");
  const size_t cut = p.rfind('/') + 1;
  std::string head = p.substr(0, cut);
  if (head.find_first_not_of('/') != std::string::npos) {
    while (!head.empty() && head.back() == '/') head.pop_back();
  }
  return make_tuple({Value(head), Value(p.substr(cut))});
}

}  // namespace

int stream_number(const Value& file) {
  auto i = file.get<Value::Instance>();
  if (!i) return 0;
  auto it = (*i)->attrs.find(kStreamAttr);
  if (it == (*i)->attrs.end() || !it->second.is<int64_t>()) return 0;
  return static_cast<int>(*it->second.get<int64_t>());
}

void add_os_sys_modules(std::map<std::string, Value::Module>& mods) {
  const Value none;
  auto sys = module("sys");
  auto io = new_class();
  io->name = "TextIOWrapper";
  auto& s = sys->scope->vars;
  s["stdout"] = stream(io, 1);
  s["stderr"] = stream(io, 2);
  s["maxsize"] = std::numeric_limits<int64_t>::max();
  s["platform"] = "linux";
  s["version_info"] = make_tuple({3, 12, 0, "final", 0});
  mods["sys"] = sys;

  auto path = module("os.path");
  auto& p = path->scope->vars;
  static const std::vector<BuiltinPtr> path_fns = {
      python_fn("join", {req("a"), rest("p")}, path_join),
      python_fn("basename", {req("p")}, path_basename),
      python_fn("dirname", {req("p")}, path_dirname),
      python_fn("split", {req("p")}, path_split),
  };
  for (const BuiltinPtr& f : path_fns) p[f->name] = Value(f);
  p["sep"] = "/";
  mods["os.path"] = path;

  auto os = module("os");
  auto& o = os->scope->vars;
  static const BuiltinPtr getenv =
      python_fn("getenv", {req("key"), opt("default", none)}, os_getenv);
  o["getenv"] = Value(getenv);
  o["environ"] = environment();
  o["path"] = Value(path);
  o["sep"] = "/";
  o["linesep"] = "\n";
  mods["os"] = os;
}

}  // namespace nkic::interp
