// `planview diff OLD NEW` with the real binary: golden texts byte for byte (a crafted pair
// from real `tofu show -json` plans, real plan pairs of one configuration at two commits,
// saved plan files), the exit statuses, one-line errors, and hostile inputs (a state for
// a plan, a log, duplicates, deep nesting, a wide plan) that must neither crash nor take
// quadratic time.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"
#include "structured/json_parse.h"

namespace planview::cmd {
namespace {

using testing::ProcessResult;
using testing::RunPlanview;
using testing::WriteTempFile;

constexpr char kOld[] = "testdata/diff/review/old.json";
constexpr char kNew[] = "testdata/diff/review/new.json";
constexpr char kPairs[] = "testdata/planfiles/pairs";

ProcessResult Diff(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), "diff");
  return RunPlanview(args, input);
}

struct GoldenCase {
  std::string golden;  // under testdata/diff/
  std::vector<std::string> args;
  int exit_code;
};

std::vector<GoldenCase> GoldenCases() {
  const std::string bigonil = std::string(kPairs) + "/bigonil__learn-terraform-outputs__root";
  const std::string thierno = std::string(kPairs) + "/thiernomadjou__learn-terraform-plan__root";
  return {
      {"review/diff.txt", {kOld, kNew}, 4},
      {"review/diff.color.txt", {"--color", "always", kOld, kNew}, 4},
      {"review/diff_drift.txt", {"--drift", kOld, kNew}, 4},
      {"review/reversed.txt", {"-no-color", kNew, kOld}, 4},
      {"review/same.txt", {"--drift", kOld, kOld}, 0},
      {"review/diff.json", {"--format", "json", "--drift", kOld, kNew}, 4},
      {"review/same.json", {"--format", "json", kOld, kOld}, 0},
      // Real plans of one configuration at two commits (six app instances, then four).
      {"real/bigonil.txt", {bigonil + "/plan.json", bigonil + "__36ef8c6a/plan.json"}, 4},
      // Saved plan files: everything created, then the same resources in place with one replaced.
      {"real/thiernomadjou_planfiles.txt", {thierno + "__e07a5574/plan.bin", thierno + "/plan.bin"}, 4},
  };
}

TEST(Diff, GoldenTexts) {
  // UPDATE_DIFF_GOLDEN=$PWD/testdata/diff (with --spawn_strategy=local) rewrites them.
  const char* update = std::getenv("UPDATE_DIFF_GOLDEN");
  for (const GoldenCase& c : GoldenCases()) {
    SCOPED_TRACE(c.golden);
    ProcessResult result = Diff(c.args);
    EXPECT_EQ(result.exit_code, c.exit_code) << result.err;
    if (update != nullptr) {
      std::string path = std::string(update) + "/" + c.golden;
      std::filesystem::create_directories(std::filesystem::path(path).parent_path());
      FILE* f = std::fopen(path.c_str(), "wb");
      ASSERT_NE(f, nullptr) << path;
      std::fwrite(result.out.data(), 1, result.out.size(), f);
      std::fclose(f);
      continue;
    }
    bool ok = false;
    std::string expected = renderer::testing::ReadFile("testdata/diff/" + c.golden, &ok);
    ASSERT_TRUE(ok) << "missing golden";
    EXPECT_EQ(renderer::testing::Mismatch(expected, result.out), "");
    if (c.golden.ends_with(".json")) {
      EXPECT_TRUE(structured::ParseJson(result.out).ok()) << "not JSON";
    }
  }
}

TEST(Diff, NeverShowsSensitiveValues) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {kOld, kNew}, {"--drift", "--color", "always", kNew, kOld}, {"--format", "json", kOld, kNew}}) {
    ProcessResult result = Diff(args);
    EXPECT_EQ(result.exit_code, 4);
    if (args[1] == "json") {
      EXPECT_NE(result.out.find(R"({"path":["map","two"],"sensitive":"value changed"})"), std::string::npos);
    } else {
      EXPECT_NE(result.out.find("map.two: (sensitive value changed)"), std::string::npos);
    }
    for (const char* secret : {"SECRET-BEFORE-0000", "SECRET-OLD-1111", "SECRET-NEW-2222"}) {
      EXPECT_EQ(result.out.find(secret), std::string::npos) << secret;
      EXPECT_EQ(result.err.find(secret), std::string::npos) << secret;
    }
  }
}

// A saved plan file and its own `show -json` propose the same changes. Without schemas a
// plan file knows only its own sensitivity marks, so the one difference allowed is an
// attribute whose sensitivity the schema gives ("(sensitivity changed)").
TEST(Diff, PlanFileAgainstItsOwnJson) {
  int same = 0;
  int sensitivity_only = 0;
  for (const std::string& dir : renderer::testing::ListDirs(kPairs)) {
    SCOPED_TRACE(dir);
    ProcessResult result = Diff({dir + "/plan.json", dir + "/plan.bin"});
    if (result.exit_code == 0) {
      ++same;
      EXPECT_EQ(result.out, fmt::format("Old plan: {0}/plan.json\nNew plan: {0}/plan.bin\n\n"
                                        "The plans propose the same changes.\n",
                                        dir));
      continue;
    }
    ASSERT_EQ(result.exit_code, 4) << result.err;
    ++sensitivity_only;
    size_t at = 0;
    while ((at = result.out.find("\n    ", at)) != std::string::npos) {
      size_t end = result.out.find('\n', at + 1);
      std::string line = result.out.substr(at + 1, end - at - 1);
      if (line.rfind("    action: ", 0) != 0) {
        EXPECT_TRUE(line.ends_with(": (sensitivity changed)")) << line;
      }
      at = end;
    }
  }
  EXPECT_EQ(same, 22);
  EXPECT_EQ(sensitivity_only, 3);
}

struct ErrorCase {
  std::vector<std::string> args;
  int exit_code;
  std::string err;
  std::string input = "";
};

TEST(Diff, ErrorsAreOneLineWithTheirExitStatus) {
  const std::string state = "testdata/diff/inputs/state.json";
  const std::string bad_json = WriteTempFile("bad.json", "{\"resource_changes\": [}\n");
  const std::string duplicate = "testdata/diff/inputs/duplicate.json";
  const std::string log = "testdata/diff/inputs/apply.jsonl";
  std::vector<ErrorCase> cases = {
      {{kOld, state}, 1, "planview: " + state + ": $: a state, not a plan: planview diff compares two plans\n"},
      {{log, kNew}, 1, "planview: " + log + ": a JSON log, not a plan: planview diff compares two plans\n"},
      {{kOld, bad_json}, 1, ""},  // the parser's own one-line message (checked below)
      {{kOld, duplicate}, 1,
       "planview: " + duplicate + ": $.resource_changes[1]: the same address and deposed key as "
                                  "$.resource_changes[0]; planview diff needs each resource instance once\n"},
      {{kOld, "testdata/diff/no-such-file.json"}, 1,
       "planview: testdata/diff/no-such-file.json: cannot open: No such file or directory\n"},
      {{kOld}, 2, "planview: diff: needs two plans, OLD and NEW (1 given)\nRun 'planview diff --help' for usage.\n"},
      {{kOld, kNew, kNew}, 2,
       "planview: diff: needs two plans, OLD and NEW (3 given)\nRun 'planview diff --help' for usage.\n"},
      {{"-", "-"}, 2, "planview: diff: standard input (-) can be read only once\nRun 'planview diff --help' for usage.\n"},
      {{"--format", "yaml", kOld, kNew}, 2,
       "planview: diff: --format: unknown format \"yaml\" (want text or json)\nRun 'planview diff --help' for usage.\n"},
      {{"--max-bytes", "10", kOld, kNew}, 2,
       "planview: diff: unknown option --max-bytes\nRun 'planview diff --help' for usage.\n"},
      {{"--color", "sometimes", kOld, kNew}, 2,
       "planview: diff: --color: unknown choice \"sometimes\" (want auto, always or never)\n"
       "Run 'planview diff --help' for usage.\n"},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(fmt::format("{}", fmt::join(c.args, " ")));
    ProcessResult result = Diff(c.args, c.input);
    EXPECT_EQ(result.exit_code, c.exit_code);
    EXPECT_EQ(result.out, "");
    if (c.err.empty()) {
      EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << result.err;
      EXPECT_EQ(result.err.rfind("planview: " + bad_json + ":1:", 0), 0u) << result.err;
    } else {
      EXPECT_EQ(result.err, c.err);
    }
  }
}

TEST(Diff, ReadsOnePlanFromStandardInputAndHasHelp) {
  ProcessResult result = Diff({kOld, "-"}, renderer::testing::ReadFile(kOld));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, std::string("Old plan: ") + kOld + "\nNew plan: <stdin>\n\nThe plans propose the same changes.\n");
  ProcessResult help = Diff({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_EQ(help.out.rfind("Usage: planview diff [options] OLD NEW\n", 0), 0u);
  EXPECT_NE(help.out.find("Exit status: 0 the plans propose the same changes, 4 they differ"), std::string::npos);
}

// A plan of one resource whose `value` attribute is `depth` nested lists around `leaf`.
std::string DeepPlan(int depth, const std::string& leaf) {
  std::string value;
  for (int i = 0; i < depth; ++i) value += '[';
  value += leaf;
  for (int i = 0; i < depth; ++i) value += ']';
  return fmt::format(
      R"({{"format_version":"1.2","resource_changes":[{{"address":"x.deep","mode":"managed","type":"x","name":"deep",)"
      R"("change":{{"actions":["update"],"before":{{"value":null}},"after":{{"value":{}}}}}}}]}})",
      value);
}

// `resources` resources, each with `attributes` attributes whose values end in `suffix`.
std::string WidePlan(int resources, int attributes, const std::string& suffix) {
  std::string entries;
  for (int r = 0; r < resources; ++r) {
    std::string after;
    for (int a = 0; a < attributes; ++a) after += fmt::format("{}\"a{}\":\"v{}\"", a ? "," : "", a, suffix);
    entries += fmt::format(R"({}{{"address":"x.r[{}]","mode":"managed","type":"x","name":"r","index":{},)"
                           R"("change":{{"actions":["create"],"before":null,"after":{{{}}}}}}})",
                           r ? "," : "", r, r, after);
  }
  return fmt::format(R"({{"format_version":"1.2","resource_changes":[{}]}})", entries);
}

TEST(Diff, HostileShapesFinishQuickly) {
  // Nested 500 deep (the parser allows 512), different at the bottom.
  std::string deep_old = WriteTempFile("deep_old.json", DeepPlan(500, "1"));
  std::string deep_new = WriteTempFile("deep_new.json", DeepPlan(500, "2"));
  ProcessResult deep = Diff({deep_old, deep_new});
  EXPECT_EQ(deep.exit_code, 4) << deep.err;
  std::string path = "value";
  for (int i = 0; i < 500; ++i) path += "[0]";
  EXPECT_NE(deep.out.find("    " + path + "\n      old plan: null -> 1\n      new plan: null -> 2\n"), std::string::npos);
  // Wide: 20,000 resources in one plan, 20,000 other ones in the other, and one resource
  // of 100,000 attributes that all differ.
  auto start = std::chrono::steady_clock::now();
  std::string wide_old = WriteTempFile("wide_old.json", WidePlan(20000, 1, "old"));
  std::string wide_new = WriteTempFile("wide_new.json", WidePlan(20000, 1, "new"));
  ProcessResult wide = Diff({wide_old, wide_new});
  EXPECT_EQ(wide.exit_code, 4) << wide.err;
  EXPECT_NE(wide.out.find("The plans differ: 20000 resource changes (20000 with other attribute changes).\n"),
            std::string::npos);
  std::string one_old = WriteTempFile("one_old.json", WidePlan(1, 100000, "old"));
  std::string one_new = WriteTempFile("one_new.json", WidePlan(1, 100000, "new"));
  ProcessResult one = Diff({one_old, one_new});
  EXPECT_EQ(one.exit_code, 4) << one.err;
  EXPECT_NE(one.out.find("    a99999\n      old plan: null -> \"vold\"\n      new plan: null -> \"vnew\"\n"),
            std::string::npos);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 30.0);  // a few seconds on the shared VM; quadratic would take hours
}

}  // namespace
}  // namespace planview::cmd
