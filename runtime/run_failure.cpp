// See run_failure.h. The encoding is fields in order: integers as 8 bytes,
// strings and rank lists as a count then their contents.
#include "runtime/run_failure.h"

#include <algorithm>
#include <cstring>
#include <tuple>

#include "runtime/machine.h"

namespace nkic::rt {
namespace {

class Writer {
 public:
  void integer(int64_t v) { bytes_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void text(const std::string& s) {
    integer(static_cast<int64_t>(s.size()));
    bytes_ += s;
  }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  int64_t integer() {
    int64_t v = 0;
    need(sizeof v);
    std::memcpy(&v, bytes_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  std::string text() {
    const int64_t n = integer();
    if (n < 0) throw Error("a malformed failure record");
    need(static_cast<size_t>(n));
    std::string s = bytes_.substr(at_, static_cast<size_t>(n));
    at_ += static_cast<size_t>(n);
    return s;
  }
  bool done() const { return at_ == bytes_.size(); }

 private:
  void need(size_t n) const {
    if (bytes_.size() - at_ < n) throw Error("a malformed failure record");
  }
  const std::string& bytes_;
  size_t at_ = 0;
};

bool same_place(const RunFailure& a, const RunFailure& b) {
  return a.kind == b.kind && a.file == b.file && a.line == b.line && a.col == b.col &&
         a.end_col == b.end_col && a.program == b.program;
}

}  // namespace

LocatedError RunFailure::located_error() const {
  const SourcePlace place{file.c_str(), line, col, end_col, line_text.c_str(), program};
  LocatedError e(place, ranks, message);
  e.within = within;
  return e;
}

RunFailure located_failure(const LocatedError& e, int first_rank) {
  RunFailure f;
  f.kind = RunFailure::Kind::located;
  f.checks = failure_checks;
  f.within = e.within;
  f.message = e.what();
  f.file = e.place.file != nullptr ? e.place.file : "";
  f.line_text = e.place.text != nullptr ? e.place.text : "";
  f.line = e.place.line;
  f.col = e.place.col;
  f.end_col = e.place.end_col;
  f.program = e.place.program;
  f.ranks = e.ranks;
  int lowest = -1;
  for (int r : e.ranks) {
    if (r >= 0 && (lowest < 0 || r < lowest)) lowest = r;
  }
  f.rank = lowest >= 0 ? lowest : first_rank;
  return f;
}

bool happens_before(const RunFailure& a, const RunFailure& b) {
  return std::tie(a.checks, a.within, a.rank) < std::tie(b.checks, b.within, b.rank);
}

RunFailure first_failure(const std::vector<RunFailure>& failures) {
  RunFailure first = failures.at(0);
  for (const RunFailure& f : failures) {
    if (happens_before(f, first)) first = f;
  }
  if (first.kind != RunFailure::Kind::located) return first;
  if (!first.faults.empty()) {
    std::vector<MemberFault> faults;
    for (const RunFailure& f : failures) {
      const bool alike = f.checks == first.checks && f.within == first.within &&
                         same_place(f, first) && f.fault_prefix == first.fault_prefix;
      if (alike) faults.insert(faults.end(), f.faults.begin(), f.faults.end());
    }
    const FaultReport report = report_faults(faults);
    first.message = first.fault_prefix + report.text;
    first.ranks = report.ranks;
    first.faults = faults;
    return first;
  }
  std::vector<int> ranks;
  for (const RunFailure& f : failures) {
    const bool alike = f.checks == first.checks && f.within == first.within &&
                       same_place(f, first) && f.message == first.message;
    if (alike) ranks.insert(ranks.end(), f.ranks.begin(), f.ranks.end());
  }
  std::sort(ranks.begin(), ranks.end());
  ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
  first.ranks = ranks;
  return first;
}

std::string encode(const RunFailure& f) {
  Writer w;
  w.integer(static_cast<int64_t>(f.kind));
  w.integer(f.checks);
  for (int64_t v : f.within) w.integer(v);
  w.integer(f.rank);
  w.text(f.message);
  w.text(f.file);
  w.text(f.line_text);
  for (int v : {f.line, f.col, f.end_col, f.program}) w.integer(v);
  w.integer(static_cast<int64_t>(f.ranks.size()));
  for (int r : f.ranks) w.integer(r);
  w.integer(static_cast<int64_t>(f.faults.size()));
  for (const MemberFault& m : f.faults) {
    w.integer(m.rank);
    w.integer(m.list);
    w.text(m.message);
  }
  w.text(f.fault_prefix);
  return w.take();
}

RunFailure decode(const std::string& bytes) {
  Reader r(bytes);
  RunFailure f;
  const int64_t kind = r.integer();
  if (kind < 0 || kind > static_cast<int64_t>(RunFailure::Kind::located)) {
    throw Error("a malformed failure record");
  }
  f.kind = static_cast<RunFailure::Kind>(kind);
  f.checks = r.integer();
  for (int64_t& v : f.within) v = r.integer();
  f.rank = static_cast<int>(r.integer());
  f.message = r.text();
  f.file = r.text();
  f.line_text = r.text();
  for (int* v : {&f.line, &f.col, &f.end_col, &f.program}) *v = static_cast<int>(r.integer());
  const int64_t n = r.integer();
  if (n < 0) throw Error("a malformed failure record");
  for (int64_t k = 0; k < n; ++k) f.ranks.push_back(static_cast<int>(r.integer()));
  const int64_t faults = r.integer();
  if (faults < 0) throw Error("a malformed failure record");
  for (int64_t k = 0; k < faults; ++k) {
    MemberFault m;
    m.rank = static_cast<int>(r.integer());
    m.list = r.integer();
    m.message = r.text();
    f.faults.push_back(std::move(m));
  }
  f.fault_prefix = r.text();
  if (!r.done()) throw Error("a malformed failure record");
  return f;
}

}  // namespace nkic::rt
