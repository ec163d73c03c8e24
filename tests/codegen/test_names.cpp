// Names from kernel source in generated C++: identifiers keep only
// [A-Za-z0-9_] behind a unique prefix, string literals hold exactly the
// original bytes, comments cannot end early or continue onto the next line.
#include <doctest/doctest.h>

#include <string>

#include "codegen/cpp_names.h"

namespace nkic::codegen {
namespace {

const std::string kEvil = "x\"); system(\"rm -rf /\"); //";

// Decodes a literal made by cpp_string_literal, as a C++ compiler would.
std::string decode_literal(const std::string& lit) {
  REQUIRE(lit.size() >= 2);
  REQUIRE(lit.front() == '"');
  REQUIRE(lit.back() == '"');
  std::string out;
  for (size_t i = 1; i + 1 < lit.size(); ++i) {
    const char c = lit[i];
    REQUIRE(c != '"');  // every quote inside is escaped
    if (c != '\\') {
      out += c;
      continue;
    }
    const char next = lit[++i];
    if (next >= '0' && next <= '7') {
      out += static_cast<char>(std::stoi(lit.substr(i, 3), nullptr, 8));
      i += 2;
    } else {
      out += next;
    }
  }
  return out;
}

bool only_word_chars(const std::string& s) {
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_';
    if (!ok) return false;
  }
  return true;
}

TEST_CASE("identifiers keep word characters behind a unique prefix") {
  CHECK(cpp_identifier("b", 3, "tile") == "b3_tile");
  CHECK(cpp_identifier("b", 3, "") == "b3");
  CHECK(cpp_identifier("b", 3, kEvil) == "b3_x_system_rm_rf");
  const std::string unicode = cpp_identifier("Kernel", 0, "\xd1\x8f\xd0\xb4\xd1\x80\xd0\xbe_k");
  CHECK(unicode == "Kernel0_k");
  CHECK(only_word_chars(cpp_identifier("b", 12, "a__b--c\n\"d")));
  CHECK(cpp_identifier("b", 12, "a__b--c") == "b12_a_b_c");
  // Ids alone make names unique, whatever the kernel called them.
  CHECK(cpp_identifier("b", 1, "x!") != cpp_identifier("b", 2, "x?"));
  CHECK(cpp_identifier("b", 1, std::string(100, 'a')).size() == std::string("b1_").size() + 24);
}

TEST_CASE("string literals hold exactly the original bytes") {
  for (const std::string& s :
       {kEvil, std::string("a\\b\n\t\r\"?\?=?"), std::string("\xd1\x8f\xd0\xb4\xd1\x80\xd0\xbe"),
        std::string("\0\x01z", 3), std::string("1\0012", 3), std::string()}) {
    const std::string lit = cpp_string_literal(s);
    CHECK(decode_literal(lit) == s);
    for (char c : lit) CHECK((c >= 0x20 && c < 0x7f));
  }
  CHECK(cpp_string_literal("a\"b") == "\"a\\\"b\"");
  CHECK(cpp_string_literal("\n") == "\"\\012\"");
}

TEST_CASE("comment text cannot end a comment or continue it") {
  const std::string c = cpp_comment_text("a */ b\nc\\\r%");
  CHECK(c == "a *%2F b%0Ac%5C%0D%25");
  CHECK(c.find('\n') == std::string::npos);
  CHECK(c.find('\\') == std::string::npos);
  CHECK(cpp_comment_text("\xd1\x8f") == "%D1%8F");
}

}  // namespace
}  // namespace nkic::codegen
