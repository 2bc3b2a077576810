#include "renderer/document_kind.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "base/executor.h"
#include "gtest/gtest.h"
#include "renderer/render_document.h"
#include "structured/json_parse.h"
#include "structured/read_input.h"

namespace planview::renderer {
namespace {

std::optional<DocumentKind> Kind(const std::string& json) {
  auto parsed = structured::ParseJson(json);
  EXPECT_TRUE(parsed.ok()) << json;
  return KindOfDocument(parsed.value()->root());
}

TEST(KindOfDocument, ByKeys) {
  EXPECT_EQ(Kind(R"({"format_version":"1.2","resource_changes":[]})"), DocumentKind::kPlan);
  EXPECT_EQ(Kind(R"({"plan_format_version":"1.2","provider_schemas":{}})"), DocumentKind::kPlan);
  EXPECT_EQ(Kind(R"({"format_version":"1.0","values":{}})"), DocumentKind::kState);
  EXPECT_EQ(Kind(R"({"format_version":"1.0"})"), DocumentKind::kState);
  EXPECT_EQ(Kind(R"({})"), DocumentKind::kState);
  EXPECT_EQ(Kind(R"({"@level":"info","@message":"hi","type":"version"})"), DocumentKind::kLog);
  EXPECT_EQ(Kind(R"({"something":"else"})"), std::nullopt);
  EXPECT_EQ(Kind(R"([1,2])"), std::nullopt);
}

TEST(LooksLikeLog, OneObjectPerLine) {
  EXPECT_TRUE(LooksLikeLog("{\"@message\":\"a\"}\n{\"@message\":\"b\"}\n"));
  EXPECT_TRUE(LooksLikeLog("{\"a\":1}\nnot json\n"));
  EXPECT_FALSE(LooksLikeLog("{\"format_version\":\"1.2\"}\n"));
  EXPECT_FALSE(LooksLikeLog("{\n  \"format_version\": \"1.2\"\n}\n"));
  EXPECT_FALSE(LooksLikeLog("[1]\n[2]\n"));
  EXPECT_FALSE(LooksLikeLog(""));
  EXPECT_TRUE(LooksLikeLog("Initializing...\n\n{\"@level\":\"info\",\"@message\":\"b\"}\n"));
  EXPECT_FALSE(LooksLikeLog("Initializing...\n{\"a\":1}\n"));
  EXPECT_FALSE(LooksLikeLog("{\"a\":1}\n\n   \n"));
}

TEST(LooksLikeLog, BlankFirstLinesAndPrettyPrintedMessages) {
  // A log whose first lines are blank is still a log.
  EXPECT_TRUE(LooksLikeLog("\n \n\t\n{\"@message\":\"a\"}\n{\"@message\":\"b\"}\n"));
  EXPECT_TRUE(LooksLikeLog("\r\n\r\n{\"@level\":\"info\"}\r\n{\"@level\":\"info\"}\r\n"));
  // A pretty-printed document with lines that start like messages is still a document:
  // none of them is a whole object.
  EXPECT_FALSE(LooksLikeLog("{\n  \"format_version\": \"1.2\",\n  \"x\": [\n    {\"@message\": \"a\"},\n"
                            "    {\"@message\": \"b\",\n     \"@level\": \"info\"}\n  ]\n}\n"));
}

// Short and long lines, blank ones, logs and documents, for every budget.
const std::vector<std::string>& Texts() {
  static const std::vector<std::string> texts = {
      "",
      "{\"format_version\":\"1.2\",\"resource_changes\":[]}",
      "{\"format_version\":\"1.2\",\"resource_changes\":[]}\n\n  \n",
      "\n\n{\"@message\":\"a\"}\n{\"@message\":\"b\"}\n",
      "{\"a\":1}\nnot json\n",
      "{\n  \"format_version\": \"1.2\"\n}\n",
      "Initializing...\n\n{\"@level\":\"info\",\"@message\":\"b\"}\n",
      "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n   \n{\"@message\":\"x\"}\n",
      "1\n2\n3\n4\n5\n6\n7\n8\n9\n{\"a\":1}\n{\"@message\":\"x\"}\n",
      "1\n2\n3\n4\n5\n6\n7\n8\n9\n{\"@message\":\"x\"}\n                 ",
      "a\nb\n{\"@level\":\"info\"}",
      "[\n{\"@message\":\"a\"}\n]\n",
  };
  return texts;
}

TEST(LooksLikeLogWithin, GivesLooksLikeLogsAnswerOrDefers) {
  for (const std::string& text : Texts()) {
    for (size_t budget = 0; budget <= text.size() + 1; ++budget) {
      std::optional<bool> answer = LooksLikeLogWithin(text, budget);
      if (answer) {
        EXPECT_EQ(*answer, LooksLikeLog(text)) << text << " within " << budget;
      }
      if (budget >= text.size()) {
        EXPECT_TRUE(answer.has_value()) << text << " within " << budget;
      }
    }
  }
  // Settled before the end: eleven lines, or ten and the start of one more (it counts
  // once it shows a character).
  const std::string eleven = "{\"a\":1}\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n" + std::string(100, '{');
  EXPECT_EQ(LooksLikeLogWithin(eleven, 31), true);
  const std::string ten = "{\"a\":1}\n2\n3\n4\n5\n6\n7\n8\n9\n10\n   xyz";
  EXPECT_EQ(LooksLikeLogWithin(ten, 29), std::nullopt);
  EXPECT_EQ(LooksLikeLogWithin(ten, 31), true);
  // A first line past the budget is left to the parse.
  EXPECT_EQ(LooksLikeLogWithin("{\"format_version\":\"1.2\"}", 10), std::nullopt);
}

// Every start of every text, as a pipe brings it: an answer is LooksLikeLog's for the
// whole text, given as soon as the start settles it; the whole text is always settled.
TEST(LooksLikeLogSoFar, GivesLooksLikeLogsAnswerAsSoonAsTheStartSettlesIt) {
  for (const std::string& text : Texts()) {
    for (size_t n = 0; n <= text.size(); ++n) {
      std::optional<bool> answer = LooksLikeLogSoFar(text.substr(0, n), false);
      if (answer) {
        EXPECT_EQ(*answer, LooksLikeLog(text)) << text << " after " << n;
      }
    }
    EXPECT_EQ(LooksLikeLogSoFar(text, true), LooksLikeLog(text)) << text;
  }
  // A log is known once its second line begins; a first line alone is not a log yet.
  const std::string first = "{\"@level\":\"info\",\"@message\":\"a\"}\n";
  EXPECT_EQ(LooksLikeLogSoFar(first, false), std::nullopt);
  EXPECT_EQ(LooksLikeLogSoFar(first + "  \n", false), std::nullopt);
  EXPECT_EQ(LooksLikeLogSoFar(first + "{", false), true);
  EXPECT_EQ(LooksLikeLogSoFar(first, true), false);
  // Plain text first: a later message line settles it, ten lines without one too.
  EXPECT_EQ(LooksLikeLogSoFar("Initializing...\n" + first, false), true);
  EXPECT_EQ(LooksLikeLogSoFar("# Title\n\n1\n2\n3\n4\n5\n6\n7\n8\n", false), std::nullopt);
  EXPECT_EQ(LooksLikeLogSoFar("# Title\n\n1\n2\n3\n4\n5\n6\n7\n8\n9\n", false), false);
}

std::filesystem::path WriteFile(const std::string& name, const std::string& content) {
  std::filesystem::path path = std::filesystem::path(::testing::TempDir()) / name;
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

// Big files are mapped, and one whose first line runs past what is looked at before the
// parse is told from a log after it: the kind and the output are those of the string
// input, whose lines are all looked at first.
TEST(RenderDocument, ALongFirstLineIsSettledByTheParse) {
  const std::string pad(size_t{3} << 20, 'p');
  const std::string plan = "{\"format_version\":\"1.2\",\"variables\":{\"v\":{\"value\":\"" + pad +
                           "\"}},\"resource_changes\":[]";
  struct Case {
    std::string text;
    DocumentKind kind;
  };
  const Case cases[] = {
      {plan + "}", DocumentKind::kPlan},
      {"\n\n" + plan + "}\n\n  \n", DocumentKind::kPlan},
      {plan + ",\n  \"x\": [\n    {\"@message\": \"a\"},\n    {\"b\": 1}\n  ]\n}\n", DocumentKind::kPlan},
      // A whole message line inside the document: a log, as LooksLikeLog says.
      {plan + ",\"x\":[\n{\"@message\":\"a\"}\n]}\n", DocumentKind::kLog},
      // A log whose first line is long: a whole object, or plain text.
      {"{\"@message\":\"" + pad + "\"}\n{\"@message\":\"b\"}\n", DocumentKind::kLog},
      {pad + "\n{\"@level\":\"info\",\"@message\":\"b\"}\n", DocumentKind::kLog},
  };
  base::Executor executor(2);
  DocumentRequest request;
  request.executor = &executor;
  int n = 0;
  for (const Case& c : cases) {
    SCOPED_TRACE(n);
    std::filesystem::path path = WriteFile("long_line_" + std::to_string(n++) + ".json", c.text);
    base::Expected<structured::InputText> input = structured::ReadInputText(path.string());
    ASSERT_TRUE(input) << input.error().message;
    ASSERT_TRUE(input->mapped());
    DocumentResult mapped = RenderDocument(std::move(*input), "f", request);
    DocumentResult whole = RenderDocument(c.text, "f", request);
    EXPECT_TRUE(mapped.ok) << mapped.error;
    EXPECT_EQ(mapped.kind, c.kind);
    EXPECT_EQ(whole.kind, c.kind);
    EXPECT_TRUE(mapped.output == whole.output);
    EXPECT_EQ(mapped.error, whole.error);
  }
}

}  // namespace
}  // namespace planview::renderer
