// What the REPL shows of a session's state (see interactive.h): :mem's
// listing of tensors and memory, and the names completion offers.
#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

#include "interp/repl/interactive_impl.h"
#include "runtime/diagnostic_text.h"
#include "runtime/format_util.h"

namespace nkic::interp {

namespace {

// Python's keywords, completed like names.
const char* const kKeywords[] = {
    "False",  "None",     "True", "and", "as",   "assert", "break",  "class",  "continue", "def",
    "del",    "elif",     "else", "for", "from", "global", "if",     "import", "in",       "is",
    "lambda", "nonlocal", "not",  "or",  "pass", "raise",  "return", "while",  "with",     "yield"};

bool is_identifier_text(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    return c == '_' || std::isalnum(static_cast<unsigned char>(c));
  });
}

// The attribute names of a value that completion can list.
std::vector<std::string> attribute_names(const Value& v) {
  std::vector<std::string> names;
  if (auto m = v.get<Value::Module>()) {
    for (const auto& entry : (*m)->scope->vars) names.push_back(entry.first);
  }
  std::shared_ptr<ClassObj> cls;
  if (auto c = v.get<Value::Class>()) cls = *c;
  if (auto i = v.get<Value::Instance>()) {
    for (const auto& entry : (*i)->attrs) names.push_back(entry.first);
    cls = (*i)->cls;
  }
  for (; cls; cls = cls->base) {
    for (const auto& entry : cls->attrs) names.push_back(entry.first);
  }
  return names;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

std::string Interactive::memory(std::optional<int> only) const {
  const Impl& im = *impl_;
  std::ostringstream out;
  for (const Impl::Core& c : im.cores) {
    if (only && *only != c.rank) continue;
    out << "rank " << c.rank;
    if (lnc() > 1) out << "." << c.program;
    out << ":\n";
    // Sorted by name, so the listing is the same every time.
    std::map<std::string, Value::Tensor> tensors;
    for (const auto& [name, v] : c.globals->vars) {
      if (auto t = v.get<Value::Tensor>()) tensors[name] = *t;
    }
    for (const auto& [name, t] : tensors) {
      const rt::Buffer& b = *t->buffer();
      out << "  " << name << ": " << rt::mem_kind_name(b.kind()) << " '"
          << rt::escape_controls(b.name()) << "' " << rt::dtype_name(b.dtype())
          << rt::format_shape(b.shape()) << ", " << b.bytes() << " bytes\n";
    }
    for (rt::MemKind kind :
         {rt::MemKind::hbm, rt::MemKind::shared_hbm, rt::MemKind::sbuf, rt::MemKind::psum}) {
      out << "  " << rt::mem_kind_name(kind) << ": "
          << im.machine->live_bytes(c.rank, kind, c.program) << " of " << im.machine->capacity(kind)
          << " bytes" << (rt::is_on_chip(kind) ? " per partition" : "") << " in use\n";
    }
  }
  return out.str();
}

std::optional<Value> Interactive::Impl::lookup(const std::string& dotted) const {
  const Core& rank0 = cores.front();
  std::optional<Value> v;
  size_t start = 0;
  while (start <= dotted.size()) {
    const size_t dot = dotted.find('.', start);
    const std::string part = dotted.substr(start, dot - start);
    if (!v) {
      const Value* found = rank0.globals->lookup(part);
      if (!found) found = rank0.ev->builtin(part);
      if (found) v = *found;
    } else {
      try {
        v = rank0.ev->get_attribute(*v, part);
      } catch (const std::exception&) {
        return std::nullopt;
      }
    }
    if (!v) return std::nullopt;
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return v;
}

std::vector<std::string> Interactive::completions(const std::string& prefix) const {
  const Impl& im = *impl_;
  std::vector<std::string> out;
  const size_t dot = prefix.rfind('.');
  if (dot != std::string::npos) {
    const std::string base = prefix.substr(0, dot);
    const std::string stem = prefix.substr(dot + 1);
    std::optional<Value> v = im.lookup(base);
    if (!v && (base == "nki" || starts_with(base, "nki."))) {
      // The builtin modules complete before they are imported
      // (`nki.language.ndarr<TAB>`); importing them has no effect to undo.
      try {
        v = im.cores.front().ev->import_module(base, SourceRange{});
      } catch (const std::exception&) {
        return out;
      }
    }
    if (!v) return out;
    for (const std::string& name : attribute_names(*v)) {
      if (starts_with(name, stem)) out.push_back(base + "." + name);
    }
  } else if (is_identifier_text(prefix)) {
    const Impl::Core& rank0 = im.cores.front();
    for (const auto& entry : rank0.globals->vars) out.push_back(entry.first);
    for (const std::string& name : rank0.ev->builtin_names()) out.push_back(name);
    for (const char* k : kKeywords) out.push_back(k);
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const std::string& n) { return !starts_with(n, prefix); }),
              out.end());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace nkic::interp
