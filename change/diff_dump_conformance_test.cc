// The diff trees upstream's differ computed (testdata/conformance/upstream/differ,
// `oracle_diff`): reading each dump and writing it back must give the same JSON value,
// and rendering it at indent 0 must give upstream's `oracle_output` / `oracle_output_color`
// byte for byte. This checks the dump writer/reader pair and the renderers on 323 more
// trees.
#include <cstdio>
#include <string>
#include <vector>

#include "change/colorize.h"
#include "change/diff_dump.h"
#include "change/diff_from_dump.h"
#include "change/testing/conformance_case.h"
#include "gtest/gtest.h"
#include "structured/json_parse.h"

namespace planview::change {
namespace {

constexpr char kDir[] = "testdata/conformance/upstream/differ";

int g_passed = 0;
int g_failed = 0;

class SummaryEnvironment : public ::testing::Environment {
 public:
  void TearDown() override { std::printf("differ dumps: %d passed, %d failed\n", g_passed, g_failed); }
};

const std::vector<testing::CaseFile>& Cases() {
  static const std::vector<testing::CaseFile> cases = testing::ListCases(kDir);
  return cases;
}

class DiffDumpConformance : public ::testing::TestWithParam<testing::CaseFile> {};

TEST(DiffDumpConformanceFiles, AllCasesPresent) { EXPECT_EQ(Cases().size(), 323u); }

TEST_P(DiffDumpConformance, RoundTripsAndRendersLikeUpstream) {
  bool ok = false;
  struct Tally {
    bool* ok;
    ~Tally() { (*ok ? g_passed : g_failed)++; }
  } tally{&ok};

  testing::LoadedCase c = testing::LoadCase(GetParam().path);
  ASSERT_TRUE(c.error.empty()) << c.error;
  structured::Value oracle_diff = c.root.find("oracle_diff");
  std::string error;
  std::optional<Diff> diff = DiffFromDump(oracle_diff, error);
  ASSERT_TRUE(diff.has_value()) << error;

  std::string written = DumpDiff(*diff);
  structured::ParseResult reparsed = structured::ParseJson(written);
  ASSERT_TRUE(reparsed.ok()) << written;
  bool same_tree = reparsed.document->root().Equals(oracle_diff);
  EXPECT_TRUE(same_tree) << "written dump differs from oracle_diff:\n" << written;

  Colorize plain(false);
  Colorize color(true);
  RenderOpts opts;
  testing::ReadRenderOpts(c.root.find("render_opts"), opts);
  opts.colorize = &plain;
  std::string mismatch = testing::DescribeMismatch(testing::StringAt(c.root, "oracle_output"), diff->RenderHuman(0, opts));
  EXPECT_TRUE(mismatch.empty()) << "colour off: " << mismatch;
  opts.colorize = &color;
  std::string mismatch_color =
      testing::DescribeMismatch(testing::StringAt(c.root, "oracle_output_color"), diff->RenderHuman(0, opts));
  EXPECT_TRUE(mismatch_color.empty()) << "colour on: " << mismatch_color;

  ok = same_tree && mismatch.empty() && mismatch_color.empty();
}

INSTANTIATE_TEST_SUITE_P(Upstream, DiffDumpConformance, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<testing::CaseFile>& info) {
                           return testing::TestName(info.param.name);
                         });

}  // namespace
}  // namespace planview::change

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new planview::change::SummaryEnvironment);  // gtest takes ownership
  return RUN_ALL_TESTS();
}
