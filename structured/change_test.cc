#include "structured/change.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "structured/json_parse.h"

namespace planview::structured {
namespace {

class ChangeTest : public ::testing::Test {
 protected:
  Value Parse(std::string json) {
    ParseResult r = ParseJson(std::move(json));
    EXPECT_TRUE(r.ok()) << json;
    docs_.push_back(r.value());
    return r.value()->root();
  }
  Change FromPlan(std::string json, PathMatcher relevant = PathMatcher::Always()) {
    return Change::FromPlanChange(Parse(std::move(json)), std::move(relevant));
  }
  std::vector<std::shared_ptr<const Document>> docs_;
};

TEST_F(ChangeTest, FromPlanChangeReadsEveryField) {
  Change c = FromPlan(R"({"before": {"a": 1}, "after": {"a": 2}, "after_unknown": {"b": true},
      "before_sensitive": {"s": true}, "after_sensitive": false, "replace_paths": [["a"]]})");
  EXPECT_EQ(c.before.find("a").text(), "1");
  EXPECT_EQ(c.after.find("a").text(), "2");
  EXPECT_TRUE(c.unknown.find("b").is_true());
  EXPECT_TRUE(c.before_sensitive.find("s").is_true());
  EXPECT_FALSE(c.IsAfterSensitive());
  EXPECT_TRUE(c.replace_paths.ChildWithKey("a").Matches());
  EXPECT_TRUE(c.relevant_attributes.always());
  EXPECT_FALSE(c.before_explicit);
}

TEST_F(ChangeTest, CalculateAction) {
  EXPECT_EQ(FromPlan(R"({"before": null, "after": 1})").CalculateAction(), Action::kCreate);
  EXPECT_EQ(FromPlan(R"({"before": 1, "after": null})").CalculateAction(), Action::kDelete);
  EXPECT_EQ(FromPlan(R"({"before": 1, "after": 1})").CalculateAction(), Action::kNoOp);
  EXPECT_EQ(FromPlan(R"({"before": 1, "after": 1.0})").CalculateAction(), Action::kUpdate);
  EXPECT_EQ(FromPlan(R"({"before": {"a": [1]}, "after": {"a": [1]}})").CalculateAction(), Action::kNoOp);
  EXPECT_EQ(FromPlan(R"({"before": null, "after": null})").CalculateAction(), Action::kNoOp);
  // Sensitivity changes alone are an update.
  EXPECT_EQ(FromPlan(R"({"before": 1, "after": 1, "after_sensitive": true})").CalculateAction(), Action::kUpdate);
  // An explicit null inside a collection is not a deletion.
  Change explicit_null = FromPlan(R"({"before": null, "after": null})");
  explicit_null.after_explicit = true;
  EXPECT_EQ(explicit_null.CalculateAction(), Action::kCreate);
  explicit_null.before_explicit = true;
  EXPECT_EQ(explicit_null.CalculateAction(), Action::kNoOp);
}

TEST_F(ChangeTest, DefaultActionForIteration) {
  EXPECT_EQ(FromPlan(R"({"before": null, "after": 1})").DefaultActionForIteration(), Action::kCreate);
  EXPECT_EQ(FromPlan(R"({"before": 1, "after": null})").DefaultActionForIteration(), Action::kDelete);
  EXPECT_EQ(FromPlan(R"({"before": 1, "after": 2})").DefaultActionForIteration(), Action::kNoOp);
  EXPECT_EQ(FromPlan(R"({})").DefaultActionForIteration(), Action::kNoOp);
}

TEST_F(ChangeTest, AsNoOpDeleteCreate) {
  Change c = FromPlan(R"({"before": "a", "after": "b", "after_unknown": true,
      "before_sensitive": true, "after_sensitive": false})");
  c.before_explicit = true;
  Change noop = c.AsNoOp();
  EXPECT_EQ(noop.after.text(), "a");
  EXPECT_TRUE(noop.after_explicit);
  EXPECT_FALSE(noop.IsUnknown());
  EXPECT_TRUE(noop.unknown.is_bool());
  EXPECT_TRUE(noop.IsAfterSensitive());
  Change del = c.AsDelete();
  EXPECT_TRUE(del.after.absent());
  EXPECT_TRUE(del.unknown.absent());
  EXPECT_TRUE(del.after_sensitive.absent());
  EXPECT_EQ(del.before.text(), "a");
  Change create = c.AsCreate();
  EXPECT_TRUE(create.before.absent());
  EXPECT_FALSE(create.before_explicit);
  EXPECT_TRUE(create.IsUnknown());
  EXPECT_EQ(create.after.text(), "b");
}

TEST_F(ChangeTest, MapChildrenCarryEveryTree) {
  Change c = FromPlan(R"({"before": {"a": 1, "n": null}, "after": {"a": 2, "b": 3},
      "after_unknown": {"c": true}, "before_sensitive": {"a": true}, "after_sensitive": {"b": true},
      "replace_paths": [["a"], ["b", "x"]]})");
  MapValue m = c.AsMap();
  EXPECT_EQ(m.AllKeys(), (std::vector<std::string_view>{"a", "b", "c", "n"}));
  EXPECT_EQ(m.ExplicitKeys(), (std::vector<std::string_view>{"a", "b", "n"}));
  Change a = m.GetChild("a");
  EXPECT_EQ(a.before.text(), "1");
  EXPECT_EQ(a.after.text(), "2");
  EXPECT_TRUE(a.before_explicit && a.after_explicit);
  EXPECT_TRUE(a.IsBeforeSensitive());
  EXPECT_FALSE(a.IsAfterSensitive());
  EXPECT_TRUE(a.replace_paths.Matches());
  Change b = m.GetChild("b");
  EXPECT_FALSE(b.before_explicit);
  EXPECT_TRUE(b.after_explicit);
  EXPECT_TRUE(b.IsAfterSensitive());
  EXPECT_FALSE(b.replace_paths.Matches());
  EXPECT_TRUE(b.replace_paths.ChildWithKey("x").Matches());
  Change cc = m.GetChild("c");
  EXPECT_TRUE(cc.IsUnknown());
  EXPECT_FALSE(cc.before_explicit || cc.after_explicit);
  // A key present with null is explicit on that side.
  Change n = m.GetChild("n");
  EXPECT_TRUE(n.before_explicit);
  EXPECT_TRUE(n.before.is_null());
  EXPECT_FALSE(n.after_explicit);
  EXPECT_EQ(n.CalculateAction(), Action::kDelete);
}

// ForEachChild walks AllKeys() in order and gives GetChild(key) for each, whatever the
// sides hold: unsorted and repeated keys, keys only in a marker, whole-value markers,
// sides that are not objects.
// The maps every child test reads: repeated and unsorted keys, whole-value markers,
// sides that are not objects.
const char* const kMapChanges[] = {
    R"({"before": {"z": 1, "a": 2, "m": 3, "a": 4}, "after": {"b": 5, "z": 6, "z": 7},
        "after_unknown": {"q": true, "b": true}, "before_sensitive": {"m": true, "0": true},
        "after_sensitive": {"zz": {"x": true}}, "replace_paths": [["a"], ["z", 1]]})",
    R"({"before": {"a": 1, "j": {}, "k": [1]}, "after": {"a": 2, "k": [2], "l": 3},
        "after_unknown": {"l": true}, "before_sensitive": {"j": {}}, "after_sensitive": {"k": [true]}})",
    R"({"before": {"k": [1], "j": {}}, "after": {"k": [2]}, "after_unknown": true,
        "before_sensitive": true, "after_sensitive": false})",
    R"({"before": "text", "after": {"x": null, "y": 1}, "after_unknown": [true]})",
    R"({"before": {}, "after": null, "before_sensitive": {"gone": true}})",
    R"({"before": 1, "after": 2})",
};

void ExpectSameChild(const Change& child, const Change& want) {
  auto same = [](Value a, Value b) { return a.absent() == b.absent() && (a.absent() || a.index() == b.index()); };
  EXPECT_TRUE(same(child.before, want.before));
  EXPECT_TRUE(same(child.after, want.after));
  EXPECT_TRUE(same(child.unknown, want.unknown));
  EXPECT_TRUE(same(child.before_sensitive, want.before_sensitive));
  EXPECT_TRUE(same(child.after_sensitive, want.after_sensitive));
  EXPECT_EQ(child.before_explicit, want.before_explicit);
  EXPECT_EQ(child.after_explicit, want.after_explicit);
  EXPECT_EQ(child.replace_paths.Matches(), want.replace_paths.Matches());
  EXPECT_EQ(child.replace_paths.MatchesPartial(), want.replace_paths.MatchesPartial());
  EXPECT_EQ(child.relevant_attributes.Matches(), want.relevant_attributes.Matches());
  EXPECT_EQ(child.relevant_attributes.MatchesPartial(), want.relevant_attributes.MatchesPartial());
}

TEST_F(ChangeTest, ForEachChildIsAllKeysWithGetChild) {
  for (const char* json : kMapChanges) {
    SCOPED_TRACE(json);
    MapValue m = FromPlan(json, PathMatcher::FromPaths(Parse(R"([["a"], ["k", 0]])"), false)).AsMap();
    std::vector<std::string_view> keys;
    m.ForEachChild([&](std::string_view key, const Change& child) {
      SCOPED_TRACE(key);
      keys.push_back(key);
      ExpectSameChild(child, m.GetChild(key));
    });
    EXPECT_EQ(keys, m.AllKeys());
  }
  // The values are the ones find() gives: a repeated key's last.
  Change c = FromPlan(R"({"before": {"a": 1, "a": 2}, "after": {"a": 3}})");
  int calls = 0;
  c.AsMap().ForEachChild([&](std::string_view key, const Change& child) {
    ++calls;
    EXPECT_EQ(key, "a");
    EXPECT_EQ(child.before.text(), "2");
    EXPECT_EQ(child.after.text(), "3");
  });
  EXPECT_EQ(calls, 1);
}

TEST_F(ChangeTest, OrderedChildrenAreGetChild) {
  for (const char* json : kMapChanges) {
    SCOPED_TRACE(json);
    MapValue m = FromPlan(json, PathMatcher::FromPaths(Parse(R"([["a"], ["k", 0]])"), false)).AsMap();
    std::vector<std::string_view> all = m.AllKeys();
    // Every key, keys in none of the sides, and every other key (as a schema asks some).
    std::vector<std::vector<std::string_view>> runs = {all, {"", "0a", "c", "zzz"}, {}};
    for (size_t i = 0; i < all.size(); i += 2) runs.back().push_back(all[i]);
    for (auto& keys : runs) std::sort(keys.begin(), keys.end());
    OrderedChildren ordered(m);
    for (const auto& keys : runs) {
      ordered.Restart();
      for (std::string_view key : keys) {
        SCOPED_TRACE(key);
        ExpectSameChild(ordered.GetChild(key), m.GetChild(key));
      }
    }
  }
}

// A state's change has one node on both sides (values, and sensitive values): ForEachChild
// and OrderedChildren read each such pair once; their children are still GetChild's.
TEST_F(ChangeTest, SidesOfOneNodeGiveGetChildsChildren) {
  const std::pair<const char*, const char*> kStates[] = {
      {R"({"z": 1, "a": 2, "m": {"x": 3}, "a": 4})", R"({"m": {"x": true}, "0": true, "a": true, "a": false})"},
      {R"({"a": 1, "j": {}, "k": [1]})", "true"},
      {R"({"k": [2], "l": 3})", "{}"},
      {"[1]", R"({"x": true})"},
      {"{}", "null"},
  };
  for (const auto& [values, sensitive] : kStates) {
    SCOPED_TRACE(values);
    MapValue m = Change::FromStateValues(Parse(values), Parse(sensitive)).AsMap();
    std::vector<std::string_view> keys;
    m.ForEachChild([&](std::string_view key, const Change& child) {
      SCOPED_TRACE(key);
      keys.push_back(key);
      ExpectSameChild(child, m.GetChild(key));
    });
    EXPECT_EQ(keys, m.AllKeys());
    OrderedChildren ordered(m);
    for (std::string_view key : {"0", "a", "b", "j", "k", "l", "m", "z"}) {
      SCOPED_TRACE(key);
      const Change& child = ordered.GetChild(key);
      ExpectSameChild(child, m.GetChild(key));
      EXPECT_EQ(child.after.index(), child.before.index());
    }
  }
}

TEST_F(ChangeTest, WholeValueTrueMarkersDescend) {
  Change c = FromPlan(R"({"before": {"a": [1, 2]}, "after": {"a": [1, 2, 3]},
      "after_unknown": true, "before_sensitive": true, "after_sensitive": true})");
  Change a = c.AsMap().GetChild("a");
  EXPECT_TRUE(a.IsUnknown());
  EXPECT_TRUE(a.IsBeforeSensitive());
  EXPECT_TRUE(a.IsAfterSensitive());
  Change third = a.AsSlice().GetChild(-1, 2);
  EXPECT_TRUE(third.IsUnknown());
  EXPECT_TRUE(third.IsBeforeSensitive());
  EXPECT_TRUE(third.IsAfterSensitive());
  EXPECT_EQ(third.after.text(), "3");
  // `false` does not descend: children get nothing.
  Change f = FromPlan(R"({"before": {"a": 1}, "after": {"a": 1}, "after_unknown": false})");
  EXPECT_TRUE(f.AsMap().GetChild("a").unknown.absent());
}

TEST_F(ChangeTest, SliceChildrenFollowTheirIndices) {
  Change c = FromPlan(R"({"before": ["x", "y"], "after": ["y", "z", "w"],
      "after_unknown": [false, true], "before_sensitive": [true], "after_sensitive": [false, false, true],
      "replace_paths": [[0], [2, "k"]]})");
  SliceValue s = c.AsSlice();
  EXPECT_EQ(s.BeforeSize(), 2u);
  EXPECT_EQ(s.AfterSize(), 3u);
  Change pair = s.GetChild(1, 0);
  EXPECT_EQ(pair.before.text(), "y");
  EXPECT_EQ(pair.after.text(), "y");
  EXPECT_FALSE(pair.IsUnknown());
  EXPECT_FALSE(pair.IsBeforeSensitive());
  Change deleted = s.GetChild(0, -1);
  EXPECT_EQ(deleted.before.text(), "x");
  EXPECT_FALSE(deleted.after_explicit);
  EXPECT_TRUE(deleted.IsBeforeSensitive());
  EXPECT_TRUE(deleted.replace_paths.Matches());  // follows the before index 0
  Change created = s.GetChild(-1, 1);
  EXPECT_TRUE(created.IsUnknown());
  EXPECT_FALSE(created.before_explicit);
  EXPECT_FALSE(created.replace_paths.MatchesPartial());  // follows the after index 1
  Change last = s.GetChild(5, 2);                        // before index out of range
  EXPECT_TRUE(last.IsAfterSensitive());
  EXPECT_TRUE(last.replace_paths.ChildWithKey("k").Matches());  // follows the after index 2
}

TEST_F(ChangeTest, RelevantAttributesFilterChildren) {
  Change c = FromPlan(R"({"before": {"a": 1, "b": 2}, "after": {"a": 3, "b": 4}})",
                      PathMatcher::FromPaths(Parse(R"([["a"]])"), false));
  MapValue m = c.AsMap();
  EXPECT_TRUE(m.GetChild("a").relevant_attributes.Matches());
  EXPECT_FALSE(m.GetChild("b").relevant_attributes.MatchesPartial());
  Change always = FromPlan(R"({"before": [1], "after": [2]})");
  EXPECT_TRUE(always.AsSlice().GetChild(0, 0).relevant_attributes.Matches());
}

TEST_F(ChangeTest, NonContainerSidesCountAsEmpty) {
  Change c = FromPlan(R"({"before": "string", "after": 5})");
  EXPECT_TRUE(c.AsMap().AllKeys().empty());
  EXPECT_EQ(c.AsSlice().BeforeSize(), 0u);
  EXPECT_TRUE(c.AsSlice().GetChild(0, 0).before.absent());
}

TEST_F(ChangeTest, StateValuesAndOutputs) {
  Change s = Change::FromStateValues(Parse(R"({"id": "x"})"), Parse(R"({"id": true})"));
  EXPECT_TRUE(s.before.Equals(s.after));
  EXPECT_EQ(s.CalculateAction(), Action::kNoOp);
  EXPECT_TRUE(s.AsMap().GetChild("id").IsAfterSensitive());
  Change o = Change::FromStateOutput(Parse("\"v\""), true);
  EXPECT_TRUE(o.IsBeforeSensitive());
  EXPECT_TRUE(o.IsAfterSensitive());
  EXPECT_FALSE(o.IsUnknown());
}

}  // namespace
}  // namespace planview::structured
