#include "renderer/resource_order.h"

#include <algorithm>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "base/executor.h"

namespace planview::renderer {
namespace {

bool Before(std::string_view a, std::string_view b) { return CompareResourceAddresses(a, b) < 0; }

TEST(CompareResourceAddresses, FollowsUpstreamOrder) {
  // Root module first, shorter module paths first.
  EXPECT_TRUE(Before("z_thing.a", "module.a.a_thing.a"));
  EXPECT_TRUE(Before("module.a.z.a", "module.a.module.b.a.a"));
  // Module instance keys: none, then numbers (numerically), then strings.
  EXPECT_TRUE(Before("module.m.t.a", "module.m[0].t.a"));
  EXPECT_TRUE(Before("module.m[2].t.a", "module.m[10].t.a"));
  EXPECT_TRUE(Before("module.m[10].t.a", "module.m[\"a\"].t.a"));
  // Ephemeral, then data, then managed.
  EXPECT_TRUE(Before("ephemeral.t.a", "data.t.a"));
  EXPECT_TRUE(Before("data.z.a", "a.a"));
  // Type, then name, then key.
  EXPECT_TRUE(Before("a_type.z", "b_type.a"));
  EXPECT_TRUE(Before("t.a", "t.b"));
  EXPECT_TRUE(Before("t.a", "t.a[0]"));
  EXPECT_TRUE(Before("t.a[9]", "t.a[10]"));
  EXPECT_TRUE(Before("t.a[10]", "t.a[\"0\"]"));
  EXPECT_TRUE(Before("t.a[\"a\\\"b\"]", "t.a[\"ab\"]"));
  EXPECT_EQ(CompareResourceAddresses("t.a[1]", "t.a[1]"), 0);
  // Addresses that do not parse go last, by text.
  EXPECT_TRUE(Before("t.a", "not an address"));
  EXPECT_TRUE(Before("also bad", "not an address"));
}

TEST(CompareResourceAddresses, OrdersEveryFieldByValue) {
  // Each chain is in strictly increasing order.
  const std::vector<std::vector<std::string_view>> chains = {
      // Names: a name before every longer name it starts; bytes compare unsigned.
      {"t.a", "t.a-b", "t.a_b", "t.z", "t.\xc3\xa9"},
      {"t.ab", "tt.a"},
      {"module.a.t.x", "module.ab.t.a"},
      // Numbers by value, negative ones first.
      {"t.a[-9223372036854775808]", "t.a[-5]", "t.a[-1]", "t.a[0]", "t.a[3]", "t.a[256]",
       "t.a[9223372036854775807]"},
      // Strings by their unescaped bytes: a string before every longer one it starts, NUL too.
      {"t.a[\"\"]", "t.a[\"\\u0000\"]", "t.a[\"\\n\"]", "t.a[\"\\u000b\"]", "t.a[\"a\"]", "t.a[\"a\\u0000\"]",
       "t.a[\"a\\u0000\\u0000\"]", "t.a[\"a\\u0000b\"]", "t.a[\"a\\u0001\"]", "t.a[\"ab\"]"},
      // The mode counts after the module path, not before it.
      {"a.a", "module.m.ephemeral.t.b", "module.m.data.t.a", "module.m.t.a", "module.m[0].data.t.a"},
  };
  for (const auto& chain : chains) {
    for (size_t i = 0; i + 1 < chain.size(); ++i) {
      EXPECT_LT(CompareResourceAddresses(chain[i], chain[i + 1]), 0) << chain[i] << " < " << chain[i + 1];
      EXPECT_GT(CompareResourceAddresses(chain[i + 1], chain[i]), 0) << chain[i + 1] << " > " << chain[i];
    }
  }
  EXPECT_EQ(CompareResourceAddresses("t.a[007]", "t.a[7]"), 0);
  EXPECT_EQ(CompareResourceAddresses("t.a[\"\\u0041\"]", "t.a[\"A\"]"), 0);
  // Module paths of any length: by length first.
  auto path = [](int steps, std::string_view last) {
    std::string s;
    for (int i = 0; i < steps; ++i) s += i + 1 == steps ? std::string("module.") + std::string(last) + "." : "module.z.";
    return s + "t.a";
  };
  for (int steps : {1, 248, 249, 250, 251, 300, 70000}) {
    EXPECT_TRUE(Before(path(steps, "z"), path(steps + 1, "a"))) << steps;
    EXPECT_TRUE(Before(path(steps, "a"), path(steps, "b"))) << steps;
    EXPECT_EQ(CompareResourceAddresses(path(steps, "a"), path(steps, "a")), 0) << steps;
  }
  EXPECT_TRUE(Before(path(70000, "z"), "module."));  // the longest path before what does not parse
  // What does not parse, by its text, after all that does.
  EXPECT_TRUE(Before(path(300, "z"), "\x01"));
  EXPECT_TRUE(Before("t.a[\"x", "t.a[1"));
  EXPECT_TRUE(Before("t.a[1", "t.a[1]x"));
  EXPECT_EQ(CompareResourceAddresses("t.a.b", "t.a.b"), 0);
}

TEST(SortResourceChanges, SortsByAddressThenDeposedKey) {
  std::vector<std::string_view> addresses = {"t.a[10]", "module.m.t.a", "t.a[2]", "data.t.a", "t.a[2]"};
  std::vector<std::string_view> deposed = {"", "", "bbb", "", "aaa"};
  std::vector<ResourceChange> changes(addresses.size());
  for (size_t i = 0; i < changes.size(); ++i) {
    changes[i].address = addresses[i];
    changes[i].deposed = deposed[i];
  }
  SortResourceChanges(changes);
  std::vector<std::string> got;
  for (const ResourceChange& c : changes) got.push_back(std::string(c.address) + "/" + std::string(c.deposed));
  EXPECT_EQ(got, (std::vector<std::string>{"data.t.a/", "t.a[2]/aaa", "t.a[2]/bbb", "t.a[10]/", "module.m.t.a/"}));
}

TEST(SortResourceChanges, WithAPoolGivesTheSameOrder) {
  // Many addresses in a scrambled order, with equal ones told apart only by their
  // position (the sort is stable) or by deposed key.
  std::vector<std::string> texts;
  for (int i = 0; i < 30000; ++i) {
    int k = (i * 7919) % 30000;
    switch (k % 5) {
      case 0: texts.push_back("t.a[" + std::to_string(k % 997) + "]"); break;
      case 1: texts.push_back("module.m[" + std::to_string(k % 13) + "].t.b"); break;
      case 2: texts.push_back("data.d.x[\"" + std::to_string(k % 101) + "\"]"); break;
      case 3: texts.push_back("module.a.module.b.t.c"); break;
      default: texts.push_back("not an address " + std::to_string(k % 50));
    }
  }
  auto make = [&] {
    std::vector<ResourceChange> changes(texts.size());
    for (size_t i = 0; i < texts.size(); ++i) {
      changes[i].address = texts[i];
      changes[i].path = std::to_string(i);
      if (i % 3 == 0) changes[i].deposed = i % 2 ? "b" : "a";
    }
    return changes;
  };
  std::vector<ResourceChange> one = make();
  SortResourceChanges(one);
  base::Executor pool(2);
  std::vector<ResourceChange> two = make();
  SortResourceChanges(two, &pool);
  ASSERT_EQ(one.size(), two.size());
  for (size_t i = 0; i < one.size(); ++i) ASSERT_EQ(one[i].path, two[i].path) << i;
  EXPECT_NE(one.front().path, "0");
}

}  // namespace
}  // namespace planview::renderer
