// go-cty's prefix rule and the NFC entry points, on planview's own Unicode tables. The
// expected prefixes were checked against the ICU-based implementation this replaced; they
// agree except for Indic conjuncts (see KA VIRAMA KA below).
#include "wire/internal/unicode.h"

#include <gtest/gtest.h>

namespace planview::wire {
namespace {

TEST(SafeKnownPrefix, DropsTheLastGraphemeCluster) {
  EXPECT_EQ(SafeKnownPrefix("abc"), "ab");
  EXPECT_EQ(SafeKnownPrefix("ab/"), "ab/");
  // A flag is one cluster of two regional indicators.
  EXPECT_EQ(SafeKnownPrefix("ab\U0001F1EB\U0001F1F7"), "ab");
  // A family emoji: four people joined by zero-width joiners, one cluster.
  EXPECT_EQ(SafeKnownPrefix("ab\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"), "ab");
}

TEST(SafeKnownPrefix, NfcBoundariesThenClusters) {
  EXPECT_EQ(SafeKnownPrefix("a\u0301"), "");          // NFC: one letter that may take more
  EXPECT_EQ(SafeKnownPrefix("ab\u0301\u0316"), "ab");
  EXPECT_EQ(SafeKnownPrefix("ab/\u0301"), "ab/");     // the mark after / stays out
  EXPECT_EQ(SafeKnownPrefix("\u00E9-"), "\u00E9-");    // a trailing delimiter is kept
  EXPECT_EQ(SafeKnownPrefix("xy\uAC00"), "xy");       // Hangul LV may take a T
  EXPECT_EQ(SafeKnownPrefix("xy\uAC01"), "xy");       // LVT: its own cluster, still dropped
  EXPECT_EQ(SafeKnownPrefix("x\u0BC6"), "x");         // U+0BC6 composes with what follows
  EXPECT_EQ(SafeKnownPrefix("ab\r\n"), "ab");          // CR LF is one cluster
  EXPECT_EQ(SafeKnownPrefix("ab\u200D"), "a");        // ZWJ extends the b
  EXPECT_EQ(SafeKnownPrefix("ab\u0600"), "ab");       // a prepended mark waits for more
  EXPECT_EQ(SafeKnownPrefix("ab \u1100"), "ab ");     // a leading jamo may take a vowel
  // Three regional indicators: one flag and the start of another.
  EXPECT_EQ(SafeKnownPrefix("ab\U0001F1EB\U0001F1F7\U0001F1EB"), "ab\U0001F1EB\U0001F1F7");
  // KA VIRAMA KA: the last KA is a cluster of its own in Unicode 15.0 (as go-cty's
  // go-textseg/v15 has it; the ICU-based code kept all three together and gave "").
  EXPECT_EQ(SafeKnownPrefix("\u0915\u094D\u0915"), "\u0915\u094D");
  EXPECT_EQ(SafeKnownPrefix("-"), "-");
  EXPECT_EQ(SafeKnownPrefix(""), "");
}

TEST(SafeKnownPrefix, BytesThatAreNotUtf8) {
  EXPECT_EQ(SafeKnownPrefix("ab\xff"), "a");
  EXPECT_EQ(SafeKnownPrefix("ab\xff/"), "ab\xff/");
  EXPECT_EQ(SafeKnownPrefix("\xff"), "");
  EXPECT_EQ(SafeKnownPrefix("a/\xcc"), "a/");
  // A truncated sequence: cut after its first byte (as the ICU-based code did).
  EXPECT_EQ(SafeKnownPrefix("ab\xe4\xb8"), "ab\xe4");
}

TEST(EncodablePrefix, LongPrefixesAreCutAndMadeSafe) {
  std::string exact(256, 'x');
  EXPECT_EQ(EncodablePrefix(exact), exact);
  // Cut to 255 bytes, ending in a delimiter that stays.
  std::string longer = std::string(254, 'x') + "/yz";
  EXPECT_EQ(EncodablePrefix(longer), std::string(254, 'x') + "/");
  // Cut to 255 bytes inside an accented letter: the partial letter and the one before go.
  std::string accents = std::string(254, 'x');
  for (int i = 0; i < 10; ++i) accents += "\u00E9";
  EXPECT_EQ(EncodablePrefix(accents), std::string(253, 'x'));
}

TEST(NormalizeNfc, ComposesAndReorders) {
  EXPECT_EQ(NormalizeNfc("e\u0301"), "\u00E9");
  EXPECT_EQ(NormalizeNfc("a\u0323\u0302"), "\u1EAD");
  EXPECT_TRUE(IsNfc("plain ascii"));
  EXPECT_FALSE(IsNfc("e\u0301"));
  // With whether the text is valid UTF-8: bytes that are not pass through NFC unchanged.
  bool valid = false;
  EXPECT_TRUE(IsNfc("plain ascii", valid));
  EXPECT_TRUE(valid);
  EXPECT_TRUE(IsNfc("caf\u00E9", valid));
  EXPECT_TRUE(valid);
  EXPECT_TRUE(IsNfc("caf\xff", valid));
  EXPECT_FALSE(valid);
  EXPECT_FALSE(IsNfc("e\u0301\xed\xa0\x80", valid));  // and a surrogate's encoding
  EXPECT_FALSE(valid);
}

}  // namespace
}  // namespace planview::wire
