#include "structured/json_value.h"

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "structured/document_builder.h"
#include "structured/json_diagnose.h"
#include "structured/json_parse.h"
#include "structured/json_text.h"

namespace planview::structured {
namespace {

std::shared_ptr<const Document> MustParse(std::string_view json) {
  ParseResult r = ParseJson(std::string(json));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().ToString("test"));
  return r.value();
}

ParseError MustFail(std::string json, ParseOptions options = {}) {
  ParseResult r = ParseJson(std::move(json), options);
  EXPECT_FALSE(r.ok());
  return r.ok() ? ParseError{} : r.error();
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

TEST(JsonValue, SameNodeIsOneNodeOfOneDocument) {
  auto doc = MustParse(R"({"a": [1], "b": [1]})");
  auto twin = MustParse(R"({"a": [1], "b": [1]})");
  Value a = doc->root().find("a");
  EXPECT_TRUE(a.IsSameNode(doc->root().find("a")));
  EXPECT_FALSE(a.IsSameNode(doc->root().find("b")));  // equal, another node
  EXPECT_FALSE(a.IsSameNode(twin->root().find("a")));  // another document
  EXPECT_FALSE(Value().IsSameNode(Value()));           // absent is no node
  EXPECT_FALSE(a.IsSameNode(Value()));
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

TEST(JsonValue, LargeObjectsAlreadyInKeyOrder) {
  // Go writes maps sorted; duplicates next to each other keep the last one.
  std::string json = "{";
  for (int i = 10; i < 40; ++i) json += "\"k" + std::to_string(i) + "\": " + std::to_string(i) + ",";
  json += R"("k39": "again", "k4": 4, "k5": 5})";
  auto doc = MustParse(json);
  Value root = doc->root();
  ASSERT_EQ(root.size(), 33u);
  for (int i = 10; i < 39; ++i) EXPECT_EQ(root.find("k" + std::to_string(i)).text(), std::to_string(i));
  EXPECT_EQ(root.find("k39").text(), "again");
  EXPECT_EQ(root.find("k5").text(), "5");
  EXPECT_TRUE(root.find("k1").absent());
  EXPECT_TRUE(root.find("k6").absent());
  EXPECT_TRUE(root.find("").absent());
  std::vector<uint32_t> sorted = root.SortedMemberIndices();
  ASSERT_EQ(sorted.size(), 32u);
  EXPECT_EQ(sorted[29], 30u);  // the second k39
  EXPECT_EQ(root.member(sorted.back()).key, "k5");
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
  EXPECT_EQ(r.value()->root().size(), 2u);
  EXPECT_TRUE(r.value()->root().find("planned_values").absent());
  EXPECT_EQ(r.value()->root().find("b").text(), "2");
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
  // A huge limit: the text bounds the nesting.
  ParseOptions deep;
  deep.max_depth = size_t{1} << 40;
  EXPECT_FALSE(ParseJson(std::string(70000, '['), deep).ok());
  EXPECT_TRUE(ParseJson(std::string(3000, '[') + std::string(3000, ']'), deep).ok());
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
    ASSERT_FALSE(r.ok()) << n;
    EXPECT_FALSE(r.error().message.empty()) << n;
    EXPECT_LE(r.error().offset, n) << n;
  }
}

TEST(JsonParse, EscapedStringsAreUnescapedLikeGo) {
  // Each raw string content, as written in JSON, parsed as a value, a key and inside a
  // large object, must read back as UnescapeString gives it.
  std::vector<std::string> raws = {
      R"(plain)", R"(a\"b)", R"(\\)", R"(\/\b\f\n\r\t)", R"(\u0000x)", R"(\u00e9\u00E9)", R"(\u20ac)",
      R"(\ud83d\ude00)", R"(\ud800)", R"(\udc00z)", R"(\ud800\u0041)", R"(\ud800\ud800\udc00)", R"(x\ud83d)",
      R"({\"Statement\":[{\"Effect\":\"Allow\",\"Resource\":\"arn:aws:s3:::b/*\"}]})",
      R"(#!/bin/bash\necho \"hi\" \u003e /tmp/x \u0026\u0026 exit 0\n)", R"(\u0022)", R"(\"\"\")"};
  std::string json = "{\"values\": [";
  for (size_t i = 0; i < raws.size(); ++i) json += (i ? ", \"" : "\"") + raws[i] + "\"";
  json += "], \"keys\": {";
  for (size_t i = 0; i < raws.size(); ++i) json += (i ? ", \"" : "\"") + raws[i] + "\": " + std::to_string(i);
  json += "}}";
  auto doc = MustParse(json);
  Value values = doc->root().find("values");
  Value keys = doc->root().find("keys");
  ASSERT_EQ(values.size(), raws.size());
  ASSERT_EQ(keys.size(), raws.size());
  for (size_t i = 0; i < raws.size(); ++i) {
    std::string want = UnescapeString(raws[i]);
    EXPECT_EQ(values.at(i).text(), want) << raws[i];
    EXPECT_EQ(keys.member(i).key, want) << raws[i];
    EXPECT_EQ(keys.find(want).text(), std::to_string(i)) << raws[i];
  }
  // Same keys in an object large enough for the sorted index.
  std::vector<uint32_t> sorted = keys.SortedMemberIndices();
  ASSERT_EQ(sorted.size(), raws.size());
  for (size_t i = 1; i < sorted.size(); ++i) EXPECT_LT(keys.member(sorted[i - 1]).key, keys.member(sorted[i]).key);
}

TEST(JsonValue, KeysThatLookLikeOtherKeys) {
  // A source key ends at its closing quote: lookups must not match across it.
  auto doc = MustParse(R"({"a":"b","a\"":1,"ab":2,"":3})");
  Value root = doc->root();
  EXPECT_EQ(root.find("a").text(), "b");
  EXPECT_EQ(root.find("a\"").text(), "1");
  EXPECT_EQ(root.find("ab").text(), "2");
  EXPECT_EQ(root.find("").text(), "3");
  EXPECT_TRUE(root.find("a\":\"b").absent());
  EXPECT_TRUE(root.find("a\":").absent());
  EXPECT_EQ(root.member(3).key, "");
}

TEST(JsonValue, BuilderKeysFromAnyKindOfSource) {
  // A binary source: keys are not followed by '"' (copied), or have one inside.
  std::string source = "keyXvalue\"k\"y\"tail";
  DocumentBuilder b(source, nullptr);
  b.BeginObject();
  b.SourceKey(0, 3);  // "key", followed by 'X'
  b.SourceString(4, 5);
  b.SourceKey(10, 3);  // k"y: has a quote inside
  b.Null();
  b.SourceKey(10, 1);  // "k", followed by '"': stays in place
  b.Bool(true);
  b.Key("built");
  b.Number("7");
  b.EndObject();
  auto doc = b.Finish();
  Value root = doc->root();
  ASSERT_EQ(root.size(), 4u);
  EXPECT_EQ(root.member(0).key, "key");
  EXPECT_EQ(root.find("key").text(), "value");
  EXPECT_EQ(root.member(1).key, "k\"y");
  EXPECT_TRUE(root.find("k\"y").is_null());
  EXPECT_FALSE(root.find("k\"y").absent());
  EXPECT_EQ(root.member(2).key, "k");
  EXPECT_TRUE(root.find("k").is_true());
  EXPECT_EQ(root.find("built").text(), "7");
}

TEST(JsonValue, IndicesAreUniquePerValue) {
  auto doc = MustParse(R"({"a":[1,{"b":[]},"x"],"c":{},"d":null})");
  std::vector<uint32_t> seen;
  std::function<void(Value)> walk = [&](Value v) {
    seen.push_back(v.index());
    for (size_t i = 0; i < v.size(); ++i) walk(v.is_array() ? v.at(i) : v.member(i).value);
  };
  walk(doc->root());
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end());
  EXPECT_EQ(seen.size(), 8u);
}

TEST(JsonParse, WhiteSpaceDoesNotMatter) {
  auto compact = MustParse(R"({"a":[1,true,{"b":"c"}],"d":{}})");
  auto spaced = MustParse(" \n{ \"a\" :\t[ 1 ,\r\n true , { \"b\" : \"c\" } ] ,\n  \"d\" : { } }\n ");
  EXPECT_TRUE(compact->root().Equals(spaced->root()));
}

TEST(JsonParse, SkippedKeysAreStillChecked) {
  ParseOptions options;
  options.skip_top_level_keys = {"planned_values"};
  EXPECT_FALSE(ParseJson(R"({"a": 1, "planned_values": {"x": [1,2,}, "b": 2})", options).ok());
  ParseResult r = ParseJson(R"({"planned\u005fvalues": 1, "planned_values": [[{"a":"\n"}]], "b": [2]})", options);
  ASSERT_TRUE(r.ok());
  // An escaped key is never skipped.
  EXPECT_EQ(r.value()->root().size(), 2u);
  EXPECT_EQ(r.value()->root().find("planned_values").text(), "1");
  EXPECT_EQ(r.value()->root().find("b").at(0).text(), "2");
}

TEST(JsonValue, MemoryIsTheTextTheEscapedStringsAndTwelveBytesPerMember) {
  std::string json = "[";
  for (int i = 0; i < 2000; ++i) {
    json += (i ? "," : "") + std::string(R"({"address":"aws_instance.web_)") + std::to_string(i) +
            R"(","tags":{"Name":"web","Team":"platform"},"count":3,"enabled":true,"note":"line\none"})";
  }
  json += "]";
  size_t size = json.size();
  auto doc = MustParse(json);
  // 2000 elements x (8 + 5 members x 12 + 2 tag members x 12) + root, and each "note"
  // unescaped (8 bytes) into the document: the text itself is never written.
  EXPECT_EQ(doc->MemoryUsage(), size + 2000 * 8 + 4 * (2000 * (2 + 5 * 3 + 2 * 3) + 2));
  EXPECT_EQ(doc->root().at(1999).find("note").text(), "line\none");
}

TEST(JsonParse, AgreesWithTheDiagnoserOnBrokenInput) {
  // Whatever the fast parser accepts the exact checker accepts, and the other way round.
  std::string base =
      R"({"a": [1, -2.5e+3, 0, true, false, null, "s\"\u00e9\ud83d\ude00"], "b": {"c": {}, "d": []},)"
      R"( "e": "x\\y", "f": 10.25E-2})";
  ASSERT_TRUE(MustParse(base)->root().is_object());
  const std::string inserts[] = {",", "]", "}", "\"", "\\", ":", "1", "-", "e", ".", " ", "\x01", "t", "[", "{"};
  size_t checked = 0;
  for (size_t i = 0; i <= base.size(); ++i) {
    std::vector<std::string> variants;
    if (i < base.size()) variants.push_back(base.substr(0, i) + base.substr(i + 1));
    for (const std::string& ins : inserts) {
      variants.push_back(base.substr(0, i) + ins + base.substr(i));
      if (i < base.size()) variants.push_back(base.substr(0, i) + ins + base.substr(i + 1));
    }
    for (const std::string& v : variants) {
      bool parsed = ParseJson(v).ok();
      bool valid = !internal::DiagnoseJson(v, 512).has_value();
      EXPECT_EQ(parsed, valid) << v;
      ++checked;
    }
  }
  EXPECT_GT(checked, 3500u);
}


TEST(DocumentBuilder, WritesContainersInPlace) {
  // {"a00": 0, ..., "a16": 16, "list": [7, "src", "own", null, true, {}], "n": 7} written slot
  // by slot equals the same document parsed.
  std::string source = "src";
  DocumentBuilder b(source, nullptr);
  uint32_t root = b.ReserveValue();
  const size_t kMembers = 19;
  uint32_t first = b.ReserveObject(kMembers);
  b.PutObject(root, first, kMembers);
  for (uint32_t i = 0; i < 17; ++i) {
    char key[4] = {'a', static_cast<char>('0' + i / 10), static_cast<char>('0' + i % 10), 0};
    b.PutKey(first + 3 * i, b.StoreKey(key));
    b.PutInteger(first + 3 * i + 1, i);
  }
  b.PutKey(first + 3 * 17, b.StoreKey("list"));
  uint32_t elements = b.ReserveArray(6);
  b.PutArray(first + 3 * 17 + 1, elements, 6);
  b.PutInteger(elements, 7);
  b.PutSourceString(elements + 2, 0, 3);
  b.PutString(elements + 4, "own");
  b.PutNull(elements + 6);
  b.PutBool(elements + 8, true);
  b.PutObject(elements + 10, b.ReserveObject(0), 0);
  b.PutKey(first + 3 * 18, b.StoreKey("n"));
  b.PutInteger(first + 3 * 18 + 1, 7);  // the same text as the list's 7
  std::shared_ptr<const Document> doc = b.FinishAt(root);

  auto want = MustParse(R"({"a00":0,"a01":1,"a02":2,"a03":3,"a04":4,"a05":5,"a06":6,"a07":7,"a08":8,"a09":9,
      "a10":10,"a11":11,"a12":12,"a13":13,"a14":14,"a15":15,"a16":16,"list":[7,"src","own",null,true,{}],"n":7})");
  EXPECT_TRUE(doc->root().Equals(want->root()));
  // A large object in key order: found by binary search, sorted without sorting.
  EXPECT_EQ(doc->root().find("a16").text(), "16");
  EXPECT_EQ(doc->root().find("n").text(), "7");
  EXPECT_TRUE(doc->root().find("a17").absent());
  std::vector<uint32_t> order = doc->root().SortedMemberIndices();
  ASSERT_EQ(order.size(), kMembers);
  for (uint32_t i = 0; i < kMembers; ++i) EXPECT_EQ(order[i], i);
  EXPECT_EQ(doc->root().find("list").at(1).text().data(), source.data());  // not copied
  EXPECT_EQ(doc->root().find("list").at(0).text().data(), doc->root().find("n").text().data());
}

TEST(DocumentBuilder, GraftMovesAPartWrittenOnItsOwn) {
  // ["src", {"big": {a00..a16}, "k": [1.5, "own"]}, <"partly", {"k": ["src", 2]}, [], {b00..b16}>, 4]
  // The whole writes elements 0, 1 and 6; a part writes elements 2 to 5, with arena text
  // of its own (keys, numbers, strings) and nested containers, in the last four of its
  // six slots.
  std::string source = "src";
  DocumentBuilder b(source, nullptr);
  uint32_t root = b.ReserveValue();
  uint32_t first = b.ReserveArray(7);
  b.PutArray(root, first, 7);
  b.PutSourceString(first, 0, 3);
  uint32_t members = b.ReserveObject(2);
  b.PutObject(first + 2, members, 2);
  b.PutKey(members, b.StoreKey("big"));
  uint32_t big = b.ReserveObject(17);
  b.PutObject(members + 1, big, 17);
  for (uint32_t i = 0; i < 17; ++i) {
    char key[4] = {'a', static_cast<char>('0' + i / 10), static_cast<char>('0' + i % 10), 0};
    b.PutKey(big + 3 * i, b.StoreKey(key));
    b.PutInteger(big + 3 * i + 1, i);
  }
  b.PutKey(members + 3, b.StoreKey("k"));
  uint32_t pair = b.ReserveArray(2);
  b.PutArray(members + 4, pair, 2);
  b.PutNumber(pair, "1.5");
  b.PutString(pair + 2, "own");

  DocumentBuilder part(source, nullptr);
  uint32_t slots = part.ReserveArray(6);
  ASSERT_EQ(slots, 0u);
  slots += 4;  // the first two stay unused
  part.PutString(slots, "partly");
  uint32_t object = part.ReserveObject(1);
  part.PutObject(slots + 2, object, 1);
  part.PutKey(object, part.StoreKey("k"));
  uint32_t inner = part.ReserveArray(2);
  part.PutArray(object + 1, inner, 2);
  part.PutSourceString(inner, 0, 3);
  part.PutInteger(inner + 2, 2);
  part.PutArray(slots + 4, part.ReserveArray(0), 0);
  uint32_t other = part.ReserveObject(17);
  part.PutObject(slots + 6, other, 17);
  for (uint32_t i = 0; i < 17; ++i) {
    char key[4] = {'b', static_cast<char>('0' + i / 10), static_cast<char>('0' + i % 10), 0};
    part.PutKey(other + 3 * i, part.StoreKey(key));
    part.PutInteger(other + 3 * i + 1, 100 + i);
  }

  DocumentBuilder::Grafted g = b.Graft(part, 6, 2, 4, first + 4);
  b.PutInteger(first + 12, 4);
  std::shared_ptr<const Document> doc = b.FinishAt(root);

  auto want = MustParse(R"(["src", {"big": {"a00":0,"a01":1,"a02":2,"a03":3,"a04":4,"a05":5,"a06":6,"a07":7,
      "a08":8,"a09":9,"a10":10,"a11":11,"a12":12,"a13":13,"a14":14,"a15":15,"a16":16}, "k": [1.5, "own"]},
      "partly", {"k": ["src", 2]}, [], {"b00":100,"b01":101,"b02":102,"b03":103,"b04":104,"b05":105,"b06":106,
      "b07":107,"b08":108,"b09":109,"b10":110,"b11":111,"b12":112,"b13":113,"b14":114,"b15":115,"b16":116}, 4])");
  Value r = doc->root();
  EXPECT_TRUE(r.Equals(want->root()));
  EXPECT_EQ(r.at(3).index(), g.Index(slots + 2));
  EXPECT_EQ(r.at(3).find("k").at(1).index(), g.Index(inner + 2));
  EXPECT_EQ(r.at(3).find("k").at(0).text().data(), source.data());  // still in the source
  EXPECT_EQ(r.at(1).find("big").find("a16").text(), "16");
  EXPECT_EQ(r.at(5).find("b16").text(), "116");  // found through the moved key index
  EXPECT_EQ(part.ReserveValue(), 0u);  // the part is empty again

  DocumentBuilder empty(source, nullptr);
  constexpr const char* kGraftMisuse = "^DocumentBuilder::Graft needs a part written in place over the same source\n$";
  EXPECT_DEATH(b.Graft(empty, 1, 0, 1, 0), kGraftMisuse);  // no slots to move
  DocumentBuilder another("another source", nullptr);
  EXPECT_DEATH(b.Graft(another, 0, 0, 0, 0), kGraftMisuse);  // not the same source
}

TEST(DocumentBuilder, RewindUndoesAValueWrittenHalfway) {
  DocumentBuilder b("src", nullptr);
  uint32_t root = b.ReserveValue();
  uint32_t first = b.ReserveArray(2);
  b.PutArray(root, first, 2);
  b.PutInteger(first, 7);
  DocumentBuilder::Size before = b.size();
  // The second element, an object, fails after one member.
  uint32_t members = b.ReserveObject(2);
  b.PutKey(members, b.StoreKey("a"));
  b.PutInteger(members + 1, 8);
  EXPECT_GT(b.size().words, before.words);
  EXPECT_GT(b.size().text, before.text);
  b.Rewind(before);
  EXPECT_EQ(b.size().words, before.words);
  EXPECT_EQ(b.size().text, before.text);
  // Written again as 8, whose text the rewind took away: stored anew, not found in a
  // stale cache entry.
  b.PutInteger(first + 2, 8);
  std::shared_ptr<const Document> doc = b.FinishAt(root);
  EXPECT_TRUE(doc->root().Equals(MustParse("[7, 8]")->root()));
  EXPECT_EQ(doc->root().at(1).text(), "8");
  EXPECT_DEATH(b.Rewind(DocumentBuilder::Size{100, 0}),
               "^DocumentBuilder::Rewind needs a builder writing in place, and a size it had\n$");
}

TEST(DocumentBuilder, IntegersHaveTheirDecimalText) {
  DocumentBuilder b;
  b.BeginArray();
  const int64_t values[] = {0, -1, 9, 10, 1023, 1024, -9223372036854775807 - 1, 9223372036854775807, 10};
  for (int64_t v : values) b.Integer(v);
  b.EndArray();
  auto doc = b.Finish();
  auto want = MustParse("[0,-1,9,10,1023,1024,-9223372036854775808,9223372036854775807,10]");
  EXPECT_TRUE(doc->root().Equals(want->root()));
}


// KeysIncrease compares keys in place (up to their closing quote) for keys that are in the
// source text, and by their text otherwise: both must agree with plain string order.
TEST(Value, KeysIncreaseMatchesPlainStringOrder) {
  std::mt19937 rng(5);
  // Spaces and '!' sort below '"'; escaped keys live outside the source text.
  const std::vector<std::string> alphabet = {"a", "a b", "a!", "ab", "abc", "b", "b\\u0020", "b\\\"q", "",
                                             "k1", "k10", "\\u00e9", "zz"};
  for (int round = 0; round < 3000; ++round) {
    std::string text = "{";
    size_t n = rng() % 6;
    for (size_t i = 0; i < n; ++i) {
      if (i > 0) text += ",";
      text += "\"" + alphabet[rng() % alphabet.size()] + "\":" + std::to_string(i);
    }
    text += "}";
    ParseResult parsed = ParseJson(text);
    ASSERT_TRUE(parsed.ok()) << text;
    Value object = parsed.value()->root();
    bool increasing = true;
    for (size_t i = 1; i < object.size(); ++i) {
      increasing = increasing && object.member(i - 1).key < object.member(i).key;
    }
    ASSERT_EQ(object.KeysIncrease(), increasing) << text;
  }
  EXPECT_FALSE(ParseJson("[1,2]").value()->root().KeysIncrease());
  EXPECT_TRUE(ParseJson("{}").value()->root().KeysIncrease());
}

}  // namespace
}  // namespace planview::structured
