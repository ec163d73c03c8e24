// The fuzz harnesses: plain functions that take one input (the bytes of a
// kernel source file) and exercise a stage of nkic with it. libFuzzer calls
// them through the one-line entry points (parse_fuzzer.cpp, run_fuzzer.cpp,
// compile_fuzzer.cpp);
// the replay driver (replay_main.cpp) calls the same entry points over
// directories of saved inputs, in the normal build.
//
// A harness returns normally whatever the input is: a syntax or run-time
// error is an expected outcome. It aborts, with a message on stderr, when
// nkic breaks one of its own promises (an error reported without a
// diagnostic, a result with the wrong number of ranks, an exception escaping
// a Session); crashes, hangs, leaks and undefined behaviour are caught by the
// sanitizers and by libFuzzer's limits.
#pragma once

#include <string_view>

namespace nkic::fuzz {

// (1) Lexer and parser: parses `source` as a module, prints the AST or
// formats every diagnostic.
void parse_input(std::string_view source);

// (2) Parse and run on a small machine: loads `source` into an
// interp::Session of kRanks ranks and runs each of its `@nki.jit` kernels
// with arguments made by a fixed rule from the parameter names (see
// run_harness.cpp). print() output is discarded, diagnostics are kept in the
// sink and formatted, never printed.
void run_input(std::string_view source);

// (3) Parse and specialize for the compiler: loads `source` into a Session of
// kRanks ranks and specializes each of its `@nki.jit` kernels for arguments
// of the same rule (tensors given by shape), printing the IR and emitting the
// C++ (see compile_harness.cpp).
void compile_input(std::string_view source);

}  // namespace nkic::fuzz
