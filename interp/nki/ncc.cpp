// nki.collectives (ncc): replica groups, rank_id and the collectives, whose
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
  };
}

}  // namespace nki
}  // namespace nkic::interp
