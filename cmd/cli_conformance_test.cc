// The real `planview` binary against upstream's own outputs (testdata/conformance), the
// same cases the library test checks, run as a user would: files on disk, flags, stdout.
// OpenTofu's cases (upstream/) run with the default product, Terraform's (terraform/,
// state_generated included) with `--product terraform`. The log ends with one summary
// line per suite ("cli/...: N passed, M failed").
#include <optional>
#include <string>
#include <vector>

#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"
#include "structured/json_value.h"

namespace planview::cmd {
namespace {

using renderer::testing::JsonText;
using renderer::testing::Mismatch;
using renderer::testing::StringAt;
using renderer::testing::Tally;
using testing::RunPlanview;
using testing::WriteTempFile;

// One renderer's unit-test cases: directory, summary label, the flags naming its product.
struct Source {
  std::string dir;
  std::string label;
  std::vector<std::string> product_args;
};
const Source kUpstream{"testdata/conformance/upstream", "cli/upstream", {"--product", "opentofu"}};
const Source kTerraform{"testdata/conformance/terraform", "cli/terraform", {"--product", "terraform"}};

constexpr char kEquivalence[] = "testdata/conformance/equivalence";

class Case {
 public:
  Case(std::string suite, std::string name) : suite_(std::move(suite)), name_(std::move(name)) {}
  ~Case() {
    Tally::Get().Record(suite_, failures_.empty());
    for (const std::string& f : failures_) ADD_FAILURE() << suite_ << " " << name_ << ": " << f;
  }
  // Runs planview and compares its standard output; it must exit with 0.
  void Run(std::string_view label, const std::vector<std::string>& args, std::string_view expected) {
    testing::ProcessResult r = RunPlanview(args);
    if (r.exit_code != 0) {
      failures_.push_back(std::string(label) + ": exit status " + std::to_string(r.exit_code) + ", stderr: " + r.err);
    }
    std::string m = Mismatch(expected, r.out);
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

std::string Base(const std::string& path) { return path.substr(path.rfind('/') + 1); }

std::vector<std::string> PlanArgs(const std::string& plan, const std::string& schemas, std::string mode, bool color,
                                  const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {plan,   "--schemas", schemas, "--mode", std::move(mode), "--width", "78",
                                   color ? "--color=always" : "-no-color"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// The whole document of each plan case (plan_resource, plan_actions, plan_deferred).
void PlanDocuments(const Source& source, const std::string& suite, size_t count) {
  auto files = renderer::testing::ListFiles(source.dir + "/" + suite, ".json");
  EXPECT_EQ(files.size(), count) << suite;
  for (const std::string& file : files) {
    Case c(source.label + "/" + suite, Base(file));
    renderer::testing::Json json = renderer::testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan = WriteTempFile("plan.json", JsonText(input.find("plan_json")));
    std::string schemas = WriteTempFile("schemas.json", JsonText(input.find("schemas_json")));
    std::string oracle = StringAt(json.root, "oracle_cli_output");
    if (oracle.rfind("<<renderer panicked", 0) == 0) {
      // Upstream crashes here; planview renders the rest and warns.
      testing::ProcessResult r = RunPlanview(PlanArgs(plan, schemas, "normal", false, source.product_args));
      c.True(r.exit_code == 0, "exit status 0 where upstream panics: " + r.err);
      c.True(r.out == "\nNo changes. Your infrastructure matches the configuration.\n", "output: " + r.out);
      c.True(r.err.find("warning: ") != std::string::npos, "a warning on stderr");
      continue;
    }
    c.Run("oracle_cli_output", PlanArgs(plan, schemas, "normal", false, source.product_args), oracle);
    c.Run("oracle_cli_output_color", PlanArgs(plan, schemas, "normal", true, source.product_args),
          StringAt(json.root, "oracle_cli_output_color"));
  }
}

TEST(CliConformance, PlanResource) { PlanDocuments(kUpstream, "plan_resource", 175); }
TEST(CliConformance, PlanOutputs) { PlanDocuments(kUpstream, "plan_outputs", 5); }
TEST(CliConformance, TerraformPlanResource) { PlanDocuments(kTerraform, "plan_resource", 181); }
TEST(CliConformance, TerraformPlanOutputs) { PlanDocuments(kTerraform, "plan_outputs", 5); }
TEST(CliConformance, TerraformPlanActions) { PlanDocuments(kTerraform, "plan_actions", 4); }
TEST(CliConformance, TerraformPlanDeferred) { PlanDocuments(kTerraform, "plan_deferred", 4); }

void PlanHuman(const Source& source, size_t count) {
  auto files = renderer::testing::ListFiles(source.dir + "/plan_human", ".json");
  EXPECT_EQ(files.size(), count);
  for (const std::string& file : files) {
    Case c(source.label + "/plan_human", Base(file));
    renderer::testing::Json json = renderer::testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan = WriteTempFile("plan.json", JsonText(input.find("plan_json")));
    std::string schemas = WriteTempFile("schemas.json", JsonText(input.find("schemas_json")));
    std::string qualities;
    structured::Value list = input.find("qualities");
    for (size_t i = 0; i < list.size(); ++i) qualities += (i > 0 ? "," : "") + std::string(list.at(i).text());
    std::string mode(input.find("mode").text());
    std::vector<std::string> extra = {"--kind", "plan", "--quality", qualities.empty() ? "none" : qualities};
    extra.insert(extra.end(), source.product_args.begin(), source.product_args.end());
    std::vector<std::string> args = PlanArgs(plan, schemas, mode, false, extra);
    if (json.root.find("expected_output").is_string()) {
      c.Run("expected_output", args, StringAt(json.root, "expected_output"));
      c.Run("oracle_output_color", PlanArgs(plan, schemas, mode, true, extra), StringAt(json.root, "oracle_output_color"));
      continue;
    }
    testing::ProcessResult r = RunPlanview(args);
    c.True(r.exit_code == 0, "exit status: " + r.err);
    structured::Value contains = json.root.find("expected_contains");
    for (size_t i = 0; i < contains.size(); ++i) {
      c.True(r.out.find(contains.at(i).text()) != std::string::npos, "output lacks: " + std::string(contains.at(i).text()));
    }
    structured::Value not_contains = json.root.find("expected_not_contains");
    for (size_t i = 0; i < not_contains.size(); ++i) {
      c.True(r.out.find(not_contains.at(i).text()) == std::string::npos, "output has: " + std::string(not_contains.at(i).text()));
    }
  }
}

TEST(CliConformance, PlanHuman) { PlanHuman(kUpstream, 14); }
TEST(CliConformance, TerraformPlanHuman) { PlanHuman(kTerraform, 12); }

// `planview STATE --schemas S` of each state case, colour off and on. `per_colour`: each
// run counts as one case in the summary line (Terraform's suites: "state_generated: 80
// passed" for 40 states).
void State(const Source& source, const std::string& suite, size_t count, bool per_colour) {
  auto files = renderer::testing::ListFiles(source.dir + "/" + suite, ".json");
  EXPECT_EQ(files.size(), count) << suite;
  for (const std::string& file : files) {
    renderer::testing::Json json = renderer::testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string state = WriteTempFile("state.json", JsonText(input.find("state_json")));
    std::string schemas = WriteTempFile("schemas.json", JsonText(input.find("schemas_json")));
    // expected_output where upstream's test asserts one, else what its renderer printed.
    const char* plain_key = json.root.find("expected_output").is_string() ? "expected_output" : "oracle_output";
    std::optional<Case> both;
    if (!per_colour) both.emplace(source.label + "/" + suite, Base(file));
    for (bool color : {false, true}) {
      std::optional<Case> one;
      if (per_colour) one.emplace(source.label + "/" + suite, Base(file) + (color ? " (colour)" : ""));
      Case& c = per_colour ? *one : *both;
      std::vector<std::string> args = {state, "--schemas", schemas};
      if (color) {
        args.insert(args.end(), {"--color", "always"});
      } else {
        args.push_back("--no-color");
      }
      args.insert(args.end(), source.product_args.begin(), source.product_args.end());
      const char* key = color ? "oracle_output_color" : plain_key;
      c.Run(key, args, StringAt(json.root, key));
    }
  }
}

TEST(CliConformance, State) { State(kUpstream, "state", 6, false); }
TEST(CliConformance, TerraformState) { State(kTerraform, "state", 6, true); }
TEST(CliConformance, TerraformStateGenerated) { State(kTerraform, "state_generated", 40, true); }

void Versions(const Source& source) {
  // Through the binary, upstream's incompatibleVersions shows as the warning above a plan
  // (local version 1.2) or a state (local version 1.0) whose format is newer. Cases whose
  // local version is neither (1.1) cannot be run this way; the library test covers them.
  auto files = renderer::testing::ListFiles(source.dir + "/versions", ".json");
  EXPECT_EQ(files.size(), 6u);
  int run = 0;
  for (const std::string& file : files) {
    renderer::testing::Json json = renderer::testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string_view local = input.find("local").text();
    std::string remote(input.find("remote").text());
    bool expected = json.root.find("expected_output").as_bool();
    std::string doc;
    std::string warning;
    if (local == "1.2") {
      doc = "{\"format_version\":\"" + remote + "\",\"resource_changes\":[]}";
      warning = "Warning: This plan was generated using a different version";
    } else if (local == "1.0") {
      doc = "{\"format_version\":\"" + remote + "\",\"values\":{\"outputs\":{\"a\":{\"value\":1,\"type\":\"number\"}}}}";
      warning = "Warning: This state was retrieved using a different version";
    } else {
      continue;
    }
    ++run;
    Case c(source.label + "/versions", Base(file));
    std::vector<std::string> args = {WriteTempFile("doc.json", doc), "--no-color"};
    args.insert(args.end(), source.product_args.begin(), source.product_args.end());
    testing::ProcessResult r = RunPlanview(args);
    c.True(r.exit_code == 0, "exit status: " + r.err);
    c.True((r.out.find(warning) != std::string::npos) == expected, "version warning: " + r.out);
  }
  EXPECT_EQ(run, 4);
}

TEST(CliConformance, Versions) { Versions(kUpstream); }
TEST(CliConformance, TerraformVersions) { Versions(kTerraform); }

TEST(CliConformance, Equivalence) {
  auto dirs = renderer::testing::ListDirs(kEquivalence);
  EXPECT_EQ(dirs.size(), 49u);
  for (const std::string& dir : dirs) {
    std::string mode = renderer::testing::ReadFile(dir + "/mode");
    while (!mode.empty() && (mode.back() == '\n' || mode.back() == ' ')) mode.pop_back();
    std::string schemas = dir + "/schemas.json";
    {
      Case c("cli/equivalence/plan", Base(dir));
      c.Run("plan.txt", PlanArgs(dir + "/plan.json", schemas, mode, false), renderer::testing::ReadFile(dir + "/plan.txt"));
      c.Run("plan.color.txt", PlanArgs(dir + "/plan.json", schemas, mode, true),
            renderer::testing::ReadFile(dir + "/plan.color.txt"));
    }
    bool has_state = false;
    std::string state_txt = renderer::testing::ReadFile(dir + "/state.txt", &has_state);
    if (has_state) {
      Case c("cli/equivalence/state", Base(dir));
      c.Run("state.txt", {dir + "/state.json", "--schemas", schemas, "-no-color"}, state_txt);
    }
    bool has_log = false;
    std::string apply_txt = renderer::testing::ReadFile(dir + "/apply.txt", &has_log);
    if (has_log) {
      Case c("cli/equivalence/apply_log", Base(dir));
      c.Run("apply.txt", {dir + "/apply.jsonl", "-no-color"}, apply_txt);
    }
  }
}

}  // namespace
}  // namespace planview::cmd
