// `nkic build`'s last step: compiling the emitted C++ into a program with
// the system C++ compiler ($CXX, default c++), linked with the runtime
// libraries that hold program_main.
#pragma once

#include <string>
#include <vector>

namespace nkic::tools {

// $CXX (split at spaces) -std=c++17 -O2 FLAGS -I<source_root> CPP <libraries>
// -lpthread -o PROG, where FLAGS are those nkic was configured to give its
// programs (the sanitizers under NKIC_SANITIZE, otherwise none).
std::vector<std::string> compiler_command(const std::string& cpp, const std::string& program,
                                          const std::string& source_root,
                                          const std::vector<std::string>& libraries);

// The command as a shell would need it typed, for messages.
std::string command_text(const std::vector<std::string>& argv);

// Runs the command without a shell; returns its exit status (127 when it
// cannot be started) with its standard output and error in `output`.
int run_command(const std::vector<std::string>& argv, std::string* output);

}  // namespace nkic::tools
