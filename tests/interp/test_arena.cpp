// ContainerArena: containers that refer to themselves are freed when the
// arena they were made under dies, and only those.
#include <doctest/doctest.h>

#include <optional>

#include "interp/python/value.h"

using namespace nkic::interp;

TEST_CASE("an arena frees the cycles of the containers made while it was in use") {
  std::weak_ptr<ListObj> list;
  std::weak_ptr<DictObj> dict;
  std::weak_ptr<InstanceObj> instance;
  Value::List outside;
  {
    ContainerArena arena;
    {
      ContainerArena::Use use(arena);
      Value l = make_list({});
      auto lp = *l.get<Value::List>();
      lp->items.push_back(l);  // the list holds itself
      list = lp;
      Value::Dict d = new_dict();
      d->set(Value("self"), Value(d));
      dict = d;
      Value::Class c = new_class();
      Value::Instance i = new_instance();
      i->cls = c;
      c->attrs["member"] = Value(i);  // an enum-like cycle through the class
      instance = i;
    }
    // Made after the Use ended: not recorded, left alone.
    outside = *make_list({Value(1)}).get<Value::List>();
    CHECK_FALSE(list.expired());  // only the cycles keep them alive now
    CHECK_FALSE(dict.expired());
    CHECK_FALSE(instance.expired());
  }
  CHECK(list.expired());
  CHECK(dict.expired());
  CHECK(instance.expired());
  REQUIRE(outside->items.size() == 1);
}

TEST_CASE("a nested Use restores the outer arena") {
  std::weak_ptr<ListObj> inner_made, outer_made;
  std::optional<ContainerArena> outer;
  outer.emplace();
  {
    ContainerArena::Use use_outer(*outer);
    {
      ContainerArena inner;
      ContainerArena::Use use_inner(inner);
      Value l = make_list({});
      (*l.get<Value::List>())->items.push_back(l);
      inner_made = *l.get<Value::List>();
    }
    CHECK(inner_made.expired());  // inner died with its scope
    Value l = make_list({});
    (*l.get<Value::List>())->items.push_back(l);
    outer_made = *l.get<Value::List>();
  }
  CHECK_FALSE(outer_made.expired());  // recorded in outer, which still lives
  outer.reset();
  CHECK(outer_made.expired());
}
