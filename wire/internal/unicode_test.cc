// Grapheme clusters come from ICU's data (the release binaries carry only the items in
// bazel/icu_data_items.txt): these cases need the cluster rules to come out right.
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
