// Diagnostics as upstream's format.DiagnosticFromJSON prints them. The expected texts are
// upstream's own TestDiagnostic / TestDiagnosticFromJSON_invalid expectations (width 40)
// with the colour markup removed; the inputs are those diagnostics in their JSON form.
#include "renderer/diagnostic.h"

#include <string>

#include "gtest/gtest.h"
#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

std::string Render(const std::string& json, bool color = false, int width = 40) {
  auto parsed = structured::ParseJson(json);
  EXPECT_TRUE(parsed.ok()) << json;
  change::Colorize colorize(color);
  std::string out;
  base::Expected<void> rendered = RenderDiagnostic(parsed.value()->root(), colorize, width, out);
  EXPECT_TRUE(rendered) << rendered.error().message;
  return out;
}

TEST(RenderDiagnostic, Sourceless) {
  EXPECT_EQ(Render(R"({"severity":"error","summary":"A sourceless error","detail":"It has no source references but it does have a pretty long detail that should wrap over multiple lines."})"),
            "\u2577\n"
            "\u2502 Error: A sourceless error\n"
            "\u2502\n"
            "\u2502 It has no source references but it\n"
            "\u2502 does have a pretty long detail that\n"
            "\u2502 should wrap over multiple lines.\n"
            "\u2575\n");
  EXPECT_EQ(Render(R"({"severity":"warning","summary":"A sourceless warning","detail":"It has no source references but it does have a pretty long detail that should wrap over multiple lines."})"),
            "\u2577\n"
            "\u2502 Warning: A sourceless warning\n"
            "\u2502\n"
            "\u2502 It has no source references but it\n"
            "\u2502 does have a pretty long detail that\n"
            "\u2502 should wrap over multiple lines.\n"
            "\u2575\n");
}

constexpr char kSubject[] =
    R"("range":{"filename":"test.tf","start":{"line":1,"column":6,"byte":5},"end":{"line":1,"column":12,"byte":11}})";

std::string WithSnippet(const std::string& snippet_extra) {
  return std::string(R"({"severity":"error","summary":"Bad bad bad","detail":"Whatever shall we do?",)") + kSubject +
         R"(,"snippet":{"context":null,"code":"test source code","start_line":1,"highlight_start_offset":5,"highlight_end_offset":11,"values":[])" +
         snippet_extra + "}}";
}

TEST(RenderDiagnostic, SourceSubject) {
  EXPECT_EQ(Render(WithSnippet("")),
            "\u2577\n"
            "\u2502 Error: Bad bad bad\n"
            "\u2502\n"
            "\u2502   on test.tf line 1:\n"
            "\u2502    1: test source code\n"
            "\u2502\n"
            "\u2502 Whatever shall we do?\n"
            "\u2575\n");
}

TEST(RenderDiagnostic, ExpressionValues) {
  std::string json = WithSnippet("");
  json.replace(json.find(R"("values":[])"), 11,
               R"("values":[{"traversal":"boop.beep","statement":"is \"blah\""}])");
  EXPECT_EQ(Render(json),
            "\u2577\n"
            "\u2502 Error: Bad bad bad\n"
            "\u2502\n"
            "\u2502   on test.tf line 1:\n"
            "\u2502    1: test source code\n"
            "\u2502     \u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\n"
            "\u2502     \u2502 boop.beep is \"blah\"\n"
            "\u2502\n"
            "\u2502 Whatever shall we do?\n"
            "\u2575\n");
}

TEST(RenderDiagnostic, FunctionCall) {
  EXPECT_EQ(
      Render(WithSnippet(
          R"(,"function_call":{"called_as":"beep","signature":{"name":"beep","params":[{"name":"pos_param_0","type":"string"},{"name":"pos_param_1","type":"number"}],"variadic_param":{"name":"var_param","type":"bool"},"return_type":"dynamic"}})")),
      "\u2577\n"
      "\u2502 Error: Bad bad bad\n"
      "\u2502\n"
      "\u2502   on test.tf line 1:\n"
      "\u2502    1: test source code\n"
      "\u2502     \u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\n"
      "\u2502     \u2502 while calling beep(pos_param_0, pos_param_1, var_param...)\n"
      "\u2502\n"
      "\u2502 Whatever shall we do?\n"
      "\u2575\n");
}

TEST(RenderDiagnostic, Differences) {
  std::string number = WithSnippet("");
  number.replace(number.find("\"summary\":\"Bad bad bad\""), 23, "\"summary\":\"Bad testing\"");
  number.replace(number.find("Whatever shall we do?"), 21, "Number testing went wrong.");
  number.insert(number.size() - 1, R"(,"difference":{"before":"3","after":"5"})");
  EXPECT_EQ(Render(number),
            "\u2577\n"
            "\u2502 Error: Bad testing\n"
            "\u2502\n"
            "\u2502   on test.tf line 1:\n"
            "\u2502    1: test source code\n"
            "\u2502     \u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\n"
            "\u2502     \u2502 Diff: \n"
            "\u2502     \u2502     \"3\" -> \"5\"\n"
            "\u2502\n"
            "\u2502 Number testing went wrong.\n"
            "\u2575\n");

  std::string object =
      R"({"severity":"error","summary":"Bad testing","detail":"Test object assertion!","range":{"filename":"json_encode.tf","start":{"line":1,"column":12,"byte":12},"end":{"line":4,"column":20,"byte":150}},)"
      R"x("snippet":{"context":null,"code":"condition = jsonencode(var.json_headers) == jsonencode([\n\t\t\t\"Test-Header-1: foo\",\n\t\t\t\"Test-Header-2: bar\"\n\t\t])","start_line":1,"highlight_start_offset":12,"highlight_end_offset":150,)x"
      R"("values":[{"traversal":"var.json_headers","statement":"is object with 2 attributes"}]},)"
      R"("difference":{"before":{"Test-Header-1":"foo","Test-Header-2":"foo"},"after":{"Test-Header-1":"foo","Test-Header-2":"bar"}}})";
  EXPECT_EQ(Render(object),
            "\u2577\n"
            "\u2502 Error: Bad testing\n"
            "\u2502\n"
            "\u2502   on json_encode.tf line 1:\n"
            "\u2502    1: condition = jsonencode(var.json_headers) == jsonencode([\n"
            "\u2502    2: \t\t\t\"Test-Header-1: foo\",\n"
            "\u2502    3: \t\t\t\"Test-Header-2: bar\"\n"
            "\u2502    4: \t\t])\n"
            "\u2502     \u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\n"
            "\u2502     \u2502 var.json_headers is object with 2 attributes\n"
            "\u2502     \u251c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\n"
            "\u2502     \u2502 Diff: \n"
            "\u2502     \u2502     {\n"
            "\u2502     \u2502       ~ Test-Header-2 = \"foo\" -> \"bar\"\n"
            "\u2502     \u2502         # (1 unchanged attribute hidden)\n"
            "\u2502     \u2502     }\n"
            "\u2502\n"
            "\u2502 Test object assertion!\n"
            "\u2575\n");
}

TEST(RenderDiagnostic, ControlCharacters) {
  EXPECT_EQ(Render(R"({"severity":"error","summary":"\u001b[2JOh no!","detail":"\u001bHControl sequences!"})"),
            "\u2577\n"
            "\u2502 Error: \u241b[2JOh no!\n"
            "\u2502\n"
            "\u2502 \u241bHControl sequences!\n"
            "\u2575\n");
  EXPECT_EQ(
      Render(
          R"({"severity":"error","summary":"Bad bad bad","detail":"Whatever shall we do?","range":{"filename":"controlchars\u0000.tf","start":{"line":1,"column":1,"byte":0},"end":{"line":1,"column":7,"byte":6}},"snippet":{"context":null,"code":"before\u001b[0;0Hafter","start_line":1,"highlight_start_offset":0,"highlight_end_offset":6,"values":[]}})"),
      "\u2577\n"
      "\u2502 Error: Bad bad bad\n"
      "\u2502\n"
      "\u2502   on controlchars\u2400.tf line 1:\n"
      "\u2502    1: before\u241b[0;0Hafter\n"
      "\u2502\n"
      "\u2502 Whatever shall we do?\n"
      "\u2575\n");
  EXPECT_EQ(
      Render(
          R"({"severity":"error","summary":"Bad bad bad","detail":"Whatever shall we do?","range":{"filename":"unavailable\u0000.tf","start":{"line":1,"column":1,"byte":0},"end":{"line":1,"column":7,"byte":6}}})"),
      "\u2577\n"
      "\u2502 Error: Bad bad bad\n"
      "\u2502\n"
      "\u2502   on unavailable\u2400.tf line 1:\n"
      "\u2502   (source code not available)\n"
      "\u2502\n"
      "\u2502 Whatever shall we do?\n"
      "\u2575\n");
}

// TestDiagnosticFromJSON_invalid: an end offset before the start highlights one byte.
TEST(RenderDiagnostic, EndBeforeStart) {
  EXPECT_EQ(
      Render(
          R"({"severity":"error","summary":"Bad end","detail":"It all went wrong.","range":{"filename":"ohno.tf","start":{"line":1,"column":23,"byte":22},"end":{"line":0,"column":0,"byte":0}},"snippet":{"code":"resource \"foo_bar \"baz\" {","start_line":1,"highlight_start_offset":22,"highlight_end_offset":0}})"),
      "\u2577\n"
      "\u2502 Error: Bad end\n"
      "\u2502\n"
      "\u2502   on ohno.tf line 1:\n"
      "\u2502    1: resource \"foo_bar \"baz\" {\n"
      "\u2502\n"
      "\u2502 It all went wrong.\n"
      "\u2575\n");
}

TEST(RenderDiagnostic, ColourAndUnknownSeverity) {
  EXPECT_EQ(Render(R"({"severity":"error","summary":"S","detail":"D","address":"t.a","range":{"filename":"f.tf","start":{"line":3}},"snippet":{"context":"resource \"t\" \"a\"","code":"ab","start_line":3,"highlight_start_offset":1,"highlight_end_offset":2}})",
                   true),
            "\x1b[31m\u2577\x1b[0m\x1b[0m\n"
            "\x1b[31m\u2502\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1mS\x1b[0m\n"
            "\x1b[31m\u2502\x1b[0m \x1b[0m\n"
            "\x1b[31m\u2502\x1b[0m \x1b[0m\x1b[0m  with t.a,\n"
            "\x1b[31m\u2502\x1b[0m \x1b[0m  on f.tf line 3, in resource \"t\" \"a\":\n"
            "\x1b[31m\u2502\x1b[0m \x1b[0m   3: a\x1b[4mb\x1b[0m\x1b[0m\n"
            "\x1b[31m\u2502\x1b[0m \x1b[0m\n"
            "\x1b[31m\u2502\x1b[0m \x1b[0mD\n"
            "\x1b[31m\u2575\x1b[0m\x1b[0m\n");
  EXPECT_EQ(Render(R"({"severity":"info","summary":"S","detail":"D"})"), "\n\nS\n\nD\n\n");
}

}  // namespace
}  // namespace planview::renderer
