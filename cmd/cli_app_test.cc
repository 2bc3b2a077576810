// The CLI11 conventions every planview command shares (cmd/cli_app.h).
#include "cmd/cli_app.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace planview::cmd {
namespace {

struct Seen {
  std::vector<std::string> events;  // "name=value" or "name", in the order the callbacks ran
  std::vector<std::string> files;
};

// What ParseCommandLine said: "run", "help" or "error: MESSAGE".
std::string Outcome(const base::Expected<Parsed>& parsed) {
  if (!parsed) return "error: " + parsed.error().message;
  return *parsed == Parsed::kRun ? "run" : "help";
}

// A small command: --mode (a value; "bad" is refused), --tag (repeatable), --quiet (a flag).
std::string Parse(const std::vector<std::string>& args, Seen& seen) {
  CLI::App app;
  UseCommandConventions(app);
  app.add_option("FILE", seen.files);
  AddValueOption(app, "--mode", [&](const std::string& v) {
    if (v == "bad") throw CLI::ValidationError("--mode: unknown mode \"bad\"");
    seen.events.push_back("mode=" + v);
  });
  AddValueOption(app, "--tag", [&](const std::string& v) { seen.events.push_back("tag=" + v); });
  AddFlag(app, "--quiet", [&] { seen.events.push_back("quiet"); });
  return Outcome(ParseCommandLine(app, args));
}

TEST(CliApp, OneOrTwoDashesValueAfterEqualsOrAsNextWord) {
  Seen seen;
  ASSERT_EQ(Parse({"-mode=a", "f.json", "--mode", "b", "-quiet", "-tag", "-x", "--tag=", "--mode=c=d"}, seen), "run");
  EXPECT_EQ(seen.events, (std::vector<std::string>{"mode=a", "mode=b", "quiet", "tag=-x", "tag=", "mode=c=d"}));
  EXPECT_EQ(seen.files, std::vector<std::string>{"f.json"});
}

TEST(CliApp, DoubleDashEndsOptionsAndDashIsAFile) {
  Seen seen;
  ASSERT_EQ(Parse({"-", "--", "--quiet", "-mode"}, seen), "run");
  EXPECT_TRUE(seen.events.empty());
  EXPECT_EQ(seen.files, (std::vector<std::string>{"-", "--quiet", "-mode"}));
}

TEST(CliApp, UsageErrorsAreOneLine) {
  struct Case {
    std::vector<std::string> args;
    std::string error;
  };
  for (const Case& c : std::vector<Case>{
           {{"--bogus"}, "unknown option --bogus"},
           {{"-\x1b[2J"}, "unknown option \"-\\x1b[2J\""},
           {{"--FILE=x"}, "unknown option --FILE=x"},
           {{"--quiet=1"}, "--quiet takes no value"},
           {{"f", "-mode"}, "--mode needs a value"},
           {{"--mode", "bad"}, "--mode: unknown mode \"bad\""},
       }) {
    Seen seen;
    EXPECT_EQ(Parse(c.args, seen), "error: " + c.error) << c.args[0];
  }
}

TEST(CliApp, HelpInAnySpelling) {
  for (const char* help : {"-h", "--h", "-help", "--help"}) {
    Seen seen;
    EXPECT_EQ(Parse({"f.json", help}, seen), "help") << help;
  }
}

TEST(CliApp, SubcommandOptionsAreFollowed) {
  CLI::App app;
  UseCommandConventions(app);
  CLI::App* decode = app.add_subcommand("decode");
  std::string type;
  AddValueOption(*decode, "--type", [&](const std::string& v) { type = v; });
  ASSERT_EQ(Outcome(ParseCommandLine(app, std::vector<std::string>{"decode", "-type", "\"string\""})), "run");
  EXPECT_EQ(type, "\"string\"");
  EXPECT_TRUE(decode->parsed());
  CLI::App other;
  UseCommandConventions(other);
  other.add_subcommand("decode");
  EXPECT_EQ(Outcome(ParseCommandLine(other, std::vector<std::string>{"--type", "x", "decode"})),
            "error: unknown option --type");
}

}  // namespace
}  // namespace planview::cmd
