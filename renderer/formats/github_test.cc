#include "renderer/formats/github.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "renderer/formats/output_format.h"
#include "renderer/render_document.h"
#include "renderer/testing/golden.h"

namespace planview::renderer::formats {
namespace {

constexpr char kDir[] = "testdata/github_injection";

std::string Escaped(void (*append)(std::string&, std::string_view), std::string_view text) {
  std::string out;
  append(out, text);
  return out;
}

TEST(Github, EscapesMessagesAndProperties) {
  EXPECT_EQ(Escaped(AppendWorkflowData, "50% a:b,c\r\nd"), "50%25 a:b,c%0D%0Ad");
  EXPECT_EQ(Escaped(AppendWorkflowProperty, "50% a:b,c\r\nd"), "50%25 a%3Ab%2Cc%0D%0Ad");
  EXPECT_EQ(Escaped(AppendWorkflowData, "%0A"), "%250A");
  EXPECT_EQ(Escaped(AppendWorkflowProperty, "%3A%2C"), "%253A%252C");
}

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

TEST(Github, StopTokenIsAFunctionOfTheTextAndNotInIt) {
  const std::string token = StopCommandsToken("some text");
  EXPECT_EQ(token, StopCommandsToken("some text"));
  EXPECT_NE(token, StopCommandsToken("some text "));
  ASSERT_EQ(token.size(), 25u);
  EXPECT_EQ(token.rfind("planview-", 0), 0u);
  // A text holding that token (in capitals too) gets another one.
  for (const std::string& text : {"some text" + token, Lower("x") + "::" + token + "::", [&] {
         std::string upper = token;
         for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
         return "::" + upper + "::";
       }()}) {
    std::string other = StopCommandsToken(text);
    EXPECT_EQ(Lower(text).find(other), std::string::npos) << text;
  }
}

std::string RenderInjection() {
  DocumentRequest request;
  request.options.width = 78;
  FormatOptions options;
  options.format = *OutputFormatFromName("github");
  ApplyFormat(options, request);
  DocumentResult result = RenderDocument(testing::ReadFile(std::string(kDir) + "/plan.json"), "plan.json", request);
  EXPECT_TRUE(result.ok) << result.error;
  return result.output;
}

// A workflow command as GitHub's runner reads one line of a step's output: `::NAME
// k=v,k=v::DATA` after leading white space, or the older `##[NAME k=v;k=v]DATA` anywhere
// in the line; properties and data unescaped.
struct Command {
  std::string name;
  std::vector<std::pair<std::string, std::string>> properties;
  std::string data;
};

std::string Unescape(std::string text, const std::vector<std::pair<std::string, std::string>>& escapes) {
  for (const auto& [from, to] : escapes) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
      text.replace(at, from.size(), to);
    }
  }
  return text;
}

std::optional<Command> ParseLine(std::string line) {
  line.erase(0, line.find_first_not_of(" \t"));
  Command c;
  if (line.rfind("::", 0) == 0) {
    size_t end = line.find("::", 2);
    if (end == std::string::npos) return std::nullopt;
    std::string info = line.substr(2, end - 2);
    size_t space = info.find(' ');
    c.name = info.substr(0, space);
    if (space != std::string::npos) {
      std::string props = info.substr(space + 1);
      for (size_t start = 0; start <= props.size();) {
        size_t comma = props.find(',', start);
        std::string pair = props.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        size_t eq = pair.find('=');
        if (eq != std::string::npos) {
          c.properties.emplace_back(pair.substr(0, eq), Unescape(pair.substr(eq + 1), {{"%0D", "\r"},
                                                                                     {"%0A", "\n"},
                                                                                     {"%3A", ":"},
                                                                                     {"%2C", ","},
                                                                                     {"%25", "%"}}));
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    }
    c.data = Unescape(line.substr(end + 2), {{"%0D", "\r"}, {"%0A", "\n"}, {"%25", "%"}});
    return c;
  }
  size_t legacy = line.find("##[");
  if (legacy == std::string::npos || line.find(']', legacy) == std::string::npos) return std::nullopt;
  c.name = "legacy " + line.substr(legacy);
  return c;
}

// The commands the runner would carry out, in order (stop-commands and its resume token
// included), reading the output line by line (CR and LF both end a line).
std::vector<Command> RunnerReads(const std::string& output) {
  std::vector<Command> done;
  std::string token;
  size_t start = 0;
  while (start < output.size()) {
    size_t end = output.find_first_of("\r\n", start);
    if (end == std::string::npos) end = output.size();
    std::optional<Command> c = ParseLine(output.substr(start, end - start));
    start = end + 1;
    if (!c) continue;
    if (!token.empty()) {
      if (Lower(c->name) != Lower(token)) continue;
      token.clear();
    } else if (c->name == "stop-commands") {
      token = c->data;
    }
    done.push_back(*c);
  }
  return done;
}

TEST(Github, HostileAddressesAndValuesIssueNoCommand) {
  std::string out = RenderInjection();
  bool ok = false;
  std::string golden = testing::ReadFile(std::string(kDir) + "/github.txt", &ok);
  ASSERT_TRUE(ok);
  EXPECT_EQ(testing::Mismatch(golden, out), "");
  EXPECT_EQ(out.find("SECRET-"), std::string::npos);

  std::vector<Command> commands = RunnerReads(out);
  ASSERT_EQ(commands.size(), 7u) << out;
  // The titles come back as the action and the address (control characters written as
  // escapes), the messages as the notes; the update and the create are not mentioned.
  const std::pair<const char*, const char*> expected[] = {
      {"warning", "delete test_thing.a[\"x\\n::error::pwned\"]"},
      {"warning", "replace test_thing.b[\"100%0A,title=x:y\"]"},
      {"warning", "replace test_thing.c[\"\\r::stop-commands::x\"]"},
      {"notice", "forget test_thing.d"},
      {"warning", "delete test_thing.f (deposed object 00dead%2C:beef)"},
  };
  for (size_t i = 0; i < std::size(expected); ++i) {
    EXPECT_EQ(commands[i].name, expected[i].first) << i;
    ASSERT_EQ(commands[i].properties.size(), 1u) << i;
    EXPECT_EQ(commands[i].properties[0].first, "title") << i;
    EXPECT_EQ(commands[i].properties[0].second, expected[i].second) << i;
  }
  EXPECT_EQ(commands[1].data, "test_thing.b[\"100%0A,title=x:y\"] is tainted, so it must be replaced");
  EXPECT_EQ(commands[3].data, "test_thing.d will be removed from the OpenTofu state but will not be destroyed");
  // Then the summary, inert between the two.
  EXPECT_EQ(commands[5].name, "stop-commands");
  EXPECT_EQ(commands[6].name, commands[5].data);
  EXPECT_EQ(out.substr(out.size() - commands[6].name.size() - 5), "::" + commands[6].name + "::\n");
  // Without the stop, the values would have issued these.
  std::string summary = out.substr(out.find('\n', out.find("\n::stop-commands::") + 1) + 1);
  std::vector<std::string> unguarded;
  for (const Command& c : RunnerReads(summary)) unguarded.push_back(c.name);
  for (const char* name : {"error", "set-env", "add-mask", "warning", "endgroup", "legacy ##[set-output name=x;]y"}) {
    EXPECT_NE(std::find(unguarded.begin(), unguarded.end(), name), unguarded.end()) << name;
  }
}

// The Markdown between the stop and its token is the --format markdown output, unchanged.
TEST(Github, SummaryIsTheMarkdown) {
  DocumentRequest request;
  request.options.width = 78;
  FormatOptions options;
  options.format = OutputFormat::kMarkdown;
  ApplyFormat(options, request);
  DocumentResult markdown =
      RenderDocument(testing::ReadFile(std::string(kDir) + "/plan.json"), "plan.json", request);
  ASSERT_TRUE(markdown.ok);
  std::string out = RenderInjection();
  size_t begin = out.find('\n', out.find("\n::stop-commands::") + 1) + 1;
  size_t end = out.rfind("::", out.size() - 4);
  end = out.rfind('\n', end) + 1;
  EXPECT_EQ(out.substr(begin, end - begin), markdown.output);
}

// A state or a log is rendered as usual, framed the same way: its values issue no command.
TEST(Github, StatesAndLogsAreFramedToo) {
  for (const char* file : {"state.json", "log.jsonl"}) {
    std::string text = testing::ReadFile(std::string(kDir) + "/" + file);
    DocumentRequest plain;
    DocumentResult as_text = RenderDocument(text, file, plain);
    ASSERT_TRUE(as_text.ok) << as_text.error;
    ASSERT_NE(as_text.output.find("::error::from-a-"), std::string::npos) << file;

    DocumentRequest request;
    FormatOptions options;
    options.format = *OutputFormatFromName("github");
    ApplyFormat(options, request);
    DocumentResult framed = RenderDocument(text, file, request);
    ASSERT_TRUE(framed.ok) << framed.error;
    std::vector<Command> commands = RunnerReads(framed.output);
    ASSERT_EQ(commands.size(), 2u) << framed.output;
    EXPECT_EQ(commands[0].name, "stop-commands");
    const std::string token = commands[0].data;
    EXPECT_EQ(framed.output, "::stop-commands::" + token + "\n" + as_text.output + "::" + token + "::\n");
  }
}

}  // namespace
}  // namespace planview::renderer::formats
