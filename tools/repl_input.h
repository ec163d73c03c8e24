// What the REPL makes of the text typed at its prompt: whether the lines
// typed so far are a whole input or need more, and how a `:` command's
// arguments split into words. No terminal, no interpreter: the tests drive
// these directly.
#pragma once

#include <string>
#include <vector>

namespace nkic::tools {

// Whether `source` (the lines typed so far) needs more lines before it can
// run: an open bracket or string, a trailing backslash, or a block (a line
// ending with ':') not yet closed by an empty line.
bool needs_more(const std::string& source);

// Whether the lines typed so far hold a block (some logical line ending with
// ':', outside brackets and strings) that `line`, typed next, ends by
// starting a new statement: not indented and not a clause of it (else, elif,
// except, finally). A script's blocks need no empty line after them.
bool block_ended_by(const std::string& source, const std::string& line);

// Splits a command's arguments at spaces outside brackets and quotes, so
// `replica_group=[[0, 1]]` stays one argument.
std::vector<std::string> split_arguments(const std::string& text);

// `s` without leading and trailing whitespace.
std::string trim(const std::string& s);

}  // namespace nkic::tools
