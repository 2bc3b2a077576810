#include "change/renderers/flat_map.h"

#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace planview::change::renderers {
namespace {

using Reference = std::map<std::string, int, std::less<>>;

void ExpectSame(const FlatMap<int>& flat, const Reference& reference) {
  ASSERT_EQ(flat.size(), reference.size());
  auto it = reference.begin();
  for (const auto& [key, value] : flat) {
    ASSERT_EQ(key, it->first);
    ASSERT_EQ(value, it->second);
    ++it;
  }
}

TEST(FlatMap, BehavesLikeStdMap) {
  std::mt19937 rng(11);
  for (int round = 0; round < 200; ++round) {
    FlatMap<int> flat;
    Reference reference;
    bool sorted_input = round % 2 == 0;
    for (int i = 0; i < 60; ++i) {
      std::string key = sorted_input ? "k" + std::to_string(100 + i * 2 + static_cast<int>(rng() % 2))
                                     : "k" + std::to_string(rng() % 40);
      int value = static_cast<int>(rng() % 1000);
      switch (rng() % 3) {
        case 0: {
          auto [at, added] = flat.emplace(key, value);
          auto [want_at, want_added] = reference.emplace(key, value);
          ASSERT_EQ(added, want_added);
          ASSERT_EQ(at->second, want_at->second);
          break;
        }
        case 1:
          flat[key] = value;
          reference[key] = value;
          break;
        default:
          ASSERT_EQ(flat.find(key) == flat.end(), reference.find(key) == reference.end());
          ASSERT_EQ(flat.contains(key), reference.count(key) == 1);
      }
    }
    ExpectSame(flat, reference);
  }
}

TEST(FlatMap, EmplaceKeepsTheFirstValue) {
  FlatMap<std::string> map;
  EXPECT_TRUE(map.emplace("b", "one").second);
  EXPECT_FALSE(map.emplace("b", "two").second);
  EXPECT_TRUE(map.emplace("a", "three").second);
  EXPECT_EQ(map.find("b")->second, "one");
  EXPECT_EQ(map.begin()->first, "a");
  EXPECT_TRUE(map.find("c") == map.end());
  EXPECT_EQ(map["c"], "");
  EXPECT_EQ(map.size(), 3u);
}

}  // namespace
}  // namespace planview::change::renderers
