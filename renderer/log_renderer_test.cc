#include "renderer/log_renderer.h"

#include <string>

#include "gtest/gtest.h"
#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

std::string Render(const std::string& text, bool color = false, LogResult* result = nullptr, Warnings* warnings = nullptr,
                   Product product = Product::kOpenTofu) {
  Options options;
  options.color = color;
  options.product = product;
  std::string out;
  Warnings local;
  LogResult r = RenderLog(text, options, kLogDiagnosticWidth, out, warnings ? *warnings : local);
  if (result) *result = r;
  return out;
}

TEST(RenderLog, MessageTypes) {
  EXPECT_EQ(Render(R"({"@message":"OpenTofu 1.9.0","type":"version"})"), "");
  EXPECT_EQ(Render(R"({"@message":"a: Plan to create","type":"planned_change"})"), "");
  EXPECT_EQ(Render(R"({"@message":"a: Creating...","type":"apply_start"})"), "a: Creating...\n");
  EXPECT_EQ(Render(R"({"@message":"a: Creating...","type":"apply_start"})", true), "\x1b[1ma: Creating...\x1b[0m\x1b[0m\n");
  EXPECT_EQ(Render(R"({"@message":"Apply complete!","type":"change_summary"})"), "\nApply complete!\n\n");
  EXPECT_EQ(Render(R"({"@message":"Apply complete!","type":"change_summary"})", true),
            "\n\x1b[1m\x1b[32mApply complete!\x1b[0m\x1b[0m\n\n");
  EXPECT_EQ(Render(R"({"@message":"something new","type":"a_future_type"})"), "something new\n");
  EXPECT_EQ(Render(R"({"@message":"x","type":"provision_progress","hook":{"provisioner":"local-exec","output":"hi","resource":{"addr":"t.a"}}})"),
            "t.a: (local-exec): hi\n");
  EXPECT_EQ(Render(R"({"@message":"Outputs: 0","type":"outputs","outputs":{}})"), "");
}

TEST(RenderLog, OutputsSortedByName) {
  EXPECT_EQ(Render(R"({"type":"outputs","outputs":{"b":{"sensitive":false,"type":"string","value":"x"},"a":{"sensitive":true,"type":"number","value":1}}})"),
            "Outputs:\n"
            "a = (sensitive value)\n"
            "b = \"x\"\n");
}

TEST(RenderLog, LinesThatAreNotMessagesPassThrough) {
  LogResult result;
  EXPECT_EQ(Render("plain text\n\n{\"@message\":5}\nnull\n", false, &result), "plain text\n\n{\"@message\":5}\n\n");
  EXPECT_EQ(result.lines, 4u);
  EXPECT_EQ(result.malformed_lines, 0u);
}

TEST(RenderLog, TruncatedLineIsPrintedAndReported) {
  LogResult result;
  std::string text = "{\"@message\":\"a\",\"type\":\"apply_start\"}\n{\"@message\":\"b\",\"ty";
  EXPECT_EQ(Render(text, false, &result), "a\n{\"@message\":\"b\",\"ty\n");
  EXPECT_EQ(result.malformed_lines, 1u);
  EXPECT_EQ(result.first_error.line, 2u);
  EXPECT_GT(result.first_error.column, 1u);
}

// A line over the length limit is neither parsed nor echoed: it is reported as over the
// limit (it may well be complete JSON), and the lines around it render.
TEST(RenderLog, LineOverTheLengthLimitIsSkippedAndNamed) {
  std::string big = R"({"@message":")" + std::string(200, 'x') + R"(","type":"apply_start"})";
  std::string text = R"({"@message":"a: Creating...","type":"apply_start"})" "\n" + big + "\n" +
                     R"({"@message":"b: Creating...","type":"apply_start"})" "\n";
  Options options;
  std::string out;
  Warnings warnings;
  LogResult r = RenderLog(text, options, kLogDiagnosticWidth, out, warnings, 100);
  EXPECT_EQ(out, "a: Creating...\nb: Creating...\n");
  EXPECT_EQ(r.lines, 3u);
  EXPECT_EQ(r.malformed_lines, 1u);
  EXPECT_TRUE(r.first_error.limit);
  EXPECT_EQ(r.first_error.ToString("log.jsonl"), "log.jsonl:2:1: log line longer than 100 bytes at $ (byte 51)");
}

// A line nested deeper than the parser allows is valid JSON over a limit, not malformed.
TEST(RenderLog, TooDeepLineIsOverALimit) {
  std::string deep = R"({"@message":"x","type":"outputs","outputs":{"o":{"value":)" + std::string(600, '[') +
                     std::string(600, ']') + "}}}";
  LogResult r;
  Render(R"({"@message":"a","type":"apply_start"})" "\n" + deep + "\n", false, &r);
  EXPECT_EQ(r.malformed_lines, 1u);
  EXPECT_TRUE(r.first_error.limit);
  EXPECT_EQ(r.first_error.message, "nesting deeper than 512 levels");
  LogResult truncated;
  Render(R"({"@message":"a","type":"apply_start"})" "\n" R"({"@message":"b)" "\n", false, &truncated);
  EXPECT_EQ(truncated.malformed_lines, 1u);
  EXPECT_FALSE(truncated.first_error.limit);
}

TEST(RenderLog, ProvisionerHookWithoutFieldsWarns) {
  Warnings warnings;
  EXPECT_EQ(Render(R"({"@message":"progress","type":"provision_progress","hook":{}})", false, nullptr, &warnings),
            "progress\n");
  EXPECT_EQ(warnings.messages().size(), 1u);
}

TEST(RenderLog, DiagnosticsAreFramed) {
  EXPECT_EQ(Render(R"({"@message":"Error: x","type":"diagnostic","diagnostic":{"severity":"error","summary":"x","detail":""}})"),
            "\u2577\n\u2502 Error: x\n\u2502\n\u2575\n");
}

TEST(IsLogMessage, FollowsGoDecodingRules) {
  auto check = [](const std::string& json) {
    auto parsed = structured::ParseJson(json);
    EXPECT_TRUE(parsed.ok()) << json;
    return IsLogMessage(parsed.value()->root());
  };
  EXPECT_TRUE(check(R"({"@message":"m","type":"t","extra":[1,2]})"));
  EXPECT_TRUE(check(R"({"@message":null,"diagnostic":null,"outputs":null,"hook":null})"));
  EXPECT_FALSE(check(R"({"@message":1})"));
  EXPECT_FALSE(check(R"({"diagnostic":{"snippet":{"start_line":1.5}}})"));
  EXPECT_FALSE(check(R"({"diagnostic":{"range":{"start":{"line":"1"}}}})"));
  EXPECT_FALSE(check(R"({"outputs":{"a":{"sensitive":"yes"}}})"));
  EXPECT_FALSE(check(R"({"hook":[]})"));
  EXPECT_FALSE(check(R"([1])"));
}


// Expectations read off Terraform's RenderLog (hashicorp/terraform 883c7221,
// internal/command/jsonformat/renderer.go) and its cloud test runner's tests.
std::string Terraform(const std::string& text, bool color = false, LogResult* result = nullptr,
                      Warnings* warnings = nullptr) {
  return Render(text, color, result, warnings, Product::kTerraform);
}

TEST(RenderLogTerraform, TestRunAsTheCloudRunnerTestExpects) {
  const std::string log =
      R"({"@message":"Found 1 file and 2 run blocks","type":"test_abstract","test_abstract":{"main.tftest.hcl":["defaults","overrides"]}})"
      "\n"
      R"({"@message":"main.tftest.hcl... in progress","type":"test_file","test_file":{"path":"main.tftest.hcl","progress":"starting"}})"
      "\n"
      R"({"@message":"  \"defaults\"... in progress","type":"test_run","test_run":{"path":"main.tftest.hcl","run":"defaults","progress":"starting","elapsed":0}})"
      "\n"
      R"({"@message":"  \"defaults\"... pass","type":"test_run","test_run":{"path":"main.tftest.hcl","run":"defaults","progress":"complete","status":"pass"}})"
      "\n"
      R"({"@message":"  \"overrides\"... pass","type":"test_run","test_run":{"path":"main.tftest.hcl","run":"overrides","progress":"complete","status":"pass"}})"
      "\n"
      R"({"@message":"main.tftest.hcl... tearing down","type":"test_file","test_file":{"path":"main.tftest.hcl","progress":"teardown"}})"
      "\n"
      R"({"@message":"main.tftest.hcl... pass","type":"test_file","test_file":{"path":"main.tftest.hcl","progress":"complete","status":"pass"}})"
      "\n"
      R"({"@message":"Success! 2 passed, 0 failed.","type":"test_summary","test_summary":{"status":"pass","passed":2,"failed":0,"errored":0,"skipped":0}})";
  EXPECT_EQ(Terraform(log),
            "main.tftest.hcl... in progress\n"
            "  defaults... pass\n"
            "  overrides... pass\n"
            "main.tftest.hcl... tearing down\n"
            "main.tftest.hcl... pass\n"
            "\n"
            "Success! 2 passed, 0 failed.\n");
  // OpenTofu's renderer knows none of these types: each prints its @message.
  EXPECT_EQ(Render(log),
            "Found 1 file and 2 run blocks\n"
            "main.tftest.hcl... in progress\n"
            "  \"defaults\"... in progress\n"
            "  \"defaults\"... pass\n"
            "  \"overrides\"... pass\n"
            "main.tftest.hcl... tearing down\n"
            "main.tftest.hcl... pass\n"
            "Success! 2 passed, 0 failed.\n");
}

TEST(RenderLogTerraform, TestStatusesInColour) {
  auto file = [](const std::string& progress, const std::string& status) {
    return Terraform(R"({"type":"test_file","test_file":{"path":"p.hcl","progress":")" + progress +
                         R"(","status":")" + status + R"("}})",
                     true);
  };
  EXPECT_EQ(file("starting", ""), "p.hcl... \x1b[37min progress\x1b[0m\x1b[0m\n");
  EXPECT_EQ(file("teardown", ""), "p.hcl... \x1b[37mtearing down\x1b[0m\x1b[0m\n");
  EXPECT_EQ(file("complete", "error"), "p.hcl... \x1b[31mfail\x1b[0m\x1b[0m\n");
  EXPECT_EQ(file("complete", "pass"), "p.hcl... \x1b[32mpass\x1b[0m\x1b[0m\n");
  EXPECT_EQ(file("complete", "pending"), "p.hcl... \x1b[37mpending\x1b[0m\x1b[0m\n");
  EXPECT_EQ(file("complete", "unknown"), "\n");  // upstream prints its empty message
  EXPECT_EQ(file("running", ""), "\n");
  EXPECT_EQ(Terraform(R"({"type":"test_run","test_run":{"run":"[bold]r","progress":"complete","status":"skip"}})", true),
            "  [bold]r... \x1b[37mskip\x1b[0m\x1b[0m\n");
  EXPECT_EQ(Terraform(R"({"type":"test_run","test_run":{"run":"r","progress":"teardown","status":"fail"}})"), "");
  EXPECT_EQ(Terraform(R"({"type":"test_summary","test_summary":{"status":"fail","passed":1,"failed":2,"errored":3,"skipped":4}})", true),
            "\n\x1b[31mFailure!\x1b[0m \x1b[0m1 passed, 5 failed, 4 skipped.\n");
  EXPECT_EQ(Terraform(R"({"type":"test_summary","test_summary":{"status":"skip","passed":9,"skipped":0}})", true),
            "\nExecuted 0 tests.\n");
}

TEST(RenderLogTerraform, CleanupGoesToStandardError) {
  LogResult result;
  EXPECT_EQ(Terraform(R"({"@message":"Terraform left some resources in state after executing main.tftest.hcl, they need to be cleaned up manually.","type":"test_cleanup","test_cleanup":{"failed_resources":[{"instance":"a.b"},{"instance":"a.c","deposed_key":"00ff"}]}})",
                      true, &result),
            "");
  EXPECT_EQ(result.err_output,
            "Terraform left some resources in state after executing main.tftest.hcl, they\n"
            "need to be cleaned up manually.\n"
            " - a.b\n"
            " - a.c (00ff)\n");
}

TEST(RenderLogTerraform, HiddenAndBoldTypes) {
  for (const char* type : {"test_abstract", "test_status", "test_retry", "test_plan", "test_state", "test_interrupt",
                           "list_start", "list_resource_found", "list_complete", "policy_info", "policy_result",
                           "policy_diagnostic", "policy_query_summary", "ephemeral_op_errored", "version"}) {
    const std::string line = std::string(R"({"@message":"m","type":")") + type + R"("})";
    EXPECT_EQ(Terraform(line), "") << type;
    EXPECT_EQ(Render(line), type == std::string("version") ? "" : "m\n") << type;
  }
  EXPECT_EQ(Terraform(R"({"@message":"e: Opening...","type":"ephemeral_op_start"})", true),
            "\x1b[1me: Opening...\x1b[0m\x1b[0m\n");
  EXPECT_EQ(Render(R"({"@message":"e: Opening...","type":"ephemeral_op_start"})", true), "e: Opening...\n");
}

TEST(RenderLogTerraform, MissingTestFieldWarnsAndPrintsTheMessage) {
  Warnings warnings;
  EXPECT_EQ(Terraform(R"({"@message":"  \"r\"... pass","type":"test_run"})", false, nullptr, &warnings),
            "  \"r\"... pass\n");
  ASSERT_EQ(warnings.messages().size(), 1u);
  EXPECT_EQ(warnings.messages()[0], "a test_run message lacks its test_run field; printed its @message");
}

TEST(RenderLogTerraform, DiagnosticDetailMarkupAndControlCharacters) {
  const std::string line =
      R"({"type":"diagnostic","diagnostic":{"severity":"warning","summary":"S\u0007 [bold]x","detail":"a [bold]b[reset]\n [red]c"}})";
  EXPECT_EQ(Terraform(line), "\u2577\n\u2502 Warning: S\a [bold]x\n\u2502\n\u2502 a b\n\u2502  [red]c\n\u2575\n");
  EXPECT_EQ(Terraform(line, true),
            "\x1b[33m\u2577\x1b[0m\x1b[0m\n"
            "\x1b[33m\u2502\x1b[0m \x1b[0m\x1b[1m\x1b[33mWarning: \x1b[0m\x1b[0m\x1b[1mS\a [bold]x\x1b[0m\n"
            "\x1b[33m\u2502\x1b[0m \x1b[0m\n"
            "\x1b[33m\u2502\x1b[0m \x1b[0m\x1b[0ma \x1b[1mb\x1b[0m\x1b[0m\n"
            "\x1b[33m\u2502\x1b[0m \x1b[0m [red]c\n"
            "\x1b[33m\u2575\x1b[0m\x1b[0m\n");
  EXPECT_EQ(Render(line), "\u2577\n\u2502 Warning: S\u2407 [bold]x\n\u2502\n\u2502 a [bold]b[reset]\n\u2502  [red]c\n\u2575\n");
}

TEST(RenderLogTerraform, ShapeOfTerraformsMessage) {
  auto fits = [](const std::string& json, Product product) {
    auto parsed = structured::ParseJson(json);
    EXPECT_TRUE(parsed.ok()) << json;
    return IsLogMessage(parsed.value()->root(), product);
  };
  EXPECT_FALSE(fits(R"({"type":"refresh_start","test_run":{"run":5}})", Product::kTerraform));
  EXPECT_TRUE(fits(R"({"type":"refresh_start","test_run":{"run":5}})", Product::kOpenTofu));
  EXPECT_FALSE(fits(R"({"test_summary":{"passed":1.5}})", Product::kTerraform));
  EXPECT_FALSE(fits(R"({"list_complete":{"total":"3"}})", Product::kTerraform));
  EXPECT_FALSE(fits(R"({"diagnostic":{"snippet":{"test_assertion_expr":{"show_verbose":"yes"}}}})", Product::kTerraform));
  EXPECT_FALSE(fits(R"({"diagnostic":{"difference":{"actions":"create"}}})", Product::kOpenTofu));
  EXPECT_TRUE(fits(R"({"diagnostic":{"difference":{"actions":"create"}}})", Product::kTerraform));
  EXPECT_FALSE(fits(R"({"outputs":{"a":{"deprecated":1}}})", Product::kOpenTofu));
  EXPECT_TRUE(fits(R"({"outputs":{"a":{"deprecated":1}}})", Product::kTerraform));
}

// `plan -json` gives each output's planned action only: shown as the plan renderer marks
// actions, without a value, and without warnings.
TEST(RenderLog, OutputsWithActionsOnly) {
  const std::string line =
      R"({"type":"outputs","outputs":{"b":{"sensitive":true,"action":"update"},"a":{"sensitive":false,"action":"create"},"c":{"action":"delete"},"d":{"action":"noop"},"e f":{"action":"explode\n"}}})";
  for (Product product : {Product::kOpenTofu, Product::kTerraform}) {
    Warnings warnings;
    EXPECT_EQ(Render(line, false, nullptr, &warnings, product),
              "Changes to Outputs:\n"
              "  + a\n"
              "  ~ b (sensitive)\n"
              "  - c\n"
              "  ? \"e f\" (explode\\n)\n"
              "\n");
    EXPECT_TRUE(warnings.empty());
  }
  EXPECT_EQ(Render(R"({"type":"outputs","outputs":{"a":{"action":"create"}}})", true),
            "Changes to Outputs:\n  \x1b[32m+\x1b[0m\x1b[0m a\n\n");
  EXPECT_EQ(Render(R"({"type":"outputs","outputs":{"a":{"action":"noop"}}})"), "");
}

}  // namespace
}  // namespace planview::renderer
