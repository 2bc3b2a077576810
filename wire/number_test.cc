#include "wire/number.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>

namespace planview::wire {
namespace {

TEST(NumberText, ParsesLikeGoBigFloat) {
  EXPECT_EQ(ParseNumberText("42").value(), "42");
  EXPECT_EQ(ParseNumberText("+5").value(), "5");
  EXPECT_EQ(ParseNumberText(".5").value(), "0.5");
  EXPECT_EQ(ParseNumberText("5.").value(), "5");
  EXPECT_EQ(ParseNumberText("1E3").value(), "1000");
  EXPECT_EQ(ParseNumberText("-0").value(), "-0");
  EXPECT_EQ(ParseNumberText("00012").value(), "12");
  EXPECT_EQ(ParseNumberText("1.500").value(), "1.5");
  EXPECT_EQ(ParseNumberText("Inf").value(), "+Inf");
  EXPECT_EQ(ParseNumberText("-inf").value(), "-Inf");
  EXPECT_EQ(ParseNumberText("1e400").value(), "1" + std::string(400, '0'));
  EXPECT_EQ(ParseNumberText("1e-400").value(), "0." + std::string(399, '0') + "1");
  for (const char* bad : {"", " 1", "0x10", "1_000", "NaN", ".", "1e", "e5", "--1", "1 "}) {
    EXPECT_FALSE(ParseNumberText(bad).has_value()) << bad;
  }
}

TEST(NumberText, LongDecimalsRoundAt512Bits) {
  // 200 digits: more than 512 bits hold, so the text is the shortest that round-trips.
  std::string digits = "1" + std::string(198, '0') + "1";
  std::string parsed = ParseNumberText(digits).value();
  EXPECT_EQ(parsed.size(), 200u);
  EXPECT_EQ(parsed.substr(0, 2), "10");
}

TEST(NumberText, Float64ShortcutsAgreeWithTheGeneralConversion) {
  for (int k = -1074; k <= 1023; ++k) {
    double v = std::ldexp(1.0, k);
    ASSERT_EQ(FormatFloat64(v), FormatFloat64Exactly(v)) << "2^" << k;
    ASSERT_EQ(FormatFloat64(-v), FormatFloat64Exactly(-v)) << "-2^" << k;
  }
  // Doubles from every exponent, with random mantissas.
  uint64_t state = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 20000; ++i) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    uint64_t bits = state & ~(uint64_t{0x7ff} << 52);
    bits |= static_cast<uint64_t>(i % 2047) << 52;  // no infinities or NaNs
    double v;
    std::memcpy(&v, &bits, sizeof v);
    ASSERT_EQ(FormatFloat64(v), FormatFloat64Exactly(v)) << bits;
  }
  // Sixteenths (a shortcut of their own) on both sides of its bounds.
  for (int64_t n = -40000; n <= 40000; ++n) {
    double v = static_cast<double>(n) / 16;
    ASSERT_EQ(FormatFloat64(v), FormatFloat64Exactly(v)) << n << "/16";
  }
  for (double base : {1048576.0, 1048575.0, 524288.0, 999999.0}) {
    for (int n = -40; n <= 40; ++n) {
      for (double v : {base + n / 16.0, -(base + n / 16.0), base + n / 32.0}) {
        ASSERT_EQ(FormatFloat64(v), FormatFloat64Exactly(v)) << v;
      }
    }
  }
  EXPECT_EQ(FormatFloat64(0.5), "0.5");
  EXPECT_EQ(FormatFloat64(-0.0625), "-0.0625");
  EXPECT_EQ(FormatFloat64(1048575.9375), "1048575.9375");
  EXPECT_EQ(FormatFloat64(2.0), "2");
  EXPECT_EQ(FormatFloat64(std::ldexp(1.0, -21)), "0.000000476837158203125");
}

TEST(NumberText, FormatsFloat64LikeCty) {
  EXPECT_EQ(FormatFloat64(0.1), "0.1");
  EXPECT_EQ(FormatFloat64(1.5), "1.5");
  EXPECT_EQ(FormatFloat64(-0.0), "-0");
  EXPECT_EQ(FormatFloat64(1e300), "1" + std::string(300, '0'));
  EXPECT_EQ(FormatFloat64(static_cast<double>(0.1f)), "0.10000000149011612");
  std::string denormal = FormatFloat64(5e-324);
  EXPECT_EQ(denormal, "0." + std::string(323, '0') + "4940656458412465");
}

TEST(NumberEncoding, FollowsGoCty) {
  EXPECT_EQ(ChooseNumberEncoding("1.5", false).kind, NumberEncoding::Kind::kFloat64);
  EXPECT_EQ(ChooseNumberEncoding("0.1", false).kind, NumberEncoding::Kind::kString);
  EXPECT_EQ(ChooseNumberEncoding("0.1", true).kind, NumberEncoding::Kind::kFloat64);
  EXPECT_EQ(ChooseNumberEncoding("9223372036854775807", false).kind, NumberEncoding::Kind::kInt);
  EXPECT_EQ(ChooseNumberEncoding("9223372036854775808", false).kind, NumberEncoding::Kind::kString);
  EXPECT_EQ(ChooseNumberEncoding("-9223372036854775808", false).int_value, INT64_MIN);
  EXPECT_EQ(ChooseNumberEncoding("-0", false).kind, NumberEncoding::Kind::kInt);
}

TEST(NumberCompare, OrdersByValue) {
  EXPECT_LT(CompareNumbers("-1.5", "1"), 0);
  EXPECT_EQ(CompareNumbers("-0", "0"), 0);
  EXPECT_GT(CompareNumbers("10", "9.99"), 0);
  EXPECT_LT(CompareNumbers("-Inf", "-1000"), 0);
  EXPECT_GT(CompareNumbers("0.11", "0.1"), 0);
  EXPECT_EQ(NumberHashText("1.5"), "1.5");
  EXPECT_EQ(NumberHashText("12345678901234"), "1.23456789e+13");
  EXPECT_EQ(NumberHashText("0.00001"), "1e-05");
}

}  // namespace
}  // namespace planview::wire
