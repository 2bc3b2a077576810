// The renderer library against upstream's own outputs (testdata/conformance): each
// plan_resource, plan_outputs, plan_human, state and versions case of OpenTofu's renderer
// (upstream/) and of Terraform's (terraform/, rendered with the Terraform profile, plus its
// plan_actions, plan_deferred and state_generated), and the equivalence captures of real
// `tofu` runs (plans with and without colour, states, apply logs). Every comparison is byte
// for byte; the log ends with one summary line per suite ("lib/upstream/state: N passed,
// M failed").
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "renderer/format_version.h"
#include "renderer/log_renderer.h"
#include "renderer/plan.h"
#include "renderer/plan_renderer.h"
#include "renderer/render_document.h"
#include "renderer/schema_source.h"
#include "renderer/state_renderer.h"
#include "renderer/testing/golden.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace planview::renderer {
namespace {

using testing::JsonText;
using testing::Mismatch;
using testing::StringAt;
using testing::Tally;

constexpr char kEquivalence[] = "testdata/conformance/equivalence";

// One renderer's unit-test cases: its directory, the label of its summary lines and the
// product whose renderer produced them.
struct Source {
  std::string dir;
  std::string label;  // "lib/upstream"
  Product product;
};
const Source kUpstream{"testdata/conformance/upstream", "lib/upstream", Product::kOpenTofu};
const Source kTerraform{"testdata/conformance/terraform", "lib/terraform", Product::kTerraform};

struct Schemas {
  std::shared_ptr<const structured::Document> document;
  std::optional<structured::ProviderSchemas> schemas;
  std::string format_version;
};

Schemas ParseSchemas(std::string text) {
  Schemas s;
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) {
    ADD_FAILURE() << parsed.error().ToString("schemas");
    return s;
  }
  s.document = parsed.value();
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  EXPECT_TRUE(schemas) << (schemas ? "" : schemas.error().message);
  if (schemas) s.schemas = std::move(*schemas);
  structured::Value version = parsed.value()->root().find("format_version");
  if (version.is_string()) s.format_version = std::string(version.text());
  return s;
}

DocumentResult Render(const std::string& text, const Schemas& schemas, PlanMode mode, bool color,
                      std::optional<PlanQuality> quality = std::nullopt, std::optional<DocumentKind> kind = std::nullopt,
                      std::optional<Product> product = Product::kOpenTofu) {
  DocumentRequest request;
  request.kind = kind;
  request.mode = mode;
  request.quality = quality;
  request.schemas = schemas.schemas ? &*schemas.schemas : nullptr;
  request.provider_format_version = schemas.format_version;
  request.options.color = color;
  request.product = product;
  return RenderDocument(text, "input", request);
}

// Collects the comparisons of one case; records it in the suite's tally when destroyed.
class Case {
 public:
  Case(std::string suite, std::string name) : suite_(std::move(suite)), name_(std::move(name)) {}
  ~Case() {
    Tally::Get().Record(suite_, failures_.empty());
    for (const std::string& f : failures_) ADD_FAILURE() << suite_ << " " << name_ << ": " << f;
  }
  void Same(std::string_view label, std::string_view expected, std::string_view actual) {
    std::string m = Mismatch(expected, actual);
    if (!m.empty()) failures_.push_back(std::string(label) + ": " + m);
  }
  void True(bool condition, std::string_view what) {
    if (!condition) failures_.push_back(std::string(what));
  }

 private:
  std::string suite_;
  std::string name_;
  std::vector<std::string> failures_;
};

std::string CaseName(const std::string& path) {
  size_t slash = path.rfind('/');
  return path.substr(slash + 1);
}

// The resource's own block (renderHumanDiff) and the whole document of each plan_resource
// case; plan_actions cases are the same with action invocations.
void PlanResource(const Source& source, const std::string& suite, size_t count) {
  auto files = testing::ListFiles(source.dir + "/" + suite, ".json");
  EXPECT_EQ(files.size(), count) << suite;
  for (const std::string& file : files) {
    Case c(source.label + "/" + suite, CaseName(file));
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan_text = JsonText(input.find("plan_json"));
    Schemas schemas = ParseSchemas(JsonText(input.find("schemas_json")));

    // The resource's own block, as upstream's renderHumanDiff prints it.
    structured::ParseResult parsed = structured::ParseJson(plan_text);
    ASSERT_TRUE(parsed.ok());
    base::Expected<Plan> read = Plan::FromJson(parsed.value()->root());
    if (!read) {
      c.True(false, "Plan::FromJson: " + read.error().message);
      continue;
    }
    const Plan& plan = *read;
    SchemaSource schema_source(schemas.schemas ? &*schemas.schemas : nullptr);
    Warnings warnings;
    Options plain;
    plain.product = source.product;
    Options color = plain;
    color.color = true;
    PlanDiffs diffs = ComputePlanDiffs(plan, schema_source, PlanMode::kNormal, warnings, plain.profile());
    std::string block = diffs.changes.empty() ? "" : RenderResourceDiff(diffs.changes[0], ChangeCause::kProposed, plain);
    std::string block_color =
        diffs.changes.empty() ? "" : RenderResourceDiff(diffs.changes[0], ChangeCause::kProposed, color);
    c.Same("expected_output", StringAt(json.root, "expected_output"), block);
    c.Same("oracle_output", StringAt(json.root, "oracle_output"), block);
    c.Same("oracle_output_color", StringAt(json.root, "oracle_output_color"), block_color);

    // The whole document.
    std::string oracle = StringAt(json.root, "oracle_cli_output");
    DocumentResult whole = Render(plan_text, schemas, PlanMode::kNormal, false, std::nullopt, std::nullopt, source.product);
    DocumentResult whole_color =
        Render(plan_text, schemas, PlanMode::kNormal, true, std::nullopt, std::nullopt, source.product);
    c.True(whole.ok, "whole document: " + whole.error);
    if (oracle.rfind("<<renderer panicked", 0) == 0) {
      // Upstream crashes on this input; planview renders what it can and warns.
      c.Same("whole document (upstream panics)", "\nNo changes. Your infrastructure matches the configuration.\n",
             whole.output);
      c.True(!whole.warnings.empty(), "a warning for the input upstream cannot render");
      continue;
    }
    c.Same("oracle_cli_output", oracle, whole.output);
    c.Same("oracle_cli_output_color", StringAt(json.root, "oracle_cli_output_color"), whole_color.output);
  }
}

TEST(LibraryConformance, PlanResource) { PlanResource(kUpstream, "plan_resource", 175); }
TEST(LibraryConformance, TerraformPlanResource) { PlanResource(kTerraform, "plan_resource", 181); }
TEST(LibraryConformance, TerraformPlanActions) { PlanResource(kTerraform, "plan_actions", 4); }

void PlanOutputs(const Source& source, size_t count) {
  auto files = testing::ListFiles(source.dir + "/plan_outputs", ".json");
  EXPECT_EQ(files.size(), count);
  for (const std::string& file : files) {
    Case c(source.label + "/plan_outputs", CaseName(file));
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan_text = JsonText(input.find("plan_json"));
    Schemas schemas = ParseSchemas(JsonText(input.find("schemas_json")));
    structured::ParseResult parsed = structured::ParseJson(plan_text);
    ASSERT_TRUE(parsed.ok());
    base::Expected<Plan> read = Plan::FromJson(parsed.value()->root());
    ASSERT_TRUE(read) << read.error().message;
    const Plan& plan = *read;
    SchemaSource schema_source(nullptr);
    Warnings warnings;
    Options plain;
    plain.product = source.product;
    Options color = plain;
    color.color = true;
    PlanDiffs diffs = ComputePlanDiffs(plan, schema_source, PlanMode::kNormal, warnings, plain.profile());
    c.Same("expected_output", StringAt(json.root, "expected_output"), RenderOutputChanges(diffs, plain));
    c.Same("oracle_output_color", StringAt(json.root, "oracle_output_color"), RenderOutputChanges(diffs, color));
    c.Same("oracle_cli_output", StringAt(json.root, "oracle_cli_output"),
           Render(plan_text, schemas, PlanMode::kNormal, false, std::nullopt, std::nullopt, source.product).output);
    c.Same("oracle_cli_output_color", StringAt(json.root, "oracle_cli_output_color"),
           Render(plan_text, schemas, PlanMode::kNormal, true, std::nullopt, std::nullopt, source.product).output);
  }
}

TEST(LibraryConformance, PlanOutputs) { PlanOutputs(kUpstream, 5); }
TEST(LibraryConformance, TerraformPlanOutputs) { PlanOutputs(kTerraform, 5); }

void PlanHuman(const Source& source, size_t count) {
  auto files = testing::ListFiles(source.dir + "/plan_human", ".json");
  EXPECT_EQ(files.size(), count);
  for (const std::string& file : files) {
    Case c(source.label + "/plan_human", CaseName(file));
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan_text = JsonText(input.find("plan_json"));
    Schemas schemas = ParseSchemas(JsonText(input.find("schemas_json")));
    std::optional<PlanMode> mode = PlanModeFromName(input.find("mode").text());
    ASSERT_TRUE(mode.has_value());
    PlanQuality quality;
    structured::Value qualities = input.find("qualities");
    for (size_t i = 0; i < qualities.size(); ++i) {
      std::string_view q = qualities.at(i).text();
      if (q == "errored") quality.errored = true;
      if (q == "nochanges") quality.no_changes = true;
      if (q == "targeted") quality.targeted = true;
    }
    DocumentResult plain = Render(plan_text, schemas, *mode, false, quality, DocumentKind::kPlan, source.product);
    DocumentResult color = Render(plan_text, schemas, *mode, true, quality, DocumentKind::kPlan, source.product);
    c.True(plain.ok, plain.error);
    structured::Value expected = json.root.find("expected_output");
    if (expected.is_string()) {
      c.Same("expected_output", expected.text(), plain.output);
      c.Same("oracle_output", StringAt(json.root, "oracle_output"), plain.output);
      c.Same("oracle_output_color", StringAt(json.root, "oracle_output_color"), color.output);
    }
    structured::Value contains = json.root.find("expected_contains");
    for (size_t i = 0; i < contains.size(); ++i) {
      c.True(plain.output.find(contains.at(i).text()) != std::string::npos,
             "output lacks: " + std::string(contains.at(i).text()) + "\n" + plain.output);
    }
    structured::Value not_contains = json.root.find("expected_not_contains");
    for (size_t i = 0; i < not_contains.size(); ++i) {
      c.True(plain.output.find(not_contains.at(i).text()) == std::string::npos,
             "output has: " + std::string(not_contains.at(i).text()));
    }
  }
}

TEST(LibraryConformance, PlanHuman) { PlanHuman(kUpstream, 14); }
TEST(LibraryConformance, TerraformPlanHuman) { PlanHuman(kTerraform, 12); }

// Terraform's deferred changes: the deferred resource's block (renderHumanDeferredDiff)
// and the whole document of each case.
TEST(LibraryConformance, TerraformPlanDeferred) {
  auto files = testing::ListFiles(kTerraform.dir + "/plan_deferred", ".json");
  EXPECT_EQ(files.size(), 4u);
  for (const std::string& file : files) {
    Case c(kTerraform.label + "/plan_deferred", CaseName(file));
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan_text = JsonText(input.find("plan_json"));
    Schemas schemas = ParseSchemas(JsonText(input.find("schemas_json")));
    structured::ParseResult parsed = structured::ParseJson(plan_text);
    ASSERT_TRUE(parsed.ok());
    base::Expected<Plan> read = Plan::FromJson(parsed.value()->root());
    ASSERT_TRUE(read) << read.error().message;
    const Plan& plan = *read;
    SchemaSource schema_source(schemas.schemas ? &*schemas.schemas : nullptr);
    Warnings warnings;
    Options options;
    options.product = kTerraform.product;
    PlanDiffs diffs = ComputePlanDiffs(plan, schema_source, PlanMode::kNormal, warnings, options.profile());
    c.True(diffs.deferred.size() == 1, "one deferred change");
    if (diffs.deferred.size() == 1) {
      c.Same("expected_output", StringAt(json.root, "expected_output"), RenderDeferredDiff(diffs.deferred[0], options));
      options.color = true;
      c.Same("oracle_output_color", StringAt(json.root, "oracle_output_color"),
             RenderDeferredDiff(diffs.deferred[0], options));
    }
    DocumentResult plain = Render(plan_text, schemas, PlanMode::kNormal, false, std::nullopt, std::nullopt, kTerraform.product);
    DocumentResult color = Render(plan_text, schemas, PlanMode::kNormal, true, std::nullopt, std::nullopt, kTerraform.product);
    c.True(plain.ok, plain.error);
    c.Same("oracle_cli_output", StringAt(json.root, "oracle_cli_output"), plain.output);
    c.Same("oracle_cli_output_color", StringAt(json.root, "oracle_cli_output_color"), color.output);
  }
}

// `show` of each state case, colour off and on. `per_colour`: each rendering counts as one
// case in the summary line (Terraform's suites: "state_generated: 80 passed" for 40 states).
void State(const Source& source, const std::string& suite, size_t count, bool per_colour) {
  auto files = testing::ListFiles(source.dir + "/" + suite, ".json");
  EXPECT_EQ(files.size(), count) << suite;
  for (const std::string& file : files) {
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string state_text = JsonText(input.find("state_json"));
    Schemas schemas = ParseSchemas(JsonText(input.find("schemas_json")));
    // expected_output where upstream's test asserts one, else what its renderer printed.
    const char* plain_key = json.root.find("expected_output").is_string() ? "expected_output" : "oracle_output";
    std::optional<Case> both;
    if (!per_colour) both.emplace(source.label + "/" + suite, CaseName(file));
    for (bool color : {false, true}) {
      std::optional<Case> one;
      if (per_colour) one.emplace(source.label + "/" + suite, CaseName(file) + (color ? " (colour)" : ""));
      Case& c = per_colour ? *one : *both;
      DocumentResult r =
          Render(state_text, schemas, PlanMode::kNormal, color, std::nullopt, DocumentKind::kState, source.product);
      c.True(r.ok, r.error);
      c.Same(color ? "oracle_output_color" : plain_key, StringAt(json.root, color ? "oracle_output_color" : plain_key),
             r.output);
    }
  }
}

TEST(LibraryConformance, State) { State(kUpstream, "state", 6, false); }
TEST(LibraryConformance, TerraformState) { State(kTerraform, "state", 6, true); }
TEST(LibraryConformance, TerraformStateGenerated) { State(kTerraform, "state_generated", 40, true); }

void Versions(const Source& source, size_t count) {
  auto files = testing::ListFiles(source.dir + "/versions", ".json");
  EXPECT_EQ(files.size(), count);
  for (const std::string& file : files) {
    Case c(source.label + "/versions", CaseName(file));
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    bool actual = IncompatibleVersions(input.find("local").text(), input.find("remote").text());
    c.True(actual == json.root.find("expected_output").as_bool(), "incompatibleVersions differs");
  }
}

TEST(LibraryConformance, Versions) { Versions(kUpstream, 6); }
TEST(LibraryConformance, TerraformVersions) { Versions(kTerraform, 6); }

TEST(LibraryConformance, Equivalence) {
  auto dirs = testing::ListDirs(kEquivalence);
  EXPECT_EQ(dirs.size(), 49u);
  int states = 0;
  int logs = 0;
  for (const std::string& dir : dirs) {
    Schemas schemas = ParseSchemas(testing::ReadFile(dir + "/schemas.json"));
    std::string mode_name = testing::ReadFile(dir + "/mode");
    while (!mode_name.empty() && (mode_name.back() == '\n' || mode_name.back() == ' ')) mode_name.pop_back();
    std::optional<PlanMode> mode = PlanModeFromName(mode_name);
    ASSERT_TRUE(mode.has_value()) << dir;
    {
      Case c("lib/equivalence/plan", CaseName(dir));
      std::string plan_text = testing::ReadFile(dir + "/plan.json");
      DocumentResult plain = Render(plan_text, schemas, *mode, false);
      DocumentResult color = Render(plan_text, schemas, *mode, true);
      c.True(plain.ok, plain.error);
      c.Same("plan.txt", testing::ReadFile(dir + "/plan.txt"), plain.output);
      c.Same("plan.color.txt", testing::ReadFile(dir + "/plan.color.txt"), color.output);
    }
    bool has_state = false;
    std::string state_text = testing::ReadFile(dir + "/state.json", &has_state);
    if (has_state) {
      ++states;
      Case c("lib/equivalence/state", CaseName(dir));
      DocumentResult plain = Render(state_text, schemas, *mode, false);
      c.True(plain.ok && plain.kind == DocumentKind::kState, "detected as a state: " + plain.error);
      c.Same("state.txt", testing::ReadFile(dir + "/state.txt"), plain.output);
    }
    bool has_log = false;
    std::string log_text = testing::ReadFile(dir + "/apply.jsonl", &has_log);
    if (has_log) {
      ++logs;
      Case c("lib/equivalence/apply_log", CaseName(dir));
      DocumentResult plain = Render(log_text, schemas, *mode, false);
      c.True(plain.ok && plain.kind == DocumentKind::kLog, "detected as a log: " + plain.error);
      c.Same("apply.txt", testing::ReadFile(dir + "/apply.txt"), plain.output);
    }
  }
  EXPECT_EQ(states, 45);
  EXPECT_EQ(logs, 48);
}

// Cases written from Terraform's renderer source where its tests have none (identity,
// ephemeral and list resources; testdata/terraform_source/README.md): rendered with the
// Terraform profile and with the product detected from the document, colour on and off.
void TerraformSource(const std::string& suite, DocumentKind kind, size_t count) {
  auto files = testing::ListFiles("testdata/terraform_source/" + suite, ".json");
  EXPECT_EQ(files.size(), count) << suite;
  for (const std::string& file : files) {
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string text = JsonText(input.find(kind == DocumentKind::kPlan ? "plan_json" : "state_json"));
    Schemas schemas = ParseSchemas(JsonText(input.find("schemas_json")));
    structured::Value expected_warnings = json.root.find("expected_warnings");
    for (std::optional<Product> product : {std::optional<Product>(Product::kTerraform), std::optional<Product>()}) {
      Case c("lib/terraform_source/" + suite + (product ? "" : " (auto)"), CaseName(file));
      for (bool color : {false, true}) {
        DocumentResult r = Render(text, schemas, PlanMode::kNormal, color, std::nullopt, kind, product);
        c.True(r.ok, r.error);
        c.True(r.product == Product::kTerraform, "rendered as Terraform");
        const char* key = color ? "expected_output_color" : "expected_output";
        c.Same(key, StringAt(json.root, key), r.output);
        for (size_t i = 0; i < expected_warnings.size(); ++i) {
          std::string_view w = expected_warnings.at(i).text();
          const auto& messages = r.warnings.messages();
          c.True(std::find(messages.begin(), messages.end(), w) != messages.end(), "no warning: " + std::string(w));
        }
        if (expected_warnings.empty()) c.True(r.warnings.empty(), "unexpected warnings");
      }
      structured::Value opentofu = json.root.find("opentofu_contains");
      if (opentofu.is_string()) {
        DocumentResult r = Render(text, schemas, PlanMode::kNormal, false, std::nullopt, kind, Product::kOpenTofu);
        c.True(r.output.find(opentofu.text()) != std::string::npos, "OpenTofu's text lacks the identity: " + r.output);
      }
    }
  }
}

TEST(LibraryConformance, TerraformSourcePlans) { TerraformSource("plan_human", DocumentKind::kPlan, 10); }
TEST(LibraryConformance, TerraformSourceStates) { TerraformSource("state", DocumentKind::kState, 2); }

}  // namespace
}  // namespace planview::renderer
