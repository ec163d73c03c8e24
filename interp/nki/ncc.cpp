// nki.collectives (ncc): replica groups, rank_id, the ring step's rank
// (current_processing_rank_id) and the collectives and permutes, whose
// arguments collective.cpp checks before the rank's Device takes the call.
#include <limits>

#include "interp/nki/args.h"
#include "interp/nki/collective.h"

namespace nkic::interp {

rt::ReplicaGroup replica_group_value(const Value& v, const std::string& what) {
  if (auto g = v.get<Value::Group>()) return **g;
  rt::ReplicaGroup group;
  const ValueList* lists = sequence_items(v);
  if (!lists) {
    throw ValueError(what +
                     ": replica_group must be a ReplicaGroup or a list of rank lists, not '" +
                     type_name(v) + "'");
  }
  for (const Value& l : *lists) {
    const ValueList* ranks = sequence_items(l);
    if (!ranks) throw ValueError(what + ": each replica group must be a list of ranks");
    std::vector<int> members;
    for (const Value& r : *ranks) {
      if (auto reg = r.get<Value::Register>()) register_misuse(**reg, "a rank in a replica group");
      const int64_t id = to_int(r, "a rank id");
      if (id < 0 || id > std::numeric_limits<int>::max()) {
        throw ValueError(what + ": rank id " + std::to_string(id) + " is out of range");
      }
      members.push_back(static_cast<int>(id));
    }
    group.groups.push_back(std::move(members));
  }
  return group;
}

namespace nki {
namespace {

Value ncc_replica_group(CallArgs& c) {
  rt::ReplicaGroup g = replica_group_value(c["groups"], c.fn.name);
  return Value(Value::Group(std::make_shared<const rt::ReplicaGroup>(std::move(g))));
}

Value ncc_rank_id(CallArgs& c) {
  name_arg(c, "name");
  std::shared_ptr<rt::Register> r = device(c).new_register("rank_id()", c.range);
  device(c).run({rt::RankId{}, {}, {}, {r.get()}, {}, c.range});
  return Value(r);
}

// The rank whose data a ring step brings (a device operation, as rank_id).
Value ncc_current_processing_rank_id(CallArgs& c) {
  name_arg(c, "name");
  const std::string op = c.fn.name;
  const int ranks = c.ev.context().ranks;
  const rt::ReplicaGroup group = replica_group_value(c["replica_group"], op);
  group.validate(ranks);
  if (auto reg = c["channel_id"].get<Value::Register>()) register_misuse(**reg, "a channel id");
  const int64_t channel = to_int(c["channel_id"], op + ": channel_id");
  const size_t most = max_ring_channels(group, ranks);
  if (channel < 0 || channel >= static_cast<int64_t>(most)) {
    throw ValueError(op + ": channel_id " + std::to_string(channel) +
                     " is not a channel of a ring " + "of replica group " + group.describe() +
                     " (0 to " + std::to_string(most - 1) + ")");
  }
  rt::RingRankId ring;
  for (const std::vector<int>& list : group.groups) {
    ring.lists.push_back(static_cast<int64_t>(list.size()));
    ring.lists.insert(ring.lists.end(), list.begin(), list.end());
  }
  std::shared_ptr<rt::Register> r =
      device(c).new_register("collective_permute_implicit_current_processing_rank_id()", c.range);
  if (auto step = c["iteration_id"].get<Value::Register>()) {
    device(c).run({ring, {}, {}, {r.get()}, {step->get()}, c.range});
  } else {
    ring.iteration = to_int(c["iteration_id"], op + ": iteration_id");
    device(c).run({ring, {}, {}, {r.get()}, {}, c.range});
  }
  return Value(r);
}

template <rt::CollectiveKind kKind>
Value ncc_collective(CallArgs& c) {
  return collective_action(c, kKind);
}

}  // namespace

std::vector<OpEntry> ncc_entries() {
  using K = rt::CollectiveKind;
  const Value none;
  const OpRole meta = OpRole::meta, device = OpRole::device;
  const char* ncc = "nki.collectives";
  const auto name_of = [](K k) { return std::string(rt::collective_name(k)); };
  // channel_ids=[0], as a tuple: the table is shared, and nothing may change it.
  const Value channel_zero = make_tuple({Value(int64_t{0})});
  return {
      entry(ncc, "ReplicaGroup", {req("groups")}, meta, ncc_replica_group),
      entry(ncc, "rank_id", {opt("name", none)}, device, ncc_rank_id),
      entry(ncc, name_of(K::all_reduce),
            {req("srcs"), req("dsts"), req("replica_group"), req("op"), opt("priority", none),
             opt("name", none)},
            device, ncc_collective<K::all_reduce>),
      entry(ncc, name_of(K::all_gather),
            {req("srcs"), req("dsts"), req("replica_group"), req("collective_dim"),
             opt("priority", none), opt("name", none)},
            device, ncc_collective<K::all_gather>),
      entry(ncc, name_of(K::reduce_scatter),
            {req("srcs"), req("dsts"), req("replica_group"), req("collective_dim"), req("op"),
             opt("priority", none), opt("name", none)},
            device, ncc_collective<K::reduce_scatter>),
      entry(ncc, name_of(K::all_to_all),
            {req("srcs"), req("dsts"), req("replica_group"), req("collective_dim"),
             opt("priority", none), opt("name", none)},
            device, ncc_collective<K::all_to_all>),
      entry(ncc, name_of(K::permute),
            {req("srcs"), req("dsts"), req("source_target_pairs"), opt("priority", none),
             opt("name", none)},
            device, ncc_collective<K::permute>),
      entry(ncc, name_of(K::permute_implicit),
            {req("srcs_by_channel"), req("dsts_by_channel"), req("replica_group"),
             opt("channel_ids", channel_zero), opt("priority", none), opt("name", none)},
            device, ncc_collective<K::permute_implicit>),
      entry(ncc, name_of(K::permute_implicit_reduce),
            {req("srcs0_by_channel"), req("srcs1_by_channel"), req("dsts_by_channel"),
             req("replica_group"), req("op"), opt("channel_ids", channel_zero),
             opt("priority", none), opt("name", none)},
            device, ncc_collective<K::permute_implicit_reduce>),
      entry(ncc, "collective_permute_implicit_current_processing_rank_id",
            {req("iteration_id"), req("replica_group"), opt("channel_id", Value(int64_t{0})),
             opt("name", none)},
            device, ncc_current_processing_rank_id),
  };
}

}  // namespace nki
}  // namespace nkic::interp
