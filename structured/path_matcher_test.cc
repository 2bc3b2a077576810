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
    docs_.push_back(r.document);
    return r.document->root();
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

}  // namespace
}  // namespace planview::structured
