// The user documentation agrees with the code: README's exit-status table and the man page's
// EXIT STATUS list the statuses of cmd/exit_status.h, and the man page and the bash and zsh
// completions offer every option `planview --help` lists.
#include <set>
#include <string>
#include <vector>

#include "cmd/cli_args.h"
#include "cmd/exit_status.h"
#include "gtest/gtest.h"
#include "re2/re2.h"
#include "renderer/testing/golden.h"

namespace planview::cmd {
namespace {

std::string Read(const std::string& path) {
  bool ok = false;
  std::string text = renderer::testing::ReadFile(path, &ok);
  EXPECT_TRUE(ok) << path;
  return text;
}

// README's table under "| exit status | meaning |": each row's code and meaning.
TEST(CliDocs, ReadmeExitStatusTableIsTheTable) {
  std::string readme = Read("README.md");
  size_t at = readme.find("| exit status | meaning |\n|---|---|\n");
  ASSERT_NE(at, std::string::npos);
  at = readme.find('\n', readme.find('\n', at) + 1) + 1;
  std::vector<std::pair<int, std::string>> rows;
  const RE2 row(R"(\| (\d+) \| (.*) \|)");
  while (at < readme.size() && readme[at] == '|') {
    size_t end = readme.find('\n', at);
    std::string line = readme.substr(at, end - at);
    int code = -1;
    std::string meaning;
    ASSERT_TRUE(RE2::FullMatch(line, row, &code, &meaning)) << line;
    rows.emplace_back(code, meaning);
    at = end + 1;
  }
  ASSERT_EQ(rows.size(), std::size(kExitStatuses));
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].first, kExitStatuses[i].code);
    EXPECT_EQ(rows[i].second.rfind(kExitStatuses[i].meaning, 0), 0u) << rows[i].second;
  }
}

TEST(CliDocs, ManPageNamesEveryExitStatus) {
  std::string man = Read("tools/release/planview.1");
  size_t start = man.find(".SH EXIT STATUS\n");
  ASSERT_NE(start, std::string::npos);
  std::string section = man.substr(start, man.find(".SH ", start + 1) - start);
  for (const ExitStatus& status : kExitStatuses) {
    EXPECT_TRUE(RE2::PartialMatch(section, "(^|[ \\n])" + std::to_string(status.code) + " "))
        << status.code << " missing in " << section;
  }
}

TEST(CliDocs, ManPageAndCompletionsOfferEveryOption) {
  std::set<std::string> options;
  std::string usage = UsageText();
  const RE2 option(R"((--[a-z][a-z-]*))");
  re2::StringPiece rest(usage);
  std::string name;
  while (RE2::FindAndConsume(&rest, option, &name)) options.insert(name);
  ASSERT_GT(options.size(), 25u);
  for (const std::string file : {"tools/release/planview.1", "tools/release/planview.bash", "tools/release/_planview"}) {
    std::string text = Read(file);
    for (size_t at = text.find("\\-"); at != std::string::npos; at = text.find("\\-", at)) text.erase(at, 1);
    for (const std::string& name : options) {
      EXPECT_TRUE(RE2::PartialMatch(text, name + "([^a-z-]|$)")) << file << " lacks " << name;
    }
  }
}

}  // namespace
}  // namespace planview::cmd
