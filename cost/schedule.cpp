// See schedule.h.
#include "cost/schedule.h"

#include <algorithm>

namespace nkic::cost {

namespace {

// Touches kept per buffer and kind before the oldest are folded into one
// time: enough for the tiles a loop keeps in flight, bounded for long runs.
constexpr size_t kHistory = 64;

bool overlaps(const Access& a, int64_t begin, int64_t end) {
  return a.begin < end && begin < a.end;
}

}  // namespace

Schedule::Schedule(int units, int dma_engines)
    : dma_engines_(dma_engines), ranks_(static_cast<size_t>(units)) {
  for (Rank& r : ranks_) {
    r.free_at.assign(static_cast<size_t>(tracks()), 0.0);
    r.busy.assign(static_cast<size_t>(tracks()), 0.0);
    r.dma.resize(static_cast<size_t>(dma_engines));
  }
}

const char* dma_queue_name(DmaQueue q) {
  switch (q) {
    case DmaQueue::sync:
      return "sync";
    case DmaQueue::scalar:
      return "scalar";
    case DmaQueue::gpsimd:
      return "gpsimd";
    case DmaQueue::prebuilt:
      return "prebuilt";
  }
  return "?";
}

double Schedule::ready(const Rank& r, const std::vector<Access>& reads,
                       const std::vector<Access>& writes, double from) const {
  double t = from;
  auto after = [&](const Access& a, const std::vector<Touch>& touches, double older) {
    for (const Touch& x : touches) {
      if (overlaps(a, x.begin, x.end)) t = std::max(t, x.until);
    }
    t = std::max(t, older);
  };
  for (const Access& a : reads) {
    auto it = r.buffers.find(a.buffer);
    if (it == r.buffers.end() || it->second.writes_until <= t) continue;
    after(a, it->second.writes, it->second.older_writes);
  }
  for (const Access& a : writes) {
    auto it = r.buffers.find(a.buffer);
    if (it == r.buffers.end()) continue;
    if (it->second.writes_until > t) after(a, it->second.writes, it->second.older_writes);
    if (it->second.reads_until > t) after(a, it->second.reads, it->second.older_reads);
  }
  return t;
}

void Schedule::record(Rank& r, const std::vector<Access>& reads, const std::vector<Access>& writes,
                      double until) {
  auto add = [&](std::vector<Touch>& touches, double& older, double& latest, const Access& a) {
    latest = std::max(latest, until);
    touches.push_back({a.begin, a.end, until});
    if (touches.size() <= kHistory) return;
    older = std::max(older, touches.front().until);
    touches.erase(touches.begin());
  };
  for (const Access& a : reads) {
    BufferHistory& h = r.buffers[a.buffer];
    add(h.reads, h.older_reads, h.reads_until, a);
  }
  for (const Access& a : writes) {
    BufferHistory& h = r.buffers[a.buffer];
    add(h.writes, h.older_writes, h.writes_until, a);
  }
}

void Schedule::commit(Rank& r, const Slice& s, const std::vector<Access>& reads,
                      const std::vector<Access>& writes) {
  for (int t = s.track; t < s.track + s.tracks; ++t) {
    r.busy[static_cast<size_t>(t)] += s.end - s.start;
  }
  r.end = std::max(r.end, s.end);
  record(r, reads, writes, s.end);
}

Slice Schedule::place(int rank, int track, double earliest, double duration,
                      const std::vector<Access>& reads, const std::vector<Access>& writes) {
  Rank& r = ranks_.at(static_cast<size_t>(rank));
  Slice s;
  s.rank = rank;
  s.track = track;
  s.start = ready(r, reads, writes,
                  std::max({earliest, r.floor, r.free_at[static_cast<size_t>(track)]}));
  s.end = s.start + duration;
  r.free_at[static_cast<size_t>(track)] = s.end;
  commit(r, s, reads, writes);
  return s;
}

Slice Schedule::engine_op(int rank, Engine engine, double duration,
                          const std::vector<Access>& reads, const std::vector<Access>& writes) {
  return place(rank, static_cast<int>(engine), 0, duration, reads, writes);
}

Slice Schedule::dma(int rank, DmaQueue queue, int first, int count, double duration,
                    const std::vector<Access>& reads, const std::vector<Access>& writes) {
  first = std::clamp(first, 0, dma_engines_ - 1);
  count = std::clamp(count, 1, dma_engines_ - first);
  Rank& r = ranks_.at(static_cast<size_t>(rank));
  const auto q = static_cast<size_t>(queue);
  const auto engines = [&](auto&& each) {
    for (int e = first; e < first + count; ++e) each(r.dma[static_cast<size_t>(e)]);
  };
  double t = r.floor;
  engines([&](const DmaEngine& d) { t = std::max({t, d.busy_until, d.queue_free[q]}); });
  t = ready(r, reads, writes, t);
  // The first time from t when every engine is free for the whole transfer.
  // An engine's intervals are in order and apart, so their ends are sorted:
  // the first that ends after t is the only one that can be in the way.
  for (bool moved = true; moved;) {
    moved = false;
    engines([&](const DmaEngine& d) {
      const auto next = std::upper_bound(d.taken.begin(), d.taken.end(), t,
                                         [](double x, const Interval& i) { return x < i.end; });
      if (next != d.taken.end() && next->start < t + duration) {
        t = next->end;
        moved = true;
      }
    });
  }
  Slice s;
  s.rank = rank;
  s.track = 4 + first;
  s.tracks = count;
  s.start = t;
  s.end = t + duration;
  engines([&](DmaEngine& d) {
    d.queue_free[q] = s.end;
    if (duration <= 0) return;  // it takes no time on the engine
    const auto at = std::upper_bound(d.taken.begin(), d.taken.end(), s.start,
                                     [](double x, const Interval& i) { return x < i.start; });
    d.taken.insert(at, {s.start, s.end});
    if (d.taken.size() > kHistory) {
      d.busy_until = std::max(d.busy_until, d.taken.front().end);
      d.taken.erase(d.taken.begin());
    }
  });
  commit(r, s, reads, writes);
  return s;
}

void Schedule::barrier(const std::vector<int>& units) {
  double t = 0;
  for (int u : units) t = std::max(t, ranks_.at(static_cast<size_t>(u)).end);
  for (int u : units) ranks_.at(static_cast<size_t>(u)).floor = t;
}

std::vector<Slice> Schedule::collective(const std::vector<Member>& members, double duration) {
  const int track = tracks() - 1;
  double start = 0;
  for (const Member& m : members) {
    const Rank& r = ranks_.at(static_cast<size_t>(m.rank));
    start = ready(r, m.reads, m.writes,
                  std::max({start, r.floor, r.free_at[static_cast<size_t>(track)]}));
  }
  std::vector<Slice> slices;
  for (const Member& m : members) {
    slices.push_back(place(m.rank, track, start, duration, m.reads, m.writes));
  }
  return slices;
}

std::string Schedule::track_name(int track) const {
  static const char* engines[] = {"tensor", "vector", "scalar", "gpsimd"};
  if (track < 4) return engines[track];
  if (track < 4 + dma_engines_) return "dma " + std::to_string(track - 4);
  return "collectives";
}

double Schedule::end_of(int rank) const {
  return ranks_.at(static_cast<size_t>(rank)).end;
}

std::vector<double> Schedule::busy(int rank) const {
  return ranks_.at(static_cast<size_t>(rank)).busy;
}

}  // namespace nkic::cost
