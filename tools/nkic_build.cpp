// See nkic_build.h. The compiler runs through posix_spawnp with an argument
// vector, so no path or name can be read as shell syntax; its output goes to
// a temporary file that is read back.
#include "tools/nkic_build.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <utility>

extern char** environ;

namespace nkic::tools {
namespace {

std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> words;
  std::istringstream in(s);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// Flags the programs must share with the libraries they link, e.g. the
// sanitizers when nkic itself was built with them.
#ifndef NKIC_PROGRAM_FLAGS
#define NKIC_PROGRAM_FLAGS ""
#endif

std::string temp_dir() {
  const char* dir = std::getenv("TMPDIR");
  return dir != nullptr && *dir != '\0' ? dir : "/tmp";
}

}  // namespace

std::vector<std::string> compiler_command(const std::string& cpp, const std::string& program,
                                          const std::string& source_root,
                                          const std::vector<std::string>& libraries) {
  const char* cxx = std::getenv("CXX");
  std::vector<std::string> argv = split_words(cxx != nullptr ? cxx : "");
  if (argv.empty()) argv.push_back("c++");
  for (const char* flag : {"-std=c++17", "-O2"}) argv.push_back(flag);
  for (std::string& flag : split_words(NKIC_PROGRAM_FLAGS)) argv.push_back(std::move(flag));
  argv.push_back("-I" + source_root);
  argv.push_back(cpp);
  for (const std::string& lib : libraries) argv.push_back(lib);
  argv.push_back("-lpthread");
  argv.push_back("-o");
  argv.push_back(program);
  return argv;
}

std::string command_text(const std::vector<std::string>& argv) {
  std::string text;
  for (const std::string& a : argv) {
    if (!text.empty()) text += ' ';
    const bool plain = !a.empty() && a.find_first_not_of(
                                         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                         "0123456789-_=+./:,@") == std::string::npos;
    if (plain) {
      text += a;
      continue;
    }
    text += '\'';
    for (char c : a) text += c == '\'' ? std::string("'\\''") : std::string(1, c);
    text += '\'';
  }
  return text;
}

int run_command(const std::vector<std::string>& argv, std::string* output) {
  std::string log_path = temp_dir() + "/nkic-cxx-XXXXXX";
  const int fd = ::mkstemp(log_path.data());
  if (fd < 0) {
    *output = "cannot create a temporary file in " + temp_dir();
    return 127;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fd, STDERR_FILENO);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fd);
  int status = 127;
  if (spawned == 0) {
    int wait_status = 0;
    if (::waitpid(pid, &wait_status, 0) == pid && WIFEXITED(wait_status)) {
      status = WEXITSTATUS(wait_status);
    } else {
      status = 128;
    }
  }
  std::ifstream in(log_path);
  std::ostringstream text;
  text << in.rdbuf();
  *output = text.str();
  if (spawned != 0) *output += "cannot run '" + argv[0] + "'\n";
  ::unlink(log_path.c_str());
  return status;
}

}  // namespace nkic::tools
