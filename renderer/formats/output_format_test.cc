#include "renderer/formats/output_format.h"

#include <string>

#include "gtest/gtest.h"
#include "renderer/formats/presenter.h"
#include "renderer/testing/golden.h"

namespace planview::renderer::formats {
namespace {

TEST(OutputFormat, NamesAndAliasesFindTheirRow) {
  ASSERT_GE(OutputFormat::All().size(), 5u);
  EXPECT_EQ(OutputFormat::All().front(), OutputFormat::kText);
  for (OutputFormat f : OutputFormat::All()) {
    EXPECT_EQ(OutputFormatFromName(f.name()), f) << f.name();
    EXPECT_NE(f.row().render, nullptr) << f.name();
    if (!f.row().alias.empty()) {
      EXPECT_EQ(OutputFormatFromName(f.row().alias), f) << f.name();
    }
  }
  EXPECT_EQ(OutputFormatFromName("md"), OutputFormat::kMarkdown);
  EXPECT_EQ(OutputFormatFromName("github")->name(), "github");
  EXPECT_FALSE(OutputFormatFromName("Markdown"));
  EXPECT_FALSE(OutputFormatFromName(""));
  EXPECT_EQ(OutputFormatNames(), "text, markdown, json, html or github");
  EXPECT_EQ(OutputFormatHelp().rfind("text (default), markdown (a pull-request comment), ", 0), 0u);
}

// The man page and the bash and zsh completions offer every format of the table.
TEST(OutputFormat, ManPageAndCompletionsListEveryFormat) {
  std::string names;
  for (OutputFormat f : OutputFormat::All()) names += std::string(names.empty() ? "" : " ") += f.name();
  std::string bar = names;
  for (char& c : bar) c = c == ' ' ? '|' : c;
  for (const auto& [file, expected] : {std::pair{"tools/release/planview.1", "--format \" " + bar + "\""},
                                       std::pair{"tools/release/planview.bash", "compgen -W \"" + names + "\""},
                                       std::pair{"tools/release/_planview", "format:(" + names + ")"}}) {
    bool ok = false;
    std::string text = testing::ReadFile(file, &ok);
    ASSERT_TRUE(ok) << file;
    for (size_t at = text.find("\\-"); at != std::string::npos; at = text.find("\\-", at)) text.erase(at, 1);
    EXPECT_NE(text.find(expected), std::string::npos) << file << " lacks " << expected;
  }
}

}  // namespace
}  // namespace planview::renderer::formats
