#include "differ/internal/slice_alignment.h"

#include <chrono>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "structured/json_parse.h"

namespace planview::differ::internal {
namespace {

using structured::Value;

std::shared_ptr<const structured::Document> Json(std::string text) {
  auto parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) throw std::runtime_error(parsed.error->ToString("test"));
  return parsed.document;
}

// Upstream's algorithm written out plainly (full table, no trimming), as the reference.
std::vector<Value> ReferenceLcs(Value xs, Value ys) {
  size_t w = xs.size();
  size_t h = ys.size();
  if (w == 0 || h == 0) return {};
  std::vector<int> c(w * h);
  std::vector<bool> eqs(w * h);
  for (size_t y = 0; y < h; ++y) {
    for (size_t x = 0; x < w; ++x) {
      if (xs.at(x).Equals(ys.at(y))) {
        eqs[w * y + x] = true;
        c[w * y + x] = (x == 0 || y == 0) ? 1 : c[w * (y - 1) + x - 1] + 1;
      } else {
        int l = x > 0 ? c[w * y + x - 1] : 0;
        int u = y > 0 ? c[w * (y - 1) + x] : 0;
        c[w * y + x] = l > u ? l : u;
      }
    }
  }
  std::vector<Value> seq(static_cast<size_t>(c.back()));
  int64_t x = static_cast<int64_t>(w) - 1;
  int64_t y = static_cast<int64_t>(h) - 1;
  int64_t i = static_cast<int64_t>(seq.size()) - 1;
  while (x > -1 && y > -1) {
    size_t at = w * static_cast<size_t>(y) + static_cast<size_t>(x);
    if (eqs[at]) {
      seq[static_cast<size_t>(i--)] = xs.at(static_cast<size_t>(x));
      --x;
      --y;
    } else {
      int l = x > 0 ? c[at - 1] : 0;
      int u = y > 0 ? c[at - w] : 0;
      if (l > u) {
        --x;
      } else {
        --y;
      }
    }
  }
  return seq;
}

// Upstream's ProcessSlice walk over the reference LCS.
std::vector<std::pair<size_t, size_t>> ReferenceAlign(Value before, Value after,
                                                      const std::function<bool(Value, Value)>& should_diff) {
  std::vector<Value> lcs = ReferenceLcs(before, after);
  std::vector<std::pair<size_t, size_t>> out;
  size_t n = before.size(), m = after.size(), b = 0, a = 0, k = 0;
  while (b < n || a < m || k < lcs.size()) {
    while (b < n && (k >= lcs.size() || !before.at(b).Equals(lcs[k]))) {
      bool diff = a < m && should_diff(before.at(b), after.at(a));
      bool part = k < lcs.size() && after.at(a).Equals(lcs[k]);
      if (diff && !part) {
        out.emplace_back(b++, a++);
        continue;
      }
      out.emplace_back(b++, m);
    }
    while (a < m && (k >= lcs.size() || !after.at(a).Equals(lcs[k]))) {
      if (b < n && should_diff(before.at(b), after.at(a))) {
        out.emplace_back(b++, a++);
        continue;
      }
      out.emplace_back(n, a++);
    }
    if (k < lcs.size()) {
      out.emplace_back(b++, a++);
      ++k;
    }
  }
  return out;
}

std::vector<std::pair<size_t, size_t>> Align(Value before, Value after,
                                             const std::function<bool(Value, Value)>& should_diff) {
  std::vector<std::pair<size_t, size_t>> out;
  AlignSlices(before, after, should_diff, [&](size_t b, size_t a) { out.emplace_back(b, a); });
  return out;
}

std::string RandomList(std::mt19937& rng, size_t max_len, int alphabet) {
  std::uniform_int_distribution<size_t> len(0, max_len);
  std::uniform_int_distribution<int> value(0, alphabet - 1);
  std::string out = "[";
  size_t n = len(rng);
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) out += ",";
    int v = value(rng);
    // Objects with members in either order are equal, like Go maps.
    out += v % 3 == 0 ? fmt::format("{{\"a\":{},\"b\":1}}", v) : v % 3 == 1 ? fmt::format("{{\"b\":1,\"a\":{}}}", v - 1)
                                                                           : fmt::format("\"s{}\"", v);
  }
  return out + "]";
}

TEST(SliceAlignment, MatchesUpstreamOnRandomLists) {
  std::mt19937 rng(42);
  auto objects = [](Value a, Value b) { return a.is_object() && b.is_object(); };
  auto never = [](Value, Value) { return false; };
  for (int round = 0; round < 3000; ++round) {
    auto before = Json(RandomList(rng, 9, round % 2 == 0 ? 3 : 7));
    auto after = Json(RandomList(rng, 9, round % 2 == 0 ? 3 : 7));
    Value b = before->root();
    Value a = after->root();
    std::vector<Value> reference = ReferenceLcs(b, a);
    std::vector<size_t> ours = LongestCommonSubsequence(b, a);
    ASSERT_EQ(ours.size(), reference.size()) << round;
    for (size_t i = 0; i < ours.size(); ++i) ASSERT_TRUE(b.at(ours[i]).Equals(reference[i])) << round;
    ASSERT_EQ(Align(b, a, objects), ReferenceAlign(b, a, objects)) << round;
    ASSERT_EQ(Align(b, a, never), ReferenceAlign(b, a, never)) << round;
  }
}

TEST(SliceAlignment, EmptyAndMissingSides) {
  auto doc = Json(R"([[], ["x", "y"], null])");
  Value empty = doc->root().at(0);
  Value two = doc->root().at(1);
  Value null = doc->root().at(2);
  auto never = [](Value, Value) { return false; };
  using Pairs = std::vector<std::pair<size_t, size_t>>;
  EXPECT_EQ(Align(empty, two, never), (Pairs{{0, 0}, {0, 1}}));
  EXPECT_EQ(Align(two, null, never), (Pairs{{0, 0}, {1, 0}}));
  EXPECT_EQ(Align(null, null, never), Pairs{});
}

TEST(SliceAlignment, OneChangeInAHundredThousandIsLinear) {
  std::string before = "[";
  std::string after = "[";
  for (int i = 0; i < 100000; ++i) {
    if (i > 0) {
      before += ",";
      after += ",";
    }
    before += fmt::format("\"item-{}\"", i);
    after += i == 50000 ? std::string("\"changed\"") : fmt::format("\"item-{}\"", i);
  }
  auto b = Json(before + "]");
  auto a = Json(after + "]");
  auto start = std::chrono::steady_clock::now();
  size_t visits = 0;
  size_t deleted = 0;
  size_t created = 0;
  AlignSlices(b->root(), a->root(), [](Value, Value) { return false; }, [&](size_t bi, size_t ai) {
    ++visits;
    if (ai == 100000) ++deleted;
    if (bi == 100000) ++created;
  });
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(visits, 100001u);
  EXPECT_EQ(deleted, 1u);
  EXPECT_EQ(created, 1u);
  EXPECT_LT(seconds, 10.0);  // quadratic would take minutes
}

TEST(SliceAlignment, InsertedRunsDoNotNeedTheTable) {
  // 20,000 new elements in the middle: none equals a before element, so no table rows.
  std::string before = "[\"a\",\"b\"]";
  std::string after = "[\"a\"";
  for (int i = 0; i < 20000; ++i) after += fmt::format(",{}", i);
  after += ",\"b\"]";
  auto b = Json(before);
  auto a = Json(after);
  std::vector<size_t> lcs = LongestCommonSubsequence(b->root(), a->root());
  EXPECT_EQ(lcs, (std::vector<size_t>{0, 1}));
}

TEST(SliceAlignment, RefusesAHugeTable) {
  // Two long lists that share elements in shuffled order need the full table.
  std::string before = "[";
  std::string after = "[";
  for (int i = 0; i < 20000; ++i) {
    before += fmt::format("{}{}", i ? "," : "", i);
    after += fmt::format("{}{}", i ? "," : "", (i * 7919) % 20000);
  }
  auto b = Json(before + ",\"x\"]");
  auto a = Json(after + ",\"y\"]");
  EXPECT_THROW(LongestCommonSubsequence(b->root(), a->root()), AlignmentTooLarge);
}

}  // namespace
}  // namespace planview::differ::internal
