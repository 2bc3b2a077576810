// Grapheme clusters against the Unicode 15.0 conformance file
// (testdata/unicode/GraphemeBreakTest.txt, every line), and around bytes that are not UTF-8.
#include "wire/internal/grapheme.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "structured/json_text.h"

namespace planview::wire {
namespace {

TEST(Grapheme, EveryLineOfGraphemeBreakTest) {
  std::ifstream in("testdata/unicode/GraphemeBreakTest.txt");
  ASSERT_TRUE(in) << "testdata/unicode/GraphemeBreakTest.txt";
  std::string line;
  int cases = 0, failures = 0;
  while (std::getline(in, line)) {
    std::string body = line.substr(0, line.find('#'));
    std::istringstream tokens(body);
    std::string token;
    std::string text;
    std::vector<size_t> expected;
    while (tokens >> token) {
      if (token == "\xC3\xB7") {  // ÷
        expected.push_back(text.size());
      } else if (token != "\xC3\x97") {  // × is no boundary; else a code point
        structured::AppendUtf8(text, static_cast<uint32_t>(std::stoul(token, nullptr, 16)));
      }
    }
    if (text.empty()) continue;
    ++cases;
    bool ok = grapheme::Boundaries(text) == expected &&
              grapheme::LastClusterStart(text) == expected[expected.size() - 2];
    if (!ok && ++failures <= 10) ADD_FAILURE() << line;
  }
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(cases, 602);  // every line of the Unicode 15.0 file
}

TEST(Grapheme, InvalidBytesAreOneReplacementCharacterPerMaximalSubpart) {
  using V = std::vector<size_t>;
  EXPECT_EQ(grapheme::Boundaries(""), V({0}));
  EXPECT_EQ(grapheme::LastClusterStart(""), 0u);
  // \xE4\xB8 is one truncated sequence (one U+FFFD), \xFF another; each is a cluster.
  EXPECT_EQ(grapheme::Boundaries("a\xE4\xB8\xFF" "b"), V({0, 1, 3, 4, 5}));
  // Like U+FFFD (Other), an invalid byte takes a following combining mark.
  EXPECT_EQ(grapheme::Boundaries("\xFF\xCC\x81" "b"), V({0, 3, 4}));
  EXPECT_EQ(grapheme::LastClusterStart("ab\xFF\xCC\x81"), 2u);
  // A surrogate's encoding is three ill-formed subsequences (\xED then \xA0, \x80).
  EXPECT_EQ(grapheme::Boundaries("\xED\xA0\x80"), V({0, 1, 2, 3}));
}

TEST(Grapheme, NoIndicConjunctRuleInUnicode15) {
  // KA VIRAMA KA: Unicode 15.0 (and go-textseg/v15, which go-cty uses) breaks before the
  // second KA. Unicode 15.1's GB9c, and ICU 72 (CLDR 42) before it, would not.
  using V = std::vector<size_t>;
  EXPECT_EQ(grapheme::Boundaries("\u0915\u094D\u0915"), V({0, 6, 9}));
  EXPECT_EQ(grapheme::Boundaries("\u0995\u09CD\u09AF"), V({0, 6, 9}));
}

TEST(Grapheme, LongRunsStayLinear) {
  // 100000 regional indicators: 50000 flags; the last cluster starts two from the end.
  std::string flags;
  for (int i = 0; i < 100000; ++i) flags += "\U0001F1EB";
  EXPECT_EQ(grapheme::Boundaries(flags).size(), 50001u);
  EXPECT_EQ(grapheme::LastClusterStart(flags), flags.size() - 8);
  // One huge cluster: a letter and 200000 combining marks.
  std::string marks = "a";
  for (int i = 0; i < 200000; ++i) marks += "\u0301";
  EXPECT_EQ(grapheme::LastClusterStart(marks), 0u);
}

}  // namespace
}  // namespace planview::wire
