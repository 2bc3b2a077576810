#include "renderer/formats/filter.h"

#include <algorithm>
#include <iterator>

#include "gtest/gtest.h"

namespace planview::renderer::formats {
namespace {

ResourceChange Resource(std::string_view address, std::string_view type, Action action) {
  ResourceChange r;
  r.address = address;
  r.type = type;
  r.mode_name = "managed";
  r.mode = structured::ResourceMode::kManaged;
  r.action = action;
  return r;
}

TEST(Glob, Matches) {
  EXPECT_TRUE(GlobMatch("module.net.*", "module.net.aws_vpc.main"));
  EXPECT_FALSE(GlobMatch("module.net.*", "module.network.aws_vpc.main"));
  EXPECT_TRUE(GlobMatch("aws_iam_*", "aws_iam_role"));
  EXPECT_TRUE(GlobMatch("*.web[?]", "aws_instance.web[0]"));
  EXPECT_TRUE(GlobMatch("*", ""));
  EXPECT_FALSE(GlobMatch("a*b", "acbc"));
  EXPECT_TRUE(GlobMatch("a*b*c", "aXbYbZc"));
}

TEST(Filter, ActionsAddressesReads) {
  ResourceChange vpc = Resource("module.net.aws_vpc.main", "aws_vpc", Action::kDeleteThenCreate);
  ResourceChange role = Resource("aws_iam_role.ci", "aws_iam_role", Action::kCreate);
  ResourceChange read = Resource("data.aws_ami.x", "aws_ami", Action::kRead);
  read.mode = structured::ResourceMode::kData;
  read.mode_name = "data";

  ResourceFilter f;
  EXPECT_FALSE(f.Active());
  ASSERT_TRUE(ParseActionList("replace,read", f.actions).ok());
  EXPECT_TRUE(f.Matches(vpc));
  EXPECT_FALSE(f.Matches(role));
  EXPECT_TRUE(f.Matches(read));
  f.hide_reads = true;
  EXPECT_FALSE(f.Matches(read));
  EXPECT_EQ(f.Describe(), "--action replace,read --hide-reads");

  ResourceFilter by_address;
  by_address.addresses = {"aws_iam_*", "module.net.*"};
  EXPECT_TRUE(by_address.Matches(vpc));
  EXPECT_TRUE(by_address.Matches(role));
  EXPECT_FALSE(by_address.Matches(read));
}

TEST(Filter, Categories) {
  ResourceChange moved = Resource("a.b", "a", Action::kNoOp);
  moved.previous_address = "a.c";
  EXPECT_EQ(CategoriesOf(moved), std::vector<ActionCategory>{ActionCategory::kMove});
  EXPECT_TRUE(ShownInPlan(moved));
  ResourceChange forget = Resource("a.b", "a", Action::kForgetThenCreate);
  EXPECT_EQ(CategoriesOf(forget), (std::vector<ActionCategory>{ActionCategory::kForget, ActionCategory::kCreate}));
  EXPECT_FALSE(ShownInPlan(Resource("a.b", "a", Action::kNoOp)));
  using C = ActionCategory;
  const std::pair<Action, std::vector<C>> kEach[] = {
      {Action::kNoOp, {}},
      {Action::kCreate, {C::kCreate}},
      {Action::kRead, {C::kRead}},
      {Action::kUpdate, {C::kUpdate}},
      {Action::kDeleteThenCreate, {C::kReplace}},
      {Action::kCreateThenDelete, {C::kReplace}},
      {Action::kDelete, {C::kDelete}},
      {Action::kForget, {C::kForget}},
      {Action::kCreateThenForget, {C::kForget, C::kCreate}},
  };
  for (const auto& [action, categories] : kEach) {
    EXPECT_EQ(CategoriesOf(Resource("a.b", "a", action)), categories) << ActionName(action);
  }

  std::vector<ActionCategory> list;
  base::Expected<void> bad = ParseActionList("create,explode", list);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message,
            "--action: unknown action \"explode\" (want create, update, delete or destroy, replace, read, import, "
            "move or forget)");
}

// "destroy" is the word users say: the same category as "delete", named "delete" after.
TEST(Filter, DestroyIsDelete) {
  std::vector<ActionCategory> list;
  base::Expected<void> parsed = ParseActionList("destroy,replace,delete", list);
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  EXPECT_EQ(list, (std::vector<ActionCategory>{ActionCategory::kDelete, ActionCategory::kReplace}));
  ResourceFilter f;
  f.actions = list;
  EXPECT_TRUE(f.Matches(Resource("a.b", "a", Action::kDelete)));
  EXPECT_FALSE(f.Matches(Resource("a.b", "a", Action::kCreate)));
  EXPECT_EQ(f.Describe(), "--action delete,replace");
}

// Every category once, destroys first.
TEST(Filter, RiskOrderHasEveryCategoryDestroysFirst) {
  std::vector<ActionCategory> risk(std::begin(kRiskOrder), std::end(kRiskOrder));
  std::vector<ActionCategory> all(std::begin(kAllCategories), std::end(kAllCategories));
  std::sort(risk.begin(), risk.end());
  EXPECT_EQ(risk, all);
  EXPECT_EQ(kRiskOrder[0], ActionCategory::kDelete);
  EXPECT_EQ(kRiskOrder[1], ActionCategory::kReplace);
}

}  // namespace
}  // namespace planview::renderer::formats
