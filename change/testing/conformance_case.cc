#include "change/testing/conformance_case.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <utility>

#include "change/colorize.h"
#include "gtest/gtest.h"

#include "fmt/format.h"
#include "structured/json_parse.h"

namespace planview::change::testing {

std::vector<CaseFile> ListCases(const std::string& dir) {
  std::vector<CaseFile> cases;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    cases.push_back({entry.path().stem().string(), entry.path().string()});
  }
  std::sort(cases.begin(), cases.end(), [](const CaseFile& a, const CaseFile& b) { return a.name < b.name; });
  return cases;
}

std::string TestName(const std::string& case_name) {
  std::string name = case_name;
  for (char& c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) c = '_';
  }
  return name;
}

LoadedCase LoadCase(const std::string& path) {
  LoadedCase loaded;
  base::Expected<std::string> text = structured::ReadInputFile(path);
  if (!text) {
    loaded.error = text.error().message;
    return loaded;
  }
  structured::ParseResult result = structured::ParseJson(std::move(*text));
  if (!result.ok()) {
    loaded.error = result.error().ToString(path);
    return loaded;
  }
  loaded.document = result.value();
  loaded.root = loaded.document->root();
  return loaded;
}

void ReadRenderOpts(const structured::Value& json, RenderOpts& opts) {
  opts.show_unchanged_children = json.find("show_unchanged_children").as_bool();
  opts.hide_diff_action_symbols = json.find("hide_diff_action_symbols").as_bool();
  opts.override_null_suffix = json.find("override_null_suffix").as_bool();
  opts.override_forces_replacement = json.find("override_forces_replacement").as_bool();
  opts.show_sensitive = json.find("show_sensitive").as_bool();
}

std::string StringAt(const structured::Value& object, std::string_view key, bool* found) {
  structured::Value v = object.find(key);
  if (found != nullptr) *found = v.is_string();
  return v.is_string() ? std::string(v.text()) : std::string();
}

std::string DescribeMismatch(const std::string& expected, const std::string& actual) {
  if (expected == actual) return "";
  size_t at = 0;
  while (at < expected.size() && at < actual.size() && expected[at] == actual[at]) ++at;
  return fmt::format("first difference at byte {}\n--- expected ---\n{}\n--- actual ---\n{}\n---", at, expected,
                     actual);
}

std::string RenderingMismatch(const Diff& diff, int indent, RenderOpts opts, const structured::Value& expected) {
  std::string mismatches;
  for (bool color : {false, true}) {
    Colorize colorize(color);
    opts.colorize = &colorize;
    std::string mismatch = DescribeMismatch(StringAt(expected, color ? "oracle_output_color" : "oracle_output"),
                                            diff.RenderHuman(indent, opts));
    if (!mismatch.empty()) mismatches += fmt::format("colour {}: {}\n", color ? "on" : "off", mismatch);
  }
  return mismatches;
}

namespace {

class Summary : public ::testing::EmptyTestEventListener {
 public:
  Summary(std::string label, std::string suite) : label_(std::move(label)), suite_(std::move(suite)) {}

  void OnTestProgramEnd(const ::testing::UnitTest& unit) override {
    int passed = 0;
    int failed = 0;
    for (int i = 0; i < unit.total_test_suite_count(); ++i) {
      const ::testing::TestSuite* suite = unit.GetTestSuite(i);
      if (suite->name() != suite_) continue;
      for (int j = 0; j < suite->total_test_count(); ++j) {
        const ::testing::TestInfo* info = suite->GetTestInfo(j);
        if (info->should_run()) (info->result()->Passed() ? passed : failed)++;
      }
    }
    fmt::print("{}: {} passed, {} failed\n", label_, passed, failed);
  }

 private:
  std::string label_;
  std::string suite_;
};

}  // namespace

int RunTestsWithSummary(int argc, char** argv, const std::string& label, const std::string& suite) {
  return RunTestsWithSummaries(argc, argv, {{label, suite}});
}

int RunTestsWithSummaries(int argc, char** argv, const std::vector<SummaryLine>& lines) {
  ::testing::InitGoogleTest(&argc, argv);
  for (const SummaryLine& line : lines) {
    ::testing::UnitTest::GetInstance()->listeners().Append(std::make_unique<Summary>(line.label, line.suite).release());
  }
  return RUN_ALL_TESTS();
}

}  // namespace planview::change::testing
