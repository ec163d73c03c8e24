// The resolver: after parsing, numbers the local variables of every function,
// lambda and comprehension (their `locals`) and tells each Name where it is
// read from (Name::scope), so that the evaluator reads a local by its slot
// instead of searching scopes by name.
//
// The rules follow how the evaluator finds a name: a function's locals are
// its parameters and the names its body binds (assignment and `for`
// targets, `del`, imports, `def`, `class`, `except ... as`) less those it
// declares `global` or `nonlocal`; a comprehension's are its targets. A name
// read where it is not local is the nearest enclosing function's or
// comprehension's local of that name, else a global (or builtin). A class
// body binds its names in a dictionary, so names read in it, and names read
// through it that it binds, stay `dynamic`, as do names in a scope with
// `from m import *`.
#pragma once

#include "frontend/ast.h"

namespace nkic {

// Resolves a module's names, or those of an expression standing alone (a
// command-line value, a REPL line), which is read as at a module's top level.
void resolve_names(ast::Module& m);
void resolve_names(ast::Expr& e);

}  // namespace nkic
