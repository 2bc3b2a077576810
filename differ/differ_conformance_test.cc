// Runs every upstream differ case in testdata/conformance/upstream/differ/ through the
// differ entry point it names, then checks the rendering (colour off and on, indent 0)
// and the diff tree against what upstream produced.
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "change/colorize.h"
#include "change/diff_dump.h"
#include "differ/differ.h"
#include "structured/json_parse.h"

namespace planview::differ {
namespace {

using structured::Value;

constexpr const char* kCaseDir = "testdata/conformance/upstream/differ";

std::vector<std::string> CaseFiles() {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(kCaseDir, ec)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path().filename().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string TestName(const std::string& file) {
  std::string name = file.substr(0, file.size() - std::string(".json").size());
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

std::shared_ptr<const structured::Document> Parse(std::string text, const std::string& what) {
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) throw std::runtime_error(parsed.error->ToString(what));
  return parsed.document;
}

structured::PathMatcher Matcher(Value json) {
  if (json.is_null() || json.find("always").is_true()) return structured::PathMatcher::Always();
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

change::Diff RunEntryPoint(Value root, const structured::Change& change) {
  std::string entry_point(root.find("entry_point").text());
  Value schema = root.find("schema");
  std::string error;
  if (entry_point == "ComputeDiffForBlock") {
    auto block = structured::ParseBlock(schema.find("block"), "$.schema.block", error);
    if (!block) throw std::runtime_error(error);
    return ComputeDiffForBlock(change, *block);
  }
  if (entry_point == "ComputeDiffForAttribute") {
    auto attribute = structured::ParseAttribute(schema.find("attribute"), "$.schema.attribute", error);
    if (!attribute) throw std::runtime_error(error);
    auto parent = ActionFromName(schema.find("parent_action").text());
    if (!parent) throw std::runtime_error("bad parent_action");
    return ComputeDiffForAttribute(change, *attribute, *parent);
  }
  if (entry_point == "ComputeDiffForType") {
    auto type = structured::ParseType(schema.find("type"), error);
    if (!type) throw std::runtime_error(error);
    return ComputeDiffForType(change, *type);
  }
  if (entry_point == "ComputeDiffForOutput") return ComputeDiffForOutput(change);
  throw std::runtime_error("unknown entry point " + entry_point);
}

std::string Render(const change::Diff& diff, bool color) {
  change::Colorize colorize(color);
  change::RenderOpts opts;
  opts.colorize = &colorize;
  return diff.RenderHuman(0, opts);
}

class DifferConformance : public ::testing::TestWithParam<std::string> {};

TEST_P(DifferConformance, MatchesUpstream) {
  std::string file = std::string(kCaseDir) + "/" + GetParam();
  std::ifstream in(file, std::ios::binary);
  ASSERT_TRUE(in) << "cannot read " << file;
  std::stringstream text;
  text << in.rdbuf();
  auto doc = Parse(text.str(), file);
  Value root = doc->root();

  structured::Change change = ChangeFromInput(root.find("input"));
  change::Diff diff;
  try {
    diff = RunEntryPoint(root, change);
  } catch (const std::exception& e) {
    FAIL() << "differ failed: " << e.what();
  }

  EXPECT_EQ(Render(diff, false), root.find("oracle_output").text()) << "colour off";
  EXPECT_EQ(Render(diff, true), root.find("oracle_output_color").text()) << "colour on";

  std::string dump = change::DumpDiff(diff);
  auto dumped = Parse(dump, "diff dump");
  EXPECT_TRUE(dumped->root().Equals(root.find("oracle_diff"))) << "diff tree differs; ours:\n" << dump;
}

INSTANTIATE_TEST_SUITE_P(Upstream, DifferConformance, ::testing::ValuesIn(CaseFiles()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return TestName(info.param); });

TEST(DifferConformanceSetup, FindsAllCases) { EXPECT_EQ(CaseFiles().size(), 323u); }

// Prints "differ: N passed, M failed" once every case has run.
class Summary : public ::testing::EmptyTestEventListener {
  void OnTestProgramEnd(const ::testing::UnitTest& unit) override {
    int passed = 0;
    int failed = 0;
    for (int i = 0; i < unit.total_test_suite_count(); ++i) {
      const ::testing::TestSuite* suite = unit.GetTestSuite(i);
      if (std::string(suite->name()) != "Upstream/DifferConformance") continue;
      for (int j = 0; j < suite->total_test_count(); ++j) {
        const ::testing::TestInfo* info = suite->GetTestInfo(j);
        if (!info->should_run()) continue;
        (info->result()->Passed() ? passed : failed)++;
      }
    }
    fmt::print("differ: {} passed, {} failed\n", passed, failed);
  }
};

}  // namespace
}  // namespace planview::differ

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ::testing::UnitTest::GetInstance()->listeners().Append(std::make_unique<planview::differ::Summary>().release());
  return RUN_ALL_TESTS();
}
