// The diff trees upstream's differ computed (testdata/conformance/upstream/differ,
// `oracle_diff`): reading each dump and writing it back must give the same JSON value,
// and rendering it at indent 0 must give upstream's `oracle_output` / `oracle_output_color`
// byte for byte. This checks the dump writer/reader pair and the renderers on 323 more
// trees.
#include <string>
#include <vector>

#include "change/diff_dump.h"
#include "change/diff_from_dump.h"
#include "change/testing/conformance_case.h"
#include "gtest/gtest.h"
#include "structured/json_parse.h"

namespace planview::change {
namespace {

constexpr char kDir[] = "testdata/conformance/upstream/differ";

const std::vector<testing::CaseFile>& Cases() {
  static const std::vector<testing::CaseFile> cases = testing::ListCases(kDir);
  return cases;
}

class DiffDumpConformance : public ::testing::TestWithParam<testing::CaseFile> {};

TEST(DiffDumpConformanceFiles, AllCasesPresent) { EXPECT_EQ(Cases().size(), 323u); }

TEST_P(DiffDumpConformance, RoundTripsAndRendersLikeUpstream) {
  testing::LoadedCase c = testing::LoadCase(GetParam().path);
  ASSERT_TRUE(c.error.empty()) << c.error;
  structured::Value oracle_diff = c.root.find("oracle_diff");
  base::Expected<Diff> diff = DiffFromDump(oracle_diff);
  ASSERT_TRUE(diff.ok()) << diff.error().message;

  std::string written = DumpDiff(*diff);
  structured::ParseResult reparsed = structured::ParseJson(written);
  ASSERT_TRUE(reparsed.ok()) << written;
  EXPECT_TRUE(reparsed.value()->root().Equals(oracle_diff)) << "written dump differs from oracle_diff:\n" << written;

  RenderOpts opts;
  testing::ReadRenderOpts(c.root.find("render_opts"), opts);
  std::string mismatch = testing::RenderingMismatch(*diff, 0, opts, c.root);
  EXPECT_TRUE(mismatch.empty()) << mismatch;
}

INSTANTIATE_TEST_SUITE_P(Upstream, DiffDumpConformance, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<testing::CaseFile>& info) {
                           return testing::TestName(info.param.name);
                         });

}  // namespace
}  // namespace planview::change

int main(int argc, char** argv) {
  return planview::change::testing::RunTestsWithSummary(argc, argv, "differ dumps", "Upstream/DiffDumpConformance");
}
