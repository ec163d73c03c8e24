// Finds the stdlib modules (`nkilib.experimental.collectives` is
// stdlib/nkilib/experimental/collectives.py) on the module path, and parses
// each once per Session; every rank evaluates the same AST.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "frontend/source.h"
#include "interp/evaluator.h"

namespace nkic::interp {

bool is_regular_file(const std::string& path);

class StdlibLoader : public ModuleLoader {
 public:
  StdlibLoader(const std::vector<std::string>& path, SourceManager& sources)
      : path_(path), sources_(sources) {}

  // The file of a dotted module name; nullopt when there is none.
  std::optional<std::string> locate(const std::string& dotted) const;
  const ast::Module* find(const std::string& dotted, const SourceRange& where) override;
  bool is_package(const std::string& dotted) override;

 private:
  std::vector<std::string> path_;
  SourceManager& sources_;
  std::map<std::string, std::unique_ptr<ast::Module>> parsed_;
};

}  // namespace nkic::interp
