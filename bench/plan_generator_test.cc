#include "bench/plan_generator.h"

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "bench/json_writer.h"
#include "bench/shape_plans.h"
#include "structured/json_parse.h"
#include "structured/json_text.h"
#include "structured/schema.h"

namespace planview::bench {
namespace {

using structured::Value;

std::shared_ptr<const structured::Document> Parse(std::string text) {
  structured::ParseResult r = structured::ParseJson(std::move(text));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().ToString("generated"));
  return r.value();
}

std::string Plan(uint64_t bytes, uint64_t seed, bool indent = false, size_t blocks = 0) {
  PlanGeneratorOptions options;
  options.target_bytes = bytes;
  options.seed = seed;
  options.indent = indent;
  options.resource_blocks = blocks;
  return GeneratePlanText(options);
}

TEST(JsonWriter, EscapesLikeGo) {
  std::string out;
  structured::AppendGoJsonString(out, "a\"b\\c\nd\te<f>&g\x01h\xe2\x80\xa8i\xe2\x80\xa9j\xe2\x82\xac");
  EXPECT_EQ(out, R"("a\"b\\c\nd\te\u003cf\u003e\u0026g\u0001h\u2028i\u2029j)" "\xe2\x82\xac\"");
}

TEST(JsonWriter, IndentsLikeMarshalIndent) {
  std::string out;
  {
    JsonWriter w([&](std::string_view s) { out.append(s); }, true);
    w.BeginObject();
    w.Key("a");
    w.BeginArray();
    w.Int(1);
    w.BeginObject();
    w.EndObject();
    w.EndArray();
    w.Key("b");
    w.BeginArray();
    w.EndArray();
    w.EndObject();
  }
  EXPECT_EQ(out, "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": []\n}");
}

TEST(PlanGenerator, SameSeedSamePlan) {
  EXPECT_EQ(Plan(200000, 7), Plan(200000, 7));
  EXPECT_NE(Plan(200000, 7), Plan(200000, 8));
}

TEST(PlanGenerator, SizeIsNearTheTarget) {
  for (uint64_t target : {600000u, 3000000u}) {
    std::string plan = Plan(target, 3);
    EXPECT_GT(plan.size(), target * 90 / 100) << target;
    EXPECT_LT(plan.size(), target * 110 / 100) << target;
  }
}

TEST(PlanGenerator, IndentedPlanHasTheSameValue) {
  std::string compact_text = Plan(0, 5, false, 30);
  std::string indented_text = Plan(0, 5, true, 30);
  EXPECT_GT(indented_text.size(), compact_text.size() * 3 / 2);
  auto compact = Parse(std::move(compact_text));
  auto indented = Parse(std::move(indented_text));
  ASSERT_TRUE(compact && indented);
  EXPECT_TRUE(compact->root().Equals(indented->root()));
}

TEST(PlanGenerator, HasThePlanShape) {
  auto doc = Parse(Plan(1500000, 11));
  ASSERT_TRUE(doc);
  Value root = doc->root();
  for (std::string_view key : {"format_version", "terraform_version", "variables", "planned_values", "resource_drift",
                               "resource_changes", "output_changes", "prior_state", "configuration",
                               "relevant_attributes", "timestamp", "errored"}) {
    EXPECT_FALSE(root.find(key).absent()) << key;
  }
  EXPECT_EQ(root.find("format_version").text(), "1.2");
  Value changes = root.find("resource_changes");
  ASSERT_GT(changes.size(), 50u);
  std::set<std::string> actions, modes;
  size_t unknown = 0, sensitive = 0, replace = 0, modules = 0;
  for (size_t i = 0; i < changes.size(); ++i) {
    Value rc = changes.at(i);
    Value change = rc.find("change");
    ASSERT_TRUE(change.is_object()) << i;
    std::string joined;
    for (size_t a = 0; a < change.find("actions").size(); ++a) joined += std::string(change.find("actions").at(a).text()) + ",";
    actions.insert(joined);
    modes.insert(std::string(rc.find("mode").text()));
    EXPECT_TRUE(rc.find("address").is_string());
    EXPECT_TRUE(rc.find("type").is_string());
    EXPECT_TRUE(rc.find("provider_name").is_string());
    // Every key unknown in after_unknown is absent from after.
    Value after = change.find("after");
    Value after_unknown = change.find("after_unknown");
    for (size_t m = 0; m < after_unknown.size(); ++m) {
      auto member = after_unknown.member(m);
      if (member.value.is_true()) {
        ++unknown;
        EXPECT_TRUE(after.find(member.key).absent()) << rc.find("address").text() << " " << member.key;
      }
    }
    if (change.find("after_sensitive").size() + change.find("before_sensitive").size() > 0) ++sensitive;
    if (!change.find("replace_paths").absent()) ++replace;
    if (!rc.find("module_address").absent()) ++modules;
  }
  EXPECT_EQ(actions, (std::set<std::string>{"no-op,", "update,", "create,", "delete,", "delete,create,",
                                            "create,delete,", "read,"}));
  EXPECT_EQ(modes, (std::set<std::string>{"managed", "data"}));
  EXPECT_GT(unknown, 0u);
  EXPECT_GT(sensitive, 0u);
  EXPECT_GT(replace, 0u);
  EXPECT_GT(modules, 0u);
  EXPECT_GT(root.find("output_changes").size(), 0u);
  EXPECT_GT(root.find("resource_drift").size(), 0u);
}

// State mode writes the plan's prior_state alone, sized by itself.
TEST(PlanGenerator, StateIsThePlansPriorState) {
  PlanGeneratorOptions options;
  options.seed = 9;
  options.resource_blocks = 40;
  auto plan = Parse(GeneratePlanText(options));
  options.state = true;
  PlanStats stats;
  auto state = Parse(GeneratePlanText(options, &stats));
  ASSERT_TRUE(plan && state);
  EXPECT_TRUE(state->root().Equals(plan->root().find("prior_state")));
  for (std::string_view key : {"format_version", "terraform_version", "values"}) {
    EXPECT_FALSE(state->root().find(key).absent()) << key;
  }
  Value values = state->root().find("values");
  EXPECT_GT(values.find("outputs").size(), 0u);
  EXPECT_GT(values.find("root_module").find("child_modules").size(), 0u);
  EXPECT_GT(stats.state_resources, 40u);

  options.resource_blocks = 0;
  for (uint64_t target : {600000u, 3000000u}) {
    options.target_bytes = target;
    std::string text = GeneratePlanText(options);
    EXPECT_GT(text.size(), target * 90 / 100) << target;
    EXPECT_LT(text.size(), target * 110 / 100) << target;
  }
}

TEST(PlanGenerator, EveryResourceTypeHasASchema) {
  auto schemas_doc = Parse(GenerateSchemasText());
  ASSERT_TRUE(schemas_doc);
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(schemas_doc);
  ASSERT_TRUE(schemas) << schemas.error().message;
  auto doc = Parse(Plan(1500000, 2));
  ASSERT_TRUE(doc);
  Value changes = doc->root().find("resource_changes");
  std::set<std::string> types;
  for (size_t i = 0; i < changes.size(); ++i) {
    Value rc = changes.at(i);
    structured::ResourceMode mode =
        rc.find("mode").text() == "data" ? structured::ResourceMode::kData : structured::ResourceMode::kManaged;
    base::Expected<const structured::Schema*> found =
        schemas->Find(rc.find("provider_name").text(), mode, rc.find("type").text());
    ASSERT_TRUE(found && *found != nullptr) << rc.find("type").text();
    const structured::Schema* schema = *found;
    // Every attribute of after is in the schema.
    Value after = rc.find("change").find("after");
    for (size_t m = 0; m < after.size(); ++m) {
      std::string key(after.member(m).key);
      EXPECT_TRUE(schema->block->attributes.count(key) + schema->block->block_types.count(key) == 1)
          << rc.find("type").text() << "." << key;
    }
    types.insert(std::string(rc.find("type").text()));
  }
  EXPECT_GT(types.size(), 12u);
}

// Every shape plan is valid, matches the shape schemas, and differs between before and
// after in exactly one attribute (its own), by one element or line.
TEST(ShapePlans, OneResourceChangedInOnePlace) {
  auto schemas_doc = Parse(ShapeSchemasText());
  ASSERT_TRUE(schemas_doc);
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(schemas_doc);
  ASSERT_TRUE(schemas) << schemas.error().message;
  EXPECT_FALSE(GenerateShapePlan("no_such_shape").has_value());
  for (std::string_view shape : ShapeNames()) {
    std::optional<std::string> text = GenerateShapePlan(shape, 0.001);
    ASSERT_TRUE(text.has_value()) << shape;
    EXPECT_EQ(*text, *GenerateShapePlan(shape, 0.001)) << shape;
    auto doc = Parse(*text);
    ASSERT_TRUE(doc) << shape;
    Value rc = doc->root().find("resource_changes").at(0);
    base::Expected<const structured::Schema*> found =
        schemas->Find(rc.find("provider_name").text(), structured::ResourceMode::kManaged, rc.find("type").text());
    ASSERT_TRUE(found && *found != nullptr);
    const structured::Schema* schema = *found;
    Value before = rc.find("change").find("before");
    Value after = rc.find("change").find("after");
    std::vector<std::string> changed;
    for (size_t m = 0; m < after.size(); ++m) {
      std::string key(after.member(m).key);
      EXPECT_EQ(schema->block->attributes.count(key) + schema->block->block_types.count(key), 1u) << key;
      if (!before.find(key).Equals(after.find(key))) changed.push_back(key);
    }
    ASSERT_EQ(changed.size(), 1u) << shape;
    Value b = before.find(changed[0]);
    Value a = after.find(changed[0]);
    if (b.is_object()) {
      ASSERT_EQ(b.size(), a.size()) << shape;
      EXPECT_GE(b.size(), 3u);
      size_t differing = 0;
      for (size_t i = 0; i < b.size(); ++i) differing += b.member(i).value.Equals(a.member(i).value) ? 0 : 1;
      EXPECT_EQ(differing, 1u) << shape;
    } else if (b.is_array()) {
      ASSERT_EQ(b.size(), a.size()) << shape;
      EXPECT_GE(b.size(), 3u);
      size_t differing = 0;
      for (size_t i = 0; i < b.size(); ++i) differing += b.at(i).Equals(a.at(i)) ? 0 : 1;
      EXPECT_EQ(differing, 1u) << shape;
    } else {
      ASSERT_TRUE(b.is_string()) << shape;
      EXPECT_EQ(b.text().size() > 100, true) << shape;
    }
  }
}

}  // namespace
}  // namespace planview::bench
