// See estimator.h.
#include "cost/estimator.h"

#include <algorithm>
#include <cstdio>

#include "cost/collective_cost.h"
#include "cost/op_cost.h"
#include "runtime/dtype.h"
#include "runtime/format_util.h"

namespace nkic::cost {

namespace {

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

// Into `out`, kept from one operation to the next so that hearing one
// allocates nothing.
void accesses(rt::Span<const rt::AccessPattern*> patterns, std::vector<Access>& out) {
  out.clear();
  for (const rt::AccessPattern* ap : patterns) out.push_back(access_of(*ap));
}

int64_t bytes_of(const std::vector<rt::AccessPattern>& patterns) {
  int64_t n = 0;
  for (const auto& ap : patterns)
    n += ap.elements() * static_cast<int64_t>(rt::dtype_size(ap.dtype()));
  return n;
}

// The collective as nccom-test sizes it (collective_cost.h).
Collective cost_kind(rt::CollectiveKind k) {
  switch (k) {
    case rt::CollectiveKind::all_reduce:
      return Collective::all_reduce;
    case rt::CollectiveKind::all_gather:
      return Collective::all_gather;
    case rt::CollectiveKind::reduce_scatter:
      return Collective::reduce_scatter;
    case rt::CollectiveKind::all_to_all:
      return Collective::all_to_all;
    default:
      return Collective::permute;
  }
}

}  // namespace

Estimator::Estimator(Params params, int ranks, int lnc)
    : params_(std::move(params)),
      ranks_(ranks),
      lnc_(lnc),
      schedule_(ranks * lnc, static_cast<int>(params_.dma.engines_per_core)) {}

void Estimator::reset() {
  schedule_ = Schedule(ranks_ * lnc_, static_cast<int>(params_.dma.engines_per_core));
  trace_.reset();
  flows_ = 0;
}

void Estimator::op(int rank, int program, const rt::DeviceOp& op, const rt::OpOperands& o,
                   const rt::OpPlace& place) {
  if (std::holds_alternative<rt::CoreBarrier>(op)) {  // both programs meet here
    schedule_.barrier({unit(rank, 0), unit(rank, lnc_ - 1)});
    return;
  }
  const OpCost c = op_cost(params_, op, o);
  if (c.where == OpCost::Where::none) return;
  Event e;
  if (trace_) {
    e.name = rt::op_name(op);
    e.place = place.text();
    e.shapes = shapes_of(o);
  }
  e.bytes = c.bytes;
  std::vector<Access>& reads = reads_;
  std::vector<Access>& writes = writes_;
  accesses(o.srcs, reads);
  accesses(o.dsts, writes);
  if (std::holds_alternative<rt::LncExchange>(op)) {
    // Both programs' DMAs at once, when both have arrived: one slice each.
    std::vector<Schedule::Member> members(2);
    for (int p = 0; p < 2; ++p) {
      members[static_cast<size_t>(p)].rank = unit(rank, p);
      members[static_cast<size_t>(p)].reads = {reads[static_cast<size_t>(p)]};
      members[static_cast<size_t>(p)].writes = {writes[static_cast<size_t>(p)]};
    }
    for (const Slice& s : schedule_.collective(members, c.ns)) {
      e.slice = s;
      if (trace_) write(e);
    }
    return;
  }
  if (c.where == OpCost::Where::dma) {
    e.queue = dma_queue_name(c.dma_queue);
    e.slice = schedule_.dma(unit(rank, program), c.dma_queue, c.first_dma_engine, c.dma_engines,
                            c.ns, reads, writes);
  } else {
    e.slice = schedule_.engine_op(unit(rank, program), c.engine, c.ns, reads, writes);
  }
  if (trace_) write(e);
}

void Estimator::collective(rt::CollectiveKind kind, const std::vector<std::pair<int, int>>& pairs,
                           const std::vector<rt::ObservedMember>& calls) {
  if (calls.empty()) return;
  const rt::ObservedMember& first = calls.front();
  CollectiveShape shape;
  shape.collective = cost_kind(kind);
  shape.lnc = lnc_;
  for (const rt::ObservedMember& c : calls) shape.members.push_back(c.rank);
  const bool gathers = kind == rt::CollectiveKind::all_gather;
  shape.bytes = bytes_of(gathers ? first.dsts : first.srcs);
  if (kind == rt::CollectiveKind::permute_implicit_reduce) shape.bytes /= 2;  // two operands
  const bool ring = rt::is_ring(kind) || kind == rt::CollectiveKind::permute;
  const Algorithm a = choose_algorithm(params_, shape);
  // A ring permute is one step to a neighbour, whatever its group.
  const Algorithm used = ring ? Algorithm::ring : a;
  const CollectiveCost k = collective_cost(params_, shape, used);
  std::vector<Schedule::Member> members;
  for (const rt::ObservedMember& c : calls) {
    Schedule::Member m;
    m.rank = unit(c.rank, c.program);
    for (const auto& ap : c.srcs) m.reads.push_back(access_of(ap));
    for (const auto& ap : c.dsts) m.writes.push_back(access_of(ap));
    members.push_back(std::move(m));
  }
  const std::vector<Slice> slices = schedule_.collective(members, k.ns);
  if (!trace_) return;
  std::vector<Event> events;
  for (size_t i = 0; i < slices.size(); ++i) {
    Event e;
    e.slice = slices[i];
    e.name = rt::collective_name(kind);
    e.place = calls[i].place;
    e.bytes = shape.bytes;
    e.algorithm = algorithm_name(used);
    e.steps = std::max<int64_t>(k.steps, 1);
    e.launch_ns = params_.collectives.launch_ns;
    write(e);
    events.push_back(std::move(e));
  }
  // Who sends to whom at each step: the pairs of a permute; around the list
  // for a ring (member i to member i + 1).
  if (kind == rt::CollectiveKind::permute) {
    for (const auto& [from, to] : pairs) {
      size_t s = slices.size(), t = slices.size();
      for (size_t i = 0; i < calls.size(); ++i) {
        if (calls[i].rank == from) s = i;
        if (calls[i].rank == to) t = i;
      }
      if (s < slices.size() && t < slices.size() && s != t) write_flow(events[s], events[t]);
    }
  } else if (used == Algorithm::ring && slices.size() > 1) {
    for (size_t i = 0; i < slices.size(); ++i) {
      write_flow(events[i], events[(i + 1) % slices.size()]);
    }
  }
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

void Estimator::trace_to(std::ostream& out) {
  trace_.emplace(out);
  const int tracks = schedule_.tracks();
  for (int r = 0; r < ranks_; ++r) {
    trace_->name_process(r, "rank " + std::to_string(r));
    for (int p = 0; p < lnc_; ++p) {
      for (int t = 0; t < tracks; ++t) {
        trace_->name_thread(
            r, p * tracks + t,
            (lnc_ > 1 ? "program " + std::to_string(p) + " " : "") + schedule_.track_name(t));
      }
    }
  }
}

void Estimator::end_trace() {
  if (trace_) trace_->finish(params_.platform);
  trace_.reset();
}

namespace {

// An event's pieces: the whole slice, or a collective's launch and then its
// steps, back to back.
std::vector<std::pair<double, double>> pieces(const Slice& s, int64_t steps, double launch_ns) {
  if (steps == 0) return {{s.start, s.end}};
  std::vector<std::pair<double, double>> out;
  const double launch = std::min(launch_ns, s.end - s.start);
  out.emplace_back(s.start, s.start + launch);
  const double step = (s.end - s.start - launch) / static_cast<double>(steps);
  for (int64_t k = 0; k < steps; ++k) {
    const double from = s.start + launch + step * static_cast<double>(k);
    out.emplace_back(from, k + 1 == steps ? s.end : from + step);
  }
  return out;
}

}  // namespace

void Estimator::write(const Event& e) {
  std::string args =
      "{\"bytes\": " + std::to_string(e.bytes) + ", \"place\": " + TraceWriter::quote(e.place);
  if (!e.shapes.empty()) args += ", \"shapes\": " + TraceWriter::quote(e.shapes);
  if (!e.algorithm.empty()) args += ", \"algorithm\": " + TraceWriter::quote(e.algorithm);
  if (e.queue) args += ", \"queue\": " + TraceWriter::quote(e.queue);
  args += "}";
  const int rank = e.slice.rank / lnc_;
  const auto parts = pieces(e.slice, e.steps, e.launch_ns);
  for (size_t k = 0; k < parts.size(); ++k) {
    std::string name = e.name;
    if (e.steps > 0) {
      name += k == 0 ? " launch" : " step " + std::to_string(k) + "/" + std::to_string(e.steps);
    }
    const std::string quoted = TraceWriter::quote(name);
    for (int t = e.slice.track; t < e.slice.track + e.slice.tracks; ++t) {
      trace_->slice(quoted, parts[k].first, parts[k].second, rank, tid(e.slice, t), args);
    }
  }
}

void Estimator::write_flow(const Event& from, const Event& to) {
  const auto a = pieces(from.slice, from.steps, from.launch_ns);
  const auto b = pieces(to.slice, to.steps, to.launch_ns);
  for (size_t k = 1; k < a.size() && k < b.size(); ++k) {
    trace_->flow(flows_, true, (a[k].first + a[k].second) / 2, from.slice.rank / lnc_,
                 tid(from.slice, from.slice.track));
    trace_->flow(flows_, false, (b[k].first + b[k].second) / 2, to.slice.rank / lnc_,
                 tid(to.slice, to.slice.track));
    ++flows_;
  }
}

}  // namespace nkic::cost
