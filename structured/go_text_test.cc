#include "structured/go_text.h"

#include "gtest/gtest.h"

namespace planview::structured {
namespace {

TEST(GoQuote, PlainAndEscapedAscii) {
  EXPECT_EQ(GoQuote("hello world"), "\"hello world\"");
  EXPECT_EQ(GoQuote("say \"hi\" \\o/"), "\"say \\\"hi\\\" \\\\o/\"");
  EXPECT_EQ(GoQuote("a\nb\tc\rd\ae\bf\fg\vh"), "\"a\\nb\\tc\\rd\\ae\\bf\\fg\\vh\"");
  EXPECT_EQ(GoQuote(std::string_view("\x00\x01\x1f\x7f", 4)), "\"\\x00\\x01\\x1f\\x7f\"");
  EXPECT_EQ(GoQuote(""), "\"\"");
}

TEST(GoQuote, UnicodeKeepsPrintableRunes) {
  EXPECT_EQ(GoQuote("h\xc3\xa9llo \xe4\xb8\x96\xe7\x95\x8c \xf0\x9f\x98\x80"),
            "\"h\xc3\xa9llo \xe4\xb8\x96\xe7\x95\x8c \xf0\x9f\x98\x80\"");
}

TEST(GoQuote, NonPrintableRunesAreEscaped) {
  EXPECT_EQ(GoQuote("a\xc2\xa0z"), "\"a\\u00a0z\"");          // no-break space
  EXPECT_EQ(GoQuote("\xc2\xad"), "\"\\u00ad\"");              // soft hyphen (format)
  EXPECT_EQ(GoQuote("\xe2\x80\x8b"), "\"\\u200b\"");          // zero width space
  EXPECT_EQ(GoQuote("\xee\x80\x80"), "\"\\ue000\"");          // private use
  EXPECT_EQ(GoQuote("\xc2\x85"), "\"\\u0085\"");              // NEL (C1 control)
  EXPECT_EQ(GoQuote("\xf3\xa0\x80\x81"), "\"\\U000e0001\"");  // language tag (format)
}

// Go 1.21 and later use Unicode 15.0: runes assigned in 15.0 are printable.
TEST(GoQuote, RunesOfUnicode15ArePrintable) {
  EXPECT_EQ(GoQuote("\xf0\x91\xbc\x80"), "\"\xf0\x91\xbc\x80\"");  // U+11F00 Kawi sign candrabindu
  EXPECT_EQ(GoQuote("\xe0\xb3\xb3"), "\"\xe0\xb3\xb3\"");        // U+0CF3 Kannada sign
  EXPECT_EQ(GoQuote("\xf0\x91\xbd\x9a"), "\"\\U00011f5a\"");         // U+11F5A: unassigned
}

// Plain runs before, between and after escapes, as the set hash text meets them.
TEST(GoQuote, PlainRunsAroundEscapes) {
  EXPECT_EQ(GoQuote("run \"quoted\" back\\slash"), R"("run \"quoted\" back\\slash")");
  EXPECT_EQ(GoQuote("a\n\t\a\x01\x7f" "caf\xc3\xa9 \xc2\xad" "b\xff" "c\xf0\x9f\x98\x80 end"),
            "\"a\\n\\t\\a\\x01\\x7fcaf\xc3\xa9 \\u00adb\\xffc\xf0\x9f\x98\x80 end\"");
}

TEST(GoQuote, InvalidUtf8BytesAreHexEscaped) {
  EXPECT_EQ(GoQuote("a\xffz"), "\"a\\xffz\"");
  EXPECT_EQ(GoQuote("\xed\xa0\x80"), "\"\\xed\\xa0\\x80\"");  // an encoded surrogate
  EXPECT_EQ(GoQuote("\xc0\xaf"), "\"\\xc0\\xaf\"");            // overlong '/'
  EXPECT_EQ(GoQuote("\xe4\xb8"), "\"\\xe4\\xb8\"");            // truncated
}

TEST(GoTrimSpace, TrimsUnicodeWhiteSpace) {
  EXPECT_EQ(GoTrimSpace("  \t\nabc \n"), "abc");
  EXPECT_EQ(GoTrimSpace("\xc2\xa0x\xe3\x80\x80"), "x");  // NBSP and ideographic space
  EXPECT_EQ(GoTrimSpace("\xc2\x85x\xc2\x85"), "x");      // NEL
  EXPECT_EQ(GoTrimSpace("\xe2\x80\x8bx"), "\xe2\x80\x8bx");  // zero width space is not space
  EXPECT_EQ(GoTrimSpace(" \xff "), "\xff");
  EXPECT_EQ(GoTrimSpace("   "), "");
}

TEST(RuneCount, CountsRunesAndInvalidBytes) {
  EXPECT_EQ(RuneCount("abc"), 3u);
  EXPECT_EQ(RuneCount("h\xc3\xa9"), 2u);
  EXPECT_EQ(RuneCount("\xff\xfe"), 2u);
  EXPECT_EQ(RuneCount("\xf0\x9f\x98\x80"), 1u);
}

TEST(AppendPaddedRight, PadsByRunes) {
  std::string out;
  AppendPaddedRight(out, "\xc3\xa9t\xc3\xa9", 5);
  EXPECT_EQ(out, "\xc3\xa9t\xc3\xa9  ");
  out.clear();
  AppendPaddedRight(out, "toolong", 3);
  EXPECT_EQ(out, "toolong");
}

TEST(IsHclIdentifier, FollowsHclSyntax) {
  EXPECT_TRUE(IsHclIdentifier("name"));
  EXPECT_TRUE(IsHclIdentifier("_private"));
  EXPECT_TRUE(IsHclIdentifier("kebab-case_2"));
  EXPECT_TRUE(IsHclIdentifier("\xc3\xbcnic\xc3\xb8" "de"));
  EXPECT_FALSE(IsHclIdentifier(""));
  EXPECT_FALSE(IsHclIdentifier("1st"));
  EXPECT_FALSE(IsHclIdentifier("-dash"));
  EXPECT_FALSE(IsHclIdentifier("attribute:two"));
  EXPECT_FALSE(IsHclIdentifier("with space"));
  EXPECT_FALSE(IsHclIdentifier("a.b"));
  // Past an ASCII prefix the Unicode rules take over.
  EXPECT_TRUE(IsHclIdentifier("na\xc3\xafve"));
  EXPECT_FALSE(IsHclIdentifier("a\xff"));
  EXPECT_FALSE(IsHclIdentifier("x\xc2\xa0y"));
}

TEST(EnsureValidAttributeName, QuotesWhatIsNotAnIdentifier) {
  EXPECT_EQ(EnsureValidAttributeName("name"), "name");
  EXPECT_EQ(EnsureValidAttributeName("a b"), "\"a b\"");
  std::string out = "x=";
  AppendValidAttributeName(out, "a\tb");
  EXPECT_EQ(out, "x=\"a\\tb\"");
}

}  // namespace
}  // namespace planview::structured
