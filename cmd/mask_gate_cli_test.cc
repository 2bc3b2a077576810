// --mask/--mask-env and the gates (--fail-on, --protect) as the binary behaves: exit
// statuses, exact messages, masked output in every format (goldens in testdata/mask/),
// and no format leaking a masked secret.
#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"

namespace planview::cmd {
namespace {

using testing::ProcessResult;
using testing::RunPlanview;
using testing::WriteTempFile;

// `bash testdata/mask/update_golden.sh` rewrites the goldens (the same flags as below).
constexpr char kDir[] = "testdata/mask/";
const std::map<std::string, std::string> kEnv = {{"SECRET", "pa\"ss\\word"}};
const std::vector<std::string> kMasks = {"--mask", "AKIA[A-Z0-9]{16}", "--mask", "tok-[0-9a-f]+", "--mask",
                                         "(?s)-----BEGIN KEY-----.*?-----END KEY-----", "--mask-env", "SECRET"};

// `args` followed by the masks above.
std::vector<std::string> Masked(std::vector<std::string> args) {
  args.insert(args.end(), kMasks.begin(), kMasks.end());
  return args;
}

std::vector<std::string> Plan(std::vector<std::string> more = {}) {
  std::vector<std::string> args = {std::string(kDir) + "plan.json", "--schemas", std::string(kDir) + "schemas.json"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::string Golden(const std::string& name) { return renderer::testing::ReadFile(kDir + name); }

TEST(Mask, GoldenInEveryFormat) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {Plan({"--summary"}), "masked.txt"},
      {Plan({"--format", "markdown"}), "masked.md"},
      {Plan({"--format", "json"}), "masked.json"},
      {Plan({"--format", "html"}), "masked.html"},
      {{std::string(kDir) + "log.jsonl"}, "masked_log.txt"},
      {{"wire", "decode", "--type", "[\"map\",\"string\"]", "--input", "json", std::string(kDir) + "wire_value.json"},
       "masked_wire.txt"},
      {{"wire", "decode", "--type", "[\"map\",\"string\"]", "--input", "json", "--format", "json",
        std::string(kDir) + "wire_value.json"},
       "masked_wire.json"},
  };
  for (const auto& [args, golden] : cases) {
    ProcessResult r = RunPlanview(Masked(args), "", kEnv);
    EXPECT_EQ(r.exit_code, 0) << golden << ": " << r.err;
    EXPECT_EQ(r.err, "") << golden;
    EXPECT_EQ(r.out, Golden(golden)) << golden;
  }
}

// The secrets sit in an unmarked attribute, a heredoc, a JSON-encoded string (holding a
// quote and a backslash), a map key, an instance key, an output, drift and a log's
// @message and plain lines. Substrings of each are looked for, so that no escaping of them
// (Go's %q, JSON, HTML entities, Markdown) can hide a leak from the test.
TEST(Mask, NoFormatLeaksAMaskedValue) {
  const std::vector<std::string> fragments = {"AKIA", "tok-", "MIIB", "word"};
  std::vector<std::vector<std::string>> runs;
  for (const std::string format : {"text", "markdown", "json", "html", "github"}) {
    for (std::vector<std::string> extra : std::vector<std::vector<std::string>>{
             {}, {"--verbose"}, {"--summary"}, {"--show-sensitive", "--verbose"}, {"--action", "delete"}}) {
      // Only the combinations the flag scopes accept (cmd/flag_scope.cc refuses the others).
      auto has = [&](std::string_view flag) { return std::find(extra.begin(), extra.end(), flag) != extra.end(); };
      if (format != "text" && has("--summary")) continue;
      if ((format == "markdown" || format == "github") && has("--show-sensitive")) continue;
      if (format == "json" && has("--verbose")) continue;
      extra.insert(extra.begin(), {"--format", format});
      runs.push_back(Plan(extra));
    }
  }
  runs.push_back({std::string(kDir) + "log.jsonl"});
  runs.push_back({"-", "--kind", "log"});  // the same log on standard input, below
  runs.push_back({"wire", "decode", "--type", "[\"map\",\"string\"]", "--input", "json", std::string(kDir) + "wire_value.json"});
  for (const std::vector<std::string>& args : runs) {
    ProcessResult r = RunPlanview(Masked(args), args[0] == "-" ? Golden("log.jsonl") : "", kEnv);
    std::string what = args[0] + (args.size() > 4 ? " " + args[3] + " " + args[4] : "");
    EXPECT_EQ(r.exit_code, 0) << what << ": " << r.err;
    for (const std::string& fragment : fragments) {
      EXPECT_EQ(r.out.find(fragment), std::string::npos) << what << " shows " << fragment;
      EXPECT_EQ(r.err.find(fragment), std::string::npos) << what << " shows " << fragment;
    }
    EXPECT_NE(r.out.find("(masked)"), std::string::npos) << what;
  }
  // Without the masks the same runs show them (the test can fail).
  ProcessResult plain = RunPlanview(Plan({"--verbose"}));
  for (const std::string& fragment : fragments) EXPECT_NE(plain.out.find(fragment), std::string::npos) << fragment;
}

TEST(Mask, BadMasksAreUsageErrors) {
  ProcessResult r = RunPlanview(Plan({"--mask", "ok", "--mask", "a(b"}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "planview: --mask: invalid pattern \"a(b\": missing ): a(b\nRun 'planview --help' for usage.\n");
  r = RunPlanview(Plan({"--mask", "x?"}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "planview: --mask: pattern \"x?\" matches the empty string\nRun 'planview --help' for usage.\n");
  r = RunPlanview(Plan({"--mask-env", "PLANVIEW_TEST_UNSET_VARIABLE"}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "planview: --mask-env: environment variable \"PLANVIEW_TEST_UNSET_VARIABLE\" is not set\n"
            "Run 'planview --help' for usage.\n");
  r = RunPlanview({"wire", "decode", "--type", "\"string\"", "--mask", "(", std::string(kDir) + "wire_value.json"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n')), "planview wire: --mask: invalid pattern \"(\": missing ): (");
}

TEST(Mask, AnEmptyVariableMasksNothing) {
  ProcessResult r = RunPlanview(Plan({"--mask-env", "EMPTY"}), "", {{"EMPTY", ""}});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, RunPlanview(Plan()).out);
}

// The gates: output as without them, then exit 3 and one line per address on stderr.
TEST(Gate, FailsAfterRenderingAndSaysWhy) {
  ProcessResult plain = RunPlanview(Plan());
  ProcessResult r = RunPlanview(Plan({"--fail-on", "delete,replace,drift", "--protect", "test_db*"}));
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, plain.out);
  EXPECT_EQ(r.err,
            "planview: gate: test_thing.drifted changed outside of the configuration (--fail-on drift)\n"
            "planview: gate: test_db.main is replaced (--protect \"test_db*\")\n"
            "planview: gate: test_thing.keyed[\"tok-bb22\"] is deleted (--fail-on delete)\n"
            "planview: gate failed: 3 resources (exit status 3)\n");
}

TEST(Gate, SeesTheWholePlanNotTheFilteredView) {
  // --action update shows only test_thing.app; the replace of test_db.main still fails.
  ProcessResult r = RunPlanview(Plan({"--action", "update", "--protect", "*.main", "--format", "markdown"}));
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, RunPlanview(Plan({"--action", "update", "--format", "markdown"})).out);
  EXPECT_EQ(r.err,
            "planview: gate: test_db.main is replaced (--protect \"*.main\")\n"
            "planview: gate failed: 1 resource (exit status 3)\n");
}

TEST(Gate, PassesWhenNothingTrips) {
  // test_thing.app is only updated: protecting it trips nothing.
  ProcessResult r = RunPlanview(Plan({"--protect", "test_thing.app", "--protect", "nothing*"}));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // The example updates two resources and has drift: only --fail-on drift trips.
  r = RunPlanview({"testdata/examples/plan.json", "--schemas", "testdata/examples/schemas.json", "--fail-on",
                   "delete,replace", "--protect", "*"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  r = RunPlanview({"testdata/examples/plan.json", "--schemas", "testdata/examples/schemas.json", "--fail-on", "drift"});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err,
            "planview: gate: tfcoremock_simple_resource.base_after changed outside of the configuration (--fail-on "
            "drift)\nplanview: gate failed: 1 resource (exit status 3)\n");
}

TEST(Gate, MasksApplyToItsMessages) {
  ProcessResult r = RunPlanview(Masked(Plan({"--fail-on", "delete"})), "", kEnv);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.err,
            "planview: gate: test_thing.keyed[\"(masked)\"] is deleted (--fail-on delete)\n"
            "planview: gate failed: 1 resource (exit status 3)\n");
}

TEST(Gate, CapsTheLinesItPrints) {
  std::string plan = R"({"format_version":"1.2","resource_changes":[)";
  for (int i = 0; i < 25; ++i) {
    plan += std::string(i ? "," : "") + R"({"address":"null_resource.r)" + std::to_string(100 + i) +
            R"(","mode":"managed","type":"null_resource","name":"r","provider_name":"registry.opentofu.org/hashicorp/null",)"
            R"("change":{"actions":["delete"],"before":{},"after":null,"after_unknown":{},"before_sensitive":{},"after_sensitive":false}})";
  }
  plan += "]}";
  ProcessResult r = RunPlanview({WriteTempFile("many.json", plan), "--fail-on", "delete"});
  EXPECT_EQ(r.exit_code, 3);
  std::string expected = "planview: warning: no provider schemas given (--schemas): block layout is inferred from the "
                         "values; pass the output of `tofu providers schema -json` for exact rendering\n";
  for (int i = 0; i < 20; ++i) {
    expected += "planview: gate: null_resource.r" + std::to_string(100 + i) + " is deleted (--fail-on delete)\n";
  }
  expected += "planview: gate: ... and 5 more\nplanview: gate failed: 25 resources (exit status 3)\n";
  EXPECT_EQ(r.err, expected);
}

TEST(Gate, UsageErrors) {
  ProcessResult r = RunPlanview(Plan({"--fail-on", "delete,explode"}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            "planview: --fail-on: unknown condition \"explode\" (want delete, replace or drift)\n"
            "Run 'planview --help' for usage.\n");
  r = RunPlanview({std::string(kDir) + "log.jsonl", "--protect", "x"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "planview: --protect does not apply to a log (it is for plans)\n"
            "Run 'planview --help' for usage.\n");
  r = RunPlanview({"browse", std::string(kDir) + "plan.json", "--fail-on", "delete"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "planview: browse: --fail-on and --protect are for the plain viewer (a check, not a view)\n"
            "Run 'planview browse --help' for usage.\n");
  // A bad input is exit 1 whatever the gate.
  r = RunPlanview({WriteTempFile("bad.json", "{"), "--fail-on", "delete"});
  EXPECT_EQ(r.exit_code, 1);
}

}  // namespace
}  // namespace planview::cmd
