#include "structured/compact_json.h"

#include <string>

#include <gtest/gtest.h>

#include "structured/document_builder.h"
#include "structured/json_parse.h"
#include "structured/json_text.h"

namespace planview::structured {
namespace {

TEST(AppendGoJsonString, EscapesAsGoDoes) {
  std::string out;
  AppendGoJsonString(out, "a\"b\\c\n\t<&>\x01\b\f\xff\u2028\u2029\u00e9");
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\n\\t\\u003c\\u0026\\u003e\\u0001\\b\\f\\ufffd\\u2028\\u2029\u00e9\"");
}

TEST(GoJsonText, ReplacesEachInvalidByteAsGoJsonDoes) {
  std::string scratch;
  const std::string valid = "plain \u00e9\u20ac\U0001F600 \u2028";
  EXPECT_EQ(GoJsonText(valid, scratch).data(), valid.data());  // valid text: itself, not copied
  EXPECT_EQ(GoJsonText("t3.\xc3(all", scratch), "t3.\ufffd(all");
  EXPECT_EQ(GoJsonText("\xe2\x80x\xf0\x9f\x98", scratch), "\ufffd\ufffdx\ufffd\ufffd\ufffd");
  EXPECT_EQ(GoJsonText("\xed\xa0\x80\xc0\xaf\xf8\xff\u00e9", scratch), "\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\u00e9");
  // The same as AppendGoJsonString's text reads back, for every short byte string over
  // bytes that make and break sequences.
  const char bytes[] = {'a', '\x80', '\xbf', '\xc3', '\xe2', '\xed', '\xf0', '\xf4', '\xff'};
  for (int n = 0; n < 9 * 9 * 9 * 9; ++n) {
    std::string text;
    for (int k = n, i = 0; i < 4; ++i, k /= 9) text += bytes[k % 9];
    std::string json;
    AppendGoJsonString(json, text);
    auto parsed = ParseJson(json);
    ASSERT_TRUE(parsed.ok()) << json;
    EXPECT_EQ(GoJsonText(text, scratch), parsed.value()->root().text()) << json;
  }
}

TEST(AppendJsonString, EscapesOnlyWhatJsonRequires) {
  std::string out;
  AppendJsonString(out, "a\"b\\c\n\t<&>\x01\b\f\xff\u2028");
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\n\\t<&>\\u0001\\u0008\\u000c\xff\u2028\"");
}

TEST(AppendUtf8, EncodesAndReplacesWhatIsNoCodePoint) {
  std::string out;
  for (uint32_t cp : {0x41u, 0xE9u, 0x20ACu, 0x1F600u, 0xD800u, 0xDFFFu, 0x110000u}) AppendUtf8(out, cp);
  EXPECT_EQ(out, "A\u00e9\u20ac\U0001F600\ufffd\ufffd\ufffd");
}

TEST(AppendCompactJson, KeepsNumberTextAndMemberOrder) {
  auto parsed = ParseJson(R"({"b":[1,2.50,{}], "a" : {"x":null,"y":[]},"c":"<s>","a":true})");
  ASSERT_TRUE(parsed.ok());
  std::string out;
  AppendCompactJson(out, parsed.value()->root());
  EXPECT_EQ(out, R"({"b":[1,2.50,{}],"a":{"x":null,"y":[]},"c":"\u003cs\u003e","a":true})");
  out.clear();
  AppendCompactJson(out, parsed.value()->root(), {.go_strings = false, .sorted_keys = true});
  EXPECT_EQ(out, R"({"a":true,"b":[1,2.50,{}],"c":"<s>"})");
  out.clear();
  AppendCompactJson(out, Value());
  EXPECT_EQ(out, "null");
}

TEST(AppendCompactJson, QuotesInfinitiesAndRewritesStringsWhenAsked) {
  // The wire decoder's infinities are numbers spelled +Inf and -Inf.
  DocumentBuilder b;
  b.BeginObject();
  b.Key("key secret");
  b.BeginArray();
  b.Number("+Inf");
  b.Number("-Inf");
  b.Number("1.5");
  b.String("a secret <b>");
  b.EndArray();
  b.EndObject();
  std::shared_ptr<const Document> doc = b.Finish();
  std::string out;
  AppendCompactJson(out, doc->root(), {.go_strings = false});
  EXPECT_EQ(out, R"({"key secret":[+Inf,-Inf,1.5,"a secret <b>"]})");
  out.clear();
  CompactJsonStyle style{.go_strings = false, .quote_infinities = true};
  style.rewrite = [](std::string_view text, std::string& scratch) {
    size_t at = text.find("secret");
    if (at == std::string_view::npos) return text;
    scratch = std::string(text.substr(0, at)) + "(masked)" + std::string(text.substr(at + 6));
    return std::string_view(scratch);
  };
  AppendCompactJson(out, doc->root(), style);
  EXPECT_EQ(out, R"j({"key (masked)":["+Inf","-Inf",1.5,"a (masked) <b>"]})j");
}

}  // namespace
}  // namespace planview::structured
