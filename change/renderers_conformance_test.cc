// The renderer unit cases of OpenTofu (testdata/conformance/upstream/renderers, one per
// TestRenderers_Human case) and of Terraform (testdata/conformance/terraform/renderers): build the diff from `input.diff`, render it at `input.indent`
// with `input.render_opts` (cloned, as upstream's test does, which drops
// override_forces_replacement), and compare byte for byte with the upstream renderer's
// output, colour off (`oracle_output`, and `expected_output`, the trimmed expectation the
// upstream test asserts) and colour on (`oracle_output_color`).
#include <string>
#include <vector>

#include "change/diff_from_dump.h"
#include "change/testing/conformance_case.h"
#include "gtest/gtest.h"

namespace planview::change {

namespace {

const std::vector<testing::CaseFile>& UpstreamCases() {
  static const std::vector<testing::CaseFile> cases = testing::ListCases("testdata/conformance/upstream/renderers");
  return cases;
}
const std::vector<testing::CaseFile>& TerraformCases() {
  static const std::vector<testing::CaseFile> cases = testing::ListCases("testdata/conformance/terraform/renderers");
  return cases;
}

class RenderersConformance : public ::testing::TestWithParam<testing::CaseFile> {};

TEST(RenderersConformanceFiles, AllCasesPresent) {
  EXPECT_EQ(UpstreamCases().size(), 125u);
  EXPECT_EQ(TerraformCases().size(), 125u);
}

TEST_P(RenderersConformance, RendersLikeUpstream) {
  testing::LoadedCase c = testing::LoadCase(GetParam().path);
  ASSERT_TRUE(c.error.empty()) << c.error;
  structured::Value input = c.root.find("input");
  base::Expected<Diff> diff = DiffFromDump(input.find("diff"));
  ASSERT_TRUE(diff.ok()) << diff.error().message;

  RenderOpts read;
  testing::ReadRenderOpts(input.find("render_opts"), read);
  int indent = input.find("indent").is_number() ? std::stoi(std::string(input.find("indent").text())) : 0;
  EXPECT_EQ(testing::StringAt(c.root, "oracle_output"), testing::StringAt(c.root, "expected_output"))
      << "the case file's oracle and expectation disagree";
  const bool terraform = GetParam().path.find("/terraform/") != std::string::npos;
  read.profile = terraform ? &TerraformProfile() : &OpenTofuProfile();
  std::string mismatch = testing::RenderingMismatch(*diff, indent, read.Clone(), c.root);
  EXPECT_TRUE(mismatch.empty()) << mismatch;
}

std::string ParamName(const ::testing::TestParamInfo<testing::CaseFile>& info) {
  std::string name = info.param.name;
  const std::string prefix = "TestRenderers_Human__";
  if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
  return testing::TestName(name);
}
INSTANTIATE_TEST_SUITE_P(Upstream, RenderersConformance, ::testing::ValuesIn(UpstreamCases()), ParamName);
INSTANTIATE_TEST_SUITE_P(Terraform, RenderersConformance, ::testing::ValuesIn(TerraformCases()), ParamName);

}  // namespace
}  // namespace planview::change

int main(int argc, char** argv) {
  return planview::change::testing::RunTestsWithSummaries(
      argc, argv, {{"renderers", "Upstream/RenderersConformance"}, {"terraform/renderers", "Terraform/RenderersConformance"}});
}
