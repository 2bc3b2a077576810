#include "structured/key_cursor.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "structured/json_parse.h"

namespace planview::structured {
namespace {

// An object with `keys` in that order (as JSON text, so escapes are allowed); member i
// holds the number i.
std::shared_ptr<const Document> ObjectOf(const std::vector<std::string>& keys) {
  std::string text = "{";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (i > 0) text += ",";
    text += "\"" + keys[i] + "\":" + std::to_string(i);
  }
  text += "}";
  ParseResult parsed = ParseJson(text);
  EXPECT_TRUE(parsed.ok()) << text;
  return parsed.document;
}

// Asks a cursor for every key of `asks` in turn and compares with Value::find.
void ExpectSameAsFind(Value object, const std::vector<std::string>& asks) {
  KeyCursor cursor;
  for (const std::string& key : asks) {
    Value want = object.find(key);
    Value got = cursor.Find(object, key);
    ASSERT_EQ(got.absent(), want.absent()) << key;
    if (!want.absent()) {
      ASSERT_EQ(got.index(), want.index()) << key;
    }
  }
}

TEST(KeyCursor, FollowsIncreasingRequests) {
  std::vector<std::string> keys;
  for (char c = 'b'; c <= 'y'; c += 2) keys.push_back(std::string(1, c));  // b d f ... x
  auto doc = ObjectOf(keys);
  std::vector<std::string> asks;
  for (char c = 'a'; c <= 'z'; ++c) asks.push_back(std::string(1, c));  // present and missing
  ExpectSameAsFind(doc->root(), asks);
  KeyCursor cursor;
  EXPECT_EQ(cursor.Find(doc->root(), "d").text(), "1");
  EXPECT_EQ(cursor.Find(doc->root(), "x").text(), "11");
  EXPECT_TRUE(cursor.Find(doc->root(), "z").absent());
}

TEST(KeyCursor, AnyRequestOrderAnyObjectOrderAndDuplicates) {
  std::mt19937 rng(3);
  // Keys with spaces, '!' and escapes (kept in the document's own text), and prefixes.
  const std::vector<std::string> alphabet = {"a", "a b", "a!", "ab", "abc", "b", "b\\u0020", "b\\\"q", "c", "k1",
                                             "k10", "k2", "z", "\\u00e9", "zz"};
  for (int round = 0; round < 600; ++round) {
    std::vector<std::string> keys;
    size_t n = rng() % 14;
    for (size_t i = 0; i < n; ++i) keys.push_back(alphabet[rng() % alphabet.size()]);
    auto doc = ObjectOf(keys);
    Value object = doc->root();
    std::vector<std::string> unescaped;
    for (size_t i = 0; i < object.size(); ++i) unescaped.push_back(std::string(object.member(i).key));
    switch (round % 3) {
      case 0: {  // strictly increasing: the cursor's own case
        std::sort(unescaped.begin(), unescaped.end());
        unescaped.erase(std::unique(unescaped.begin(), unescaped.end()), unescaped.end());
        // Rebuild from the unescaped keys in order (escaped ones stay escaped in the text).
        std::vector<std::string> texts;
        for (const std::string& k : unescaped) {
          for (const std::string& a : alphabet) {
            if (ObjectOf({a})->root().member(0).key == k) {
              texts.push_back(a);
              break;
            }
          }
        }
        doc = ObjectOf(texts);
        object = doc->root();
        break;
      }
      default: break;
    }
    std::vector<std::string> asks;
    for (size_t i = 0; i < object.size(); ++i) asks.push_back(std::string(object.member(i).key));
    asks.push_back("missing");
    asks.push_back("a c");
    std::sort(asks.begin(), asks.end());
    ExpectSameAsFind(object, asks);
    std::shuffle(asks.begin(), asks.end(), rng);
    ExpectSameAsFind(object, asks);
  }
}

TEST(KeyCursor, NotAnObject) {
  KeyCursor cursor;
  EXPECT_TRUE(cursor.Find(Value(), "a").absent());
  ParseResult array = ParseJson("[1,2,3,4,5,6,7,8,9,10]");
  EXPECT_TRUE(cursor.Find(array.document->root(), "a").absent());
}

TEST(Value, KeysIncreaseAndCompareKeyMatchPlainStringOrder) {
  std::mt19937 rng(5);
  const std::vector<std::string> alphabet = {"a", "a b", "a!", "ab", "abc", "b", "b\\u0020", "b\\\"q", "",
                                             "k1", "k10", "\\u00e9", "zz"};
  for (int round = 0; round < 2000; ++round) {
    std::vector<std::string> keys;
    size_t n = rng() % 6;
    for (size_t i = 0; i < n; ++i) keys.push_back(alphabet[rng() % alphabet.size()]);
    auto doc = ObjectOf(keys);
    Value object = doc->root();
    bool increasing = true;
    for (size_t i = 1; i < object.size(); ++i) {
      increasing = increasing && object.member(i - 1).key < object.member(i).key;
    }
    ASSERT_EQ(object.KeysIncrease(), increasing) << round;
    for (size_t i = 0; i < object.size(); ++i) {
      for (const std::string& text : alphabet) {
        std::string key(ObjectOf({text})->root().member(0).key);
        int want = object.member(i).key.compare(key);
        want = (want > 0) - (want < 0);
        ASSERT_EQ(object.CompareKey(i, key), want) << object.member(i).key << " vs " << key;
      }
    }
  }
  ParseResult array = ParseJson("[1,2]");
  EXPECT_FALSE(array.document->root().KeysIncrease());
}

}  // namespace
}  // namespace planview::structured
