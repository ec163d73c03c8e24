// The baton scheduler and the collective rendezvous.
#include "interp/spmd.h"

#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>

#include "interp/exec_device.h"
#include "runtime/exception_text.h"

namespace nkic::interp {

namespace {

// Thrown into a rank's thread when another rank's error stopped the run;
// deliberately not a std::exception, so nothing on the way out catches it.
struct Cancelled {};

std::string rank_list(const std::vector<int>& ranks) {
  std::string out;
  for (size_t i = 0; i < ranks.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(ranks[i]);
  }
  return out;
}

Diagnostic note(const SourceRange& r, std::string message, int rank, int program) {
  Diagnostic d;
  d.severity = Severity::note;
  d.range = r;
  d.message = std::move(message);
  if (rank >= 0) d.ranks = {rank};
  d.program = program;
  return d;
}

bool same_place(const SourceRange& a, const SourceRange& b) {
  return a.file == b.file && a.begin.line == b.begin.line && a.begin.col == b.begin.col;
}

}  // namespace

Spmd::Spmd(int ranks, bool name_ranks, int programs)
    : ranks_(ranks),
      name_ranks_(name_ranks),
      programs_(programs),
      rank_cv_(static_cast<size_t>(ranks * programs)),
      state_(static_cast<size_t>(ranks * programs), State::ready),
      waited_micros_(static_cast<size_t>(ranks * programs), 0.0),
      finish_place_(static_cast<size_t>(ranks * programs)),
      meeting_(static_cast<size_t>(ranks)) {}

void Spmd::set_finish_place(int rank, const SourceRange& where, int program) {
  std::lock_guard<std::mutex> lock(mutex_);
  finish_place_[static_cast<size_t>(unit(rank, program))] = where;
}

void* Spmd::thread_main(void* arg) {
  const Job* job = static_cast<const Job*>(arg);
  job->spmd->unit_main(job->unit);
  return nullptr;
}

std::optional<Diagnostic> Spmd::run(const RankBody& body) {
  return run_programs([&](int rank, int) { body(rank); });
}

std::optional<Diagnostic> Spmd::run_programs(const ProgramBody& body) {
  body_ = &body;
  const int count = units();  // one thread per unit
  std::vector<Job> jobs(static_cast<size_t>(count));
  std::vector<pthread_t> threads;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, kRankStackBytes);
  int started = 0;
  for (int r = 0; r < count; ++r) {
    jobs[static_cast<size_t>(r)] = Job{this, r};
    pthread_t t;
    if (const int err =
            pthread_create(&t, &attr, &Spmd::thread_main, &jobs[static_cast<size_t>(r)]);
        err != 0) {
      std::lock_guard<std::mutex> lock(mutex_);
      Diagnostic d;
      d.message = "cannot start the thread of rank " + std::to_string(rank_of(r)) +
                  (programs_ > 1 ? " program " + std::to_string(program_of(r)) : "") + " of " +
                  std::to_string(ranks_) + ": " + std::strerror(err) +
                  " (each rank's thread reserves " + std::to_string(kRankStackBytes >> 20) +
                  " MiB of address space; is the address space or the number of threads limited?)";
      record_error_locked(std::move(d));
      cancelled_ = true;
      for (int q = r; q < count; ++q) state_[static_cast<size_t>(q)] = State::done;
      done_count_ += count - r;
      break;
    }
    threads.push_back(t);
    ++started;
  }
  pthread_attr_destroy(&attr);
  {
    std::unique_lock<std::mutex> lock(mutex_);
    pass_baton_locked();
    done_cv_.wait(lock, [&] { return done_count_ == units(); });
  }
  for (pthread_t t : threads) pthread_join(t, nullptr);
  (void)started;
  return first_error_;
}

void Spmd::pass_baton_locked() {
  current_ = pick_next_locked();
  // Only the rank given the baton is woken: with many ranks, waking them all
  // at every pass would cost a quadratic number of thread wake-ups.
  if (current_ >= 0) rank_cv_[static_cast<size_t>(current_)].notify_one();
}

void Spmd::wait_turn_locked(std::unique_lock<std::mutex>& lock, int unit) {
  // Even a cancelled rank waits for the baton: unwinding frees its tensors,
  // and the machine must only ever be touched by one rank at a time.
  const auto start = std::chrono::steady_clock::now();
  rank_cv_[static_cast<size_t>(unit)].wait(lock, [&] { return current_ == unit; });
  waited_micros_[static_cast<size_t>(unit)] +=
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
  if (cancelled_) throw Cancelled{};
}

void Spmd::unit_main(int unit) {
  const int rank = rank_of(unit);
  try {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wait_turn_locked(lock, unit);
    }
    (*body_)(rank, program_of(unit));
  } catch (const CompileError& e) {
    std::lock_guard<std::mutex> lock(mutex_);
    record_error_locked(e.diag);
  } catch (const Cancelled&) {
  } catch (const std::exception& e) {
    std::lock_guard<std::mutex> lock(mutex_);
    Diagnostic d;
    d.message = rt::exception_message(e);
    if (name_ranks_) d.ranks = {rank};
    d.program = named_program(program_of(unit));
    record_error_locked(std::move(d));
  }
  std::lock_guard<std::mutex> lock(mutex_);
  state_[static_cast<size_t>(unit)] = State::done;
  ++done_count_;
  if (current_ == unit) pass_baton_locked();
  if (done_count_ == units()) done_cv_.notify_all();
}

void Spmd::record_error_locked(Diagnostic d) {
  if (!first_error_) {
    first_error_ = std::move(d);
    return;
  }
  // The same error at the same place on another rank (identical programs
  // usually fail identically) is one error naming every rank that hit it.
  const bool same = same_place(first_error_->range, d.range) &&
                    first_error_->message == d.message && first_error_->program == d.program;
  if (!same) return;
  std::vector<int>& ranks = first_error_->ranks;
  ranks.insert(ranks.end(), d.ranks.begin(), d.ranks.end());
  std::sort(ranks.begin(), ranks.end());
  ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
}

int Spmd::pick_next_locked() {
  const int count = units();
  if (!cancelled_) {
    for (int r = 0; r < count; ++r) {
      if (state_[static_cast<size_t>(r)] == State::ready) return r;
    }
    for (int r = 0; r < count; ++r) {
      if (state_[static_cast<size_t>(r)] != State::waiting) continue;
      // After an error, ranks left waiting only wait for a rank that failed.
      if (!first_error_) record_error_locked(deadlock_locked(r));
      cancelled_ = true;
      break;
    }
  }
  // Cancelled: the unfinished ranks unwind one at a time, in rank order.
  for (int r = 0; r < count; ++r) {
    if (state_[static_cast<size_t>(r)] != State::done) return r;
  }
  return -1;
}

std::optional<std::pair<std::string, SourceRange>> Spmd::waits_in_locked(int unit) const {
  const int rank = rank_of(unit), program = program_of(unit);
  const auto& m = meeting_[static_cast<size_t>(rank)];
  if (m && m->program == program) return std::make_pair(std::string(m->name), m->range);
  for (const Pending& p : pending_) {
    if (p.program != program) continue;
    for (size_t k = 0; k < p.members.size(); ++k) {
      if (p.members[k] == rank && p.arrived[k]) {
        return std::make_pair(std::string(collective_name(p.arrived[k]->kind)),
                              p.arrived[k]->range);
      }
    }
  }
  return std::nullopt;
}

Diagnostic Spmd::meeting_deadlock_locked(int rank) const {
  const ProgramMeeting& m = *meeting_[static_cast<size_t>(rank)];
  const int other = 1 - m.program;
  // Why the other program does not come, for rank r.
  auto why = [&](int r) {
    const size_t u = static_cast<size_t>(unit(r, other));
    if (state_[u] == State::waiting) {
      if (auto w = waits_in_locked(unit(r, other))) {
        return "waits in " + w->first + " at " + place(w->second);
      }
    }
    return "finished at " + place(finish_place_[u]) + " without calling it";
  };
  const std::string reason = why(rank);
  Diagnostic d;
  d.range = m.range;
  d.program = m.program;
  d.message = std::string(m.name) + " on program " + std::to_string(m.program) +
              " waits for program " + std::to_string(other) + ", which " + reason;
  // Every rank stuck the same way, named at once.
  for (int r = 0; r < ranks_ && name_ranks_; ++r) {
    const auto& o = meeting_[static_cast<size_t>(r)];
    if (o && o->program == m.program && same_place(o->range, m.range) && why(r) == reason) {
      d.ranks.push_back(r);
    }
  }
  const size_t u = static_cast<size_t>(unit(rank, other));
  if (state_[u] == State::waiting) {
    if (auto w = waits_in_locked(unit(rank, other))) {
      d.notes.push_back(note(w->second,
                             "program " + std::to_string(other) + " waits in " + w->first + " here",
                             name_ranks_ ? rank : -1, other));
    }
  }
  return d;
}

Diagnostic Spmd::deadlock_locked(int waiting_unit) const {
  const int waiting_rank = rank_of(waiting_unit);
  const int program = program_of(waiting_unit);
  const int named = named_program(program);
  if (const auto& m = meeting_[static_cast<size_t>(waiting_rank)]; m && m->program == program) {
    return meeting_deadlock_locked(waiting_rank);
  }
  const Pending* p = nullptr;
  for (const Pending& candidate : pending_) {
    if (candidate.program != program) continue;
    for (size_t i = 0; i < candidate.members.size(); ++i) {
      if (candidate.members[i] == waiting_rank && candidate.arrived[i]) p = &candidate;
    }
  }
  Diagnostic d;
  d.program = named;
  if (!p) {
    d.message = "deadlock: rank " + std::to_string(waiting_rank) + " waits forever";
    d.ranks = {waiting_rank};
    return d;
  }
  std::vector<int> arrived, missing;
  const CollectiveCall* first = nullptr;
  for (size_t i = 0; i < p->members.size(); ++i) {
    if (p->arrived[i]) {
      arrived.push_back(p->members[i]);
      if (!first) first = &*p->arrived[i];
    } else {
      missing.push_back(p->members[i]);
    }
  }
  std::string why;
  for (size_t i = 0; i < missing.size(); ++i) {
    const int m = missing[i];
    if (i) why += i + 1 == missing.size() ? " and " : ", ";
    why += "rank " + std::to_string(m) + ", which ";
    const size_t mu = static_cast<size_t>(unit(m, program));
    const auto where =
        state_[mu] == State::waiting ? waits_in_locked(unit(m, program)) : std::nullopt;
    if (where) {
      why += "waits in " + where->first + " at " + place(where->second);
      d.notes.push_back(note(where->second,
                             "rank " + std::to_string(m) + " waits in " + where->first + " here", m,
                             named));
    } else {
      why += "finished at " + place(finish_place_[mu]) + " without joining";
    }
  }
  d.range = first->range;
  d.ranks = arrived;
  d.message = std::string(collective_name(first->kind)) + " on rank" +
              (arrived.size() > 1 ? "s " : " ") + rank_list(arrived) + " waits for " + why;
  for (size_t i = 0; i < p->members.size(); ++i) {
    const auto& call = p->arrived[i];
    if (call && &*call != first) {
      d.notes.push_back(note(call->range,
                             "rank " + std::to_string(call->rank) + " waits in " +
                                 collective_name(call->kind) + " here",
                             call->rank, named));
    }
  }
  return d;
}

void Spmd::join(CollectiveCall call) {
  std::unique_lock<std::mutex> lock(mutex_);
  const int rank = call.rank;
  const int program = call.program;
  const int self = unit(rank, program);
  const std::vector<int> members = call.members();
  auto pending = pending_.end();
  for (auto it = pending_.begin(); it != pending_.end(); ++it) {
    if (it->program != program) continue;
    auto pos = std::find(it->members.begin(), it->members.end(), rank);
    if (pos != it->members.end() && !it->arrived[static_cast<size_t>(pos - it->members.begin())]) {
      pending = it;
      break;
    }
  }
  if (pending != pending_.end() && pending->members != members) {
    const CollectiveCall* other = nullptr;
    for (const auto& a : pending->arrived) {
      if (a && !other) other = &*a;
    }
    Diagnostic d;
    d.range = call.range;
    d.ranks = {rank, other->rank};
    d.program = named_program(program);
    d.message = std::string(collective_name(call.kind)) + " on rank " + std::to_string(rank) +
                " uses replica group " + call.group.describe() + ", but rank " +
                std::to_string(other->rank) + " waits in " + collective_name(other->kind) +
                " with replica group " + other->group.describe() + " at " + place(other->range);
    d.notes.push_back(note(
        other->range,
        "rank " + std::to_string(other->rank) + " calls " + collective_name(other->kind) + " here",
        other->rank, named_program(program)));
    throw CompileError(std::move(d));
  }
  if (pending == pending_.end()) {
    pending = pending_.insert(pending_.end(), Pending{program, members, {}});
    pending->arrived.resize(members.size());
  }
  const size_t position =
      static_cast<size_t>(std::find(members.begin(), members.end(), rank) - members.begin());
  pending->arrived[position] = std::move(call);
  const bool complete = std::all_of(pending->arrived.begin(), pending->arrived.end(),
                                    [](const auto& a) { return a.has_value(); });
  if (complete) {
    Pending done = std::move(*pending);
    pending_.erase(pending);
    std::vector<const CollectiveCall*> calls;
    for (const auto& a : done.arrived) calls.push_back(&*a);
    complete_collective(calls);
    if (observer_) {
      std::vector<rt::ObservedMember> members;
      for (const CollectiveCall* c : calls) {
        rt::ObservedMember m;
        m.rank = c->rank;
        m.program = c->program;
        for (const auto& t : c->srcs) m.srcs.push_back(t->resolve());
        for (const auto& t : c->dsts) m.dsts.push_back(t->resolve());
        m.place = place_text(c->range);
        members.push_back(std::move(m));
      }
      observer_->collective(calls.front()->kind, calls.front()->pairs, members);
    }
    for (int m : done.members) state_[static_cast<size_t>(unit(m, program))] = State::ready;
    // Yield, so that the lowest runnable rank runs next whichever member
    // happened to arrive last.
    pass_baton_locked();
    wait_turn_locked(lock, self);
    return;
  }
  state_[static_cast<size_t>(self)] = State::waiting;
  pass_baton_locked();
  wait_turn_locked(lock, self);
}

void Spmd::meet(const ProgramMeeting& call, const MeetingDone& complete) {
  std::unique_lock<std::mutex> lock(mutex_);
  const int self = unit(call.rank, call.program);
  std::optional<ProgramMeeting>& waiting = meeting_[static_cast<size_t>(call.rank)];
  if (!waiting) {
    waiting = call;
    state_[static_cast<size_t>(self)] = State::waiting;
    pass_baton_locked();
    wait_turn_locked(lock, self);
    return;
  }
  const ProgramMeeting first = *waiting;
  waiting.reset();
  // On a throw the first stays waiting, and is unwound with the run.
  complete(first, call);
  state_[static_cast<size_t>(unit(first.rank, first.program))] = State::ready;
  pass_baton_locked();  // program 0 goes on first, whichever arrived last
  wait_turn_locked(lock, self);
}

}  // namespace nkic::interp
