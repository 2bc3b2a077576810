#include "structured/ordered_lookup.h"

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "structured/document_builder.h"
#include "structured/json_parse.h"
#include "structured/json_text.h"

namespace planview::structured {
namespace {

std::shared_ptr<const Document> MustParse(std::string json) {
  ParseResult r = ParseJson(std::move(json));
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().ToString("test"));
  return r.ok() ? r.value() : nullptr;
}

// Whether two lookups found the same node (or both nothing).
bool SameNode(Value a, Value b) {
  if (a.absent() || b.absent()) return a.absent() == b.absent();
  return a.document() == b.document() && a.index() == b.index();
}

// Asks `keys` (sorted, unique) in order of an OrderedLookup and of Value::find, twice
// (the second time after Restart), and reports the first key they disagree on.
void ExpectSameAsFind(Value object, std::vector<std::string> keys) {
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  OrderedLookup lookup(object);
  for (int run = 0; run < 2; ++run) {
    for (const std::string& key : keys) {
      ASSERT_TRUE(SameNode(lookup.Find(key), object.find(key))) << "key \"" << key << "\" run " << run;
    }
    lookup.Restart();
  }
}

// Every member's key, plus neighbours of each: shorter, longer, one byte up and down.
std::vector<std::string> Probes(Value object) {
  std::vector<std::string> keys = {"", "\"", "a\"b", "\xff", "zzzz"};
  for (size_t i = 0; i < object.size(); ++i) {
    std::string key(object.member(i).key);
    keys.push_back(key);
    keys.push_back(key + "a");
    keys.push_back(key + '"');
    if (!key.empty()) {
      keys.push_back(key.substr(0, key.size() - 1));
      std::string up = key, down = key;
      ++up.back();
      --down.back();
      keys.push_back(up);
      keys.push_back(down);
    }
  }
  return keys;
}

TEST(OrderedLookup, AnswersAsFindDoes) {
  for (const char* json : {
           R"({})",
           R"({"a":1})",
           R"({"a":1,"ab":2,"b":3})",
           R"({"b":1,"a":2})",                  // out of order
           R"({"a":1,"b":2,"a":3})",            // repeated: the last wins
           R"({"a":1,"a":2})",                  // repeated neighbours
           R"({"":0,"a\"b":1,"a\\b":2,"é":3,"z":4})",  // escaped keys live in the arena
           R"({"x\u0000y":1,"x":2})",
           R"({"k01":1,"k02":2,"k03":3,"k04":4,"k05":5,"k06":6,"k07":7,"k08":8,"k09":9,)"
           R"("k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k18":18})",
           R"({"k18":1,"k02":2,"k03":3,"k04":4,"k05":5,"k06":6,"k07":7,"k08":8,"k09":9,)"
           R"("k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k01":18})",
       }) {
    SCOPED_TRACE(json);
    auto doc = MustParse(json);
    ASSERT_NE(doc, nullptr);
    ExpectSameAsFind(doc->root(), Probes(doc->root()));
  }
}

TEST(OrderedLookup, NothingInWhatIsNotAnObject) {
  auto doc = MustParse(R"([null, true, 1, "a", [1], {}])");
  ASSERT_NE(doc, nullptr);
  for (size_t i = 0; i < doc->root().size(); ++i) {
    OrderedLookup lookup(doc->root().at(i));
    EXPECT_TRUE(lookup.Find("").absent());
    EXPECT_TRUE(lookup.Find("a").absent());
  }
  OrderedLookup absent{Value()};
  EXPECT_TRUE(absent.Find("a").absent());
}

TEST(OrderedLookup, SkipsAsManyKeysAsItIsAsked) {
  auto doc = MustParse(R"({"a":1,"b":2,"c":3,"d":4})");
  ASSERT_NE(doc, nullptr);
  OrderedLookup lookup(doc->root());
  EXPECT_EQ(lookup.Find("b").text(), "2");
  EXPECT_TRUE(lookup.Find("bb").absent());
  EXPECT_EQ(lookup.Find("d").text(), "4");
  EXPECT_TRUE(lookup.Find("e").absent());
  lookup.Restart();
  EXPECT_EQ(lookup.Find("a").text(), "1");
  EXPECT_EQ(lookup.Find("c").text(), "3");
}

TEST(OrderedLookup, BuiltKeysAsParsedOnes) {
  // Keys written by a builder (as the plan-file reader writes them) live in the arena.
  DocumentBuilder b;
  b.BeginObject();
  for (const char* key : {"", "a", "a\"", "ab", "b\xc3\xa9", "c"}) {
    b.Key(key);
    b.Bool(true);
  }
  b.EndObject();
  auto doc = b.Finish();
  ASSERT_NE(doc, nullptr);
  ExpectSameAsFind(doc->root(), Probes(doc->root()));
}

TEST(OrderedLookup, RandomObjectsAnswerAsFindDoes) {
  std::mt19937 rng(20261127);
  const std::vector<std::string> alphabet = {"a", "b", "ab", "\\\"", "\\u00e9", "\\\\", "z", "\\u0000"};
  for (int round = 0; round < 3000; ++round) {
    size_t members = rng() % 40;  // past 16, objects get a sorted index
    std::vector<std::string> keys;
    for (size_t i = 0; i < members; ++i) {
      std::string key;
      for (size_t n = rng() % 4; n > 0; --n) key += alphabet[rng() % alphabet.size()];
      keys.push_back(key);
    }
    // Mostly in key order without repeats, as written by OpenTofu; sometimes not.
    if (rng() % 4 != 0) {
      std::sort(keys.begin(), keys.end());
      keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    }
    std::string json = "{";
    for (size_t i = 0; i < keys.size(); ++i) {
      if (i > 0) json += ",";
      json += "\"" + keys[i] + "\":" + std::to_string(i);
    }
    json += "}";
    SCOPED_TRACE(json);
    auto doc = MustParse(json);
    ASSERT_NE(doc, nullptr);
    std::vector<std::string> probes = Probes(doc->root());
    // A random subset, as a schema asks for some of an object's keys only.
    std::vector<std::string> some;
    for (const std::string& p : probes) {
      if (rng() % 2 == 0) some.push_back(p);
    }
    ExpectSameAsFind(doc->root(), some);
  }
}

}  // namespace
}  // namespace planview::structured
