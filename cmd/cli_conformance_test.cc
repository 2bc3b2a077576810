// The real `planview` binary against upstream's own outputs (testdata/conformance), the
// same cases the library test checks, run as a user would: files on disk, flags, stdout.
// The log ends with one summary line per suite ("cli/...: N passed, M failed").
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
using testing::PlanviewBinary;
using testing::RunProcess;
using testing::WriteTempFile;

constexpr char kUpstream[] = "testdata/conformance/upstream";
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
    testing::ProcessResult r = RunProcess(PlanviewBinary(), args);
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

std::vector<std::string> PlanArgs(const std::string& plan, const std::string& schemas, std::string mode, bool color) {
  return {plan, "--schemas", schemas, "--mode", std::move(mode), "--width", "78", color ? "--color=always" : "-no-color"};
}

TEST(CliConformance, PlanResource) {
  auto files = renderer::testing::ListFiles(std::string(kUpstream) + "/plan_resource", ".json");
  EXPECT_EQ(files.size(), 175u);
  for (const std::string& file : files) {
    Case c("cli/upstream/plan_resource", Base(file));
    renderer::testing::Json json = renderer::testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan = WriteTempFile("plan.json", JsonText(input.find("plan_json")));
    std::string schemas = WriteTempFile("schemas.json", JsonText(input.find("schemas_json")));
    std::string oracle = StringAt(json.root, "oracle_cli_output");
    if (oracle.rfind("<<renderer panicked", 0) == 0) {
      // Upstream crashes here; planview renders the rest and warns.
      testing::ProcessResult r = RunProcess(PlanviewBinary(), PlanArgs(plan, schemas, "normal", false));
      c.True(r.exit_code == 0, "exit status 0 where upstream panics: " + r.err);
      c.True(r.out == "\nNo changes. Your infrastructure matches the configuration.\n", "output: " + r.out);
      c.True(r.err.find("warning: ") != std::string::npos, "a warning on stderr");
      continue;
    }
    c.Run("oracle_cli_output", PlanArgs(plan, schemas, "normal", false), oracle);
    c.Run("oracle_cli_output_color", PlanArgs(plan, schemas, "normal", true),
          StringAt(json.root, "oracle_cli_output_color"));
  }
}

TEST(CliConformance, PlanOutputs) {
  auto files = renderer::testing::ListFiles(std::string(kUpstream) + "/plan_outputs", ".json");
  EXPECT_EQ(files.size(), 5u);
  for (const std::string& file : files) {
    Case c("cli/upstream/plan_outputs", Base(file));
    renderer::testing::Json json = renderer::testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan = WriteTempFile("plan.json", JsonText(input.find("plan_json")));
    std::string schemas = WriteTempFile("schemas.json", JsonText(input.find("schemas_json")));
    c.Run("oracle_cli_output", PlanArgs(plan, schemas, "normal", false), StringAt(json.root, "oracle_cli_output"));
    c.Run("oracle_cli_output_color", PlanArgs(plan, schemas, "normal", true),
          StringAt(json.root, "oracle_cli_output_color"));
  }
}

TEST(CliConformance, PlanHuman) {
  auto files = renderer::testing::ListFiles(std::string(kUpstream) + "/plan_human", ".json");
  EXPECT_EQ(files.size(), 14u);
  for (const std::string& file : files) {
    Case c("cli/upstream/plan_human", Base(file));
    renderer::testing::Json json = renderer::testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string plan = WriteTempFile("plan.json", JsonText(input.find("plan_json")));
    std::string schemas = WriteTempFile("schemas.json", JsonText(input.find("schemas_json")));
    std::string qualities;
    structured::Value list = input.find("qualities");
    for (size_t i = 0; i < list.size(); ++i) qualities += (i > 0 ? "," : "") + std::string(list.at(i).text());
    std::string mode(input.find("mode").text());
    std::vector<std::string> extra = {"--kind", "plan", "--quality", qualities.empty() ? "none" : qualities};
    std::vector<std::string> args = PlanArgs(plan, schemas, mode, false);
    args.insert(args.end(), extra.begin(), extra.end());
    if (json.root.find("expected_output").is_string()) {
      std::vector<std::string> color_args = PlanArgs(plan, schemas, mode, true);
      color_args.insert(color_args.end(), extra.begin(), extra.end());
      c.Run("expected_output", args, StringAt(json.root, "expected_output"));
      c.Run("oracle_output_color", color_args, StringAt(json.root, "oracle_output_color"));
      continue;
    }
    testing::ProcessResult r = RunProcess(PlanviewBinary(), args);
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

TEST(CliConformance, State) {
  auto files = renderer::testing::ListFiles(std::string(kUpstream) + "/state", ".json");
  EXPECT_EQ(files.size(), 6u);
  for (const std::string& file : files) {
    Case c("cli/upstream/state", Base(file));
    renderer::testing::Json json = renderer::testing::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string state = WriteTempFile("state.json", JsonText(input.find("state_json")));
    std::string schemas = WriteTempFile("schemas.json", JsonText(input.find("schemas_json")));
    c.Run("expected_output", {state, "--schemas", schemas, "--no-color"}, StringAt(json.root, "expected_output"));
    c.Run("oracle_output_color", {state, "--schemas", schemas, "--color", "always"},
          StringAt(json.root, "oracle_output_color"));
  }
}

TEST(CliConformance, Versions) {
  // Through the binary, upstream's incompatibleVersions shows as the warning above a plan
  // (local version 1.2) or a state (local version 1.0) whose format is newer. Cases whose
  // local version is neither (1.1) cannot be run this way; the library test covers them.
  auto files = renderer::testing::ListFiles(std::string(kUpstream) + "/versions", ".json");
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
    Case c("cli/upstream/versions", Base(file));
    testing::ProcessResult r = RunProcess(PlanviewBinary(), {WriteTempFile("doc.json", doc), "--no-color"});
    c.True(r.exit_code == 0, "exit status: " + r.err);
    c.True((r.out.find(warning) != std::string::npos) == expected, "version warning: " + r.out);
  }
  EXPECT_EQ(run, 4);
}

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
