#include "renderer/log_renderer.h"

#include <string>

#include "gtest/gtest.h"
#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

std::string Render(const std::string& text, bool color = false, LogResult* result = nullptr, Warnings* warnings = nullptr) {
  Options options;
  options.color = color;
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
    return IsLogMessage(parsed.document->root());
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

}  // namespace
}  // namespace planview::renderer
