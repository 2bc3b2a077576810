// The plan comparison on small plans written for each rule: what counts as a difference
// (unknowns, sensitivity, attributes neither plan changes, moves), attribute paths, cut
// values, and that no sensitive value reaches the text.
#include "renderer/compare/plan_comparison.h"

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "renderer/compare/comparison_json.h"
#include "renderer/compare/comparison_text.h"
#include "renderer/json_fields.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace planview::renderer::compare {
namespace {

struct Parsed {
  std::shared_ptr<const structured::Document> document;
  Plan plan;
};

Parsed ParsePlan(const std::string& resource_changes, const std::string& extra = "") {
  structured::ParseResult parsed = structured::ParseJson(
      R"({"format_version":"1.2","resource_changes":[)" + resource_changes + "]" + extra + "}");
  EXPECT_TRUE(parsed.ok());
  base::Expected<Plan> plan = Plan::FromJson(parsed.value()->root());
  EXPECT_TRUE(plan) << plan.error().message;
  return Parsed{parsed.value(), plan ? *std::move(plan) : Plan()};
}

// One managed resource `x.a` (with `more` fields of the entry) and its change.
std::string Entry(const std::string& change, const std::string& more = "") {
  return R"({"address":"x.a","mode":"managed","type":"x","name":"a")" + more + R"(,"change":)" + change + "}";
}

std::string Text(const PlanComparison& comparison) {
  std::string out;
  AppendComparisonText(comparison, TextOptions{false, "old.json", "new.json"}, out);
  return out;
}

TEST(PlanComparison, UnknownsCompareEqualAndKnownAfterApplyDiffers) {
  Parsed a = ParsePlan(Entry(R"({"actions":["update"],"before":{"v":1,"w":1},"after":{"w":1},"after_unknown":{"v":true}})"));
  Parsed b = ParsePlan(Entry(R"({"actions":["update"],"before":{"v":1,"w":1},"after":{"w":1},"after_unknown":{"v":true}})"));
  EXPECT_TRUE(ComparePlans(a.plan, b.plan).Same());
  Parsed c = ParsePlan(Entry(R"({"actions":["update"],"before":{"v":1,"w":1},"after":{"v":[2],"w":1},"after_unknown":{}})"));
  PlanComparison comparison = ComparePlans(a.plan, c.plan);
  ASSERT_EQ(comparison.resources.size(), 1u);
  EXPECT_EQ(Text(comparison),
            "Old plan: old.json\nNew plan: new.json\n\nResource changes that differ:\n\n"
            "~ x.a\n    action: update in both plans\n    v\n      old plan: 1 -> (known after apply)\n"
            "      new plan: 1 -> [2]\n\n"
            "The plans differ: 1 resource change (1 with other attribute changes).\n");
}

TEST(PlanComparison, AttributesNeitherPlanChangesAreNotDifferences) {
  // The state moved between the plans (v 1 -> 5) but neither plan changes v.
  Parsed a = ParsePlan(Entry(R"({"actions":["update"],"before":{"v":1,"w":1},"after":{"v":1,"w":2}})"));
  Parsed b = ParsePlan(Entry(R"({"actions":["update"],"before":{"v":5,"w":1},"after":{"v":5,"w":2}})"));
  EXPECT_TRUE(ComparePlans(a.plan, b.plan).Same());
}

TEST(PlanComparison, SensitivePartsCompareWholeWithoutShowingThem) {
  // The shapes differ (object vs string), so `a` is compared whole, and it holds a
  // sensitive part in the old plan.
  Parsed a = ParsePlan(Entry(R"({"actions":["update"],"before":{"a":null},"after":{"a":{"s":"SECRET-1"}},)"
                             R"("after_sensitive":{"a":{"s":true}}})"));
  Parsed b = ParsePlan(Entry(R"({"actions":["update"],"before":{"a":null},"after":{"a":"plain"}})"));
  PlanComparison comparison = ComparePlans(a.plan, b.plan);
  ASSERT_EQ(comparison.resources.size(), 1u);
  ASSERT_EQ(comparison.resources[0].attributes.size(), 1u);
  EXPECT_TRUE(comparison.resources[0].attributes[0].Sensitive());
  std::string text = Text(comparison);
  EXPECT_NE(text.find("    a: (sensitive value changed)\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("SECRET"), std::string::npos);
  EXPECT_EQ(text.find("plain"), std::string::npos);
  // The same value, marked sensitive in one plan only.
  Parsed c = ParsePlan(Entry(R"({"actions":["update"],"before":{"a":1},"after":{"a":2},"after_sensitive":{"a":true}})"));
  Parsed d = ParsePlan(Entry(R"({"actions":["update"],"before":{"a":1},"after":{"a":2}})"));
  EXPECT_NE(Text(ComparePlans(c.plan, d.plan)).find("    a: (sensitivity changed)\n"), std::string::npos);
}

TEST(PlanComparison, MovesAndImportsArePartOfTheAction) {
  Parsed a = ParsePlan(Entry(R"({"actions":["no-op"],"before":{},"after":{}})", R"(,"previous_address":"x.b")"));
  Parsed b = ParsePlan(Entry(R"({"actions":["no-op"],"before":{},"after":{}})"));
  PlanComparison comparison = ComparePlans(a.plan, b.plan);
  ASSERT_EQ(comparison.resources.size(), 1u);
  EXPECT_EQ(comparison.resources[0].kind, DifferenceKind::kActionChanged);
  EXPECT_NE(Text(comparison).find("    action: no-op (moved from x.b) -> no-op\n"), std::string::npos);
  // A no-op in one plan and no entry in the other propose the same: nothing.
  Parsed none = ParsePlan("");
  EXPECT_TRUE(ComparePlans(b.plan, none.plan).Same());
  EXPECT_FALSE(ComparePlans(a.plan, none.plan).Same());
}

TEST(PlanComparison, PathsAndLongValues) {
  std::string long_value(300, 'x');
  Parsed a = ParsePlan(Entry(R"({"actions":["update"],"before":{"m":{"a.b":[0,{"k":1}]},"s":"x"},)"
                             R"("after":{"m":{"a.b":[0,{"k":2}]},"s":"x"}})"));
  Parsed b = ParsePlan(Entry(R"({"actions":["update"],"before":{"m":{"a.b":[0,{"k":1}]},"s":"x"},)"
                             R"("after":{"m":{"a.b":[0,{"k":3}]},"s":")" + long_value + R"("}})"));
  std::string text = Text(ComparePlans(a.plan, b.plan));
  EXPECT_NE(text.find("    m[\"a.b\"][1].k\n      old plan: 1 -> 2\n      new plan: 1 -> 3\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("    s\n      old plan: no change (\"x\")\n      new plan: \"x\" -> \"" + long_value.substr(0, 199) +
                      "... (302 bytes)\n"),
            std::string::npos)
      << text;
}

// Provider schemas for `x` with a set of strings, a list of strings and a set of blocks.
struct SetSchemas {
  std::shared_ptr<const structured::Document> document;
  structured::ProviderSchemas schemas;
};

SetSchemas MakeSetSchemas() {
  structured::ParseResult parsed = structured::ParseJson(
      R"({"format_version":"1.0","provider_schemas":{"registry.opentofu.org/hashicorp/x":{"resource_schemas":)"
      R"({"x":{"version":0,"block":{"attributes":{"tags":{"type":["set","string"],"optional":true},)"
      R"("names":{"type":["list","string"],"optional":true}},"block_types":{"rule":{"nesting_mode":"set",)"
      R"("block":{"attributes":{"port":{"type":"number","optional":true},)"
      R"("cidrs":{"type":["set","string"],"optional":true}}}}}}}}}}})");
  EXPECT_TRUE(parsed.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  EXPECT_TRUE(schemas.ok());
  return SetSchemas{parsed.value(), std::move(*schemas)};
}

constexpr char kProvider[] = R"(,"provider_name":"registry.opentofu.org/hashicorp/x")";

TEST(PlanComparison, SetsMatchElementsByValue) {
  SetSchemas s = MakeSetSchemas();
  const CompareOptions with_schemas{.schemas = &s.schemas};
  Parsed a = ParsePlan(Entry(R"({"actions":["update"],"before":{"tags":["a"],"names":["a"],"rule":[]},)"
                             R"("after":{"tags":["a","b","c"],"names":["a","b"],)"
                             R"("rule":[{"port":1,"cidrs":["x","y"]},{"port":2,"cidrs":[]}]}})",
                             kProvider));
  // The same sets in another order (the list too: a list's order is a difference).
  Parsed b = ParsePlan(Entry(R"({"actions":["update"],"before":{"tags":["a"],"names":["a"],"rule":[]},)"
                             R"("after":{"tags":["c","a","b"],"names":["b","a"],)"
                             R"("rule":[{"cidrs":[],"port":2},{"port":1,"cidrs":["y","x"]}]}})",
                             kProvider));
  PlanComparison comparison = ComparePlans(a.plan, b.plan, with_schemas);
  ASSERT_EQ(comparison.resources.size(), 1u);
  std::string text = Text(comparison);
  EXPECT_EQ(text,
            "Old plan: old.json\nNew plan: new.json\n\nResource changes that differ:\n\n"
            "~ x.a\n    action: update in both plans\n"
            "    names[0]\n      old plan: no change (\"a\")\n      new plan: \"a\" -> \"b\"\n"
            "    names[1]\n      old plan: null -> \"b\"\n      new plan: null -> \"a\"\n\n"
            "The plans differ: 1 resource change (1 with other attribute changes).\n");
  // Without schemas nothing says which arrays are sets: every one compares by index.
  EXPECT_EQ(ComparePlans(a.plan, b.plan).resources.at(0).attributes.size(), 11u);
}

TEST(PlanComparison, ASetWithOneChangedElement) {
  SetSchemas s = MakeSetSchemas();
  Parsed a = ParsePlan(Entry(R"({"actions":["update"],"before":{"tags":["a","b"]},"after":{"tags":["a","b","c"]}})",
                             kProvider));
  Parsed b = ParsePlan(Entry(R"({"actions":["update"],"before":{"tags":["b","a"]},"after":{"tags":["b","X","a"]}})",
                             kProvider));
  PlanComparison comparison = ComparePlans(a.plan, b.plan, CompareOptions{.schemas = &s.schemas});
  EXPECT_EQ(Text(comparison),
            "Old plan: old.json\nNew plan: new.json\n\nResource changes that differ:\n\n"
            "~ x.a\n    action: update in both plans\n"
            "    tags element \"c\"\n      old plan: adds it\n      new plan: does not have it\n"
            "    tags element \"X\"\n      old plan: does not have it\n      new plan: adds it\n\n"
            "The plans differ: 1 resource change (1 with other attribute changes).\n");
  std::string json;
  AppendComparisonJson(comparison, "old.json", "new.json", json);
  EXPECT_NE(json.find(R"("attributes":[{"path":["tags",{"element":"c"}],)"
                      R"("old":{"changes":true,"before":{"value":null},"after":{"value":"c"}},)"
                      R"("new":{"changes":false,"before":{"value":null},"after":{"value":null}}},)"
                      R"({"path":["tags",{"element":"X"}],)"
                      R"("old":{"changes":false,"before":{"value":null},"after":{"value":null}},)"
                      R"("new":{"changes":true,"before":{"value":null},"after":{"value":"X"}}}])"),
            std::string::npos)
      << json;
  // An element one plan removes and the other keeps.
  Parsed c = ParsePlan(Entry(R"({"actions":["update"],"before":{"tags":["a","b"]},"after":{"tags":["a"]}})",
                             kProvider));
  EXPECT_NE(Text(ComparePlans(a.plan, c.plan, CompareOptions{.schemas = &s.schemas}))
                .find("    tags element \"b\"\n      old plan: keeps it\n      new plan: removes it\n"),
            std::string::npos);
}

TEST(PlanComparison, DriftOnlyWhenAsked) {
  const std::string drift = R"(,"resource_drift":[{"address":"x.a","mode":"managed","type":"x","name":"a",)"
                            R"("change":{"actions":["update"],"before":{"v":1},"after":{"v":2}}}])";
  Parsed a = ParsePlan("", drift);
  Parsed b = ParsePlan("");
  EXPECT_TRUE(ComparePlans(a.plan, b.plan).Same());
  PlanComparison comparison = ComparePlans(a.plan, b.plan, CompareOptions{.drift = true});
  ASSERT_EQ(comparison.drift.size(), 1u);
  EXPECT_EQ(comparison.drift[0].kind, DifferenceKind::kGone);
}

TEST(PlanComparison, DuplicateAddressesAreAnInputError) {
  std::string entry = Entry(R"({"actions":["update"],"before":{},"after":{}})");
  Parsed a = ParsePlan(entry + "," + entry);
  base::Expected<void> unique = CheckUniqueAddresses(a.plan);
  ASSERT_FALSE(unique);
  EXPECT_EQ(unique.error().message, "$.resource_changes[1]: the same address and deposed key as $.resource_changes[0]; "
                                    "planview diff needs each resource instance once");
  // Another deposed key is another instance.
  Parsed b = ParsePlan(entry + "," + Entry(R"({"actions":["delete"],"before":{},"after":null})", R"(,"deposed":"1")"));
  EXPECT_TRUE(CheckUniqueAddresses(b.plan));
}

}  // namespace
}  // namespace planview::renderer::compare
