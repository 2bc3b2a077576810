// The review flags of `planview` as a program: --drift in every format, the filters on
// drift, and their usage errors (exit 2, one line and the usual hint).
#include <string>
#include <vector>

#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"

namespace planview::cmd {
namespace {

using testing::PlanviewBinary;
using testing::ProcessResult;
using testing::RunProcess;

constexpr char kDrift[] = "testdata/conformance/equivalence/moved_with_drift";
constexpr char kDriftGolden[] = "testdata/formats/moved_with_drift";

ProcessResult Planview(const std::vector<std::string>& args, const std::string& input = "") {
  return RunProcess(PlanviewBinary(), args, input);
}

std::vector<std::string> DriftPlan(std::vector<std::string> more) {
  std::vector<std::string> args = {std::string(kDrift) + "/plan.json", "--schemas", std::string(kDrift) + "/schemas.json",
                                   "--color", "never"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(CliDrift, EveryChoiceInEveryFormatMatchesItsGolden) {
  struct Case {
    std::vector<std::string> args;
    std::string golden;
  };
  for (const Case& c : std::vector<Case>{{{"--drift", "show"}, "../../conformance/equivalence/moved_with_drift/plan.txt"},
                                         {{"--drift=summary"}, "drift_summary.txt"},
                                         {{"--drift", "hide"}, "drift_hide.txt"},
                                         {{"--action", "delete"}, "drift_filtered.txt"},
                                         {{"--format", "markdown"}, "markdown.md"},
                                         {{"--format", "markdown", "--drift", "summary"}, "drift_summary.md"},
                                         {{"--format", "html", "--drift", "summary"}, "drift_summary.html"},
                                         {{"--format", "json", "--drift", "summary"}, "drift_summary.json"},
                                         {{"--format", "json", "--drift", "hide"}, "drift_hide.json"}}) {
    ProcessResult r = Planview(DriftPlan(c.args));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out, renderer::testing::ReadFile(std::string(kDriftGolden) + "/" + c.golden)) << c.golden;
  }
}

TEST(CliDrift, SummaryNamesEachDriftedResourceAndHideDropsTheSection) {
  ProcessResult summary = Planview(DriftPlan({"--drift", "summary"}));
  EXPECT_NE(summary.out.find("this plan:\n\n  ~ tfcoremock_simple_resource.base_after has changed\n\n\nUnless"),
            std::string::npos)
      << summary.out;
  ProcessResult hide = Planview(DriftPlan({"--drift", "hide"}));
  EXPECT_EQ(hide.out.find("changed outside"), std::string::npos) << hide.out;
  EXPECT_EQ(hide.out.find("Hello, world!\" -> \"Hello, drift!\""), std::string::npos) << hide.out;
  EXPECT_NE(hide.out.find("Plan: 0 to add, 2 to change, 0 to destroy."), std::string::npos);
}

TEST(CliDrift, FiltersApplyToDrift) {
  ProcessResult r = Planview(DriftPlan({"--address", "*dependent", "--format", "markdown"}));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("base_after has changed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("_planview: 1 of 1 drifted resources hidden by --address &#39;\\*dependent&#39;._"),
            std::string::npos)
      << r.out;
  ProcessResult kept = Planview(DriftPlan({"--address", "*base*", "--format", "json"}));
  EXPECT_NE(kept.out.find("\"resource_drift\":[{\"address\":\"tfcoremock_simple_resource.base_after\""),
            std::string::npos)
      << kept.out;
  EXPECT_NE(kept.out.find("\"hidden_resource_drift\":0"), std::string::npos);
}

TEST(CliDrift, UnknownChoiceIsAUsageError) {
  ProcessResult r = Planview(DriftPlan({"--drift", "maybe"}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("--drift: unknown choice \"maybe\" (want show, summary or hide)"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace planview::cmd
