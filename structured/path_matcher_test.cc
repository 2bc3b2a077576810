#include "structured/path_matcher.h"

#include <gtest/gtest.h>

#include "structured/json_parse.h"

namespace planview::structured {
namespace {

class PathMatcherTest : public ::testing::Test {
 protected:
  Value Parse(std::string json) {
    ParseResult r = ParseJson(std::move(json));
    EXPECT_TRUE(r.ok());
    docs_.push_back(r.value());
    return r.value()->root();
  }
  std::vector<std::shared_ptr<const Document>> docs_;
};

TEST_F(PathMatcherTest, EmptyMatchesNothing) {
  PathMatcher m = PathMatcher::Empty(false);
  EXPECT_FALSE(m.Matches());
  EXPECT_FALSE(m.MatchesPartial());
  EXPECT_FALSE(m.ChildWithKey("a").MatchesPartial());
  EXPECT_FALSE(PathMatcher().MatchesPartial());
}

TEST_F(PathMatcherTest, AlwaysMatchesEverything) {
  PathMatcher m = PathMatcher::Always();
  EXPECT_TRUE(m.Matches());
  EXPECT_TRUE(m.ChildWithKey("x").ChildWithIndex(4).Matches());
}

TEST_F(PathMatcherTest, KeysAndIndicesConsumeSteps) {
  PathMatcher m = PathMatcher::FromPaths(Parse(R"([["tags", "Name"], ["list", 1, "port"], ["other"]])"), false);
  EXPECT_FALSE(m.Matches());
  EXPECT_TRUE(m.MatchesPartial());
  PathMatcher tags = m.ChildWithKey("tags");
  EXPECT_TRUE(tags.MatchesPartial());
  EXPECT_FALSE(tags.Matches());
  EXPECT_TRUE(tags.ChildWithKey("Name").Matches());
  EXPECT_FALSE(tags.ChildWithKey("Owner").MatchesPartial());
  PathMatcher list = m.ChildWithKey("list");
  EXPECT_FALSE(list.ChildWithIndex(0).MatchesPartial());
  EXPECT_TRUE(list.ChildWithIndex(1).ChildWithKey("port").Matches());
  EXPECT_TRUE(m.ChildWithKey("other").Matches());
  // A key step never matches an index and vice versa.
  EXPECT_FALSE(m.ChildWithIndex(0).MatchesPartial());
}

TEST_F(PathMatcherTest, IndexStepsReadLikeUpstreamFloats) {
  PathMatcher m = PathMatcher::FromPaths(Parse(R"([[2.7], ["3"], ["x"]])"), false);
  EXPECT_TRUE(m.ChildWithIndex(2).Matches());  // truncated like int(float64)
  EXPECT_TRUE(m.ChildWithIndex(3).Matches());  // a string holding a number
  EXPECT_FALSE(m.ChildWithIndex(4).MatchesPartial());
}

TEST_F(PathMatcherTest, PropagateKeepsMatchedPathsForDescendants) {
  PathMatcher with = PathMatcher::FromPaths(Parse(R"([["a"]])"), true);
  EXPECT_TRUE(with.ChildWithKey("a").ChildWithKey("b").ChildWithIndex(7).Matches());
  PathMatcher without = PathMatcher::FromPaths(Parse(R"([["a"]])"), false);
  EXPECT_TRUE(without.ChildWithKey("a").Matches());
  EXPECT_FALSE(without.ChildWithKey("a").ChildWithKey("b").MatchesPartial());
}

TEST_F(PathMatcherTest, MalformedPathsAreIgnored) {
  PathMatcher m = PathMatcher::FromPaths(Parse(R"([["a"], "not a path", 5, null, {"x": 1}])"), false);
  EXPECT_TRUE(m.ChildWithKey("a").Matches());
  EXPECT_FALSE(PathMatcher::FromPaths(Parse("\"nope\""), false).MatchesPartial());
  // An empty path matches the node itself.
  EXPECT_TRUE(PathMatcher::FromPaths(Parse("[[]]"), false).Matches());
}

TEST_F(PathMatcherTest, UnionMatchesWhereEitherMatches) {
  PathMatcher a = PathMatcher::FromPaths(Parse(R"([["a"], ["l", 0]])"), true);
  PathMatcher b = PathMatcher::FromPaths(Parse(R"([["b", "c"], ["l", "1"]])"), true);
  PathMatcher u = PathMatcher::Union(a, b);
  EXPECT_FALSE(u.Matches());
  EXPECT_TRUE(u.ChildWithKey("a").ChildWithKey("z").Matches());  // propagated from a
  EXPECT_FALSE(u.ChildWithKey("b").Matches());
  EXPECT_TRUE(u.ChildWithKey("b").ChildWithKey("c").Matches());
  EXPECT_TRUE(u.ChildWithKey("l").ChildWithIndex(0).Matches());
  EXPECT_TRUE(u.ChildWithKey("l").ChildWithIndex(1).Matches());
  EXPECT_FALSE(u.ChildWithKey("l").ChildWithIndex(2).MatchesPartial());
  EXPECT_FALSE(u.ChildWithKey("d").MatchesPartial());
  EXPECT_TRUE(PathMatcher::Union(PathMatcher::Empty(true), a).ChildWithKey("a").Matches());
  EXPECT_TRUE(PathMatcher::Union(a, PathMatcher::Always()).ChildWithKey("q").Matches());
}

TEST_F(PathMatcherTest, PathsThatLeadNowhereStillMakeAPartialMatch) {
  // Upstream keeps a path whose next step is neither a key nor an index: the node is
  // still "relevant" though no child matches.
  PathMatcher m = PathMatcher::FromPaths(Parse(R"([[true], ["x", null]])"), false);
  EXPECT_TRUE(m.MatchesPartial());
  EXPECT_FALSE(m.Matches());
  EXPECT_TRUE(m.ChildWithKey("x").MatchesPartial());
  EXPECT_FALSE(m.ChildWithKey("x").ChildWithKey("null").MatchesPartial());
}

// One path into every element of a long list: each element keeps exactly its own path.
// Scanning every path at every element (as this matcher once did) is 10^10 steps here,
// far past the test's time limit; the index makes it n log n.
TEST_F(PathMatcherTest, APathPerElementOfALongListIsNotQuadratic) {
  constexpr int64_t kElements = 100000;
  std::string paths = "[";
  for (int64_t i = 0; i < kElements; ++i) paths += (i ? ",[\"l\"," : "[\"l\",") + std::to_string(i) + "]";
  paths += "]";
  PathMatcher list = PathMatcher::FromPaths(Parse(paths), false).ChildWithKey("l");
  int64_t matched = 0;
  for (int64_t i = 0; i < kElements + 5; ++i) matched += list.ChildWithIndex(i).Matches() ? 1 : 0;
  EXPECT_EQ(matched, kElements);
  std::string keys = "[";
  for (int64_t i = 0; i < kElements; ++i) keys += (i ? ",[\"m\",\"k" : "[\"m\",\"k") + std::to_string(i) + "\"]";
  keys += "]";
  PathMatcher map = PathMatcher::FromPaths(Parse(keys), false).ChildWithKey("m");
  matched = 0;
  for (int64_t i = 0; i < kElements; ++i) matched += map.ChildWithKey("k" + std::to_string(i)).Matches() ? 1 : 0;
  EXPECT_EQ(matched, kElements);
}

}  // namespace
}  // namespace planview::structured
