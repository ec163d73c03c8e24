#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "runtime/machine.h"
#include "runtime/process_start.h"

using namespace nkic::rt;
using Kind = ProcessStart::Kind;

namespace {

ProcessStart run(const std::string& iters, const std::string& input = "-a x=@x{rank}.npy") {
  ProcessStart s;
  s.options["--iters"] = "--iters " + iters;
  s.options["--strict"] = "";
  s.options["-a x"] = input;
  return s;
}

ProcessStart mistake(const std::string& message) {
  ProcessStart s;
  s.kind = Kind::usage_error;
  s.error = message;
  return s;
}

}  // namespace

TEST_CASE("processes started alike run") {
  const StartDecision d = decide_start({run("3"), run("3"), run("3")});
  CHECK(d.kind == Kind::run);
  CHECK(d.message.empty());
}

TEST_CASE("processes started with other options stop, naming the option and the processes") {
  const StartDecision iters = decide_start({run("3"), run("3"), run("1")});
  CHECK(iters.kind == Kind::usage_error);
  CHECK(iters.message ==
        "mpirun started the processes with different options: --iters 3 on process 0, --iters 1 "
        "on process 2 (every process must be given the same options and inputs)");
  ProcessStart strict = run("3");
  strict.options["--strict"] = "--strict";
  CHECK(decide_start({run("3"), strict})
            .message.find("no --strict on process 0, --strict on "
                          "process 1") != std::string::npos);
  // Inputs are compared as given, {rank} patterns and all.
  const StartDecision input = decide_start({run("3"), run("3", "-a x=@y{rank}.npy")});
  CHECK(input.message.find("-a x=@x{rank}.npy on process 0, -a x=@y{rank}.npy on process 1") !=
        std::string::npos);
  ProcessStart extra = run("3");
  extra.options["-a y"] = "-a y=@y.npy";
  CHECK(decide_start({run("3"), extra})
            .message.find("no -a y on process 0, -a y=@y.npy on "
                          "process 1") != std::string::npos);
}

TEST_CASE("a command-line mistake on some processes is reported for all of them") {
  const StartDecision all = decide_start({mistake("bad"), mistake("bad")});
  CHECK(all.kind == Kind::usage_error);
  CHECK(all.message == "bad");
  const StartDecision one = decide_start({run("3"), mistake("--iters: 0 not in range")});
  CHECK(one.kind == Kind::usage_error);
  CHECK(one.message == "process 1: --iters: 0 not in range");
  ProcessStart help;
  help.kind = Kind::help;
  CHECK(decide_start({help, help}).kind == Kind::help);
  const StartDecision some_help = decide_start({run("3"), help});
  CHECK(some_help.kind == Kind::usage_error);
  CHECK(some_help.message.find("--help on process 1, no --help on process 0") != std::string::npos);
}

TEST_CASE("a start travels between processes unchanged, and bad bytes are refused") {
  ProcessStart s = run("3", "-a x=@we:ird\npath.npy");
  const ProcessStart back = decode_start(encode_start(s));
  CHECK(back.kind == Kind::run);
  CHECK(back.options == s.options);
  const ProcessStart m = decode_start(encode_start(mistake("no -a for input 'x'")));
  CHECK(m.kind == Kind::usage_error);
  CHECK(m.error == "no -a for input 'x'");
  const std::string bytes = encode_start(s);
  CHECK_THROWS_AS(decode_start(bytes.substr(0, bytes.size() - 1)), Error);
  CHECK_THROWS_AS(decode_start(bytes + "x"), Error);
  CHECK_THROWS_AS(decode_start("9"), Error);
  CHECK_THROWS_AS(decode_start(""), Error);
}
