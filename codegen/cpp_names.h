// Making text from kernel source safe to put into generated C++: names
// become identifiers of [A-Za-z0-9_] behind a prefix and a unique number,
// strings become escaped literals, and comments can never end early or run
// onto the next line. Nothing a kernel names can break or inject into the
// generated program.
#pragma once

#include <string>
#include <string_view>

namespace nkic::codegen {

// "b3_x_tile": prefix, id (which alone makes it unique), then the name with
// every other byte replaced by '_', runs of '_' merged, at most
// kMaxNamePart bytes of it.
std::string cpp_identifier(std::string_view prefix, int id, std::string_view name);

// A C++ string literal, quotes included, holding exactly `text`'s bytes:
// printable ASCII as itself (with \\, \" and \? escaped), the rest as
// three-digit octal escapes.
std::string cpp_string_literal(std::string_view text);

// Text safe inside a comment of either kind: printable ASCII only, the rest
// (and '%', '\\', which could continue a `//` comment onto the next line,
// and the '/' of "*/") as %XX.
std::string cpp_comment_text(std::string_view text);

}  // namespace nkic::codegen
