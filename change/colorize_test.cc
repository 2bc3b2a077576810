#include "change/colorize.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace planview::change {
namespace {

TEST(Colorize, EnabledEmitsAnsiCodesAndAFinalReset) {
  Colorize c(true);
  EXPECT_EQ(c.Color("  [green]+[reset]"), "  \033[32m+\033[0m\033[0m");
  EXPECT_EQ(c.Color("[red]-[reset]/[green]+[reset]"), "\033[31m-\033[0m/\033[32m+\033[0m\033[0m");
  EXPECT_EQ(c.Color(" [dark_gray]-> null[reset]"), " \033[90m-> null\033[0m\033[0m");
  EXPECT_EQ(c.Color("[yellow]~[reset] [cyan]<=[reset]"), "\033[33m~\033[0m \033[36m<=\033[0m\033[0m");
  EXPECT_EQ(c.Color("[bold]b[underline]u"), "\033[1mb\033[4mu\033[0m");
}

TEST(Colorize, DisabledRemovesMarkup) {
  Colorize c(false);
  EXPECT_EQ(c.Color("  [green]+[reset]"), "  +");
  EXPECT_EQ(c.Color("[bold]Plan:[reset] 1 to add"), "Plan: 1 to add");
}

TEST(Colorize, TextWithoutKnownCodesIsUntouched) {
  for (bool enabled : {false, true}) {
    Colorize c(enabled);
    EXPECT_EQ(c.Color("plain"), "plain");
    EXPECT_EQ(c.Color("list[0] and [foo]"), "list[0] and [foo]");
    // Names are matched case-sensitively.
    EXPECT_EQ(c.Color("[RED]x"), "[RED]x");
    EXPECT_EQ(c.Color("[]"), "[]");
  }
}

TEST(Colorize, MarkupInsideBrackets) {
  EXPECT_EQ(Colorize(false).Color("[[red]x]"), "[x]");
  EXPECT_EQ(Colorize(true).Color("[[red]x]"), "[\033[31mx]\033[0m");
}

TEST(Colorize, AppendColorAppends) {
  std::string out = "a";
  Colorize(true).AppendColor(out, "[green]b");
  EXPECT_EQ(out, "a\033[32mb\033[0m");
}

// Color keeps recent results per thread: many texts (more than it keeps, long and short,
// the same text with colour on and off, in turn) each come out as AppendColor makes them.
TEST(Colorize, KeptResultsAreThoseOfAppendColor) {
  std::vector<std::string> texts = {"", "[bold]\x01[reset]", "[red]x", "plain", "[[red]x]", "[RED]x"};
  for (int i = 0; i < 300; ++i) {
    texts.push_back("[green]" + std::to_string(i) + "[reset]");
    texts.push_back(std::string(static_cast<size_t>(i % 120), 'a') + "[bold]" + std::to_string(i));
  }
  for (int round = 0; round < 3; ++round) {
    for (size_t i = 0; i < texts.size(); ++i) {
      const bool enabled = (i + static_cast<size_t>(round)) % 2 == 0;
      std::string expected;
      Colorize(enabled).AppendColor(expected, texts[i]);
      EXPECT_EQ(Colorize(enabled).Color(texts[i]), expected) << texts[i];
      EXPECT_EQ(Colorize(!enabled).Color(texts[i]), [&] {
        std::string other;
        Colorize(!enabled).AppendColor(other, texts[i]);
        return other;
      }()) << texts[i];
    }
  }
}

}  // namespace
}  // namespace planview::change
