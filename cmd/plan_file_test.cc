// `planview PLANFILE` and `planview convert PLANFILE` with the real binary on the real plan
// files of testdata/planfiles: a plan file prints byte for byte what its `show -json`
// prints (no schemas, colour off and on), except where an older Terraform did not store
// schema-sensitive attributes as marks: there it prints what the JSON prints with the plan
// file's own sensitivity. Every plan file without a partner renders.
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cmd/testing/run_process.h"
#include "planfile/testing/plan_file_writer.h"
#include "structured/json_parse.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"

namespace planview::cmd {
namespace {

using nlohmann::json;
using testing::ProcessResult;
using testing::RunPlanview;
using testing::WriteTempFile;

constexpr char kPairs[] = "testdata/planfiles/pairs";
constexpr char kSensitivityNotice[] =
    "no provider schemas: resource values are decoded from msgpack alone and only the plan file's own sensitivity "
    "marks are known (attributes the provider schemas mark sensitive are hidden only with --schemas)";

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

std::string Key(const json& rc) { return rc["address"].get<std::string>() + "|" + rc.value("deposed", ""); }

// The plan JSON with the sensitivity markers of the converted plan file.
std::string WithSensitivityOf(const std::string& plan_json, const std::string& converted) {
  json plan = json::parse(plan_json);
  json ours = json::parse(converted);
  for (const char* section : {"resource_changes", "resource_drift"}) {
    if (!plan.contains(section)) continue;
    std::map<std::string, json> by_key;
    for (const json& rc : ours[section]) by_key[Key(rc)] = rc;
    for (json& rc : plan[section]) {
      const json& mine = by_key.at(Key(rc));
      rc["change"]["before_sensitive"] = mine["change"]["before_sensitive"];
      rc["change"]["after_sensitive"] = mine["change"]["after_sensitive"];
    }
  }
  return plan.dump();
}

TEST(PlanFile, RendersAsItsShowJson) {
  int same = 0;
  int with_file_sensitivity = 0;
  for (const std::string& dir : renderer::testing::ListDirs(kPairs)) {
    const std::string name = std::filesystem::path(dir).filename();
    SCOPED_TRACE(name);
    ProcessResult converted = RunPlanview({"convert", dir + "/plan.bin"});
    ASSERT_EQ(converted.exit_code, 0) << converted.err;
    std::string json_file = dir + "/plan.json";
    bool exact = true;
    for (const char* color : {"never", "always"}) {
      ProcessResult from_bin = RunPlanview({"--color", color, dir + "/plan.bin"});
      ProcessResult from_json = RunPlanview({"--color", color, json_file});
      ASSERT_EQ(from_bin.exit_code, 0) << from_bin.err;
      ASSERT_EQ(from_json.exit_code, 0) << from_json.err;
      EXPECT_EQ(FirstLine(from_bin.err), std::string("planview: ") + dir + "/plan.bin: " + kSensitivityNotice);
      if (from_bin.out == from_json.out) continue;
      // An older version's plan file: the JSON with the plan file's sensitivity.
      exact = false;
      std::string adjusted = WriteTempFile(
          name + ".json", WithSensitivityOf(renderer::testing::ReadFile(json_file), converted.out));
      ProcessResult from_adjusted = RunPlanview({"--color", color, adjusted});
      ASSERT_EQ(from_adjusted.exit_code, 0) << from_adjusted.err;
      EXPECT_EQ(from_bin.out, from_adjusted.out) << color;
    }
    same += exact;
    with_file_sensitivity += !exact;
  }
  EXPECT_EQ(same + with_file_sensitivity, 25);
  EXPECT_LE(with_file_sensitivity, 5);
  std::printf("plan files rendered as their show -json: %d byte for byte, %d as the JSON with the plan file's "
              "sensitivity\n",
              same, with_file_sensitivity);
}

TEST(PlanFile, EverySoloPlanFileRenders) {
  int rendered = 0;
  for (const std::string& dir : renderer::testing::ListDirs("testdata/planfiles/solo")) {
    ProcessResult r = RunPlanview({dir + "/plan.bin"});
    EXPECT_EQ(r.exit_code, 0) << dir << ": " << r.err;
    EXPECT_NE(r.out, "") << dir;
    rendered += r.exit_code == 0;
  }
  EXPECT_EQ(rendered, 20);
}

TEST(PlanFile, ConvertWritesTheDocumentAndSaysWhatItLeavesOut) {
  const std::string bin = std::string(kPairs) + "/kpeacocke__terraform-github-repo__root/plan.bin";
  ProcessResult r = RunPlanview({"convert", bin});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json doc = json::parse(r.out);
  EXPECT_EQ(doc["format_version"], "1.2");
  EXPECT_EQ(doc["terraform_version"], "1.12.2");
  EXPECT_EQ(doc["resource_changes"].size(), 22u);
  EXPECT_EQ(doc["prior_state"]["values"]["root_module"]["resources"].size(), 22u);
  EXPECT_EQ(doc["checks"].size(), 3u);
  EXPECT_EQ(doc["applyable"], true);
  EXPECT_EQ(r.err, "planview: " + bin + ": " + kSensitivityNotice + "\nplanview: " + bin +
                       ": configuration and planned_values are not written (they need the configuration and the "
                       "provider schemas; planview reads the plan's changes and prior state)\n");
}

TEST(PlanFile, ConvertUsage) {
  ProcessResult none = RunPlanview({"convert"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(FirstLine(none.err), "planview: convert: no plan file given");
  ProcessResult flag = RunPlanview({"convert", "--bogus", "x"});
  EXPECT_EQ(flag.exit_code, 2);
  EXPECT_EQ(flag.err, "planview: convert: unknown option --bogus\nRun 'planview convert --help' for usage.\n");
  ProcessResult help = RunPlanview({"convert", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_TRUE(help.out.starts_with("Usage: planview convert [--schemas FILE] [--max-input-bytes N] PLANFILE\n"));
}

// A saved destroy plan renders as one; an explicit --mode, normal too, overrides it.
TEST(PlanFile, ExplicitModeOverridesTheSavedMode) {
  std::string error;
  std::optional<std::string> file = planfile::testing::PlanFileFromJson(
      R"({"format_version":"1.2","terraform_version":"1.9.6","errored":false})", nullptr, error,
      planfile::UiMode::kDestroy);
  ASSERT_TRUE(file) << error;
  std::string path = WriteTempFile("destroy.tfplan", *file);
  const std::string destroy = "\nNo changes. No objects need to be destroyed.\n";
  const std::string normal = "\nNo changes. Your infrastructure matches the configuration.\n";
  EXPECT_EQ(RunPlanview({path, "--product", "terraform"}).out.rfind(destroy, 0), 0u);
  EXPECT_EQ(RunPlanview({path, "--product", "terraform", "--mode", "normal"}).out.rfind(normal, 0), 0u);
  EXPECT_EQ(RunPlanview({path, "--product", "terraform", "--mode", "destroy", "-mode=normal"}).out.rfind(normal, 0), 0u);
}

// The prior state is read by convert only: a damaged tfstate member fails convert in one
// line and does not stop the rendering (which never reads it).
TEST(PlanFile, OnlyConvertReadsThePriorState) {
  std::string error;
  std::optional<std::string> tfplan = planfile::testing::TfplanFromJson(
      R"({"format_version":"1.2","terraform_version":"1.9.6","errored":false})", nullptr, error);
  ASSERT_TRUE(tfplan) << error;
  std::string path =
      WriteTempFile("bad_state.tfplan", planfile::testing::ZipArchiveOf({{"tfplan", *tfplan}, {"tfstate", "{"}}));
  ProcessResult rendered = RunPlanview({path, "--product", "terraform"});
  EXPECT_EQ(rendered.exit_code, 0) << rendered.err;
  EXPECT_EQ(rendered.out, "\nNo changes. Your infrastructure matches the configuration.\n\n"
                          "Terraform has compared your real infrastructure against your configuration\n"
                          "and found no differences, so no changes are needed.\n");
  ProcessResult converted = RunPlanview({"convert", path});
  EXPECT_EQ(converted.exit_code, 1);
  EXPECT_EQ(converted.out, "");
  EXPECT_EQ(converted.err, "planview: " + path +
                               ": tfstate: tfstate:1:2: unexpected end of input: an object is not closed at $ (byte 1)\n");
}

// With schemas: a real `tofu` plan written as a plan file (our encoder) prints exactly what
// `tofu show` printed for it.
TEST(PlanFile, RendersWithSchemasAsTofuDid) {
  const std::string dir = "testdata/conformance/equivalence/basic_list_update";
  structured::ParseResult parsed = structured::ParseJson(renderer::testing::ReadFile(dir + "/schemas.json"));
  ASSERT_TRUE(parsed.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.document);
  ASSERT_TRUE(schemas) << schemas.error().message;
  std::string error;
  std::optional<std::string> file =
      planfile::testing::PlanFileFromJson(renderer::testing::ReadFile(dir + "/plan.json"), &*schemas, error);
  ASSERT_TRUE(file) << error;
  std::string path = WriteTempFile("basic_list_update.tfplan", *file);
  ProcessResult r = RunPlanview({path, "--schemas", dir + "/schemas.json", "--color", "never"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, renderer::testing::ReadFile(dir + "/plan.txt"));
  EXPECT_EQ(r.err, "");
}

// Hostile plan files through the binary: one line naming the file, exit 1, nothing on
// standard output.
TEST(PlanFile, HostileFilesAreOneLine) {
  std::string real = renderer::testing::ReadFile(std::string(kPairs) + "/kpeacocke__terraform-github-repo__root/plan.bin");
  struct Case {
    std::string name;
    std::string bytes;
    std::string error;
  };
  const std::vector<Case> cases = {
      // An archive of nothing but its end record: minizip does not look for the end record
      // at offset 0, so it is refused as unreadable rather than as lacking tfplan.
      {"empty.zip", std::string("PK\x05\x06", 4) + std::string(18, '\0'),
       "not a readable ZIP archive (Not a zip archive)"},
      {"cut.zip", real.substr(0, real.size() / 2), "not a readable ZIP archive (Not a zip archive)"},
  };
  for (const Case& c : cases) {
    std::string file = WriteTempFile(c.name, c.bytes);
    for (bool convert : {false, true}) {
      ProcessResult r = convert ? RunPlanview({"convert", file}) : RunPlanview({file});
      EXPECT_EQ(r.exit_code, 1) << c.name;
      EXPECT_EQ(r.out, "") << c.name;
      EXPECT_EQ(r.err, "planview: " + file + ": " + c.error + "\n") << c.name;
    }
  }
  std::string json = WriteTempFile("plan.json", "{\"format_version\":\"1.2\"}");
  ProcessResult r = RunPlanview({"convert", json});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "planview: " + json + ": not a saved plan file (not a ZIP archive)\n");
}

}  // namespace
}  // namespace planview::cmd
