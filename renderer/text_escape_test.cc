#include "renderer/text_escape.h"

#include <string>

#include "gtest/gtest.h"
#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

// Upstream's TestFilterControlChars cases.
TEST(ReplaceControlChars, MatchesUpstream) {
  EXPECT_EQ(ReplaceControlChars("Hello, world!"), "Hello, world!");
  EXPECT_EQ(ReplaceControlChars("Hello\nworld!"), "Hello\nworld!");
  EXPECT_EQ(ReplaceControlChars("Hello\rworld!"), "Hello\rworld!");
  EXPECT_EQ(ReplaceControlChars("Hello\r\nworld!"), "Hello\r\nworld!");
  EXPECT_EQ(ReplaceControlChars(std::string("Hello world\0", 12)), "Hello world\u2400");
  EXPECT_EQ(ReplaceControlChars("Hello\x7f\x7f\x7f\x7f\x7fGoodbye, world!"), "Hello\u2421\u2421\u2421\u2421\u2421Goodbye, world!");
  EXPECT_EQ(ReplaceControlChars("Hello\x08\x08\x08\x08\x08Goodbye, world!"), "Hello\u2408\u2408\u2408\u2408\u2408Goodbye, world!");
  EXPECT_EQ(ReplaceControlChars("\x1b[1m"), "\u241b[1m");
  EXPECT_EQ(ReplaceControlChars("\x1bM"), "\u241bM");
  std::string all(
      "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b"
      "\x1c\x1d\x1e\x1f \x7f",
      34);
  EXPECT_EQ(ReplaceControlChars(all),
            "\u2400\u2401\u2402\u2403\u2404\u2405\u2406\u2407\u2408\t\n\u240b\u240c\r\u240e\u240f\u2410\u2411\u2412"
            "\u2413\u2414\u2415\u2416\u2417\u2418\u2419\u241a\u241b\u241c\u241d\u241e\u241f \u2421");
}

TEST(EnsureValidAttributeName, QuotesWhatIsNotAnIdentifier) {
  EXPECT_EQ(EnsureValidAttributeName("foo_bar-1"), "foo_bar-1");
  EXPECT_EQ(EnsureValidAttributeName("1foo"), "\"1foo\"");
  EXPECT_EQ(EnsureValidAttributeName("has space"), "\"has space\"");
  EXPECT_EQ(EnsureValidAttributeName("quote\"d"), "\"quote\\\"d\"");
}

TEST(AppendIndentedJson, IndentsLikeGoJsonIndent) {
  auto parsed = structured::ParseJson(R"({"b":[1,2.50,{}],"a":{"x":null,"y":[]},"c":"s"})");
  ASSERT_TRUE(parsed.ok());
  std::string out;
  AppendIndentedJson(out, parsed.value()->root(), "  # ", "  ");
  EXPECT_EQ(out,
            "{\n"
            "  #   \"b\": [\n"
            "  #     1,\n"
            "  #     2.50,\n"
            "  #     {}\n"
            "  #   ],\n"
            "  #   \"a\": {\n"
            "  #     \"x\": null,\n"
            "  #     \"y\": []\n"
            "  #   },\n"
            "  #   \"c\": \"s\"\n"
            "  # }");
}

}  // namespace
}  // namespace planview::renderer
