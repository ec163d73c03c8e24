// Literal decoding: integer bases and limits, floats, string prefixes and
// escapes, and the splitting of f-string bodies.
#include <doctest/doctest.h>

#include <limits>

#include "frontend/literals.h"

namespace lit = nkic::literals;

TEST_CASE("integers") {
  CHECK(lit::parse_int("0") == 0);
  CHECK(lit::parse_int("00") == 0);
  CHECK(lit::parse_int("1_000") == 1000);
  CHECK(lit::parse_int("0xff") == 255);
  CHECK(lit::parse_int("0XfF") == 255);
  CHECK(lit::parse_int("0o777") == 511);
  CHECK(lit::parse_int("0b1_0000_0000") == 256);
  CHECK(lit::parse_int("9223372036854775807") == std::numeric_limits<int64_t>::max());
  CHECK_FALSE(lit::parse_int("9223372036854775808").has_value());
  CHECK(lit::parse_int("0x7fffffffffffffff") == std::numeric_limits<int64_t>::max());
  CHECK_FALSE(lit::parse_int("0x8000000000000000").has_value());
  CHECK_FALSE(lit::parse_int("99999999999999999999999").has_value());
}

TEST_CASE("floats") {
  CHECK(lit::parse_float("1.") == 1.0);
  CHECK(lit::parse_float(".5") == 0.5);
  CHECK(lit::parse_float("1e-3") == 0.001);
  CHECK(lit::parse_float("1_0.0_1") == 10.01);
}

TEST_CASE("string prefixes and quotes") {
  const lit::StringToken a = lit::split_string("rb'x'");
  CHECK(a.raw);
  CHECK(a.bytes);
  CHECK_FALSE(a.fstring);
  CHECK(a.body == "x");
  CHECK(a.body_offset == 3);
  const lit::StringToken b = lit::split_string("F\"\"\"a\"b\"\"\"");
  CHECK(b.fstring);
  CHECK(b.body == "a\"b");
  CHECK(b.body_offset == 4);
  CHECK(lit::split_string("''").body.empty());
}

TEST_CASE("escapes") {
  std::string err;
  CHECK(lit::decode_escapes("a\\nb\\t\\\\\\'\\\"", false, err) == "a\nb\t\\'\"");
  CHECK(lit::decode_escapes("\\x41\\101\\0", false, err) == std::string("AA\0", 3));
  CHECK(lit::decode_escapes("\\u20ac\\U0001F600", false, err) == "\xe2\x82\xac\xf0\x9f\x98\x80");
  CHECK(lit::decode_escapes("a\\\nb", false, err) == "ab");
  CHECK(lit::decode_escapes("\\d", false, err) == "\\d");
  CHECK(lit::decode_escapes("\\n", true, err) == "\\n");
  CHECK_FALSE(lit::decode_escapes("\\xZZ", false, err).has_value());
  CHECK(err == "invalid \\x escape in string literal");
  CHECK_FALSE(lit::decode_escapes("\\U00110000", false, err).has_value());
}

TEST_CASE("f-string splitting") {
  std::string err;
  auto pieces = lit::split_fstring("a{x!r:>4}b{{c}}{d['}']}", err);
  REQUIRE(pieces.has_value());
  REQUIRE(pieces->size() == 4);
  CHECK((*pieces)[0].text == "a");
  CHECK((*pieces)[1].is_field);
  CHECK((*pieces)[1].expr == "x");
  CHECK((*pieces)[1].expr_offset == 2);
  CHECK((*pieces)[1].conversion == 'r');
  CHECK((*pieces)[1].format_spec == ">4");
  CHECK((*pieces)[2].text == "b{c}");
  CHECK((*pieces)[3].expr == "d['}']");
  CHECK((*pieces)[3].expr_offset == 16);

  auto ne = lit::split_fstring("{a != b}", err);
  REQUIRE(ne.has_value());
  CHECK((*ne)[0].expr == "a != b");

  CHECK_FALSE(lit::split_fstring("a}b", err).has_value());
  CHECK(err == "f-string: single '}' is not allowed");
  CHECK_FALSE(lit::split_fstring("{x", err).has_value());
  CHECK(err == "f-string: expecting '}'");
  CHECK_FALSE(lit::split_fstring("{x!z}", err).has_value());
  CHECK_FALSE(lit::split_fstring("{ }", err).has_value());
  CHECK(err == "f-string: empty expression not allowed");
}
