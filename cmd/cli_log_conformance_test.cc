// The real `planview` binary on the log fixtures (testdata/logs/PRODUCT/) and the real
// `tofu` apply logs, with the default flags (the product read from the log): standard
// output byte for byte, colour off and on, standard error as the product's renderer
// writes it, exit status 0. The log ends with "cli/logs/opentofu: N passed, M failed"
// and "cli/logs/terraform: ...".
#include <string>
#include <vector>

#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"

namespace planview::cmd {
namespace {

using renderer::testing::Mismatch;
using renderer::testing::ReadFile;
using renderer::testing::Tally;
using testing::ProcessResult;
using testing::RunPlanview;

constexpr char kLogs[] = "testdata/logs";
constexpr char kEquivalence[] = "testdata/conformance/equivalence";

void Check(const std::string& suite, const std::string& log_file, const std::string& expected,
           const std::string& color_expected, const std::string& err_expected) {
  std::vector<std::string> failures;
  for (bool color : {false, true}) {
    if (color && color_expected.empty()) continue;
    ProcessResult r = RunPlanview({log_file, color ? "--color=always" : "-no-color"});
    const std::string label = color ? "colour" : "no colour";
    if (r.exit_code != 0) failures.push_back(label + ": exit status " + std::to_string(r.exit_code));
    std::string m = Mismatch(color ? color_expected : expected, r.out);
    if (!m.empty()) failures.push_back(label + ": " + m);
    m = Mismatch(err_expected, r.err);
    if (!m.empty()) failures.push_back(label + " stderr: " + m);
  }
  Tally::Get().Record(suite, failures.empty());
  for (const std::string& f : failures) ADD_FAILURE() << suite << " " << log_file << ": " << f;
}

void CheckFixtures(const std::string& product_dir) {
  const std::string dir = std::string(kLogs) + "/" + product_dir;
  for (const std::string& log : renderer::testing::ListFiles(dir, ".jsonl")) {
    const std::string base = log.substr(0, log.size() - 6);
    bool has_err = false;
    std::string err = ReadFile(base + ".err.txt", &has_err);
    Check("cli/logs/" + product_dir, log, ReadFile(base + ".txt"), ReadFile(base + ".color.txt"), has_err ? err : "");
  }
}

TEST(CliLogConformance, OpenTofu) {
  CheckFixtures("opentofu");
  for (const std::string& dir : renderer::testing::ListDirs(kEquivalence)) {
    bool has_log = false;
    ReadFile(dir + "/apply.jsonl", &has_log);
    if (has_log) Check("cli/logs/opentofu", dir + "/apply.jsonl", ReadFile(dir + "/apply.txt"), "", "");
  }
}

TEST(CliLogConformance, Terraform) { CheckFixtures("terraform"); }

}  // namespace
}  // namespace planview::cmd
