// The portable double conversions (what the WebAssembly build uses) give exactly what
// the standard library's to_chars/from_chars give, on random and edge values.
#include "wire/internal/charconv_double.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>

namespace planview::wire::internal {
namespace {

std::string StdScientific(double v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  return std::string(buf, res.ptr);
}

std::string PortableScientific(double v) {
  char buf[64];
  auto res = PortableShortestScientific(buf, buf + sizeof buf, v);
  EXPECT_EQ(res.ec, std::errc());
  return std::string(buf, res.ptr);
}

// Normal and not a power of two: what the callers give it.
bool Eligible(double v) {
  uint64_t bits = std::bit_cast<uint64_t>(v);
  int biased = static_cast<int>((bits >> 52) & 0x7ff);
  return biased != 0 && biased != 0x7ff && (bits & ((uint64_t{1} << 52) - 1)) != 0;
}

TEST(CharconvDoubleTest, ShortestScientificAsToChars) {
  for (double v : {0.1, 0.3, 1.5, 123.456, 1e21 + 4096, 2.2250738585072014e-308 * 3, 1.7976931348623157e308,
                   9007199254740994.0, 5e-300, 0.000123, 299792458.5, 1.0000000000000002}) {
    ASSERT_TRUE(Eligible(v)) << v;
    EXPECT_EQ(PortableScientific(v), StdScientific(v));
  }
  std::mt19937_64 rng(41);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int checked = 0;
  for (int i = 0; i < 200000; ++i) {
    // Random bit patterns (every exponent), and short decimals (ties of the digit count).
    double v = i % 2 == 0 ? std::bit_cast<double>(rng() & ~(uint64_t{1} << 63))
                          : static_cast<double>(rng() % 100000) / static_cast<double>(1 + rng() % 1000);
    if (!Eligible(v)) continue;
    ++checked;
    ASSERT_EQ(PortableScientific(v), StdScientific(v)) << "bits " << std::bit_cast<uint64_t>(v);
  }
  EXPECT_GT(checked, 190000);
  char small[4];
  EXPECT_EQ(PortableShortestScientific(small, small + sizeof small, 0.1).ec, std::errc::value_too_large);
}

TEST(CharconvDoubleTest, ParseDoubleAsFromChars) {
  for (std::string_view text : {"0", "0.1", "-2.5", "1e21", "123456789012345678901234567890", "4.9e-324", "2e-324",
                                "1e-400", "1e400", "-1e400", "1.7976931348623157e308", "1.7976931348623159e308",
                                "2.2250738585072011e-308", "0.30000000000000004", "9007199254740993"}) {
    double want = -7, got = -7;
    auto w = std::from_chars(text.data(), text.data() + text.size(), want);
    auto g = PortableParseDouble(text.data(), text.data() + text.size(), got);
    EXPECT_EQ(g.ec, w.ec) << text;
    EXPECT_EQ(g.ptr, w.ptr) << text;
    EXPECT_EQ(std::bit_cast<uint64_t>(got), std::bit_cast<uint64_t>(want)) << text;
  }
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100000; ++i) {
    std::string text = std::to_string(rng() % 1000000000) + "." + std::to_string(rng()) + "e" +
                       std::to_string(static_cast<int>(rng() % 640) - 320);
    double want = 0, got = 0;
    auto w = std::from_chars(text.data(), text.data() + text.size(), want);
    auto g = PortableParseDouble(text.data(), text.data() + text.size(), got);
    ASSERT_EQ(g.ec, w.ec) << text;
    ASSERT_EQ(std::bit_cast<uint64_t>(got), std::bit_cast<uint64_t>(want)) << text;
  }
}

}  // namespace
}  // namespace planview::wire::internal
