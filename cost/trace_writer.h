// Chrome trace-event JSON (the format Perfetto and chrome://tracing open),
// written while it is made: one event a line, straight to the stream, and
// nothing kept, so that a profile of millions of slices costs no memory
// (the file is as large as it is). The estimator (estimator.h) writes its
// timeline through it.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace nkic::cost {

class TraceWriter {
 public:
  // Writes the opening of the object and of its "traceEvents" array.
  explicit TraceWriter(std::ostream& out);

  // Metadata: the name shown for a process (a rank) and for a thread (a track).
  void name_process(int pid, std::string_view name);
  void name_thread(int pid, int tid, std::string_view name);
  // A complete slice ("ph": "X") from `start_ns` to `end_ns` (written in
  // microseconds, the format's unit). `name` and `args` are JSON texts, a
  // quote()d string and an object, made once for the slices of one event.
  void slice(std::string_view name, double start_ns, double end_ns, int pid, int tid,
             std::string_view args);
  // One end of a flow arrow: its start ("s") or, `start` false, its end ("f").
  void flow(int64_t id, bool start, double at_ns, int pid, int tid);
  // Closes the array, then the object's "displayTimeUnit" and "otherData"
  // (the platform, and that the times are estimated). Nothing may follow.
  void finish(std::string_view platform);

  // `text` as a JSON string literal, quotes included; bytes that are not
  // UTF-8 become U+FFFD, so the file stays valid JSON whatever a path holds.
  static std::string quote(std::string_view text);
  // The shortest text that reads back as `v` (null for NaN or infinity).
  static std::string number(double v);

 private:
  // Starts the next event of the array.
  std::ostream& next();

  std::ostream& out_;
  bool first_ = true;
};

}  // namespace nkic::cost
