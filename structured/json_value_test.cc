#include "structured/json_value.h"

#include <string>

#include <gtest/gtest.h>

#include "structured/json_parse.h"

namespace planview::structured {
namespace {

std::shared_ptr<const Document> MustParse(std::string_view json) {
  ParseResult r = ParseJson(std::string(json));
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->ToString("test") : "");
  return r.document;
}

ParseError MustFail(std::string json, ParseOptions options = {}) {
  ParseResult r = ParseJson(std::move(json), options);
  EXPECT_FALSE(r.ok());
  return r.error.value_or(ParseError{});
}

TEST(JsonValue, NumbersKeepTheirExactText) {
  auto doc = MustParse(R"([1.50, 123456789012345678901234567890, 1e3, -0, 0.1, -2.5E-7, 10])");
  Value root = doc->root();
  ASSERT_EQ(root.size(), 7u);
  EXPECT_EQ(root.at(0).text(), "1.50");
  EXPECT_EQ(root.at(1).text(), "123456789012345678901234567890");
  EXPECT_EQ(root.at(2).text(), "1e3");
  EXPECT_EQ(root.at(3).text(), "-0");
  EXPECT_EQ(root.at(4).text(), "0.1");
  EXPECT_EQ(root.at(5).text(), "-2.5E-7");
  EXPECT_EQ(root.at(6).text(), "10");
  EXPECT_TRUE(root.at(0).is_number());
}

TEST(JsonValue, TopLevelScalars) {
  EXPECT_EQ(MustParse("  42 ")->root().text(), "42");
  EXPECT_EQ(MustParse("\"a\\nb\"")->root().text(), "a\nb");
  EXPECT_TRUE(MustParse("true")->root().is_true());
  EXPECT_TRUE(MustParse("null")->root().is_null());
  EXPECT_FALSE(MustParse("null")->root().absent());
}

TEST(JsonValue, ObjectsKeepOrderAndSortOnRequest) {
  auto doc = MustParse(R"({"b": 1, "a": "x", "c": [true, false, null]})");
  Value root = doc->root();
  ASSERT_TRUE(root.is_object());
  ASSERT_EQ(root.size(), 3u);
  EXPECT_EQ(root.member(0).key, "b");
  EXPECT_EQ(root.member(1).key, "a");
  EXPECT_EQ(root.member(2).key, "c");
  std::vector<uint32_t> sorted = root.SortedMemberIndices();
  ASSERT_EQ(sorted.size(), 3u);
  EXPECT_EQ(root.member(sorted[0]).key, "a");
  EXPECT_EQ(root.member(sorted[2]).key, "c");
  EXPECT_EQ(root.find("a").text(), "x");
  EXPECT_TRUE(root.find("missing").absent());
  EXPECT_TRUE(root.find("missing").is_null());
  Value c = root.find("c");
  EXPECT_TRUE(c.at(0).is_true());
  EXPECT_FALSE(c.at(1).as_bool());
  EXPECT_TRUE(c.at(1).is_bool());
  EXPECT_TRUE(c.at(2).is_null());
  EXPECT_TRUE(c.at(3).absent());
}

TEST(JsonValue, LargeObjectsUseTheSortedIndex) {
  std::string json = "{";
  for (int i = 99; i >= 0; --i) {
    json += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + (i ? "," : "");
  }
  json += R"(, "nested": {"z": {)";
  for (int i = 0; i < 40; ++i) json += "\"n" + std::to_string(i) + "\": " + std::to_string(i) + (i < 39 ? "," : "");
  json += "}}}";
  auto doc = MustParse(json);
  Value root = doc->root();
  ASSERT_EQ(root.size(), 101u);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(root.find("k" + std::to_string(i)).text(), std::to_string(i));
  EXPECT_TRUE(root.find("k100").absent());
  Value z = root.find("nested").find("z");
  for (int i = 0; i < 40; ++i) EXPECT_EQ(z.find("n" + std::to_string(i)).text(), std::to_string(i));
  std::vector<uint32_t> sorted = root.SortedMemberIndices();
  for (size_t i = 1; i < sorted.size(); ++i) {
    EXPECT_LT(root.member(sorted[i - 1]).key, root.member(sorted[i]).key);
  }
}

TEST(JsonValue, DuplicateKeysLastOneWins) {
  auto doc = MustParse(R"({"a": 1, "b": 2, "a": 3})");
  EXPECT_EQ(doc->root().find("a").text(), "3");
  EXPECT_EQ(doc->root().SortedMemberIndices().size(), 2u);
}

TEST(JsonValue, EscapesAndUnicode) {
  auto doc = MustParse(R"({"k\"ey": "\u00e9\ud83d\ude00\t\/", "plain": "héllo", "bad": "\ud800x"})");
  Value root = doc->root();
  EXPECT_EQ(root.member(0).key, "k\"ey");
  EXPECT_EQ(root.find("k\"ey").text(), "\xc3\xa9\xf0\x9f\x98\x80\t/");
  EXPECT_EQ(root.find("plain").text(), "héllo");
  EXPECT_EQ(root.find("bad").text(), "\xef\xbf\xbdx");  // lone surrogate -> U+FFFD, like Go
}

TEST(JsonValue, EqualsComparesNumberTextAndIgnoresKeyOrder) {
  auto a = MustParse(R"({"x": [1, "s", {"p": null, "q": true}], "y": 1.0})");
  auto b = MustParse(R"({"y": 1.0, "x": [1, "s", {"q": true, "p": null}]})");
  auto c = MustParse(R"({"y": 1, "x": [1, "s", {"q": true, "p": null}]})");
  EXPECT_TRUE(a->root().Equals(b->root()));
  EXPECT_FALSE(a->root().Equals(c->root()));
  EXPECT_TRUE(Value().Equals(Value()));
}

TEST(JsonValue, BuilderMakesTheSameShape) {
  DocumentBuilder b;
  b.BeginObject();
  b.Key("n");
  b.Number("1.50");
  b.Key("list");
  b.BeginArray();
  b.String("a");
  b.Bool(false);
  b.Null();
  b.EndArray();
  b.EndObject();
  auto built = b.Finish();
  auto parsed = MustParse(R"({"n": 1.50, "list": ["a", false, null]})");
  EXPECT_TRUE(built->root().Equals(parsed->root()));
  EXPECT_EQ(built->root().find("n").text(), "1.50");
}

TEST(JsonParse, SkipsTopLevelKeys) {
  ParseOptions options;
  options.skip_top_level_keys = {"planned_values"};
  ParseResult r = ParseJson(R"({"a": 1, "planned_values": {"x": [1,2,3]}, "b": 2})", options);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.document->root().size(), 2u);
  EXPECT_TRUE(r.document->root().find("planned_values").absent());
  EXPECT_EQ(r.document->root().find("b").text(), "2");
}

TEST(JsonParse, TruncatedDocumentNamesThePath) {
  ParseError e = MustFail("{\n  \"resource_changes\": [\n    {\"change\": {\"after\": [1, 2");
  EXPECT_NE(e.message.find("end of input"), std::string::npos) << e.message;
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.path, "$.resource_changes[0].change.after[1]");
}

TEST(JsonParse, TruncatedStringInsideObject) {
  ParseError e = MustFail(R"({"a": {"b": "unterminated)");
  EXPECT_FALSE(e.message.empty());
  EXPECT_EQ(e.path.rfind("$.a", 0), 0u) << e.path;
}

TEST(JsonParse, ErrorsReadAsOneLine) {
  ParseError e = MustFail("{\"a\": [1, 2,, 3]}");
  std::string line = e.ToString("plan.json");
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_EQ(line.rfind("plan.json:1:", 0), 0u) << line;
  EXPECT_NE(line.find("$.a"), std::string::npos) << line;
}

TEST(JsonParse, EmptyAndBlankInput) {
  EXPECT_EQ(MustFail("").message, "empty input: no JSON value");
  EXPECT_EQ(MustFail("  \n ").message, "no JSON value (only white space)");
}

TEST(JsonParse, InvalidUtf8GivesTheOffset) {
  ParseError e = MustFail("{\"a\": \"ok\", \"b\": \"\xff\xfe\"}");
  EXPECT_EQ(e.message, "invalid UTF-8");
  EXPECT_EQ(e.offset, 18u);
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 19u);
}

TEST(JsonParse, WrongLiteralsAndNumbers) {
  EXPECT_NE(MustFail("[tru]").message.find("literal"), std::string::npos);
  EXPECT_NE(MustFail("[01]").message.find("number"), std::string::npos);
  EXPECT_NE(MustFail("[1.]").message.find("number"), std::string::npos);
  EXPECT_NE(MustFail("[\"a\\q\"]").message.find("escape"), std::string::npos);
  EXPECT_NE(MustFail("[\"a\tb\"]").message.find("control"), std::string::npos);
  EXPECT_NE(MustFail("{\"a\": 1} x").message.find("after"), std::string::npos);
  // A huge exponent is valid JSON: the text is kept, never converted.
  EXPECT_EQ(MustParse("[1e999999]")->root().at(0).text(), "1e999999");
}

TEST(JsonParse, DeepNestingIsAnErrorNotACrash) {
  for (size_t depth : {600u, 100000u}) {
    std::string json(depth, '[');
    json += std::string(depth, ']');
    ParseError e = MustFail(json);
    EXPECT_EQ(e.message, "nesting deeper than 512 levels") << depth;
  }
  std::string objects;
  for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
  objects += "1";
  objects += std::string(100000, '}');
  EXPECT_EQ(MustFail(objects).message, "nesting deeper than 512 levels");
  // Within the limit it parses.
  std::string ok(500, '[');
  ok += std::string(500, ']');
  EXPECT_TRUE(MustParse(ok)->root().is_array());
}

TEST(JsonParse, TruncatedAtEveryOffsetNeverCrashes) {
  std::string full =
      R"({"format_version":"1.2","resource_changes":[{"address":"a.b","change":{"actions":["update"],)"
      R"("before":{"n":1.50,"s":"x\"y","l":[true,null,{"k":[]}]},"after_unknown":{}}}]})";
  ASSERT_TRUE(MustParse(full)->root().is_object());
  for (size_t n = 0; n < full.size(); ++n) {
    ParseResult r = ParseJson(full.substr(0, n));
    EXPECT_FALSE(r.ok()) << n;
    ASSERT_TRUE(r.error.has_value()) << n;
    EXPECT_FALSE(r.error->message.empty()) << n;
    EXPECT_LE(r.error->offset, n) << n;
  }
}

}  // namespace
}  // namespace planview::structured
