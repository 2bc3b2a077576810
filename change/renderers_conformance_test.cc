// Upstream's renderer unit cases (testdata/conformance/upstream/renderers, one per
// TestRenderers_Human case): build the diff from `input.diff`, render it at indent 0 with
// `input.render_opts` (cloned, as upstream's test does, which drops
// override_forces_replacement), and compare byte for byte with the upstream renderer's
// output, colour off (`oracle_output`, and `expected_output`, the trimmed expectation the
// upstream test asserts) and colour on (`oracle_output_color`).
#include <cstdio>
#include <string>
#include <vector>

#include "change/colorize.h"
#include "change/diff_from_dump.h"
#include "change/testing/conformance_case.h"
#include "gtest/gtest.h"

namespace planview::change {
namespace {

constexpr char kDir[] = "testdata/conformance/upstream/renderers";

int g_passed = 0;
int g_failed = 0;

class SummaryEnvironment : public ::testing::Environment {
 public:
  void TearDown() override { std::printf("renderers: %d passed, %d failed\n", g_passed, g_failed); }
};

const std::vector<testing::CaseFile>& Cases() {
  static const std::vector<testing::CaseFile> cases = testing::ListCases(kDir);
  return cases;
}

class RenderersConformance : public ::testing::TestWithParam<testing::CaseFile> {};

TEST(RenderersConformanceFiles, AllCasesPresent) { EXPECT_EQ(Cases().size(), 125u); }

TEST_P(RenderersConformance, RendersLikeUpstream) {
  bool ok = false;
  struct Tally {
    bool* ok;
    ~Tally() { (*ok ? g_passed : g_failed)++; }
  } tally{&ok};

  testing::LoadedCase c = testing::LoadCase(GetParam().path);
  ASSERT_TRUE(c.error.empty()) << c.error;
  structured::Value input = c.root.find("input");
  std::string error;
  std::optional<Diff> diff = DiffFromDump(input.find("diff"), error);
  ASSERT_TRUE(diff.has_value()) << error;

  Colorize plain(false);
  Colorize color(true);
  RenderOpts read;
  testing::ReadRenderOpts(input.find("render_opts"), read);
  RenderOpts opts = read.Clone();
  int indent = static_cast<int>(std::stoi(std::string(input.find("indent").is_number() ? input.find("indent").text() : "0")));

  opts.colorize = &plain;
  std::string actual = diff->RenderHuman(indent, opts);
  std::string oracle = testing::StringAt(c.root, "oracle_output");
  std::string expected = testing::StringAt(c.root, "expected_output");
  EXPECT_EQ(oracle, expected) << "the case file's oracle and expectation disagree";
  std::string mismatch = testing::DescribeMismatch(oracle, actual);
  EXPECT_TRUE(mismatch.empty()) << "colour off: " << mismatch;

  opts.colorize = &color;
  std::string actual_color = diff->RenderHuman(indent, opts);
  std::string mismatch_color = testing::DescribeMismatch(testing::StringAt(c.root, "oracle_output_color"), actual_color);
  EXPECT_TRUE(mismatch_color.empty()) << "colour on: " << mismatch_color;

  ok = mismatch.empty() && mismatch_color.empty() && oracle == expected;
}

INSTANTIATE_TEST_SUITE_P(Upstream, RenderersConformance, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<testing::CaseFile>& info) {
                           std::string name = info.param.name;
                           const std::string prefix = "TestRenderers_Human__";
                           if (name.rfind(prefix, 0) == 0) name = name.substr(prefix.size());
                           return testing::TestName(name);
                         });

}  // namespace
}  // namespace planview::change

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::AddGlobalTestEnvironment(new planview::change::SummaryEnvironment);  // gtest takes ownership
  return RUN_ALL_TESTS();
}
