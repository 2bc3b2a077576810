// The `planview` binary on the cases written from Terraform's renderer source where its
// own tests have none (resource identity, ephemeral and list resources;
// testdata/terraform_source/README.md): each run with `--product terraform` and with the
// product detected from the document, colour on and off, stdout byte for byte and the
// warnings on stderr. The log ends with "cli/terraform_source/SUITE: N passed, M failed".
#include <string>
#include <vector>

#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"
#include "structured/json_value.h"

namespace planview::cmd {
namespace {

namespace golden = renderer::testing;
using testing::RunPlanview;
using testing::WriteTempFile;

// The failures of one run of one case ("" when it passed).
std::string Check(const std::vector<std::string>& args, std::string_view expected, structured::Value warnings) {
  testing::ProcessResult r = RunPlanview(args);
  std::string failures;
  if (r.exit_code != 0) failures += "exit status " + std::to_string(r.exit_code) + "; ";
  std::string m = golden::Mismatch(expected, r.out);
  if (!m.empty()) failures += "stdout: " + m + "; ";
  for (size_t i = 0; i < warnings.size(); ++i) {
    std::string line = "planview: warning: " + std::string(warnings.at(i).text()) + "\n";
    if (r.err.find(line) == std::string::npos) failures += "stderr lacks " + line;
  }
  if (warnings.empty() && !r.err.empty()) failures += "stderr: " + r.err;
  return failures;
}

void Suite(const std::string& suite, const char* document, size_t count) {
  auto files = golden::ListFiles("testdata/terraform_source/" + suite, ".json");
  EXPECT_EQ(files.size(), count) << suite;
  for (const std::string& file : files) {
    golden::Json json = golden::LoadJson(file);
    structured::Value input = json.root.find("input");
    std::string path = WriteTempFile("doc.json", golden::JsonText(input.find(document)));
    std::string schemas = WriteTempFile("schemas.json", golden::JsonText(input.find("schemas_json")));
    for (bool automatic : {false, true}) {
      std::string label = "cli/terraform_source/" + suite + (automatic ? " (auto)" : "");
      std::string failures;
      for (bool color : {false, true}) {
        std::vector<std::string> args = {path, "--schemas", schemas, "--width", "78",
                                         color ? "--color=always" : "--no-color"};
        if (!automatic) args.insert(args.end(), {"--product", "terraform"});
        failures += Check(args, golden::StringAt(json.root, color ? "expected_output_color" : "expected_output"),
                          json.root.find("expected_warnings"));
      }
      golden::Tally::Get().Record(label, failures.empty());
      EXPECT_EQ(failures, "") << label << " " << file;
    }
  }
}

TEST(CliTerraformSource, Plans) { Suite("plan_human", "plan_json", 10); }
TEST(CliTerraformSource, States) { Suite("state", "state_json", 2); }

}  // namespace
}  // namespace planview::cmd
