// `planview --format markdown --split DIR` as a program: the files it writes (the goldens
// of testdata/budget/split-2048), what it prints, what it does to an existing directory,
// and its one-line errors.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"

namespace planview::cmd {
namespace {

namespace fs = std::filesystem;
using testing::ProcessResult;
using testing::RunPlanview;
using testing::WriteTempFile;

constexpr char kBudget[] = "testdata/budget";

ProcessResult Split(const std::string& dir, const std::vector<std::string>& more = {}) {
  std::vector<std::string> args = {std::string(kBudget) + "/plan.json", "--schemas", std::string(kBudget) + "/schemas.json",
                                   "--format", "markdown", "--max-bytes", "2048", "--split", dir};
  args.insert(args.end(), more.begin(), more.end());
  return RunPlanview(args);
}

std::string TempDir(const std::string& name) {
  fs::path dir = fs::path(WriteTempFile(name + ".placeholder", "")).parent_path() / name;
  fs::remove_all(dir);
  return dir.string();
}

TEST(SplitCli, WritesThePartsAndPrintsTheirPaths) {
  const std::string dir = TempDir("split-new/inner");  // parents are created
  ProcessResult r = Split(dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  std::string expected_out;
  for (int i = 1;; ++i) {
    bool have = false;
    std::string golden = renderer::testing::ReadFile(fmt::format("{}/split-2048/comment-{}.md", kBudget, i), &have);
    std::string path = fmt::format("{}/comment-{}.md", dir, i);
    if (!have) {
      EXPECT_FALSE(fs::exists(path)) << path;
      EXPECT_GT(i, 2);
      break;
    }
    expected_out += path + "\n";
    EXPECT_EQ(renderer::testing::Mismatch(golden, renderer::testing::ReadFile(path)), "") << path;
  }
  EXPECT_EQ(r.out, expected_out);
}

TEST(SplitCli, ReplacesOnlyEarlierParts) {
  const std::string dir = TempDir("split-old");
  fs::create_directories(dir);
  for (const char* name : {"comment-99.md", "comment-1.md", "notes.md", "comment-x.md"}) {
    std::FILE* f = std::fopen((dir + "/" + name).c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs("old", f);
    std::fclose(f);
  }
  ProcessResult r = Split(dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir + "/comment-99.md"));
  EXPECT_NE(renderer::testing::ReadFile(dir + "/comment-1.md"), "old");
  EXPECT_EQ(renderer::testing::ReadFile(dir + "/notes.md"), "old");
  EXPECT_EQ(renderer::testing::ReadFile(dir + "/comment-x.md"), "old");
}

TEST(SplitCli, OneLineErrors) {
  // A file where the directory should be: exit 1, one line naming it.
  std::string file = WriteTempFile("split-is-a-file", "x");
  ProcessResult r = Split(file);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.err.starts_with(fmt::format("planview: --split: cannot create the directory {}: ", file))) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.out, "");

  // Not Markdown: a usage error.
  ProcessResult text = RunPlanview({std::string(kBudget) + "/plan.json", "--split", TempDir("x")});
  EXPECT_EQ(text.exit_code, 2);
  EXPECT_NE(text.err.find("planview: --split applies to --format markdown"), std::string::npos) << text.err;

  // Not a plan: a usage error, nothing written.
  const std::string dir = TempDir("split-state");
  ProcessResult state = RunPlanview({"testdata/conformance/equivalence/basic_list/state.json",
                                                      "--format", "markdown", "--split", dir});
  EXPECT_EQ(state.exit_code, 2) << state.err;
  EXPECT_NE(state.err.find("does not apply to a state (it is for plans)"), std::string::npos) << state.err;
  EXPECT_FALSE(fs::exists(dir + "/comment-1.md"));
}

}  // namespace
}  // namespace planview::cmd
