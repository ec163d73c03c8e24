// Hostile input must give an error, never a crash: deep brackets, long
// chains of prefix and right-associative operators, long left-associative
// chains, deep blocks, random bytes.
#include <doctest/doctest.h>
#include <pthread.h>

#include <cstddef>
#include <string>

#include "grammar/indent_lexer_base.h"
#include "test_helpers.h"

namespace {

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// The first line of the diagnostics (location and message).
std::string first_error(const std::string& source) {
  const nkic::test::ParseOutput out = nkic::test::parse_text(source);
  if (out.ok) return "parsed";
  return out.text.substr(0, out.text.find('\n'));
}

// first_error(source) on a thread of `stack_bytes` of stack.
std::string first_error_on_stack(const std::string& source, size_t stack_bytes) {
  struct Job {
    const std::string* source;
    std::string result;
  } job{&source, {}};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, stack_bytes);
  pthread_t thread;
  const int started = pthread_create(
      &thread, &attr,
      [](void* p) -> void* {
        auto* j = static_cast<Job*>(p);
        j->result = first_error(*j->source);
        return nullptr;
      },
      &job);
  pthread_attr_destroy(&attr);
  if (started != 0) return "thread not started";
  pthread_join(thread, nullptr);
  return job.result;
}

}  // namespace

TEST_CASE("robustness: brackets nest up to the limit and no further") {
  const int limit = nkic::IndentLexerBase::kMaxNesting;
  CHECK(first_error("x = " + repeat("(", limit) + "1" + repeat(")", limit) + "\n") == "parsed");
  CHECK(first_error("x = " + repeat("[", limit) + repeat("]", limit) + "\n") == "parsed");
  CHECK(first_error("x = " + repeat("(", limit + 1) + "1" + repeat(")", limit + 1) + "\n") ==
        "t.py:1:" + std::to_string(5 + limit) + ": error: too many nested brackets");
  CHECK(first_error(repeat("(", 100000)) == "t.py:1:" + std::to_string(1 + limit) +
                                                ": error: too many nested brackets");
  CHECK(first_error("f" + repeat("(f", 100000)) ==
        "t.py:1:" + std::to_string(2 + 2 * limit) + ": error: too many nested brackets");
}

TEST_CASE("robustness: long prefix and right-associative chains") {
  CHECK(first_error("x = " + repeat("not ", 100000) + "y\n").find(
            "error: expression is too deeply nested") != std::string::npos);
  CHECK(first_error("x = " + repeat("-", 100000) + "y\n").find(
            "error: expression is too deeply nested") != std::string::npos);
  CHECK(first_error("x = " + repeat("2 ** ", 100000) + "2\n").find(
            "error: expression is too deeply nested") != std::string::npos);
  CHECK(first_error("x = " + repeat("a if b else ", 100000) + "c\n").find(
            "error: expression is too deeply nested") != std::string::npos);
  CHECK(first_error("x = " + repeat("lambda: ", 100000) + "0\n").find(
            "error: expression is too deeply nested") != std::string::npos);
}

TEST_CASE("robustness: the parse stops at half of a small thread stack, with the same error") {
  // 512 KiB is far less than the depth bound's worst case needs: the stack
  // bound stops the parse first.
  for (const std::string& chain : {repeat("not ", 100000), repeat("-", 100000),
                                   repeat("2 ** ", 100000) + "2", repeat("lambda: ", 100000)}) {
    CHECK(first_error_on_stack("x = " + chain + "y\n", size_t{512} << 10)
              .find("error: expression is too deeply nested") != std::string::npos);
  }
  // Code nested as deeply as kernels nest parses on such a stack.
  CHECK(first_error_on_stack("x = " + repeat("not ", 20) + "y\n", size_t{512} << 10) == "parsed");
}

TEST_CASE("robustness: long left-associative chains") {
  CHECK(first_error("x = 1" + repeat(" + 1", 100000) + "\n") ==
        "t.py:1:5: error: expression is too deeply nested");
  CHECK(first_error("x = a" + repeat(".b", 100000) + "\n") ==
        "t.py:1:5: error: expression is too deeply nested");
  CHECK(first_error("x = a" + repeat(" and a", 100000) + "\n") ==
        "t.py:1:5: error: expression is too deeply nested");
  // Moderate chains are fine; a flat list of many elements is not nesting.
  CHECK(first_error("x = 1" + repeat(" + 1", 150) + "\n") == "parsed");
  CHECK(first_error("x = [" + repeat("1, ", 20000) + "]\n") == "parsed");
}

TEST_CASE("robustness: deep blocks") {
  std::string deep;
  for (int i = 0; i < 99; ++i) deep += std::string(static_cast<size_t>(i), ' ') + "if x:\n";
  deep += std::string(99, ' ') + "pass\n";
  CHECK(first_error(deep) == "parsed");
  std::string deeper;
  for (int i = 0; i < 101; ++i) deeper += std::string(static_cast<size_t>(i), ' ') + "if x:\n";
  deeper += std::string(101, ' ') + "pass\n";
  // The `pass` on line 102 would open a 101st level.
  CHECK(first_error(deeper) == "t.py:102:102: error: too many levels of indentation");
}

TEST_CASE("robustness: arbitrary bytes never crash") {
  // A fixed pseudo-random generator keeps the test deterministic.
  uint32_t state = 12345;
  const std::string alphabet = "()[]{}:,.=+-*/%@&|^~<>!'\"\\#\n\t ab1_fifdefclass";
  for (int round = 0; round < 300; ++round) {
    std::string text;
    const int len = 1 + static_cast<int>(state % 80);
    for (int i = 0; i < len; ++i) {
      state = state * 1103515245u + 12345u;
      text += alphabet[(state >> 16) % alphabet.size()];
    }
    CAPTURE(text);
    const nkic::test::ParseOutput out = nkic::test::parse_text(text);
    CHECK((out.ok || out.text.find("t.py:") == 0));
  }
}
