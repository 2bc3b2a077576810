#include "base/huge_pages.h"

#include <cstdlib>
#include <cstring>

#include <gtest/gtest.h>

namespace planview::base {
namespace {

constexpr uintptr_t kMiB = uintptr_t{1} << 20;

TEST(WholeHugePages, RoundsInward) {
  HugePageSpan span = WholeHugePages(3 * kMiB, 8 * kMiB);  // [3, 11) MiB
  EXPECT_EQ(span.begin, 4 * kMiB);
  EXPECT_EQ(span.end, 10 * kMiB);
}

TEST(WholeHugePages, AlignedBufferKeepsItsEnds) {
  HugePageSpan span = WholeHugePages(4 * kMiB, 4 * kMiB);
  EXPECT_EQ(span.begin, 4 * kMiB);
  EXPECT_EQ(span.end, 8 * kMiB);
}

TEST(WholeHugePages, NoneInsideASmallOrStraddlingBuffer) {
  for (HugePageSpan span : {WholeHugePages(3 * kMiB, 2 * kMiB), WholeHugePages(kMiB, 100), WholeHugePages(0, 0),
                            WholeHugePages(4 * kMiB + 1, 2 * kMiB)}) {
    EXPECT_EQ(span.begin, 0u);
    EXPECT_EQ(span.end, 0u);
  }
}

TEST(AdviseHugePages, LeavesTheBytesAlone) {
  const size_t size = 5 * kMiB;
  char* data = static_cast<char*>(std::malloc(size));
  ASSERT_NE(data, nullptr);
  std::memset(data, 'x', size);
  AdviseHugePages(data, size);
  AdviseHugePages(data + 1, 0);
  EXPECT_EQ(data[0], 'x');
  EXPECT_EQ(data[size - 1], 'x');
  std::free(data);
}

}  // namespace
}  // namespace planview::base
