// Runs every differ case of OpenTofu's renderer (testdata/conformance/upstream/differ/)
// and of Terraform's (testdata/conformance/terraform/differ/, with the Terraform profile)
// through the differ entry point it names, then checks the rendering (colour off and on,
// indent 0) and the diff tree against what that renderer produced.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "change/diff_dump.h"
#include "change/testing/conformance_case.h"
#include "differ/differ.h"
#include "structured/json_parse.h"

namespace planview::differ {

namespace {

using structured::Value;

constexpr char kUpstreamDir[] = "testdata/conformance/upstream/differ";
constexpr char kTerraformDir[] = "testdata/conformance/terraform/differ";

const std::vector<change::testing::CaseFile>& UpstreamCases() {
  static const std::vector<change::testing::CaseFile> cases = change::testing::ListCases(kUpstreamDir);
  return cases;
}
const std::vector<change::testing::CaseFile>& TerraformCases() {
  static const std::vector<change::testing::CaseFile> cases = change::testing::ListCases(kTerraformDir);
  return cases;
}

// Terraform's cases spell the always-matcher as its Go type name.
structured::PathMatcher Matcher(Value json) {
  if (json.is_null() || json.find("always").is_true() || (json.is_string() && json.text() == "*attribute_path.alwaysMatcher")) {
    return structured::PathMatcher::Always();
  }
  return structured::PathMatcher::FromPaths(json.find("paths"), json.find("propagate").is_true());
}

structured::Change ChangeFromInput(Value input) {
  structured::Change change;
  change.before = input.find("before");
  change.after = input.find("after");
  change.unknown = input.find("after_unknown");
  change.before_sensitive = input.find("before_sensitive");
  change.after_sensitive = input.find("after_sensitive");
  change.before_explicit = input.find("before_explicit").is_true();
  change.after_explicit = input.find("after_explicit").is_true();
  change.replace_paths = Matcher(input.find("replace_paths"));
  change.relevant_attributes = Matcher(input.find("relevant_attributes"));
  return change;
}

// The entry point's result, or why the case cannot run.
base::Expected<change::Diff> RunEntryPoint(Value root, const structured::Change& change,
                                           const change::Profile& profile) {
  std::string entry_point(root.find("entry_point").text());
  Value schema = root.find("schema");
  if (entry_point == "ComputeDiffForBlock") {
    auto block = structured::ParseBlock(schema.find("block"), "$.schema.block");
    if (!block) return block.error();
    return ComputeDiffForBlock(change, **block, profile);
  }
  if (entry_point == "ComputeDiffForAttribute") {
    auto attribute = structured::ParseAttribute(schema.find("attribute"), "$.schema.attribute");
    if (!attribute) return attribute.error();
    // Terraform's ComputeDiffForAttribute has no parent action.
    Value parent_name = schema.find("parent_action");
    auto parent = parent_name.is_string() ? ActionFromName(parent_name.text()) : Action::kNoOp;
    if (!parent) return base::Error("bad parent_action");
    return ComputeDiffForAttribute(change, *attribute, *parent, profile);
  }
  if (entry_point == "ComputeDiffForType") {
    auto type = structured::ParseType(schema.find("type"));
    if (!type) return type.error();
    return ComputeDiffForType(change, *type, profile);
  }
  if (entry_point == "ComputeDiffForOutput") return ComputeDiffForOutput(change, profile);
  return base::Error("unknown entry point " + entry_point);
}

class DifferConformance : public ::testing::TestWithParam<change::testing::CaseFile> {
 protected:
  bool IsTerraform() const { return GetParam().path.find("/terraform/") != std::string::npos; }
  const change::Profile& Profile() const {
    return IsTerraform() ? change::TerraformProfile() : change::OpenTofuProfile();
  }
};

TEST_P(DifferConformance, MatchesUpstream) {
  change::testing::LoadedCase c = change::testing::LoadCase(GetParam().path);
  ASSERT_TRUE(c.error.empty()) << c.error;
  Value root = c.root;

  structured::Change change = ChangeFromInput(root.find("input"));
  base::Expected<change::Diff> result = RunEntryPoint(root, change, Profile());
  ASSERT_TRUE(result) << "differ failed: " << result.error().message;
  const change::Diff& diff = *result;

  change::RenderOpts opts;
  opts.profile = &Profile();
  std::string mismatch = change::testing::RenderingMismatch(diff, 0, opts, root);
  EXPECT_TRUE(mismatch.empty()) << mismatch;

  std::string dump = change::DumpDiff(diff);
  structured::ParseResult dumped = structured::ParseJson(dump);
  ASSERT_TRUE(dumped.ok()) << dump;
  EXPECT_TRUE(dumped.value()->root().Equals(root.find("oracle_diff"))) << "diff tree differs; ours:\n" << dump;
}

std::string ParamName(const ::testing::TestParamInfo<change::testing::CaseFile>& info) {
  return change::testing::TestName(info.param.name);
}
INSTANTIATE_TEST_SUITE_P(Upstream, DifferConformance, ::testing::ValuesIn(UpstreamCases()), ParamName);
INSTANTIATE_TEST_SUITE_P(Terraform, DifferConformance, ::testing::ValuesIn(TerraformCases()), ParamName);

TEST(DifferConformanceSetup, FindsAllCases) {
  EXPECT_EQ(UpstreamCases().size(), 323u);
  EXPECT_EQ(TerraformCases().size(), 302u);
}

}  // namespace
}  // namespace planview::differ

int main(int argc, char** argv) {
  return planview::change::testing::RunTestsWithSummaries(
      argc, argv, {{"differ", "Upstream/DifferConformance"}, {"terraform/differ", "Terraform/DifferConformance"}});
}
