// See reroll_runs.h. Each pass walks every stretch from its start: at each
// node it tries the periods L whose next node has the same shape (a hash of
// everything but ids and offset constants), shortest first, and takes the
// first L whose repeats at s, s + L, s + 2L, ... are alike (alike.h) with
// affine offsets at least kMinRepeats times; the run becomes a loop, and the search goes
// on after it. A rolling hash over the shapes rejects most periods in
// constant time, so a pass is about linear in the stretch.
#include "codegen/reroll_runs.h"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>
#include <utility>

#include "codegen/alike.h"

namespace nkic::codegen {
namespace {

// The longest repeat looked for, in top-level nodes, and the most periods
// tried at one node: they bound the search at about kMaxPeriods hash
// comparisons per node, whatever the stretch holds.
constexpr size_t kMaxPeriod = 4096;
constexpr int kMaxPeriods = 256;
// Fewer repeats stay straight-line: two or three alike repeats are as often
// offsets that happen to line up in a loop that is not affine, whose
// instructions cost less as rows of the instruction table than as a loop.
constexpr int64_t kMinRepeats = 4;
// The most nodes a pass compares in whole repeats (count_repeats): beyond it
// (repeats alike but not mergeable, over and over) the rest of the pass
// leaves the code as it is, rather than take quadratic time. A loop of a
// million instructions costs a few million.
constexpr int64_t kMaxCompared = int64_t{1} << 23;
// Each pass can add one level of nesting; kernels rarely nest loops deeper.
constexpr int kMaxPasses = 8;

constexpr size_t kNowhere = std::numeric_limits<size_t>::max();

uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

uint64_t operand_shape(uint64_t h, const Operand& o) {
  h = mix(h, o.dims.size());
  for (const rt::Dim& d : o.dims)
    h = mix(mix(h, static_cast<uint64_t>(d.step)), static_cast<uint64_t>(d.count));
  h = mix(h, o.dynamic.size());
  return mix(h, o.as_dtype ? static_cast<uint64_t>(*o.as_dtype) + 1 : 0);
}

// What alike() compares, except ids and offset constants.
uint64_t shape(const Node& n) {
  if (const Instr* i = std::get_if<Instr>(&n)) {
    uint64_t h = mix(i->op.index(), static_cast<uint64_t>(i->where.begin.line));
    h = mix(mix(h, static_cast<uint64_t>(i->where.begin.col)),
            static_cast<uint64_t>(i->program + 1));
    if (const rt::DeviceOp* op = i->as<rt::DeviceOp>()) h = mix(h, op->index());
    for (const auto* list : {&i->dsts, &i->srcs}) {
      h = mix(h, list->size());
      for (const Operand& o : *list) h = operand_shape(h, o);
    }
    return mix(mix(h, i->reg_dsts.size()), i->reg_srcs.size());
  }
  const Loop& l = *std::get<std::unique_ptr<Loop>>(n);
  uint64_t h =
      mix(mix(0x4c6f6f70ULL, static_cast<uint64_t>(l.count)), static_cast<uint64_t>(l.var));
  for (const Node& b : l.body) h = mix(h, shape(b));
  return h;
}

// The first and last top-level node that refers to an id.
struct Span {
  size_t first = kNowhere;
  size_t last = 0;
  void add(size_t at) {
    first = std::min(first, at);
    last = std::max(last, at);
  }
};

// Calls f(register id, written) for each register an instruction refers to,
// those read before those written, as the instruction runs.
template <typename F>
void each_register(const Instr& i, F&& f) {
  for (const auto* list : {&i.dsts, &i.srcs}) {
    for (const Operand& o : *list) {
      for (const DynamicOffset& d : o.dynamic) {
        if (d.reg >= 0) f(d.reg, false);
      }
    }
  }
  for (int r : i.reg_srcs) f(r, false);
  for (int r : i.reg_dsts) f(r, true);
}

// Calls f(buffer id) for each buffer an instruction refers to.
template <typename F>
void each_buffer(const Instr& i, F&& f) {
  for (const auto* list : {&i.dsts, &i.srcs}) {
    for (const Operand& o : *list) {
      f(o.buffer);
      for (const DynamicOffset& d : o.dynamic) {
        if (d.buffer >= 0) f(d.buffer);
      }
    }
  }
  if (i.buffer >= 0) f(i.buffer);
}

// Calls f(instr) on every instruction of nodes[0, n), in order.
template <typename F>
void each_instr(const Node* nodes, size_t n, F&& f) {
  for (size_t k = 0; k < n; ++k) {
    if (const Instr* i = std::get_if<Instr>(&nodes[k])) {
      f(*i);
      continue;
    }
    const std::vector<Node>& body = std::get<std::unique_ptr<Loop>>(nodes[k])->body;
    each_instr(body.data(), body.size(), f);
  }
}

// Calls on_buffer(x, y) and on_register(x, y) for each id of a[0, n) and
// the id at the same place of b[0, n), in alike()'s order; false when the
// two differ in structure (alike() then tells them apart anyway).
template <typename F, typename G>
bool pair_ids(const Node* a, const Node* b, size_t n, F&& on_buffer, G&& on_register) {
  for (size_t k = 0; k < n; ++k) {
    if (a[k].index() != b[k].index()) return false;
    if (const Instr* x = std::get_if<Instr>(&a[k])) {
      const Instr& y = std::get<Instr>(b[k]);
      if (x->dsts.size() != y.dsts.size() || x->srcs.size() != y.srcs.size() ||
          x->reg_dsts.size() != y.reg_dsts.size() || x->reg_srcs.size() != y.reg_srcs.size() ||
          (x->buffer < 0) != (y.buffer < 0)) {
        return false;
      }
      for (const auto list : {&Instr::dsts, &Instr::srcs}) {
        for (size_t o = 0; o < (x->*list).size(); ++o) {
          const Operand& u = (x->*list)[o];
          const Operand& v = (y.*list)[o];
          if (u.dynamic.size() != v.dynamic.size()) return false;
          on_buffer(u.buffer, v.buffer);
          for (size_t d = 0; d < u.dynamic.size(); ++d) {
            if ((u.dynamic[d].buffer < 0) != (v.dynamic[d].buffer < 0) ||
                (u.dynamic[d].reg < 0) != (v.dynamic[d].reg < 0)) {
              return false;
            }
            if (u.dynamic[d].buffer >= 0) on_buffer(u.dynamic[d].buffer, v.dynamic[d].buffer);
            if (u.dynamic[d].reg >= 0) on_register(u.dynamic[d].reg, v.dynamic[d].reg);
          }
        }
      }
      if (x->buffer >= 0) on_buffer(x->buffer, y.buffer);
      for (size_t r = 0; r < x->reg_dsts.size(); ++r) on_register(x->reg_dsts[r], y.reg_dsts[r]);
      for (size_t r = 0; r < x->reg_srcs.size(); ++r) on_register(x->reg_srcs[r], y.reg_srcs[r]);
      continue;
    }
    const Loop& x = *std::get<std::unique_ptr<Loop>>(a[k]);
    const Loop& y = *std::get<std::unique_ptr<Loop>>(b[k]);
    if (x.body.size() != y.body.size() ||
        !pair_ids(x.body.data(), y.body.data(), x.body.size(), on_buffer, on_register)) {
      return false;
    }
  }
  return true;
}

// Renames every id of a node (its operands, nested loops included).
void rename(Node& n, const Renaming& map) {
  if (auto* l = std::get_if<std::unique_ptr<Loop>>(&n)) {
    for (Node& b : (*l)->body) rename(b, map);
    return;
  }
  Instr& i = std::get<Instr>(n);
  for (auto* list : {&i.dsts, &i.srcs}) {
    for (Operand& o : *list) {
      o.buffer = map.buffer(o.buffer);
      for (DynamicOffset& d : o.dynamic) {
        if (d.buffer >= 0) d.buffer = map.buffer(d.buffer);
        if (d.reg >= 0) d.reg = map.reg(d.reg);
      }
    }
  }
  if (i.buffer >= 0) i.buffer = map.buffer(i.buffer);
  for (int& r : i.reg_dsts) r = map.reg(r);
  for (int& r : i.reg_srcs) r = map.reg(r);
}

// Ids found to be one variable of a loop: each repeat's id at a place is
// one with the first repeat's there.
class Classes {
 public:
  int find(int id) {
    auto it = parent_.find(id);
    if (it == parent_.end() || it->second == id) return id;
    const int root = find(it->second);
    parent_[id] = root;
    return root;
  }
  void unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }
  // Each class of more than one id, as its members.
  std::map<int, std::vector<int>> groups() {
    std::map<int, std::vector<int>> out;
    std::vector<int> ids;
    for (const auto& entry : parent_) ids.push_back(entry.first);
    for (int id : ids) out[find(id)].push_back(id);
    for (auto it = out.begin(); it != out.end();) {
      std::vector<int>& m = it->second;
      if (std::find(m.begin(), m.end(), it->first) == m.end()) m.push_back(it->first);
      it = m.size() > 1 ? std::next(it) : out.erase(it);
    }
    return out;
  }

 private:
  std::map<int, int> parent_;
};

bool checked_affine(int64_t v0, int64_t delta, int64_t k, int64_t v) {
  int64_t step = 0, want = 0;
  return !__builtin_mul_overflow(delta, k, &step) && !__builtin_add_overflow(v0, step, &want) &&
         want == v;
}

class Pass {
 public:
  explicit Pass(Program& p) : p_(p) {
    for (const BufferDecl& b : p.buffers) decls_[b.id] = &b;
  }

  // One pass over the stretches; returns whether it made a loop.
  bool run(std::vector<SplitStretch>& stretches) {
    index_uses();
    shapes_.clear();
    for (const Node& n : p_.body) shapes_.push_back(shape(n));
    prefix_.assign(shapes_.size() + 1, 0);
    power_.assign(shapes_.size() + 1, 1);
    for (size_t k = 0; k < shapes_.size(); ++k) {
      prefix_[k + 1] = prefix_[k] * kBase + shapes_[k];
      power_[k + 1] = power_[k] * kBase;
    }
    std::vector<Node> out;
    bool changed = false;
    size_t at = 0;
    for (SplitStretch& s : stretches) {
      for (; at < s.begin; ++at) out.push_back(std::move(p_.body[at]));
      const size_t begin = out.size();
      changed = stretch(s, out) || changed;
      at = s.end;
      s.begin = begin;
      s.end = out.size();
    }
    for (; at < p_.body.size(); ++at) out.push_back(std::move(p_.body[at]));
    p_.body = std::move(out);
    return changed;
  }

 private:
  static constexpr uint64_t kBase = 1000003;

  uint64_t window(size_t s, size_t n) const { return prefix_[s + n] - prefix_[s] * power_[n]; }

  void index_uses() {
    buffer_uses_.clear();
    register_uses_.clear();
    allocated_at_.clear();
    written_first_.clear();
    for (size_t k = 0; k < p_.body.size(); ++k) {
      each_instr(&p_.body[k], 1, [&](const Instr& i) {
        if (i.as<Allocate>()) allocated_at_.emplace(i.buffer, k);
        each_buffer(i, [&](int b) { buffer_uses_[b].add(k); });
        each_register(i, [&](int r, bool written) {
          written_first_.emplace(r, written);
          register_uses_[r].add(k);
        });
      });
    }
    // What the outputs read is used after every node.
    for (const Output& o : p_.outputs) {
      buffer_uses_[o.view.buffer].add(kNowhere - 1);
      for (const DynamicOffset& d : o.view.dynamic) {
        if (d.buffer >= 0) buffer_uses_[d.buffer].add(kNowhere - 1);
        if (d.reg >= 0) register_uses_[d.reg].add(kNowhere - 1);
      }
    }
  }

  bool stretch(const SplitStretch& st, std::vector<Node>& out) {
    // next[k]: the next node of the stretch with node k's shape.
    std::vector<size_t> next(st.end - st.begin, kNowhere);
    std::unordered_map<uint64_t, size_t> seen;
    for (size_t k = st.end; k-- > st.begin;) {
      auto it = seen.find(shapes_[k]);
      if (it != seen.end()) next[k - st.begin] = it->second;
      seen[shapes_[k]] = k;
    }
    bool changed = false;
    size_t s = st.begin;
    while (s < st.end) {
      size_t period = 0;
      int64_t repeats = 0;
      int tried = 0;
      for (size_t j = next[s - st.begin]; j != kNowhere && tried < kMaxPeriods;
           j = next[j - st.begin], ++tried) {
        const size_t len = j - s;
        if (len > kMaxPeriod || s + 2 * len > st.end) break;
        if (compared_ > kMaxCompared) break;
        if (window(s, len) != window(j, len) || !affine_start(s, len, st.end)) continue;
        repeats = count_repeats(s, len, st.end);
        if (repeats >= kMinRepeats) {
          period = len;
          break;
        }
      }
      if (period == 0) {
        out.push_back(std::move(p_.body[s]));
        ++s;
        continue;
      }
      out.emplace_back(make_loop(s, period, repeats, st.where));
      s += period * static_cast<size_t>(repeats);
      changed = true;
    }
    return changed;
  }

  // Whether each node of body[s, s + len) has offsets affine over the first
  // kMinRepeats repeats: a quick test, node by node, that rejects most
  // periods of code that is not a loop at its first node or so, before
  // count_repeats() compares whole repeats.
  bool affine_start(size_t s, size_t len, size_t end) const {
    if (s + len * kMinRepeats > end) return false;
    for (size_t p = s; p < s + len; ++p) {
      const std::vector<int64_t> v0 = slot_values(&p_.body[p], 1);
      const std::vector<int64_t> v1 = slot_values(&p_.body[p + len], 1);
      if (v1.size() != v0.size()) return false;
      for (int64_t k = 2; k < kMinRepeats; ++k) {
        const std::vector<int64_t> v = slot_values(&p_.body[p + static_cast<size_t>(k) * len], 1);
        if (v.size() != v0.size()) return false;
        for (size_t x = 0; x < v.size(); ++x) {
          int64_t delta = 0;
          if (__builtin_sub_overflow(v1[x], v0[x], &delta) ||
              !checked_affine(v0[x], delta, k, v[x])) {
            return false;
          }
        }
      }
    }
    return true;
  }

  bool same_decl(int a, int b) const {
    const BufferDecl* x = decls_.at(a);
    const BufferDecl* y = decls_.at(b);
    return x->kind == y->kind && x->dtype == y->dtype && x->shape == y->shape &&
           x->program == y->program && x->name == y->name && x->input < 0 && y->input < 0;
  }

  // Whether the tensors of each class can be one: all allocated by the
  // program, alike, each dead before the next is allocated. (A tile made in
  // one repeat and used in the next is such a class: the loop allocates it
  // anew once the previous one's last use is past.)
  bool buffers_merge(const std::vector<int>& members) const {
    std::vector<std::pair<size_t, int>> order;
    for (int m : members) {
      auto it = allocated_at_.find(m);
      if (it == allocated_at_.end() || !same_decl(members[0], m)) return false;
      order.emplace_back(it->second, m);
    }
    std::sort(order.begin(), order.end());
    for (size_t k = 0; k + 1 < order.size(); ++k) {
      if (buffer_uses_.at(order[k].second).last >= order[k + 1].first) return false;
    }
    return true;
  }

  // Likewise for registers: each written before it is read, and dead before
  // the next is first used.
  bool registers_merge(const std::vector<int>& members) const {
    std::vector<std::pair<size_t, int>> order;
    for (int m : members) {
      if (!written_first_.at(m)) return false;
      order.emplace_back(register_uses_.at(m).first, m);
    }
    std::sort(order.begin(), order.end());
    for (size_t k = 0; k + 1 < order.size(); ++k) {
      if (register_uses_.at(order[k].second).last >= order[k + 1].first) return false;
    }
    return true;
  }

  // How many repeats of body[s, s + len) from s are alike with affine
  // offsets, their tensors and registers mergeable (0 or 1: no run). Leaves
  // the run's deltas and classes for make_loop().
  int64_t count_repeats(size_t s, size_t len, size_t end) {
    const std::vector<int64_t> v0 = slot_values(&p_.body[s], len);
    std::vector<int64_t> deltas;
    Classes buffers, registers;
    int64_t k = 1;
    for (size_t at = s + len; at + len <= end; at += len, ++k) {
      if (window(at, len) != window(s, len)) break;
      compared_ += static_cast<int64_t>(len);
      Renaming map;  // this repeat's ids -> the first's at the same places
      bool function = true;
      const auto pair = [&](std::map<int, int>& m) {
        return [&](int x, int y) { function = m.emplace(y, x).first->second == x && function; };
      };
      if (!pair_ids(&p_.body[s], &p_.body[at], len, pair(map.buffers), pair(map.registers)) ||
          !function || !alike(&p_.body[s], &p_.body[at], len, map)) {
        break;
      }
      const std::vector<int64_t> v = slot_values(&p_.body[at], len);
      bool affine = true;
      if (k == 1) {
        deltas.resize(v.size());
        for (size_t x = 0; x < v.size(); ++x) {
          affine = affine && !__builtin_sub_overflow(v[x], v0[x], &deltas[x]);
        }
      } else {
        for (size_t x = 0; x < v.size() && affine; ++x) {
          affine = checked_affine(v0[x], deltas[x], k, v[x]);
        }
      }
      if (!affine) break;
      for (const auto& [y, x] : map.buffers) buffers.unite(x, y);
      for (const auto& [y, x] : map.registers) registers.unite(x, y);
    }
    if (k < 2) return k;
    renaming_ = Renaming{};
    for (const auto& [root, members] : buffers.groups()) {
      if (!buffers_merge(members)) return 0;
      const int first = *std::min_element(members.begin(), members.end(), [&](int a, int b) {
        return allocated_at_.at(a) < allocated_at_.at(b);
      });
      for (int m : members) renaming_.buffers[m] = first;
    }
    for (const auto& [root, members] : registers.groups()) {
      if (!registers_merge(members)) return 0;
      const int first = *std::min_element(members.begin(), members.end(), [&](int a, int b) {
        return register_uses_.at(a).first < register_uses_.at(b).first;
      });
      for (int m : members) renaming_.registers[m] = first;
    }
    deltas_ = std::move(deltas);
    return k;
  }

  // body[s, s + len) as the body of a loop of `repeats` iterations, each
  // class of ids its first member (allocated earliest), also where the last
  // member is used after the run.
  std::unique_ptr<Loop> make_loop(size_t s, size_t len, int64_t repeats, const SourceRange& where) {
    auto loop = std::make_unique<Loop>();
    loop->var = 0;
    loop->count = repeats;
    loop->where = where;
    for (size_t k = s; k < s + len; ++k) {
      loop->body.push_back(std::move(p_.body[k]));
      rename(loop->body.back(), renaming_);
    }
    deepen(loop->body);
    size_t x = 0;
    for_each_slot(loop->body.data(), loop->body.size(), [&](Affine& a) {
      for (auto& term : a.terms) ++term.first;
      if (deltas_[x] != 0) a.terms.emplace_back(0, deltas_[x]);
      ++x;
    });
    rename_after(s + len * static_cast<size_t>(repeats));
    return loop;
  }

  // Renames, from body[after] on and in the outputs, the ids of the run
  // just made a loop; their first members now stand for them.
  void rename_after(size_t after) {
    size_t last = after;
    for (const auto& [id, first] : renaming_.buffers) {
      const Span u = buffer_uses_.at(id);
      buffer_uses_[first].add(u.last);
      if (u.last >= after) last = std::max(last, std::min(u.last + 1, p_.body.size()));
    }
    for (const auto& [id, first] : renaming_.registers) {
      const Span u = register_uses_.at(id);
      register_uses_[first].add(u.last);
      if (u.last >= after) last = std::max(last, std::min(u.last + 1, p_.body.size()));
    }
    for (size_t k = after; k < last; ++k) rename(p_.body[k], renaming_);
    for (Output& o : p_.outputs) {
      Node n{Instr{}};
      Instr& i = std::get<Instr>(n);
      i.srcs.push_back(std::move(o.view));
      rename(n, renaming_);
      o.view = std::move(i.srcs[0]);
    }
  }

  // The loops inside a new loop are one level deeper: their variables too.
  static void deepen(std::vector<Node>& body) {
    for (Node& n : body) {
      if (auto* l = std::get_if<std::unique_ptr<Loop>>(&n)) {
        ++(*l)->var;
        deepen((*l)->body);
      }
    }
  }

  Program& p_;
  std::unordered_map<int, const BufferDecl*> decls_;
  std::unordered_map<int, Span> buffer_uses_, register_uses_;
  std::unordered_map<int, size_t> allocated_at_;  // buffer -> its allocation's node
  std::unordered_map<int, bool> written_first_;   // register -> first met as written
  Renaming renaming_;
  int64_t compared_ = 0;  // nodes count_repeats() compared, against kMaxCompared // of the last
                          // count_repeats()
  std::vector<uint64_t> shapes_, prefix_, power_;
  std::vector<int64_t> deltas_;  // v1 - v0 per slot, of the last count_repeats()
};

int depth(const std::vector<Node>& body) {
  int d = 0;
  for (const Node& n : body) {
    if (const auto* l = std::get_if<std::unique_ptr<Loop>>(&n))
      d = std::max(d, 1 + depth((*l)->body));
  }
  return d;
}

}  // namespace

void reroll_runs(Program& program, std::vector<SplitStretch> stretches) {
  if (stretches.empty()) return;
  std::sort(stretches.begin(), stretches.end(),
            [](const SplitStretch& a, const SplitStretch& b) { return a.begin < b.begin; });
  std::vector<SplitStretch> merged;
  for (SplitStretch& s : stretches) {
    if (s.begin >= s.end) continue;
    if (!merged.empty() && s.begin <= merged.back().end) {
      merged.back().end = std::max(merged.back().end, s.end);
      continue;
    }
    merged.push_back(s);
  }
  for (int pass = 0; pass < kMaxPasses; ++pass) {
    if (!Pass(program).run(merged)) break;
  }
  program.loop_vars = std::max(program.loop_vars, depth(program.body));
}

}  // namespace nkic::codegen
