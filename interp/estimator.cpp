// See estimator.h.
#include "interp/estimator.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "cost/collective_cost.h"
#include "cost/op_cost.h"
#include "interp/nki/collective.h"
#include "interp/spmd.h"
#include "runtime/dtype.h"
#include "runtime/format_util.h"

namespace nkic::interp {

namespace {

std::string place_of(const SourceRange& r) {
  if (!r.valid()) return "";
  return r.file->path() + ":" + std::to_string(r.begin.line);
}

std::string pattern_text(const rt::AccessPattern& ap) {
  return rt::format_shape(ap.shape()) + " " + std::string(rt::dtype_name(ap.dtype()));
}

std::string shapes_of(const rt::OpOperands& o) {
  std::string out;
  for (size_t i = 0; i < o.dsts.size(); ++i) out += (i ? ", " : "") + pattern_text(*o.dsts[i]);
  if (!o.srcs.empty()) out += " <- ";
  for (size_t i = 0; i < o.srcs.size(); ++i) out += (i ? ", " : "") + pattern_text(*o.srcs[i]);
  return out;
}

std::vector<cost::Access> accesses(rt::Span<const rt::AccessPattern*> patterns) {
  std::vector<cost::Access> out;
  for (const rt::AccessPattern* ap : patterns) out.push_back(cost::access_of(*ap));
  return out;
}

int64_t bytes_of(const std::vector<Value::Tensor>& tensors) {
  int64_t n = 0;
  for (const auto& t : tensors) n += t->size() * static_cast<int64_t>(rt::dtype_size(t->dtype()));
  return n;
}

// The collective as nccom-test sizes it (collective_cost.h).
cost::Collective cost_kind(CollectiveKind k) {
  switch (k) {
    case CollectiveKind::all_reduce:
      return cost::Collective::all_reduce;
    case CollectiveKind::all_gather:
      return cost::Collective::all_gather;
    case CollectiveKind::reduce_scatter:
      return cost::Collective::reduce_scatter;
    case CollectiveKind::all_to_all:
      return cost::Collective::all_to_all;
    default:
      return cost::Collective::permute;
  }
}

}  // namespace

Estimator::Estimator(cost::Params params, int ranks, int lnc)
    : params_(std::move(params)),
      ranks_(ranks),
      lnc_(lnc),
      schedule_(ranks * lnc, static_cast<int>(params_.dma.engines_per_core)) {}

void Estimator::reset() {
  schedule_ = cost::Schedule(ranks_ * lnc_, static_cast<int>(params_.dma.engines_per_core));
  events_.clear();
}

void Estimator::op(int rank, int program, const rt::DeviceOp& op, const rt::OpOperands& o,
                   const SourceRange& where) {
  const cost::OpCost c = cost::op_cost(params_, op, o);
  if (c.where == cost::OpCost::Where::none) return;
  Event e;
  e.name = rt::op_name(op);
  e.place = place_of(where);
  e.shapes = shapes_of(o);
  e.bytes = c.bytes;
  const auto reads = accesses(o.srcs);
  const auto writes = accesses(o.dsts);
  if (std::holds_alternative<rt::LncExchange>(op)) {
    // Both programs' DMAs at once, when both have arrived: one slice each.
    std::vector<cost::Schedule::Member> members(2);
    for (int p = 0; p < 2; ++p) {
      members[static_cast<size_t>(p)].rank = unit(rank, p);
      members[static_cast<size_t>(p)].reads = {reads[static_cast<size_t>(p)]};
      members[static_cast<size_t>(p)].writes = {writes[static_cast<size_t>(p)]};
    }
    for (const cost::Slice& s : schedule_.collective(members, c.ns)) {
      e.slice = s;
      events_.push_back(e);
    }
    return;
  }
  e.slice = c.where == cost::OpCost::Where::dma
                ? schedule_.dma(unit(rank, program), c.first_dma_engine, c.dma_engines, c.ns, reads,
                                writes)
                : schedule_.engine_op(unit(rank, program), c.engine, c.ns, reads, writes);
  events_.push_back(e);
}

void Estimator::collective(const std::vector<const CollectiveCall*>& calls) {
  const CollectiveCall& first = *calls.front();
  cost::CollectiveShape shape;
  shape.collective = cost_kind(first.kind);
  shape.lnc = lnc_;
  for (const CollectiveCall* c : calls) shape.members.push_back(c->rank);
  const bool gathers = first.kind == CollectiveKind::all_gather;
  shape.bytes = bytes_of(gathers ? first.dsts : first.srcs);
  if (first.kind == CollectiveKind::permute_implicit_reduce) shape.bytes /= 2;  // two operands
  const bool ring = rt::is_ring(first.kind) || first.kind == CollectiveKind::permute;
  const cost::Algorithm a = cost::choose_algorithm(params_, shape);
  // A ring permute is one step to a neighbour, whatever its group.
  cost::CollectiveCost k = cost::collective_cost(params_, shape, ring ? cost::Algorithm::ring : a);
  std::vector<cost::Schedule::Member> members;
  for (const CollectiveCall* c : calls) {
    cost::Schedule::Member m;
    m.rank = unit(c->rank, c->program);
    for (const auto& t : c->srcs) m.reads.push_back(cost::access_of(t->resolve()));
    for (const auto& t : c->dsts) m.writes.push_back(cost::access_of(t->resolve()));
    members.push_back(std::move(m));
  }
  const std::vector<cost::Slice> slices = schedule_.collective(members, k.ns);
  const size_t base = events_.size();
  for (size_t i = 0; i < slices.size(); ++i) {
    Event e;
    e.slice = slices[i];
    e.name = collective_name(first.kind);
    e.place = place_of(calls[i]->range);
    e.bytes = shape.bytes;
    e.algorithm = cost::algorithm_name(ring ? cost::Algorithm::ring : a);
    events_.push_back(e);
  }
  if (rt::is_ring(first.kind)) {  // member i sends to member i + 1
    for (size_t i = 0; i < slices.size(); ++i) {
      events_[base + i].flow_to = static_cast<int>(base + (i + 1) % slices.size());
    }
  }
}

void Estimator::meeting(const ProgramMeeting& first, const ProgramMeeting& second) {
  // A sendrecv meets in its exchange (op); a barrier holds both programs.
  if (std::string(first.name) != "nisa.core_barrier") return;
  schedule_.barrier({unit(first.rank, first.program), unit(second.rank, second.program)});
}

double Estimator::device_ns() const {
  double t = 0;
  for (int u = 0; u < ranks_ * lnc_; ++u) t = std::max(t, schedule_.end_of(u));
  return t;
}

int Estimator::slowest_rank() const {
  int slowest = 0;
  double t = -1;
  for (int u = 0; u < ranks_ * lnc_; ++u) {
    if (schedule_.end_of(u) > t) {
      t = schedule_.end_of(u);
      slowest = u / lnc_;
    }
  }
  return slowest;
}

std::string Estimator::summary() const {
  char line[256];
  std::snprintf(line, sizeof line, "estimated device time: %.2f us (%s, LNC %d; slowest rank %d)\n",
                device_ns() / 1e3, params_.platform.c_str(), lnc_, slowest_rank());
  std::string out = line;
  out += "busy (us), the cost model's estimate; dma: its busiest engine\n";
  std::snprintf(line, sizeof line, "  %-18s %10s %10s %10s %10s %10s %12s\n", "", "tensor",
                "vector", "scalar", "gpsimd", "dma", "collectives");
  out += line;
  const int rank = slowest_rank();
  const int dma_engines = static_cast<int>(params_.dma.engines_per_core);
  for (int p = 0; p < lnc_; ++p) {
    const std::vector<double> busy = schedule_.busy(unit(rank, p));
    const double dma = *std::max_element(busy.begin() + 4, busy.begin() + 4 + dma_engines);
    const std::string who =
        "rank " + std::to_string(rank) + (lnc_ > 1 ? " program " + std::to_string(p) : "");
    std::snprintf(line, sizeof line, "  %-18s %10.2f %10.2f %10.2f %10.2f %10.2f %12.2f\n",
                  who.c_str(), busy[0] / 1e3, busy[1] / 1e3, busy[2] / 1e3, busy[3] / 1e3,
                  dma / 1e3, busy.back() / 1e3);
    out += line;
  }
  return out;
}

std::string Estimator::trace_json() const {
  nlohmann::json events = nlohmann::json::array();
  const int tracks = schedule_.tracks();
  for (int r = 0; r < ranks_; ++r) {
    events.push_back({{"name", "process_name"},
                      {"ph", "M"},
                      {"pid", r},
                      {"args", {{"name", "rank " + std::to_string(r)}}}});
    for (int p = 0; p < lnc_; ++p) {
      for (int t = 0; t < tracks; ++t) {
        const std::string name =
            (lnc_ > 1 ? "program " + std::to_string(p) + " " : "") + schedule_.track_name(t);
        events.push_back({{"name", "thread_name"},
                          {"ph", "M"},
                          {"pid", r},
                          {"tid", p * tracks + t},
                          {"args", {{"name", name}}}});
      }
    }
  }
  for (size_t i = 0; i < events_.size(); ++i) {
    const Event& e = events_[i];
    const int rank = e.slice.rank / lnc_;
    const int program = e.slice.rank % lnc_;
    nlohmann::json args = {{"bytes", e.bytes}, {"place", e.place}};
    if (!e.shapes.empty()) args["shapes"] = e.shapes;
    if (!e.algorithm.empty()) args["algorithm"] = e.algorithm;
    for (int t = e.slice.track; t < e.slice.track + e.slice.tracks; ++t) {
      events.push_back({{"name", e.name},
                        {"ph", "X"},
                        {"ts", e.slice.start / 1e3},
                        {"dur", (e.slice.end - e.slice.start) / 1e3},
                        {"pid", rank},
                        {"tid", program * tracks + t},
                        {"args", args}});
    }
    if (e.flow_to >= 0) {
      const Event& to = events_[static_cast<size_t>(e.flow_to)];
      const int flow = static_cast<int>(i);
      // From the middle of the sender's slice to the middle of the receiver's.
      const double from = (e.slice.start + e.slice.end) / 2e3;
      const double at = (to.slice.start + to.slice.end) / 2e3;
      events.push_back({{"name", "send"},
                        {"cat", "ring"},
                        {"ph", "s"},
                        {"id", flow},
                        {"ts", from},
                        {"pid", rank},
                        {"tid", program * tracks + e.slice.track}});
      events.push_back({{"name", "send"},
                        {"cat", "ring"},
                        {"ph", "f"},
                        {"bp", "e"},
                        {"id", flow},
                        {"ts", at},
                        {"pid", to.slice.rank / lnc_},
                        {"tid", (to.slice.rank % lnc_) * tracks + to.slice.track}});
    }
  }
  nlohmann::json trace = {
      {"traceEvents", events},
      {"displayTimeUnit", "ns"},
      {"otherData",
       {{"platform", params_.platform}, {"estimated", "by nkic's cost model, not measured"}}}};
  return trace.dump(1) + "\n";
}

}  // namespace nkic::interp
