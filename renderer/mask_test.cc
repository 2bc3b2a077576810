#include "renderer/mask.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace planview::renderer {
namespace {

Masks Make(std::vector<std::string> patterns, std::vector<std::string> literals = {}) {
  base::Expected<Masks> masks = Masks::Make(patterns, literals);
  EXPECT_TRUE(masks.ok()) << masks.error().message;
  return masks ? *masks : Masks();
}

std::string Error(std::vector<std::string> patterns) {
  base::Expected<Masks> masks = Masks::Make(patterns, {});
  EXPECT_FALSE(masks.ok());
  return masks ? "" : masks.error().message;
}

TEST(MaskTest, ReplacesEveryMatchWithoutRevealingLength) {
  Masks masks = Make({"s3cr[a-z]+"});
  std::string out;
  ASSERT_TRUE(masks.MaskValue("a s3cret and s3crettttt", out));
  EXPECT_EQ(out, "a (masked) and (masked)");
  // Adjacent matches are one (masked): the count would tell the length.
  ASSERT_TRUE(Make({"ab"}).MaskValue("xababab-ab", out));
  EXPECT_EQ(out, "x(masked)-(masked)");
  EXPECT_FALSE(masks.MaskValue("nothing here", out));
}

TEST(MaskTest, LiteralsAreNotPatterns) {
  Masks masks = Make({}, {"a.b*c", ""});
  std::string out;
  EXPECT_FALSE(masks.MaskValue("axbbc", out));
  ASSERT_TRUE(masks.MaskValue("x a.b*c y", out));
  EXPECT_EQ(out, "x (masked) y");
  EXPECT_TRUE(Make({}, {""}).empty());
}

TEST(MaskTest, BadPatternsAreOneLineErrors) {
  EXPECT_EQ(Error({"ok", "x("}), "--mask: invalid pattern \"x(\": missing ): x(");
  EXPECT_EQ(Error({"a*"}), "--mask: pattern \"a*\" matches the empty string");
  EXPECT_EQ(Error({"a\n("}), "--mask: invalid pattern \"a\\n(\": missing ): a\n(");
}

TEST(MaskTest, EmptyMatchesInContextMaskNothing) {
  std::string out;
  EXPECT_FALSE(Make({"\\bzz*"}).MaskValue("a b", out));
}

TEST(MaskTest, DocumentValuesAreMatchedDecoded) {
  // The secret holds a quote, a backslash and a newline: escaped in the JSON text, found in the value.
  Masks masks = Make({}, {"p\"a\\s\ns"});
  EXPECT_EQ(masks.MaskDocument(R"j({"after":{"x":"1p\"a\\s\ns2","n":5}})j"),
            R"j({"after":{"x":"1(masked)2","n":5}})j");
  // Heredoc-like values: a pattern across lines.
  EXPECT_EQ(Make({"(?s)BEGIN.*END"}).MaskDocument(R"j(["a\nBEGIN\nkey\nEND\nb"])j"), R"j(["a\n(masked)\nb"])j");
}

TEST(MaskTest, KeysInsideValuesOnlyAndStructureKept) {
  Masks masks = Make({"tok|address"});
  // The plan's own keys stay (`address` is structure), values and keys under `after` are masked.
  EXPECT_EQ(masks.MaskDocument(R"j({"address":"x.tok","change":{"after":{"tags":{"tok":"v"}},)j"
                               R"j("after_sensitive":{"tags":{"tok":true}}}})j"),
            R"j({"address":"x.(masked)","change":{"after":{"tags":{"(masked)":"v"}},)j"
            R"j("after_sensitive":{"tags":{"(masked)":true}}}})j");
  // A state's top-level `values` is structure; a resource's `values` is data.
  EXPECT_EQ(masks.MaskDocument(R"j({"values":{"tok":{"values":{"tok":1}}}})j"),
            R"j({"values":{"tok":{"values":{"(masked)":1}}}})j");
}

TEST(MaskTest, ChangesInsideMaskedTextStillShow) {
  Masks masks = Make({"tok-[0-9]+"});
  // Different secrets: the after says it changed; the same secret, or an unmasked change: as usual.
  EXPECT_EQ(masks.MaskDocument(R"j({"change":{"before":{"a":"x tok-1","b":["tok-2"],"c":"tok-3"},)j"
                               R"j("after":{"a":"x tok-9","b":["tok-2"],"c":"y"}}})j"),
            R"j({"change":{"before":{"a":"x (masked)","b":["(masked)"],"c":"(masked)"},)j"
            R"j("after":{"a":"x (masked, changed)","b":["(masked)"],"c":"y"}}})j");
  // Each change object pairs its own before and after.
  EXPECT_EQ(masks.MaskDocument(R"j([{"before":"tok-1","after":"tok-1"},{"before":null,"after":"tok-2"}])j"),
            R"j([{"before":"(masked)","after":"(masked)"},{"before":null,"after":"(masked)"}])j");
}

TEST(MaskTest, JsonInsideStrings) {
  // The secret holds a quote: inside the jsonencode'd string it is escaped twice.
  Masks masks = Make({}, {"pa\"ss"});
  std::string inner = R"j({"k":"pa\"ss"})j";  // the attribute's value
  std::string doc = R"j({"after":{"policy":"{\"k\":\"pa\\\"ss\"}"}})j";
  EXPECT_EQ(masks.MaskDocument(doc), R"j({"after":{"policy":"{\"k\":\"(masked)\"}"}})j");
  std::string out;
  ASSERT_TRUE(masks.MaskValue(inner, out));
  EXPECT_EQ(out, R"j({"k":"(masked)"})j");
  // Keys of JSON held in a value are all data.
  ASSERT_TRUE(Make({"sec"}).MaskValue(R"j({"sec":1})j", out));
  EXPECT_EQ(out, R"j({"(masked)":1})j");
}

TEST(MaskTest, BareTokensBecomeMaskedStrings) {
  EXPECT_EQ(Make({"1234567890"}).MaskDocument(R"j({"after":{"account":123456789012,"n":7}})j"),
            R"j({"after":{"account":"(masked)","n":7}})j");
}

TEST(MaskTest, PlainTextLinesAndBrokenLines) {
  Masks masks = Make({"hunter2"});
  EXPECT_EQ(masks.MaskDocument("Error: token hunter2 rejected\n{\"@message\":\"a hunter2\"}\n"),
            "Error: token (masked) rejected\n{\"@message\":\"a (masked)\"}\n");
  // A line cut inside a string is text: the rest of it is masked as it is, the next line afresh.
  EXPECT_EQ(masks.MaskDocument("{\"@message\":\"hunter2 cut\n{\"@message\":\"hunter2\"}\n"),
            "{\"@message\":\"(masked) cut\n{\"@message\":\"(masked)\"}\n");
  EXPECT_EQ(masks.MaskDocument("{\"a\": hunter2}"), "{\"a\": \"(masked)\"}");
}

TEST(MaskTest, UnchangedDocumentsAreKeptByteForByte) {
  std::string doc = "{ \"a\" : [1, 2.50, \"x\\u0041\"] }\n";
  EXPECT_EQ(Make({"zzz"}).MaskDocument(doc), doc);
  EXPECT_EQ(Masks().MaskDocument(doc), doc);
}

TEST(MaskTest, LongValuesDoNotRecurse) {
  // 20 MB in one string: RE2 matches in linear time with no recursion.
  std::string big(20 << 20, 'a');
  std::string doc = "[\"" + big + "SECRET\"]";
  EXPECT_EQ(Make({"a*SECRET"}).MaskDocument(doc), "[\"(masked)\"]");
}

}  // namespace
}  // namespace planview::renderer
