// See trace_writer.h.
#include "cost/trace_writer.h"

#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

namespace nkic::cost {

TraceWriter::TraceWriter(std::ostream& out) : out_(out) {
  out_ << "{\"traceEvents\": [";
}

std::ostream& TraceWriter::next() {
  out_ << (first_ ? "\n" : ",\n");
  first_ = false;
  return out_;
}

std::string TraceWriter::quote(std::string_view text) {
  return nlohmann::json(std::string(text))
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string TraceWriter::number(double v) {
  if (!std::isfinite(v)) return "null";
  char text[32];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, v);
  return ec == std::errc() ? std::string(text, end) : "null";
}

void TraceWriter::name_process(int pid, std::string_view name) {
  next() << R"({"name": "process_name", "ph": "M", "pid": )" << pid << R"(, "args": {"name": )"
         << quote(name) << "}}";
}

void TraceWriter::name_thread(int pid, int tid, std::string_view name) {
  next() << R"({"name": "thread_name", "ph": "M", "pid": )" << pid << ", \"tid\": " << tid
         << R"(, "args": {"name": )" << quote(name) << "}}";
}

void TraceWriter::slice(std::string_view name, double start_ns, double end_ns, int pid, int tid,
                        std::string_view args) {
  next() << "{\"name\": " << name << R"(, "ph": "X", "ts": )" << number(start_ns / 1e3)
         << ", \"dur\": " << number((end_ns - start_ns) / 1e3) << ", \"pid\": " << pid
         << ", \"tid\": " << tid << ", \"args\": " << args << "}";
}

void TraceWriter::flow(int64_t id, bool start, double at_ns, int pid, int tid) {
  next() << R"({"name": "send", "cat": "ring", "ph": )"
         << (start ? "\"s\"" : "\"f\", \"bp\": \"e\"") << ", \"id\": " << id
         << ", \"ts\": " << number(at_ns / 1e3) << ", \"pid\": " << pid << ", \"tid\": " << tid
         << "}";
}

void TraceWriter::finish(std::string_view platform) {
  out_ << "\n],\n\"displayTimeUnit\": \"ns\",\n\"otherData\": {\"platform\": " << quote(platform)
       << ", \"estimated\": \"by nkic's cost model, not measured\"}}\n";
}

}  // namespace nkic::cost
