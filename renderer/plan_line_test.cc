// The "Plan:" line's words per product, its colour and Terraform's actions count; that
// every presentation prints the same counts is checked where each is tested (RenderPlan's
// conformance, plan_tree_test, the formats goldens).
#include "renderer/plan_line.h"

#include <string>

#include "gtest/gtest.h"

namespace planview::renderer {
namespace {

const change::Profile& Tofu() { return change::OpenTofuProfile(); }
const change::Profile& Terraform() { return change::TerraformProfile(); }

ResourceChange Change(Action action, bool importing = false) {
  ResourceChange r;
  r.action = action;
  r.importing = importing;
  return r;
}

TEST(PlanCounts, EachActionAddsWhatUpstreamCounts) {
  PlanCounts c;
  for (Action a : {Action::kNoOp, Action::kCreate, Action::kRead, Action::kUpdate, Action::kDeleteThenCreate,
                   Action::kCreateThenDelete, Action::kDelete, Action::kForget, Action::kForgetThenCreate,
                   Action::kCreateThenForget}) {
    c.Count(Change(a));
  }
  c.Count(Change(Action::kNoOp, /*importing=*/true));
  c.Count(Change(Action::kUpdate, /*importing=*/true));
  EXPECT_EQ(c.to_import, 2);
  EXPECT_EQ(c.to_add, 5);      // create, both replaces, forget-then-create, create-then-forget
  EXPECT_EQ(c.to_change, 2);   // the two updates
  EXPECT_EQ(c.to_destroy, 3);  // delete and both replaces
  EXPECT_EQ(c.to_forget, 2);   // forget, forget-then-create
}

TEST(PlanCountsText, ImportAndForgetOnlyWhenThereAreSome) {
  PlanCounts c;
  c.to_add = 2;
  c.to_destroy = 1;
  EXPECT_EQ(PlanCountsText(c, Tofu()), "2 to add, 0 to change, 1 to destroy");
  EXPECT_EQ(PlanCountsText(c, Terraform()), "2 to add, 0 to change, 1 to destroy");
  c.to_import = 3;
  EXPECT_EQ(PlanCountsText(c, Tofu()), "3 to import, 2 to add, 0 to change, 1 to destroy");
  EXPECT_EQ(PlanCountsText(c, Terraform()), "3 to import, 2 to add, 0 to change, 1 to destroy");
  c.to_forget = 1;
  EXPECT_EQ(PlanCountsText(c, Tofu()), "3 to import, 2 to add, 0 to change, 1 to destroy, 1 to forget");
  // Terraform's line never counts forgotten objects.
  EXPECT_EQ(PlanCountsText(c, Terraform()), "3 to import, 2 to add, 0 to change, 1 to destroy");
}

TEST(AppendPlanLine, PlainAndColouredAsEachProductPrintsIt) {
  PlanCounts c;
  c.to_add = 1;
  c.to_forget = 1;
  std::string out = "x";
  AppendPlanLine(c, 0, Tofu(), change::Colorize(false), out);
  EXPECT_EQ(out, "x\nPlan: 1 to add, 0 to change, 0 to destroy, 1 to forget.\n");
  out.clear();
  // OpenTofu colours the format string, so its closing reset follows the counts.
  AppendPlanLine(c, 0, Tofu(), change::Colorize(true), out);
  EXPECT_EQ(out, "\n\x1b[1mPlan:\x1b[0m 1 to add, 0 to change, 0 to destroy, 1 to forget.\n\x1b[0m");
  out.clear();
  AppendPlanLine(c, 0, Terraform(), change::Colorize(true), out);
  EXPECT_EQ(out, "\n\x1b[1mPlan:\x1b[0m \x1b[0m1 to add, 0 to change, 0 to destroy.\n");
  out.clear();
  AppendPlanLine(c, 2, Terraform(), change::Colorize(false), out);
  EXPECT_EQ(out, "\nPlan: 1 to add, 0 to change, 0 to destroy. Actions: 2 to invoke.\n");
}

}  // namespace
}  // namespace planview::renderer
