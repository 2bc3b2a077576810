#include "change/colorize.h"

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

}  // namespace
}  // namespace planview::change
