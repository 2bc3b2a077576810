// Whole-plan wording the conformance cases do not reach: the "No changes." variants of
// each mode and quality, drift followed by no changes, forget counts, the product's name,
// and plans rendered without schemas. Expected texts follow upstream's plan.go.
#include "renderer/plan_renderer.h"

#include <optional>
#include <string>

#include "base/executor.h"
#include "gtest/gtest.h"
#include "renderer/json_fields.h"
#include "renderer/plan.h"
#include "renderer/render_document.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace planview::renderer {
namespace {


std::string Rule() {
  std::string out = "\n";
  for (int i = 0; i < 77; ++i) out += "\u2500";
  return out;
}

struct Rendered {
  std::string output;
  std::vector<std::string> warnings;
  std::string error;
};

Rendered Render(const std::string& plan, PlanMode mode = PlanMode::kNormal,
                std::optional<PlanQuality> quality = std::nullopt, bool with_schemas = true,
                Product product = Product::kOpenTofu) {
  auto schemas_doc = structured::ParseJson(
      R"({"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"t":{"version":0,"block":{"attributes":{"x":{"type":"string","optional":true}}}}},"data_source_schemas":{"t":{"version":0,"block":{"attributes":{"x":{"type":"string","optional":true}}}}}}}})");
  EXPECT_TRUE(schemas_doc.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(schemas_doc.value());
  EXPECT_TRUE(schemas) << (schemas ? "" : schemas.error().message);
  DocumentRequest request;
  request.kind = DocumentKind::kPlan;
  request.mode = mode;
  request.quality = quality;
  request.schemas = with_schemas ? &*schemas : nullptr;
  request.product = product;
  DocumentResult result = RenderDocument(plan, "plan.json", request);
  // Streamed (what the planview binary does) on one and on several threads: the same text,
  // warnings and errors, and nothing left in `output`; and not streamed on those threads.
  for (int threads : {1, 3}) {
    base::Executor executor(threads);
    DocumentRequest streamed = request;
    std::string text;
    streamed.sink = [&text](std::string_view chunk) { text += chunk; };
    streamed.executor = &executor;
    DocumentResult r = RenderDocument(plan, "plan.json", streamed);
    EXPECT_EQ(r.output, "");
    EXPECT_EQ(text, result.output) << "threads " << threads;
    EXPECT_EQ(r.warnings.messages(), result.warnings.messages()) << "threads " << threads;
    EXPECT_EQ(r.error, result.error);
    // Not streamed, with the diffs computed on the executor's threads: the same again.
    DocumentRequest pooled = request;
    pooled.executor = &executor;
    DocumentResult p = RenderDocument(plan, "plan.json", pooled);
    EXPECT_EQ(p.output, result.output) << "threads " << threads;
    EXPECT_EQ(p.warnings.messages(), result.warnings.messages()) << "threads " << threads;
    EXPECT_EQ(p.error, result.error);
  }
  return {result.output, result.warnings.messages(), result.error};
}

TEST(RenderPlan, NoChangesByMode) {
  const std::string empty = R"({"format_version":"1.2"})";
  EXPECT_EQ(Render(empty).output, "\nNo changes. Your infrastructure matches the configuration.\n");
  EXPECT_EQ(Render(empty, PlanMode::kDestroy).output,
            "\nNo changes. No objects need to be destroyed.\n\n"
            "Either you have not created any objects yet or the existing objects were\n"
            "already deleted outside of OpenTofu.\n");
  EXPECT_EQ(Render(empty, PlanMode::kRefreshOnly).output,
            "\nNo changes. Your infrastructure still matches the configuration.\n\n"
            "OpenTofu has checked that the real remote objects still match the result of\n"
            "your most recent changes, and found no differences.\n");
  EXPECT_EQ(Render(R"({"format_version":"1.2","errored":true})").output,
            "\nPlanning failed. OpenTofu encountered an error while generating this plan.\n\n");
  EXPECT_EQ(Render(empty, PlanMode::kNormal, PlanQuality{false, true, true}).output,
            "\nNo changes. Your infrastructure matches the configuration.\n"
            "\nNote: You used the -target option, so OpenTofu only checked resources\n"
            "matching those targets and may have skipped others. If you expected changes\n"
            "to appear, verify that the addresses passed to -target are correct.\n");
}

// A deleted data source is not listed, but it makes the plan non-empty, so drift shows.
constexpr char kDriftOnly[] = R"({"format_version":"1.2",
  "resource_changes":[{"address":"data.t.d","mode":"data","type":"t","name":"d","provider_name":"p",
    "change":{"actions":["delete"],"before":{"x":"old"},"after":null}}],
  "resource_drift":[{"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p",
    "change":{"actions":["update"],"before":{"x":"1"},"after":{"x":"2"}}}],
  "relevant_attributes":[{"resource":"t.a","attribute":["x"]}]})";

std::string DriftPreamble() {
  return "\nNote: Objects have changed outside of OpenTofu\n\n"
         "OpenTofu detected the following changes made outside of OpenTofu since the\n"
         "last \"tofu apply\" which may have affected this plan:\n\n"
         "  # t.a has changed\n"
         "  ~ resource \"t\" \"a\" {\n"
         "      ~ x = \"1\" -> \"2\"\n"
         "    }\n\n\n"
         "Unless you have made equivalent changes to your configuration, or ignored the\n"
         "relevant attributes using ignore_changes, the following plan may include\n"
         "actions to undo or respond to these changes.\n" +
         Rule() + "\n";
}

TEST(RenderPlan, DriftThenNoChanges) {
  EXPECT_EQ(Render(kDriftOnly).output,
            DriftPreamble() +
                "\nNo changes. Your infrastructure matches the configuration.\n\n"
                "Your configuration already matches the changes detected above, so applying\n"
                "this plan will only update the state to include the changes detected above\n"
                "and won't change any real infrastructure.\n");
  EXPECT_EQ(Render(kDriftOnly, PlanMode::kNormal, PlanQuality{false, true, false}).output,
            DriftPreamble() +
                "\nNo changes. Your infrastructure matches the configuration.\n\n"
                "Your configuration already matches the changes detected above. If you'd like\n"
                "to update the OpenTofu state to match, create and apply a refresh-only plan:\n"
                "  tofu apply -refresh-only\n");
}

TEST(RenderPlan, DriftNeedsARelevantAttribute) {
  std::string plan = kDriftOnly;
  plan.replace(plan.find(R"("resource":"t.a")"), 16, R"("resource":"t.b")");
  EXPECT_EQ(Render(plan).output, "\nNo changes. Your infrastructure matches the configuration.\n");
}

TEST(RenderPlan, ForgetCountsAndProductWording) {
  const std::string plan = R"({"format_version":"1.2","resource_changes":[
    {"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p",
     "change":{"actions":["forget"],"before":{"x":"1"},"after":null}}]})";
  std::string out = Render(plan, PlanMode::kNormal, std::nullopt, true, Product::kOpenTofu).output;
  EXPECT_NE(out.find("\nOpenTofu used the selected providers to generate the following execution\n"
                     "plan. Resource actions are indicated with the following symbols:\n"
                     "  . forget\n\nOpenTofu will perform the following actions:\n\n"
                     "  # t.a will be removed from the OpenTofu state but will not be destroyed\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("\nPlan: 0 to add, 0 to change, 0 to destroy, 1 to forget.\n"), std::string::npos) << out;
  // Terraform: no forget legend or count; the forgotten object's body shows as unchanged.
  out = Render(plan, PlanMode::kNormal, std::nullopt, true, Product::kTerraform).output;
  EXPECT_EQ(out,
            "\nTerraform used the selected providers to generate the following execution\n"
            "plan. Resource actions are indicated with the following symbols:\n"
            "\nTerraform will perform the following actions:\n\n"
            " # t.a will no longer be managed by Terraform, but will not be destroyed\n"
            " # (destroy = false is set in the configuration)\n"
            " . resource \"t\" \"a\" {\n"
            "        # (1 unchanged attribute hidden)\n"
            "    }\n\nPlan: 0 to add, 0 to change, 0 to destroy.\n");
}

TEST(RenderPlan, WithoutSchemasRendersFromValuesAndSaysSoOnce) {
  const std::string plan = R"({"format_version":"1.2","resource_changes":[
    {"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p",
     "change":{"actions":["create"],"before":null,"after":{"x":"1"},"after_unknown":{"id":true}}},
    {"address":"t.b","mode":"managed","type":"t","name":"b","provider_name":"p",
     "change":{"actions":["create"],"before":null,"after":{"x":"2"}}}]})";
  Rendered r = Render(plan, PlanMode::kNormal, std::nullopt, false);
  EXPECT_NE(r.output.find("  # t.a will be created\n"
                          "  + resource \"t\" \"a\" {\n"
                          "      + id = (known after apply)\n"
                          "      + x  = \"1\"\n"
                          "    }\n"),
            std::string::npos)
      << r.output;
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0], NoSchemasNote());
}

TEST(RenderPlan, SchemasForOtherProvidersFallBackPerResource) {
  const std::string plan = R"({"format_version":"1.2","resource_changes":[
    {"address":"u.a","mode":"managed","type":"u","name":"a","provider_name":"other",
     "change":{"actions":["create"],"before":null,"after":{"x":"1"}}},
    {"address":"t.a","mode":"managed","type":"unknown_type","name":"a","provider_name":"p",
     "change":{"actions":["create"],"before":null,"after":{"x":"1"}}}]})";
  Rendered r = Render(plan);
  EXPECT_NE(r.output.find("Plan: 2 to add, 0 to change, 0 to destroy."), std::string::npos) << r.output;
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_NE(r.warnings[0].find("t.a: provider \"p\" has no resource type \"unknown_type\""), std::string::npos);
  EXPECT_NE(r.warnings[1].find("u.a: the schemas have no provider \"other\""), std::string::npos);
}

// Changes of one type come in runs (sorted by address); each is still looked up by its
// own provider: one of another provider amid the run says so, each time.
TEST(RenderPlan, ARunOfOneTypeIsLookedUpPerProvider) {
  std::string plan = R"({"format_version":"1.2","resource_changes":[)";
  const char* providers[] = {"p", "p", "other", "p", "other", "p"};
  for (int i = 0; i < 6; ++i) {
    plan += std::string(i ? "," : "") + R"({"address":"t.r)" + std::to_string(i) +
            R"(","mode":"managed","type":"t","name":"r)" + std::to_string(i) + R"(","provider_name":")" + providers[i] +
            R"(","change":{"actions":["create"],"before":null,"after":{"x":"1","y":"2"}}})";
  }
  plan += "]}";
  Rendered r = Render(plan);
  EXPECT_NE(r.output.find("Plan: 6 to add, 0 to change, 0 to destroy."), std::string::npos) << r.output;
  // Those of provider "p" were diffed against its schema, which has no "y".
  const std::string kMismatch =
      ": the values do not match the schema (.y: the after value is set, but the schema has no such attribute or "
      "block); rendered as upstream renders them";
  const std::string kNoProvider = ": the schemas have no provider \"other\"; rendered from its values";
  ASSERT_EQ(r.warnings.size(), 6u);
  for (size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(r.warnings[i], "t.r" + std::to_string(i) + (std::string(providers[i]) == "p" ? kMismatch : kNoProvider));
  }
}

TEST(RenderPlan, MalformedPlansNameThePath) {
  EXPECT_EQ(Render(R"({"resource_changes":[{"address":"t.a","change":{"actions":["explode"]}}]})").error,
            "plan.json: $.resource_changes[0].change.actions: unrecognized action list [explode]");
  EXPECT_EQ(Render(R"({"resource_changes":{}})").error, "plan.json: $.resource_changes: expected an array, found object");
  // relevant_attributes: the entry, then its attribute path, then its resource.
  EXPECT_EQ(Render(R"({"relevant_attributes":[3]})").error, "plan.json: $.relevant_attributes[0]: expected an object, found number");
  EXPECT_EQ(Render(R"({"relevant_attributes":[{"resource":1,"attribute":"x"}]})").error,
            "plan.json: $.relevant_attributes[0].attribute: expected an array, found string");
  EXPECT_EQ(Render(R"({"relevant_attributes":[{"resource":1,"attribute":null}]})").error,
            "plan.json: $.relevant_attributes[0].resource: expected a string, found number");
}

// Hundreds of resources of every kind, so the streamed renderer goes through several
// batches on several threads: text and warnings (schema misses, values that do not fit the
// schema, unrenderable modes) must come out exactly as from the precomputed diffs.
std::string ManyResourcesPlan(int count) {
  std::string changes;
  std::string drift;
  const char* kinds[] = {
      R"("mode":"managed","type":"t","provider_name":"p","change":{"actions":["create"],"before":null,"after":{"x":"v%"},"after_unknown":{"id":true}})",
      R"("mode":"managed","type":"t","provider_name":"p","change":{"actions":["update"],"before":{"x":"a%"},"after":{"x":"b%"}})",
      R"("mode":"managed","type":"t","provider_name":"p","change":{"actions":["no-op"],"before":{"x":"same"},"after":{"x":"same"}})",
      R"("mode":"managed","type":"t","provider_name":"p","change":{"actions":["delete","create"],"before":{"x":"a"},"after":{"x":"%"},"replace_paths":[["x"]]},"action_reason":"replace_because_cannot_update")",
      R"("mode":"managed","type":"t","provider_name":"p","change":{"actions":["update"],"before":{"x":{"nested":"%"}},"after":{"x":{"nested":1}}})",
      R"("mode":"managed","type":"u","provider_name":"other","change":{"actions":["create"],"before":null,"after":{"y":[1,2,%]}})",
      R"("mode":"ephemeral","type":"t","provider_name":"p","change":{"actions":["create"],"before":null,"after":null})",
      R"("mode":"strange","type":"t","provider_name":"p","change":{"actions":["create"],"before":null,"after":{"x":"%"}})",
      R"("mode":"data","type":"t","provider_name":"p","change":{"actions":["delete"],"before":{"x":"%"},"after":null})",
      R"("mode":"managed","type":"t","provider_name":"p","previous_address":"t.old_%","change":{"actions":["no-op"],"before":{"x":"m"},"after":{"x":"m"}})",
      R"("mode":"data","type":"t","provider_name":"p","change":{"actions":["read"],"before":null,"after":{"x":"%"}},"action_reason":"read_because_dependency_pending")",
      R"("mode":"managed","type":"t","provider_name":"p","change":{"actions":["delete"],"before":{"x":"gone%"},"after":null})",
  };
  for (int i = 0; i < count; ++i) {
    std::string n = std::to_string(i);
    std::string body = kinds[i % std::size(kinds)];
    for (size_t at = body.find('%'); at != std::string::npos; at = body.find('%', at)) body.replace(at, 1, n);
    std::string entry = "{\"address\":\"t.r" + n + "\",\"name\":\"r" + n + "\"," + body + "}";
    if (!changes.empty()) changes += ",";
    changes += entry;
    if (i % 7 == 0) {
      if (!drift.empty()) drift += ",";
      drift += entry;
    }
  }
  return R"({"format_version":"1.2","resource_changes":[)" + changes + R"(],"resource_drift":[)" + drift +
         R"(],"relevant_attributes":[{"resource":"","attribute":["x"]}],"output_changes":{"o":{"actions":["update"],"before":1,"after":2},"p":{"actions":["no-op"],"before":1,"after":1}}})";
}

TEST(RenderPlan, StreamedMatchesPrecomputedOnManyResources) {
  const std::string plan = ManyResourcesPlan(1000);
  for (bool with_schemas : {true, false}) {
    for (PlanMode mode : {PlanMode::kNormal, PlanMode::kRefreshOnly}) {
      Rendered r = Render(plan, mode, std::nullopt, with_schemas);
      EXPECT_EQ(r.error, "");
      EXPECT_NE(r.output.find("  # t.r995 will be destroyed\n"), std::string::npos);
      EXPECT_NE(r.output.find("  # t.old_993 has moved to t.r993\n"), std::string::npos);
      EXPECT_NE(r.output.find("Changes to Outputs:\n  ~ o = 1 -> 2\n"), std::string::npos);
      EXPECT_GT(r.warnings.size(), 150u);
    }
  }
}

TEST(PlanFromJson, WithAPoolTheFirstBadEntryIsNamed) {
  std::string entries;
  for (int i = 0; i < 5000; ++i) {
    std::string action = i == 1700 || i == 4990 ? "explode" : "create";
    if (i > 0) entries += ",";
    entries += R"({"address":"t.r)" + std::to_string(i) + R"(","mode":"managed","type":"t","name":"r","change":{"actions":[")" +
               action + R"("]}})";
  }
  auto parsed = structured::ParseJson(R"({"resource_changes":[)" + entries + "]}");
  ASSERT_TRUE(parsed.ok());
  base::Executor pool(2);
  for (int round = 0; round < 20; ++round) {
    base::Expected<Plan> plan = Plan::FromJson(parsed.value()->root(), &pool);
    ASSERT_FALSE(plan);
    EXPECT_EQ(plan.error().message, "$.resource_changes[1700].change.actions: unrecognized action list [explode]");
  }
}

TEST(QualityFromPlan, FollowsTheJsonRule) {
  auto quality = [](const std::string& json, PlanMode mode = PlanMode::kNormal) {
    auto parsed = structured::ParseJson(json);
    EXPECT_TRUE(parsed.ok());
    return QualityFromPlan(*Plan::FromJson(parsed.value()->root()), mode);
  };
  EXPECT_TRUE(quality(R"({})").no_changes);
  EXPECT_FALSE(quality(R"({"applyable":true})").no_changes);
  EXPECT_TRUE(quality(R"({"errored":true,"applyable":true})").errored);
  EXPECT_TRUE(quality(R"({"errored":true,"applyable":true})").no_changes);
  EXPECT_FALSE(quality(R"({"output_changes":{"o":{"actions":["create"]}}})").no_changes);
  EXPECT_FALSE(quality(R"({"resource_changes":[{"address":"t.a","previous_address":"t.b","change":{"actions":["no-op"]}}]})")
                   .no_changes);
  const std::string drift = R"({"resource_drift":[{"address":"t.a","mode":"managed","change":{"actions":["update"]}}]})";
  EXPECT_TRUE(quality(drift).no_changes);
  EXPECT_FALSE(quality(drift, PlanMode::kRefreshOnly).no_changes);
}

}  // namespace
}  // namespace planview::renderer
