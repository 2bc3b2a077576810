// The review flags of `planview` as a program: --drift in every format, the filters on
// drift, and their usage errors (exit 2, one line and the usual hint).
#include <string>
#include <vector>

#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"

namespace planview::cmd {
namespace {

using testing::ProcessResult;
using testing::RunPlanview;

constexpr char kDrift[] = "testdata/conformance/equivalence/moved_with_drift";
constexpr char kDriftGolden[] = "testdata/formats/moved_with_drift";

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
    ProcessResult r = RunPlanview(DriftPlan(c.args));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out, renderer::testing::ReadFile(std::string(kDriftGolden) + "/" + c.golden)) << c.golden;
  }
}

TEST(CliDrift, SummaryNamesEachDriftedResourceAndHideDropsTheSection) {
  ProcessResult summary = RunPlanview(DriftPlan({"--drift", "summary"}));
  EXPECT_NE(summary.out.find("this plan:\n\n  ~ tfcoremock_simple_resource.base_after has changed\n\n\nUnless"),
            std::string::npos)
      << summary.out;
  ProcessResult hide = RunPlanview(DriftPlan({"--drift", "hide"}));
  EXPECT_EQ(hide.out.find("changed outside"), std::string::npos) << hide.out;
  EXPECT_EQ(hide.out.find("Hello, world!\" -> \"Hello, drift!\""), std::string::npos) << hide.out;
  EXPECT_NE(hide.out.find("Plan: 0 to add, 2 to change, 0 to destroy."), std::string::npos);
}

TEST(CliDrift, FiltersApplyToDrift) {
  ProcessResult r = RunPlanview(DriftPlan({"--address", "*dependent", "--format", "markdown"}));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("base_after has changed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("_planview: 1 of 1 drifted resources hidden by --address &#39;\\*dependent&#39;._"),
            std::string::npos)
      << r.out;
  ProcessResult kept = RunPlanview(DriftPlan({"--address", "*base*", "--format", "json"}));
  EXPECT_NE(kept.out.find("\"resource_drift\":[{\"address\":\"tfcoremock_simple_resource.base_after\""),
            std::string::npos)
      << kept.out;
  EXPECT_NE(kept.out.find("\"hidden_resource_drift\":0"), std::string::npos);
}

TEST(CliDrift, UnknownChoiceIsAUsageError) {
  ProcessResult r = RunPlanview(DriftPlan({"--drift", "maybe"}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("--drift: unknown choice \"maybe\" (want show, summary or hide)"), std::string::npos) << r.err;
}

// --summary names the changes, destroys first; --action destroy is --action delete.
TEST(CliSummary, NamesAddressesDestroysFirstAndDestroyMeansDelete) {
  const std::string dir = "testdata/redaction";
  std::vector<std::string> base = {dir + "/plan.json", "--schemas", dir + "/schemas.json", "--color", "never"};
  std::vector<std::string> destroy = base;
  destroy.insert(destroy.end(), {"--summary", "--action", "destroy,create"});
  std::vector<std::string> del = base;
  del.insert(del.end(), {"--summary", "--action=delete", "--action", "create"});
  ProcessResult a = RunPlanview(destroy), b = RunPlanview(del);
  EXPECT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("hidden by --action delete,create;"), std::string::npos) << a.out;
  size_t deletes = a.out.find("\n  delete (2):\n    test_secret.block_delete\n    test_secret.whole_object_delete\n");
  size_t replaces = a.out.find("\n  replace (2):\n    test_secret.leaf_replace\n");
  size_t updates = a.out.find("\n  update (33):\n    test_secret.block_after_only\n");
  size_t creates = a.out.find("\n  create (2):\n    test_secret.block_create\n");
  ASSERT_NE(deletes, std::string::npos) << a.out;
  EXPECT_LT(deletes, replaces);
  EXPECT_LT(replaces, updates);
  EXPECT_LT(updates, creates);
  EXPECT_NE(creates, std::string::npos);
}

}  // namespace
}  // namespace planview::cmd
