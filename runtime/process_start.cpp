// See process_start.h. The encoding is the kind, then strings, each as its
// length in decimal, a ':' and its bytes.
#include "runtime/process_start.h"

#include <string_view>

#include "runtime/machine.h"

namespace nkic::rt {
namespace {

void put(std::string& out, const std::string& s) {
  out += std::to_string(s.size()) + ":" + s;
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  std::string text() {
    const size_t colon = bytes_.find(':', at_);
    if (colon == std::string_view::npos || colon == at_) bad();
    size_t n = 0;
    for (size_t i = at_; i < colon; ++i) {
      const char c = bytes_[i];
      if (c < '0' || c > '9' || n > bytes_.size()) bad();
      n = n * 10 + static_cast<size_t>(c - '0');
    }
    if (bytes_.size() - (colon + 1) < n) bad();
    at_ = colon + 1 + n;
    return std::string(bytes_.substr(colon + 1, n));
  }
  bool done() const { return at_ == bytes_.size(); }

 private:
  [[noreturn]] static void bad() { throw Error("a malformed start record"); }
  std::string_view bytes_;
  size_t at_ = 0;
};

std::string process_text(size_t p) {
  return "process " + std::to_string(p);
}

// "--iters 3 on process 0, --iters 1 on process 1", "" shown as not given.
std::string option_text(const std::string& name, const std::string& shown, size_t p) {
  return (shown.empty() ? "no " + name : shown) + " on " + process_text(p);
}

// The first option process p gives otherwise than process 0, as a message;
// "" when there is none.
std::string option_difference(const ProcessStart& first, const ProcessStart& other, size_t p) {
  std::map<std::string, std::string> names;  // every option either gives
  for (const auto& [name, shown] : first.options) names[name];
  for (const auto& [name, shown] : other.options) names[name];
  for (const auto& [name, unused] : names) {
    const auto a = first.options.find(name), b = other.options.find(name);
    const std::string x = a == first.options.end() ? "" : a->second;
    const std::string y = b == other.options.end() ? "" : b->second;
    if (x == y) continue;
    return "mpirun started the processes with different options: " + option_text(name, x, 0) +
           ", " + option_text(name, y, p) + " (every process must be given the same options and " +
           "inputs)";
  }
  return "";
}

}  // namespace

std::string encode_start(const ProcessStart& s) {
  std::string out = std::to_string(static_cast<int>(s.kind));
  put(out, s.error);
  put(out, std::to_string(s.options.size()));
  for (const auto& [name, shown] : s.options) {
    put(out, name);
    put(out, shown);
  }
  return out;
}

ProcessStart decode_start(const std::string& bytes) {
  if (bytes.empty() || bytes[0] < '0' || bytes[0] > '2') throw Error("a malformed start record");
  ProcessStart s;
  s.kind = static_cast<ProcessStart::Kind>(bytes[0] - '0');
  Reader r(std::string_view(bytes).substr(1));
  s.error = r.text();
  const std::string count = r.text();
  size_t n = 0;
  for (char c : count) {
    if (c < '0' || c > '9' || n > bytes.size()) throw Error("a malformed start record");
    n = n * 10 + static_cast<size_t>(c - '0');
  }
  for (size_t i = 0; i < n; ++i) {
    std::string name = r.text();
    s.options[name] = r.text();
  }
  if (!r.done()) throw Error("a malformed start record");
  return s;
}

StartDecision decide_start(const std::vector<ProcessStart>& starts) {
  using Kind = ProcessStart::Kind;
  for (size_t p = 0; p < starts.size(); ++p) {
    if (starts[p].kind != Kind::usage_error) continue;
    bool shared = true;
    for (const ProcessStart& s : starts) shared = shared && s.error == starts[p].error;
    return {Kind::usage_error, shared ? starts[p].error : process_text(p) + ": " + starts[p].error};
  }
  for (size_t p = 1; p < starts.size(); ++p) {
    if (starts[p].kind == starts[0].kind) continue;
    const size_t asks = starts[p].kind == Kind::help ? p : 0;
    const size_t other = asks == 0 ? p : 0;
    return {Kind::usage_error, "mpirun started the processes with different options: --help on " +
                                   process_text(asks) + ", no --help on " + process_text(other) +
                                   " (every process must be given the same options and inputs)"};
  }
  if (!starts.empty() && starts[0].kind == Kind::help) return {Kind::help, ""};
  for (size_t p = 1; p < starts.size(); ++p) {
    std::string message = option_difference(starts[0], starts[p], p);
    if (!message.empty()) return {Kind::usage_error, std::move(message)};
  }
  return {Kind::run, ""};
}

}  // namespace nkic::rt
