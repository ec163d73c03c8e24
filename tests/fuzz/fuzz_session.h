// What the run and compile harnesses share: the small machine they run
// kernels on, the scratch file an input is written to (a Session loads
// files), the rule that makes a kernel's arguments from its parameter names,
// and a Session over the scratch file with its own sources and sink.
//
// The argument rule:
//   - a name containing "group" gets the expression [[0, 1]] (both ranks in
//     one replica group);
//   - a name starting with "num_" gets the expression 2 (the number of ranks,
//     as the examples' num_ranks);
//   - any other name gets a float32 tensor of shape kTensorShape, element i
//     on rank r being r * 100 + i, so that collectives combine distinct
//     values.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/diagnostics.h"
#include "frontend/source.h"
#include "interp/session.h"

namespace nkic::fuzz {

constexpr int kRanks = 2;
// A runaway kernel must end in an error, well within libFuzzer's time and
// memory limits (run.sh: -timeout=10, -rss_limit_mb=2048), not as a timeout
// or an out-of-memory. A step costs about 10 us under the sanitizers and
// coverage, and an input runs up to kMaxKernels x 3 runs x kRanks ranks:
// 20000 steps each bound an endless loop's input to about 5 s.
constexpr int64_t kMaxSteps = 20'000;
constexpr int64_t kMemoryLimit = int64_t{64} << 20;
// Kernels run per input, at most.
constexpr size_t kMaxKernels = 4;
inline const std::vector<int64_t> kTensorShape = {2, 4};

// The scratch file the input is written to, in a directory of its own made
// on first use and removed at exit.
class ScratchFile {
 public:
  ScratchFile();
  ~ScratchFile();
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  // Writes `text` as the file; returns its path.
  const std::string& write(std::string_view text) const;

 private:
  std::string dir_;
  std::string path_;
};

// The arguments of the rule above, for running a kernel.
std::vector<interp::KernelArg> run_arguments(const std::vector<std::string>& params);
// The same, for tracing it (tensors by shape and dtype).
std::vector<interp::TraceArg> trace_arguments(const std::vector<std::string>& params);

// A stream buffer that accepts everything and keeps nothing.
class DiscardBuf : public std::streambuf {
 protected:
  int overflow(int c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

// A Session of kRanks ranks over `path`, loaded; `session` is null when the
// file does not load (the errors are in `sink`).
struct FuzzSession {
  DiscardBuf discard;
  std::ostream nowhere{&discard};
  SourceManager sources;
  DiagnosticSink sink;
  std::unique_ptr<interp::Session> session;

  FuzzSession(const std::string& path, bool strict);
};

}  // namespace nkic::fuzz
