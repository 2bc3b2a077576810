// Builds and runs the example on the bundled plan and checks its summary.
#include <string>

#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"

namespace {

TEST(PlanSummaryExample, SummarisesTheBundledPlan) {
  planview::cmd::testing::ProcessResult r = planview::cmd::testing::RunProcess(
      "examples/plan_summary", {"testdata/examples/plan.json", "testdata/examples/schemas.json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, planview::renderer::testing::ReadFile("testdata/examples/plan_summary.txt"));
}

TEST(PlanSummaryExample, RejectsBadInput) {
  planview::cmd::testing::ProcessResult r =
      planview::cmd::testing::RunProcess("examples/plan_summary", {"testdata/examples/plan.txt", "testdata/examples/schemas.json"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("testdata/examples/plan.txt:"), std::string::npos) << r.err;
}

}  // namespace
