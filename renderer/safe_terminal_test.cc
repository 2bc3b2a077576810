#include "renderer/safe_terminal.h"

#include <string>

#include "gtest/gtest.h"

namespace planview::renderer {
namespace {

TEST(SafeTerminal, ShowsControlsAsQuotedStringsDo) {
  EXPECT_EQ(SafeTerminal("plain\ttext\n"), "plain\ttext\n");
  EXPECT_EQ(SafeTerminal("a\x1b]0;owned\x07z"), "a\\x1b]0;owned\\az");
  EXPECT_EQ(SafeTerminal("\x1b[2J\x1b[H"), "\\x1b[2J\\x1b[H");
  EXPECT_EQ(SafeTerminal("over\rwrite\b\f\v\x01\x7f"), "over\\rwrite\\b\\f\\v\\x01\\x7f");
  // C1 controls (here NEL and the 8-bit CSI) and bytes that are not UTF-8.
  EXPECT_EQ(SafeTerminal("x\xc2\x85y\xc2\x9b"), "x\\u0085y\\u009b");
  EXPECT_EQ(SafeTerminal("\x9b" "2J \xff \xc0\xaf \xed\xa0\x80"), "\\x9b2J \\xff \\xc0\\xaf \\xed\\xa0\\x80");
  // Printable UTF-8 is kept.
  EXPECT_EQ(SafeTerminal("caf\xc3\xa9 \xe2\x94\x80 \xf0\x9f\x98\x80 \xc2\xa0"), "caf\xc3\xa9 \xe2\x94\x80 \xf0\x9f\x98\x80 \xc2\xa0");
}

TEST(SafeTerminal, KeepsOnlyColour) {
  std::string coloured = "\x1b[1m\x1b[31mred\x1b[0m \x1b[90mgray\x1b[39m\x1b[4mu\x1b[0m";
  EXPECT_EQ(SafeTerminal(coloured), coloured);
  EXPECT_EQ(SafeTerminal("\x1b[8mhidden\x1b[5m\x1b[7m\x1b[1;31m\x1b[123m"),
            "\\x1b[8mhidden\\x1b[5m\\x1b[7m\\x1b[1;31m\\x1b[123m");
  EXPECT_EQ(SafeTerminal("end\x1b"), "end\\x1b");
  EXPECT_EQ(SafeTerminal("end\x1b[3"), "end\\x1b[3");
}

TEST(SafeTerminal, SequencesCutBetweenChunks) {
  std::string whole = "a\x1b[31mb\xc2\x85" "c\xe2\x94\x80" "d\x1b[2Je\x1b[0m";
  std::string expected = SafeTerminal(whole);
  EXPECT_EQ(expected, "a\x1b[31mb\\u0085c\xe2\x94\x80" "d\\x1b[2Je\x1b[0m");
  for (size_t cut1 = 0; cut1 <= whole.size(); ++cut1) {
    for (size_t cut2 = cut1; cut2 <= whole.size(); ++cut2) {
      SafeTerminalText filter;
      std::string out;
      filter.Append(std::string_view(whole).substr(0, cut1), out);
      filter.Append(std::string_view(whole).substr(cut1, cut2 - cut1), out);
      filter.Append(std::string_view(whole).substr(cut2), out);
      filter.Finish(out);
      EXPECT_EQ(out, expected) << cut1 << " " << cut2;
    }
  }
  SafeTerminalText filter;
  std::string out;
  filter.Append("x\xe2\x94", out);
  EXPECT_EQ(out, "x");
  filter.Finish(out);
  EXPECT_EQ(out, "x\\xe2\\x94");
}

}  // namespace
}  // namespace planview::renderer
