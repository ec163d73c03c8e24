// Finds modules on the search path the way Python's path-based finder does,
// and parses each module file once per Session (every rank evaluates the same
// AST). The search path is, in order: the root of the loaded kernel file (the
// first folder above it without an __init__.py, pytest's `prepend` rule),
// then the folders the tools give (-I DIR..., $NKIC_PATH, the stdlib).
//
// In each folder, `name` is a package (name/__init__.py), a module
// (name.py), or, when no folder has either, a namespace package spanning
// every folder called `name` (as `nkilib/experimental/` in the stdlib).
// A package's submodules are searched in its own folders (`__path__`).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/ast.h"
#include "frontend/diagnostics.h"
#include "frontend/source.h"

namespace nkic::interp {

// Whether `part` can be one part of a dotted module name: a Python
// identifier (ASCII letters, digits and _, not first a digit; any non-ASCII
// character). Nothing else reaches the file system: not '/', '..', '' or NUL.
bool is_module_part(std::string_view part);
// Whether every dot-separated part of `dotted` is one.
bool is_dotted_module_name(std::string_view dotted);

bool is_regular_file(const std::string& path);
bool is_directory(const std::string& path);

// What the import machinery needs to make a module.
struct ModuleSpec {
  std::string name;  // dotted: "a.b.c"
  std::string file;  // its .py, a package's __init__.py; empty for a namespace package
  bool package = false;
  std::vector<std::string> search;  // a package's __path__: where its submodules are
};

// Where a kernel file sits: the folder that joins the search path, and the
// module the file is (`a.b.c` for ROOT/a/b/c.py when a/ and a/b/ hold an
// __init__.py; the file's stem, with its own folder as the root, otherwise).
struct FilePlace {
  std::string root;
  ModuleSpec spec;
};
FilePlace place_of_file(const std::string& path);

class ModuleFinder {
 public:
  ModuleFinder(std::vector<std::string> path, SourceManager& sources)
      : path_(std::move(path)), sources_(sources) {}

  // The folders a top-level module is searched in, in order.
  std::vector<std::string> path() const;
  // The loaded kernel file's root, searched first; empty: none.
  void set_root(std::string root) { root_ = std::move(root); }

  // The last part of the dotted `name`, looked for in `folders`.
  std::optional<ModuleSpec> find(const std::string& name,
                                 const std::vector<std::string>& folders) const;
  // A dotted name resolved part by part from the search path (`nkirun run
  // MODULE`); nullopt when some part is missing.
  std::optional<ModuleSpec> locate(const std::string& dotted) const;

  // The parsed file, once per path: nullptr after reporting why not
  // (unreadable, syntax errors) to `sink`.
  const ast::Module* parse(const std::string& file, DiagnosticSink& sink);
  // As parse(), reading the file anew (the REPL's :load of an edited file);
  // the previous tree stays alive for the functions that point into it.
  const ast::Module* parse_again(const std::string& file, DiagnosticSink& sink);
  // As parse(), for an import at `where`: the first problem is thrown.
  const ast::Module* parse_or_throw(const std::string& file, const SourceRange& where);

 private:
  std::vector<std::string> path_;
  std::string root_;
  SourceManager& sources_;
  std::map<std::string, std::unique_ptr<ast::Module>> parsed_;
  std::vector<std::unique_ptr<ast::Module>> superseded_;
};

}  // namespace nkic::interp
