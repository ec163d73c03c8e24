// See host_modules.h.
#include "interp/python/host_modules.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <system_error>

#include "interp/evaluator.h"
#include "interp/module_finder.h"
#include "interp/nki/args.h"
#include "interp/python/percent_format.h"
#include "interp/python/signature_helpers.h"

namespace nkic::interp {

namespace {

// ---- logging ------------------------------------------------------------------

constexpr int64_t kNotSet = 0, kDebug = 10, kInfo = 20, kWarning = 30, kError = 40, kCritical = 50;

const char* level_name(int64_t level) {
  if (level >= kCritical) return "CRITICAL";
  if (level >= kError) return "ERROR";
  if (level >= kWarning) return "WARNING";
  if (level >= kInfo) return "INFO";
  if (level >= kDebug) return "DEBUG";
  return "NOTSET";
}

Value::Module logging_module(CallArgs& c) {
  return *c.ev.import_module("logging", c.range).get<Value::Module>();
}

Value& module_var(const Value::Module& m, const char* name) {
  return m->scope->vars[name];
}

InstanceObj& self_of(CallArgs& c) {
  return **c["self"].get<Value::Instance>();
}

// The level a logger acts at: its own, else its parents' (the root's last).
int64_t effective_level(CallArgs& c, const InstanceObj& logger) {
  const Value::Module logging = logging_module(c);
  const auto& loggers = *module_var(logging, "_loggers").get<Value::Dict>();
  std::string name = to_str(logger.attrs.at("name"));
  int64_t level = to_int(logger.attrs.at("level"), "level");
  while (level == kNotSet && name != "root") {
    const size_t dot = name.rfind('.');
    name = dot == std::string::npos ? "root" : name.substr(0, dot);
    if (const Value* parent = loggers->find(Value(name))) {
      level = to_int((*parent->get<Value::Instance>())->attrs.at("level"), "level");
    }
  }
  return level;
}

// One record: printed when the logger's level lets it through, as
// basicConfig's format ("LEVEL:name:message") once basicConfig has run, else
// as Python's last-resort handler does (the message alone, WARNING and up).
void emit(CallArgs& c, int64_t level) {
  const InstanceObj& logger = self_of(c);
  if (level < effective_level(c, logger)) return;
  const bool configured = truthy(module_var(logging_module(c), "_configured"));
  if (!configured && level < kWarning) return;
  const Value& args = c["args"];
  std::string message = to_str(c["msg"]);
  if (!tuple_items(args).empty()) {
    const ValueList& items = tuple_items(args);
    message = percent_format(message, items.size() == 1 ? items[0] : args);
  }
  if (configured) {
    message =
        std::string(level_name(level)) + ":" + to_str(logger.attrs.at("name")) + ":" + message;
  }
  c.ev.write_stream(2, message + "\n");
}

// logger.debug(msg, *args) ... logger.critical: the level is the method's
// name's.
Value log_named(CallArgs& c) {
  const std::string& name = c.fn.name;
  const int64_t level = name == "debug"                       ? kDebug
                        : name == "info"                      ? kInfo
                        : name == "warning" || name == "warn" ? kWarning
                        : name == "critical"                  ? kCritical
                                                              : kError;  // error, exception
  emit(c, level);
  return Value();
}

Value log_at(CallArgs& c) {
  emit(c, to_int(c["level"], "level"));
  return Value();
}

Value set_level(CallArgs& c) {
  self_of(c).set("level", to_int(c["level"], "level"));
  return Value();
}

Value is_enabled_for(CallArgs& c) {
  return to_int(c["level"], "level") >= effective_level(c, self_of(c));
}

Value get_effective_level(CallArgs& c) {
  return effective_level(c, self_of(c));
}

Value add_handler(CallArgs& c) {
  (*self_of(c).attrs["handlers"].get<Value::List>())->items.push_back(c["hdlr"]);
  return Value();
}

Value nothing(CallArgs&) {
  return Value();
}

// The Logger class; its methods are bound to each logger when it is made
// (a builtin in a class does not bind, as in Python).
Value::Class logger_class() {
  const std::vector<ParamSpec> record = {req("self"), req("msg"), rest("args"), kwrest("kwargs")};
  std::vector<ParamSpec> leveled = {req("self"), req("level"), req("msg"), rest("args"),
                                    kwrest("kwargs")};
  auto cls = new_class();
  cls->name = "Logger";
  auto& a = cls->attrs;
  for (const char* name : {"debug", "info", "warning", "warn", "error", "exception", "critical"}) {
    a[name] = Value(python_fn(name, record, log_named));
  }
  a["log"] = Value(python_fn("log", leveled, log_at));
  a["setLevel"] = Value(python_fn("setLevel", {req("self"), req("level")}, set_level));
  a["isEnabledFor"] = Value(python_fn("isEnabledFor", {req("self"), req("level")}, is_enabled_for));
  a["getEffectiveLevel"] =
      Value(python_fn("getEffectiveLevel", {req("self")}, get_effective_level));
  a["addHandler"] = Value(python_fn("addHandler", {req("self"), req("hdlr")}, add_handler));
  a["removeHandler"] = Value(python_fn("removeHandler", {req("self"), req("hdlr")}, nothing));
  return cls;
}

Value get_logger(CallArgs& c) {
  const Value::Module logging = logging_module(c);
  const std::string name = c["name"].is_none() ? "root" : to_str(c["name"]);
  auto& loggers = *module_var(logging, "_loggers").get<Value::Dict>();
  if (const Value* found = loggers->find(Value(name))) return *found;
  auto logger = new_instance();
  logger->cls = *module_var(logging, "Logger").get<Value::Class>();
  logger->set("name", name);
  logger->set("level", name == "root" ? kWarning : kNotSet);
  logger->set("handlers", make_list({}));
  logger->set("propagate", true);
  logger->set("disabled", false);
  for (const auto& [method, fn] : logger->cls->attrs) {
    logger->attrs[method] = Value(
        Value::Method(std::make_shared<const BoundMethodObj>(BoundMethodObj{Value(logger), fn})));
  }
  loggers->set(Value(name), Value(logger));
  return Value(logger);
}

Value basic_config(CallArgs& c) {
  const Value::Module logging = logging_module(c);
  module_var(logging, "_configured") = true;
  const Value::Dict* options = c["kwargs"].get<Value::Dict>();
  if (const Value* level = options ? (*options)->find(Value("level")) : nullptr) {
    Value root = c.ev.call(module_var(logging, "getLogger"), {}, {}, c.range);
    (*root.get<Value::Instance>())->set("level", to_int(*level, "level"));
  }
  return Value();
}

Value handler(CallArgs&) {
  auto h = new_instance();
  return Value(h);
}

// ---- importlib and pkgutil -------------------------------------------------------

// `name` resolved against `package` as `from . import` would: one leading
// dot is the package itself, each further one a level up.
std::string absolute_name(const std::string& name, const Value& package) {
  size_t level = 0;
  while (level < name.size() && name[level] == '.') ++level;
  if (level == 0) return name;
  if (!package.is<std::string>() || package.get<std::string>()->empty()) {
    throw ValueError(
        "the 'package' argument is required to perform a relative import for '" + name + "'",
        "TypeError");
  }
  std::string base = *package.get<std::string>();
  for (size_t up = 1; up < level; ++up) {
    const size_t dot = base.rfind('.');
    if (dot == std::string::npos) {
      throw ValueError("attempted relative import beyond top-level package", "ImportError");
    }
    base = base.substr(0, dot);
  }
  const std::string rest = name.substr(level);
  return rest.empty() ? base : base + "." + rest;
}

// CPython's refusal of a name that cannot be a module's.
[[noreturn]] void no_module_named(const std::string& name) {
  throw ValueError("No module named " + repr_string(name), "ModuleNotFoundError");
}

Value import_module(CallArgs& c) {
  const std::string name = absolute_name(to_str(c["name"]), c["package"]);
  if (name.empty()) throw ValueError("Empty module name", "ValueError");
  if (!is_dotted_module_name(name)) no_module_named(name);
  return c.ev.import_module(name, c.range);
}

Value find_spec(CallArgs& c) {
  const std::string requested = to_str(c["name"]);
  if (!requested.empty() && requested[0] == '.' && c["package"].is_none()) {
    throw ValueError("no package specified for " + repr_string(requested) +
                         " (required for relative module names)",
                     "ImportError");
  }
  const std::string name = absolute_name(requested, c["package"]);
  // As CPython's: a leaf that names no module finds none; a parent that
  // cannot be imported is an error.
  const size_t dot = name.rfind('.');
  if (dot != std::string::npos && !is_dotted_module_name(name.substr(0, dot))) {
    no_module_named(name.substr(0, dot));
  }
  if (!is_module_part(dot == std::string::npos ? name : name.substr(dot + 1))) return Value();
  std::optional<ModuleSpec> spec;
  try {
    spec = c.ev.find_module_spec(name, c.range);
  } catch (const CompileError&) {
    // A parent that cannot be imported: Python raises ModuleNotFoundError.
    throw ValueError("no module named '" + name.substr(0, name.rfind('.')) + "'",
                     "ModuleNotFoundError");
  }
  if (!spec) return Value();
  auto s = new_instance();
  s->cls =
      *module_var(*c.ev.import_module("importlib.util", c.range).get<Value::Module>(), "ModuleSpec")
           .get<Value::Class>();
  s->set("name", spec->name);
  s->set("origin", spec->file.empty() ? Value() : Value(spec->file));
  ValueList search(spec->search.begin(), spec->search.end());
  s->set("submodule_search_locations", spec->package ? make_list(std::move(search)) : Value());
  return Value(s);
}

// pkgutil.iter_modules(path=None, prefix=''): (None, name, ispkg) for each
// module and package in the folders, each folder's sorted by name, a name
// once. Without a path, the search path's folders.
Value iter_modules(CallArgs& c) {
  std::vector<std::string> folders;
  if (c["path"].is_none()) {
    throw ValueError("pkgutil.iter_modules() needs a path here (a package's __path__)");
  }
  for (const Value& v : *sequence_items(c["path"])) folders.push_back(to_str(v));
  const std::string prefix = to_str(c["prefix"]);
  std::set<std::string> seen;
  ValueList out;
  namespace fs = std::filesystem;
  for (const std::string& folder : folders) {
    std::error_code ec;
    std::vector<std::pair<std::string, bool>> found;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
      const std::string file = entry.path().filename().string();
      if (entry.is_directory(ec)) {
        if (file.find('.') == std::string::npos && fs::exists(entry.path() / "__init__.py", ec)) {
          found.emplace_back(file, true);
        }
      } else if (entry.path().extension() == ".py" && file != "__init__.py") {
        found.emplace_back(entry.path().stem().string(), false);
      }
    }
    std::sort(found.begin(), found.end());
    for (const auto& [name, is_package] : found) {
      if (!seen.insert(name).second) continue;
      out.push_back(make_tuple({Value(), Value(prefix + name), Value(is_package)}));
    }
  }
  return make_list(std::move(out));
}

}  // namespace

void add_host_modules(std::map<std::string, Value::Module>& mods) {
  const Value none;
  auto logging = nki::new_module("logging");
  auto& l = logging->scope->vars;
  for (const auto& [name, level] : {std::pair<const char*, int64_t>{"NOTSET", kNotSet},
                                    {"DEBUG", kDebug},
                                    {"INFO", kInfo},
                                    {"WARNING", kWarning},
                                    {"WARN", kWarning},
                                    {"ERROR", kError},
                                    {"CRITICAL", kCritical},
                                    {"FATAL", kCritical}}) {
    l[name] = level;
  }
  l["Logger"] = Value(logger_class());
  l["_loggers"] = make_dict();
  l["_configured"] = false;
  l["getLogger"] = Value(python_fn("getLogger", {opt("name", none)}, get_logger));
  l["basicConfig"] = Value(python_fn("basicConfig", {kwrest("kwargs")}, basic_config));
  for (const char* name : {"StreamHandler", "NullHandler", "Formatter"}) {
    l[name] = Value(python_fn(name, {rest("args"), kwrest("kwargs")}, handler));
  }
  mods["logging"] = logging;

  auto util = nki::new_module("importlib.util");
  auto spec_class = new_class();
  spec_class->name = "ModuleSpec";
  util->scope->vars["ModuleSpec"] = Value(spec_class);
  util->scope->vars["find_spec"] =
      Value(python_fn("find_spec", {req("name"), opt("package", none)}, find_spec));
  mods["importlib.util"] = util;
  auto importlib = nki::new_module("importlib");
  importlib->scope->vars["import_module"] =
      Value(python_fn("import_module", {req("name"), opt("package", none)}, import_module));
  importlib->scope->vars["util"] = Value(util);
  mods["importlib"] = importlib;

  auto pkgutil = nki::new_module("pkgutil");
  pkgutil->scope->vars["iter_modules"] =
      Value(python_fn("iter_modules", {opt("path", none), opt("prefix", "")}, iter_modules));
  mods["pkgutil"] = pkgutil;
}

}  // namespace nkic::interp
