// The renderer library against upstream's own outputs (testdata/conformance): each
// upstream plan_resource, plan_outputs, plan_human, state and versions case, and the
// equivalence captures of real `tofu` runs (plans with and without colour, states, apply
// logs). Every comparison is byte for byte; the log ends with one summary line per suite.
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

constexpr char kUpstream[] = "testdata/conformance/upstream";
constexpr char kEquivalence[] = "testdata/conformance/equivalence";

struct Schemas {
  std::shared_ptr<const structured::Document> document;
  std::optional<structured::ProviderSchemas> schemas;
  std::string format_version;
};

Schemas ParseSchemas(std::string text) {
  Schemas s;
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) {
    ADD_FAILURE() << parsed.error->ToString("schemas");
    return s;
  }
  s.document = parsed.document;
  std::string error;
  s.schemas = structured::ProviderSchemas::Parse(parsed.document, error);
  EXPECT_TRUE(s.schemas.has_value()) << error;
  structured::Value version = parsed.document->root().find("format_version");
  if (version.is_string()) s.format_version = std::string(version.text());
  return s;
}

DocumentResult Render(const std::string& text, const Schemas& schemas, PlanMode mode, bool color,
                      std::optional<PlanQuality> quality = std::nullopt, std::optional<DocumentKind> kind = std::nullopt) {
  DocumentRequest request;
  request.kind = kind;
  request.mode = mode;
  request.quality = quality;
  request.schemas = schemas.schemas ? &*schemas.schemas : nullptr;
  request.provider_format_version = schemas.format_version;
  request.options.color = color;
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

TEST(LibraryConformance, PlanResource) {
  auto files = testing::ListFiles(std::string(kUpstream) + "/plan_resource", ".json");
  EXPECT_EQ(files.size(), 175u);
  for (const std::string& file : files) {
    Case c("lib/upstream/plan_resource", CaseName(file));
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan_text = JsonText(input.find("plan_json"));
    Schemas schemas = ParseSchemas(JsonText(input.find("schemas_json")));

    // The resource's own block, as upstream's renderHumanDiff prints it.
    structured::ParseResult parsed = structured::ParseJson(plan_text);
    ASSERT_TRUE(parsed.ok());
    Plan plan = Plan::FromJson(parsed.document->root());
    SchemaSource source(schemas.schemas ? &*schemas.schemas : nullptr);
    Warnings warnings;
    PlanDiffs diffs = ComputePlanDiffs(plan, source, PlanMode::kNormal, warnings);
    Options plain;
    Options color;
    color.color = true;
    std::string block = diffs.changes.empty() ? "" : RenderResourceDiff(diffs.changes[0], ChangeCause::kProposed, plain);
    std::string block_color =
        diffs.changes.empty() ? "" : RenderResourceDiff(diffs.changes[0], ChangeCause::kProposed, color);
    c.Same("expected_output", StringAt(json.root, "expected_output"), block);
    c.Same("oracle_output", StringAt(json.root, "oracle_output"), block);
    c.Same("oracle_output_color", StringAt(json.root, "oracle_output_color"), block_color);

    // The whole document.
    std::string oracle = StringAt(json.root, "oracle_cli_output");
    DocumentResult whole = Render(plan_text, schemas, PlanMode::kNormal, false);
    DocumentResult whole_color = Render(plan_text, schemas, PlanMode::kNormal, true);
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

TEST(LibraryConformance, PlanOutputs) {
  auto files = testing::ListFiles(std::string(kUpstream) + "/plan_outputs", ".json");
  EXPECT_EQ(files.size(), 5u);
  for (const std::string& file : files) {
    Case c("lib/upstream/plan_outputs", CaseName(file));
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan_text = JsonText(input.find("plan_json"));
    Schemas schemas = ParseSchemas(JsonText(input.find("schemas_json")));
    structured::ParseResult parsed = structured::ParseJson(plan_text);
    ASSERT_TRUE(parsed.ok());
    Plan plan = Plan::FromJson(parsed.document->root());
    SchemaSource source(nullptr);
    Warnings warnings;
    PlanDiffs diffs = ComputePlanDiffs(plan, source, PlanMode::kNormal, warnings);
    Options plain;
    Options color;
    color.color = true;
    c.Same("expected_output", StringAt(json.root, "expected_output"), RenderOutputChanges(diffs, plain));
    c.Same("oracle_output_color", StringAt(json.root, "oracle_output_color"), RenderOutputChanges(diffs, color));
    c.Same("oracle_cli_output", StringAt(json.root, "oracle_cli_output"),
           Render(plan_text, schemas, PlanMode::kNormal, false).output);
    c.Same("oracle_cli_output_color", StringAt(json.root, "oracle_cli_output_color"),
           Render(plan_text, schemas, PlanMode::kNormal, true).output);
  }
}

TEST(LibraryConformance, PlanHuman) {
  auto files = testing::ListFiles(std::string(kUpstream) + "/plan_human", ".json");
  EXPECT_EQ(files.size(), 14u);
  for (const std::string& file : files) {
    Case c("lib/upstream/plan_human", CaseName(file));
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
    DocumentResult plain = Render(plan_text, schemas, *mode, false, quality, DocumentKind::kPlan);
    DocumentResult color = Render(plan_text, schemas, *mode, true, quality, DocumentKind::kPlan);
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

TEST(LibraryConformance, State) {
  auto files = testing::ListFiles(std::string(kUpstream) + "/state", ".json");
  EXPECT_EQ(files.size(), 6u);
  for (const std::string& file : files) {
    Case c("lib/upstream/state", CaseName(file));
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string state_text = JsonText(input.find("state_json"));
    Schemas schemas = ParseSchemas(JsonText(input.find("schemas_json")));
    DocumentResult plain = Render(state_text, schemas, PlanMode::kNormal, false, std::nullopt, DocumentKind::kState);
    DocumentResult color = Render(state_text, schemas, PlanMode::kNormal, true, std::nullopt, DocumentKind::kState);
    c.True(plain.ok, plain.error);
    c.Same("expected_output", StringAt(json.root, "expected_output"), plain.output);
    c.Same("oracle_output_color", StringAt(json.root, "oracle_output_color"), color.output);
  }
}

TEST(LibraryConformance, Versions) {
  auto files = testing::ListFiles(std::string(kUpstream) + "/versions", ".json");
  EXPECT_EQ(files.size(), 6u);
  for (const std::string& file : files) {
    Case c("lib/upstream/versions", CaseName(file));
    testing::Json json = testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    bool actual = IncompatibleVersions(input.find("local").text(), input.find("remote").text());
    c.True(actual == json.root.find("expected_output").as_bool(), "incompatibleVersions differs");
  }
}

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

}  // namespace
}  // namespace planview::renderer
