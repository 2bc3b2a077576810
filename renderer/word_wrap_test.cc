#include "renderer/word_wrap.h"

#include <string>

#include "gtest/gtest.h"

namespace planview::renderer {
namespace {

struct WrapCase {
  std::string input;
  std::string output;
  size_t limit;
};

// go-wordwrap 1.0.1's own cases.
TEST(WrapString, MatchesGoWordwrap) {
  const std::string block = "\u2584 ";
  const WrapCase cases[] = {
      {"foo", "foo", 4},
      {"foobarbaz", "foobarbaz", 4},
      {"foo bar baz", "foo\nbar\nbaz", 4},
      {"foo bars bazzes", "foo\nbars\nbazzes", 4},
      {"fo sop", "fo\nsop", 4},
      {"foo bar\u00A0baz", "foo\nbar\u00A0baz", 10},
      {"foo\nb\t r\n baz", "foo\nb\t r\n baz", 4},
      {"foo    \nb   ar   ", "foo\nb\nar", 4},
      {"foo bar baz\n", "foo\nbar\nbaz\n", 4},
      {"\nfoo bar\n\n\nbaz\n", "\nfoo\nbar\n\n\nbaz\n", 4},
      {" This is a list: \n\n\t* foo\n\t* bar\n\n\n\t* baz  \nBAM    ",
       " This\nis a\nlist: \n\n\t* foo\n\t* bar\n\n\n\t* baz\nBAM", 6},
      {block + block + block + block, "\u2584 \u2584\n" + block + block, 4},
  };
  for (const WrapCase& c : cases) EXPECT_EQ(WrapString(c.input, c.limit), c.output) << c.input;
}

TEST(WrapString, InvalidUtf8BecomesReplacementCharacter) {
  EXPECT_EQ(WrapString("a\xff", 10), "a\xEF\xBF\xBD");
}

TEST(WordWrap, WrapsEachLineAtWidthMinusOne) {
  EXPECT_EQ(WordWrap("aaa bbb ccc", 8), "aaa bbb\nccc");
  EXPECT_EQ(WordWrap("aaa bbb ccc\nddd eee fff", 8), "aaa bbb\nccc\nddd eee\nfff");
}

TEST(WordWrap, LeavesIndentedLinesAlone) {
  EXPECT_EQ(WordWrap("  tofu apply -refresh-only now please", 10), "  tofu apply -refresh-only now please");
  EXPECT_EQ(WordWrap("\nYou can apply:\n  tofu apply -refresh-only", 10), "\nYou can\napply:\n  tofu apply -refresh-only");
}

TEST(WordWrap, TinyWidthsChangeNothing) {
  EXPECT_EQ(WordWrap("aaa bbb", 1), "aaa bbb");
  EXPECT_EQ(WordWrap("aaa bbb", 0), "aaa bbb");
}

TEST(HorizontalRule, FillsTheWidthLessOne) {
  change::Colorize plain(false);
  EXPECT_EQ(HorizontalRule(plain, 5), "\n\u2500\u2500\u2500\u2500");
  EXPECT_EQ(HorizontalRule(plain, 1), "\n");
  change::Colorize color(true);
  EXPECT_EQ(HorizontalRule(color, 3), "\x1b[90m\n\u2500\u2500\x1b[0m");
}

}  // namespace
}  // namespace planview::renderer
