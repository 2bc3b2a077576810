// The element hand-over between a decoding thread and its helper (internal/list_split.h):
// each element goes to exactly one of them, in one piece each.
#include "structured/wire/internal/list_split.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <thread>
#include <vector>

namespace planview::structured::wire::internal {
namespace {

TEST(ListSplit, ClaimsSucceedOnlyAheadOfTheDecodingThread) {
  ListSplit s(10);
  EXPECT_EQ(s.split(), 10u);
  for (uint32_t i = 0; i < 5; ++i) EXPECT_TRUE(s.Take(i));
  EXPECT_EQ(s.taken(), 5u);
  EXPECT_FALSE(s.Claim(3));   // taken already
  EXPECT_FALSE(s.Claim(4));
  EXPECT_FALSE(s.Claim(10));  // nothing there
  EXPECT_TRUE(s.Claim(8));    // elements 8 and 9
  EXPECT_FALSE(s.Claim(9));   // not below its last claim
  EXPECT_TRUE(s.Claim(6));    // 6 and 7 as well
  EXPECT_EQ(s.split(), 6u);
  EXPECT_TRUE(s.Take(5));
  EXPECT_FALSE(s.Take(6));  // the helper's
  EXPECT_FALSE(s.Claim(5));
  EXPECT_EQ(s.taken(), 6u);
}

TEST(ListSplit, TheDecodingThreadCanTakeEverything) {
  ListSplit s(3);
  for (uint32_t i = 0; i < 3; ++i) EXPECT_TRUE(s.Take(i));
  EXPECT_FALSE(s.Claim(1));
  EXPECT_FALSE(s.Claim(2));
  EXPECT_EQ(s.split(), 3u);
}

// Two real threads: the front one takes until it is refused, the back one claims runs of
// 7 until it is refused. Every element is taken exactly once, the two shares meet.
TEST(ListSplit, TwoThreadsShareEveryElementExactlyOnce) {
  const uint32_t kCount = 20000;
  for (int round = 0; round < 50; ++round) {
    ListSplit s(kCount);
    std::vector<uint8_t> owner(kCount, 0);
    uint32_t front = 0;
    std::thread back([&] {
      for (uint32_t end = kCount; end > 0;) {
        uint32_t begin = end > 7 ? end - 7 : 0;
        if (begin == 0 || !s.Claim(begin)) break;
        for (uint32_t i = begin; i < end; ++i) owner[i] += 2;
        end = begin;
      }
    });
    while (front < kCount && s.Take(front)) owner[front++] += 1;
    back.join();
    EXPECT_EQ(front, s.split());
    for (uint32_t i = 0; i < kCount; ++i) {
      ASSERT_EQ(owner[i], i < front ? 1 : 2) << "element " << i << ", round " << round;
    }
  }
}

}  // namespace
}  // namespace planview::structured::wire::internal
