#include "base/expected.h"

#include <memory>
#include <string>
#include <utility>

#include "gtest/gtest.h"

namespace planview::base {
namespace {

Expected<int> Half(int n) {
  if (n % 2 != 0) return Error("plan.json: odd number at $.count", "plan.json", "$.count");
  return n / 2;
}

TEST(Expected, HoldsTheValueOrTheError) {
  Expected<int> good = Half(8);
  ASSERT_TRUE(good.ok());
  EXPECT_EQ(*good, 4);
  Expected<int> bad = Half(7);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "plan.json: odd number at $.count");
  EXPECT_EQ(bad.error().file, "plan.json");
  EXPECT_EQ(bad.error().path, "$.count");
}

TEST(Expected, MovesOnlyValuesAndOtherErrorTypes) {
  struct Offset {
    size_t at = 0;
  };
  Expected<std::unique_ptr<std::string>, Offset> made = std::make_unique<std::string>("x");
  ASSERT_TRUE(made);
  std::unique_ptr<std::string> taken = std::move(made).value();
  EXPECT_EQ(*taken, "x");
  Expected<std::unique_ptr<std::string>, Offset> failed = Offset{12};
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().at, 12u);
}

TEST(Expected, VoidIsSuccessOrError) {
  Expected<void> fine;
  EXPECT_TRUE(fine.ok());
  Expected<void> failed = Error("-: cannot read standard input", "-");
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().message, "-: cannot read standard input");
}

TEST(ExpectedDeathTest, ReadingTheWrongSideAborts) {
  Expected<int> bad = Half(3);
  EXPECT_DEATH((void)bad.value(), "");
  Expected<int> good = Half(2);
  EXPECT_DEATH((void)good.error(), "");
}

}  // namespace
}  // namespace planview::base
