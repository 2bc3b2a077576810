#include "change/process_slice.h"

#include <chrono>
#include <functional>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "fmt/format.h"
#include "gtest/gtest.h"
#include "structured/json_parse.h"

namespace planview::change {
namespace {

using structured::Value;
using Pairs = std::vector<std::pair<size_t, size_t>>;

// Upstream's LCS exactly as specified (full table, no trimming), returning elements.
template <typename T, typename Equal>
std::vector<T> ReferenceLcs(const std::vector<T>& xs, const std::vector<T>& ys, Equal equal) {
  const size_t w = xs.size();
  const size_t h = ys.size();
  if (w == 0 || h == 0) return {};
  std::vector<int> c(w * h);
  std::vector<bool> eqs(w * h);
  for (size_t y = 0; y < h; ++y) {
    for (size_t x = 0; x < w; ++x) {
      if (equal(xs[x], ys[y])) {
        eqs[w * y + x] = true;
        c[w * y + x] = (x == 0 || y == 0) ? 1 : c[w * (y - 1) + x - 1] + 1;
      } else {
        int l = x > 0 ? c[w * y + x - 1] : 0;
        int u = y > 0 ? c[w * (y - 1) + x] : 0;
        c[w * y + x] = l > u ? l : u;
      }
    }
  }
  std::vector<T> seq(static_cast<size_t>(c.back()));
  int64_t x = static_cast<int64_t>(w) - 1;
  int64_t y = static_cast<int64_t>(h) - 1;
  int64_t i = static_cast<int64_t>(seq.size()) - 1;
  while (x > -1 && y > -1) {
    size_t at = w * static_cast<size_t>(y) + static_cast<size_t>(x);
    if (eqs[at]) {
      seq[static_cast<size_t>(i--)] = xs[static_cast<size_t>(x)];
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
template <typename T, typename Equal>
Pairs ReferenceAlign(const std::vector<T>& before, const std::vector<T>& after, Equal equal,
                     const std::function<bool(const T&, const T&)>& should_diff) {
  std::vector<T> lcs = ReferenceLcs(before, after, equal);
  Pairs out;
  size_t n = before.size(), m = after.size(), b = 0, a = 0, k = 0;
  while (b < n || a < m || k < lcs.size()) {
    while (b < n && (k >= lcs.size() || !equal(before[b], lcs[k]))) {
      bool diff = a < m && should_diff(before[b], after[a]);
      bool part = k < lcs.size() && a < m && equal(after[a], lcs[k]);
      if (diff && !part) {
        out.emplace_back(b++, a++);
        continue;
      }
      out.emplace_back(b++, m);
    }
    while (a < m && (k >= lcs.size() || !equal(after[a], lcs[k]))) {
      if (b < n && should_diff(before[b], after[a])) {
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

ElementIds IntIds(const std::vector<int>& before, const std::vector<int>& after) {
  return ClassifyElements(std::span<const int>(before), std::span<const int>(after), std::hash<int>(),
                          std::equal_to<int>());
}

std::vector<int> LcsValues(const std::vector<int>& xs, const std::vector<int>& ys) {
  ElementIds ids = IntIds(xs, ys);
  std::vector<int> values;
  for (size_t i : LongestCommonSubsequence(ids.before, ids.after)) values.push_back(xs[i]);
  return values;
}

Pairs Process(const ElementIds& ids, const std::function<bool(size_t, size_t)>& should_diff) {
  Pairs pairs;
  ProcessSlice(ids, OpenTofuProfile(), should_diff, [&](size_t b, size_t a) { pairs.emplace_back(b, a); });
  return pairs;
}

Pairs Process(const std::vector<int>& before, const std::vector<int>& after, bool diff_all) {
  return Process(IntIds(before, after), [diff_all](size_t, size_t) { return diff_all; });
}

std::shared_ptr<const structured::Document> Json(std::string text) {
  auto parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) throw std::runtime_error(parsed.error().ToString("test"));
  return parsed.value();
}

std::vector<Value> Elements(Value array) {
  std::vector<Value> out;
  for (size_t i = 0; array.is_array() && i < array.size(); ++i) out.push_back(array.at(i));
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
    out += v % 3 == 0   ? fmt::format("{{\"a\":{},\"b\":1}}", v)
           : v % 3 == 1 ? fmt::format("{{\"b\":1,\"a\":{}}}", v - 1)
                        : fmt::format("\"s{}\"", v);
  }
  return out + "]";
}

TEST(LongestCommonSubsequence, MatchesUpstreamOnRandomSequences) {
  std::mt19937 rng(12345);
  for (int round = 0; round < 20000; ++round) {
    std::uniform_int_distribution<int> len(0, 9);
    std::uniform_int_distribution<int> sym(0, round % 2 == 0 ? 2 : 5);
    std::vector<int> xs(static_cast<size_t>(len(rng)));
    std::vector<int> ys(static_cast<size_t>(len(rng)));
    for (int& v : xs) v = sym(rng);
    for (int& v : ys) v = sym(rng);
    ASSERT_EQ(LcsValues(xs, ys), ReferenceLcs(xs, ys, std::equal_to<int>())) << "round " << round;
  }
}

TEST(ProcessSlice, MatchesUpstreamOnRandomJsonLists) {
  std::mt19937 rng(42);
  auto equal = [](const Value& a, const Value& b) { return a.Equals(b); };
  std::function<bool(const Value&, const Value&)> objects = [](const Value& a, const Value& b) {
    return a.is_object() && b.is_object();
  };
  std::function<bool(const Value&, const Value&)> never = [](const Value&, const Value&) { return false; };
  for (int round = 0; round < 3000; ++round) {
    auto before_doc = Json(RandomList(rng, 9, round % 2 == 0 ? 3 : 7));
    auto after_doc = Json(RandomList(rng, 9, round % 2 == 0 ? 3 : 7));
    std::vector<Value> before = Elements(before_doc->root());
    std::vector<Value> after = Elements(after_doc->root());
    ElementIds ids = ClassifyElements(before_doc->root(), after_doc->root());

    std::vector<Value> reference = ReferenceLcs(before, after, equal);
    std::vector<size_t> ours = LongestCommonSubsequence(ids.before, ids.after);
    ASSERT_EQ(ours.size(), reference.size()) << round;
    for (size_t i = 0; i < ours.size(); ++i) ASSERT_TRUE(before[ours[i]].Equals(reference[i])) << round;
    ASSERT_EQ(Process(ids, [&](size_t b, size_t a) { return objects(before[b], after[a]); }),
              ReferenceAlign(before, after, equal, objects))
        << round;
    ASSERT_EQ(Process(ids, [](size_t, size_t) { return false; }), ReferenceAlign(before, after, equal, never))
        << round;
  }
}

// Lists sharing a prefix (which ClassifyElements leaves unhashed) and a suffix, with
// repeats of their elements in the middle: the alignment must still be upstream's.
TEST(ProcessSlice, MatchesUpstreamAroundACommonPrefixAndSuffix) {
  std::mt19937 rng(777);
  for (int round = 0; round < 20000; ++round) {
    std::uniform_int_distribution<int> len(0, 6);
    std::uniform_int_distribution<int> sym(0, round % 3 == 0 ? 1 : 4);
    std::vector<int> head(static_cast<size_t>(len(rng)));
    std::vector<int> tail(static_cast<size_t>(len(rng)));
    std::vector<int> xs_mid(static_cast<size_t>(len(rng)));
    std::vector<int> ys_mid(static_cast<size_t>(len(rng)));
    for (auto* v : {&head, &tail, &xs_mid, &ys_mid}) {
      for (int& x : *v) x = sym(rng);
    }
    std::vector<int> xs = head;
    std::vector<int> ys = head;
    xs.insert(xs.end(), xs_mid.begin(), xs_mid.end());
    ys.insert(ys.end(), ys_mid.begin(), ys_mid.end());
    xs.insert(xs.end(), tail.begin(), tail.end());
    ys.insert(ys.end(), tail.begin(), tail.end());
    // Pairs worth diffing: a fixed, arbitrary relation between values.
    const int salt = round % 7;
    std::function<bool(const int&, const int&)> diffable = [salt](const int& a, const int& b) {
      return (a * 3 + b + salt) % 4 == 0;
    };
    ElementIds ids = IntIds(xs, ys);
    ASSERT_EQ(LcsValues(xs, ys), ReferenceLcs(xs, ys, std::equal_to<int>())) << "round " << round;
    ASSERT_EQ(Process(ids, [&](size_t b, size_t a) { return diffable(xs[b], ys[a]); }),
              ReferenceAlign(xs, ys, std::equal_to<int>(), diffable))
        << "round " << round;
    std::function<bool(const int&, const int&)> never = [](const int&, const int&) { return false; };
    ASSERT_EQ(Process(ids, [](size_t, size_t) { return false; }), ReferenceAlign(xs, ys, std::equal_to<int>(), never))
        << "round " << round;
  }
}

TEST(ClassifyElements, TheCommonPrefixIsNotHashed) {
  std::vector<int> before = {1, 2, 3, 4, 5, 6};
  std::vector<int> after = {1, 2, 9, 5, 6};
  size_t hashed = 0;
  ElementIds ids = ClassifyElements(
      std::span<const int>(before), std::span<const int>(after),
      [&](int v) {
        ++hashed;
        return std::hash<int>()(v);
      },
      std::equal_to<int>());
  // Hashed: the middles (3, 4 and 9) and the suffixes (5, 6).
  EXPECT_EQ(hashed, 7u);
  EXPECT_EQ(ids.before[0], ids.after[0]);
  EXPECT_EQ(ids.before[1], ids.after[1]);
  EXPECT_EQ(ids.before[4], ids.after[3]);
  EXPECT_EQ(ids.before[5], ids.after[4]);
  EXPECT_NE(ids.before[2], ids.after[2]);
  EXPECT_NE(ids.before[3], ids.after[2]);
}

// A list created or deleted whole has nothing to align: no element is hashed, and the
// pairs are still every element on its own, in order (duplicates included).
TEST(ClassifyElements, AnEmptySideHashesNothing) {
  std::vector<int> none;
  std::vector<int> some = {7, 7, 8};
  size_t hashed = 0;
  auto hash = [&](int v) {
    ++hashed;
    return std::hash<int>()(v);
  };
  ElementIds created = ClassifyElements(std::span<const int>(none), std::span<const int>(some), hash, std::equal_to<int>());
  ElementIds deleted = ClassifyElements(std::span<const int>(some), std::span<const int>(none), hash, std::equal_to<int>());
  EXPECT_EQ(hashed, 0u);
  EXPECT_EQ(created.after.size(), 3u);
  EXPECT_TRUE(created.before.empty());
  EXPECT_EQ(deleted.before.size(), 3u);
  auto never = [](size_t, size_t) { return false; };
  auto always = [](size_t, size_t) { return true; };
  EXPECT_EQ(Process(created, never), (Pairs{{0, 0}, {0, 1}, {0, 2}}));
  EXPECT_EQ(Process(created, always), (Pairs{{0, 0}, {0, 1}, {0, 2}}));
  EXPECT_EQ(Process(deleted, always), (Pairs{{0, 0}, {1, 0}, {2, 0}}));
}

TEST(ClassifyElements, EqualElementsShareAnId) {
  auto doc = Json(R"([[{"a": 1, "b": 2}, "x", 1.0, null], [null, {"b": 2, "a": 1}, 1, "x"]])");
  ElementIds ids = ClassifyElements(doc->root().at(0), doc->root().at(1));
  ASSERT_EQ(ids.before.size(), 4u);
  ASSERT_EQ(ids.after.size(), 4u);
  EXPECT_EQ(ids.before[0], ids.after[1]);  // member order does not matter
  EXPECT_EQ(ids.before[1], ids.after[3]);
  EXPECT_NE(ids.before[2], ids.after[2]);  // numbers compare by their text
  EXPECT_EQ(ids.before[3], ids.after[0]);
}

TEST(ProcessSlice, UnchangedDeletedAndCreated) {
  // before: a b c, after: a x c  ->  a, -b, +x, c
  EXPECT_EQ(Process({1, 2, 3}, {1, 9, 3}, false), (Pairs{{0, 0}, {1, 3}, {3, 1}, {2, 2}}));
}

TEST(ProcessSlice, DiffableElementsPairUp) {
  EXPECT_EQ(Process({1, 2, 3}, {1, 9, 3}, true), (Pairs{{0, 0}, {1, 1}, {2, 2}}));
}

TEST(ProcessSlice, EmptyAndMissingSides) {
  EXPECT_EQ(Process({}, {5, 6}, false), (Pairs{{0, 0}, {0, 1}}));
  EXPECT_EQ(Process({5, 6}, {}, false), (Pairs{{0, 0}, {1, 0}}));
  EXPECT_TRUE(Process({}, {}, false).empty());
  // A side that is not an array has no elements.
  auto doc = Json(R"([["x", "y"], null])");
  auto never = [](size_t, size_t) { return false; };
  EXPECT_EQ(Process(ClassifyElements(doc->root().at(0), doc->root().at(1)), never), (Pairs{{0, 0}, {1, 0}}));
  EXPECT_TRUE(Process(ClassifyElements(doc->root().at(1), Value()), never).empty());
}

TEST(ProcessSlice, OneChangeInAHundredThousandIsLinear) {
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
  Pairs pairs = Process(ClassifyElements(b->root(), a->root()), [](size_t, size_t) { return false; });
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(pairs.size(), 100001u);
  EXPECT_EQ(pairs[50000], (std::pair<size_t, size_t>{50000, 100000}));
  EXPECT_EQ(pairs[50001], (std::pair<size_t, size_t>{100000, 50000}));
  EXPECT_EQ(pairs[100000], (std::pair<size_t, size_t>{99999, 99999}));
  EXPECT_LT(seconds, 10.0);  // quadratic would take minutes
}

TEST(LongestCommonSubsequence, InsertedRunsDoNotNeedTheTable) {
  // 1,000 elements with 100,000 new ones before and after them: a full table would be
  // over the size limit and find nothing in common, but the new elements equal nothing
  // in before and get no rows.
  std::vector<int> before;
  std::vector<int> after;
  for (int i = 0; i < 100000; ++i) after.push_back(i);
  for (int i = 1; i <= 1000; ++i) {
    before.push_back(-i);
    after.push_back(-i);
  }
  for (int i = 100000; i < 200000; ++i) after.push_back(i);
  ASSERT_GT(before.size() * after.size(), kMaxAlignmentCells);
  EXPECT_EQ(LcsValues(before, after), before);
}

TEST(ProcessSlice, PastTheSizeLimitTheMiddleHasNothingInCommon) {
  // Two long lists sharing their elements in shuffled order need the full table (20,000
  // squared cells). The common prefix and suffix still match; the middle renders as
  // deletions then creations.
  const int n = 20000;
  std::vector<int> before = {-1};
  std::vector<int> after = {-1};
  for (int i = 0; i < n; ++i) {
    before.push_back(i);
    after.push_back((i * 7919 + 1) % n);
  }
  before.push_back(-2);
  after.push_back(-2);
  ASSERT_GT(static_cast<size_t>(n) * n, kMaxAlignmentCells);
  Pairs pairs = Process(before, after, false);
  const size_t size = before.size();
  ASSERT_EQ(pairs.size(), 2 + 2 * static_cast<size_t>(n));
  EXPECT_EQ(pairs.front(), (std::pair<size_t, size_t>{0, 0}));
  EXPECT_EQ(pairs[1], (std::pair<size_t, size_t>{1, size}));
  EXPECT_EQ(pairs[n], (std::pair<size_t, size_t>{static_cast<size_t>(n), size}));
  EXPECT_EQ(pairs[n + 1], (std::pair<size_t, size_t>{size, 1}));
  EXPECT_EQ(pairs.back(), (std::pair<size_t, size_t>{size - 1, size - 1}));
  // Pairing elements that should be diffed still works past the limit.
  Pairs diffed = Process(before, after, true);
  ASSERT_EQ(diffed.size(), size);
  EXPECT_EQ(diffed[1], (std::pair<size_t, size_t>{1, 1}));
}

// ---- Terraform's profile: lists of one length that are not a reordering pair by index

// Upstream Terraform's ProcessSlice: sides of one length of which some before element is
// found nowhere in after are paired index by index; otherwise the LCS walk, pairing only
// while walking the deleted elements.
template <typename T, typename Equal>
Pairs ReferenceAlignTerraform(const std::vector<T>& before, const std::vector<T>& after, Equal equal,
                              const std::function<bool(const T&)>& is_object) {
  Pairs out;
  const size_t n = before.size();
  const size_t m = after.size();
  if (n == m) {
    bool reorder = true;
    for (const T& x : before) {
      bool found = false;
      for (const T& y : after) found = found || equal(x, y);
      reorder = reorder && found;
    }
    if (!reorder) {
      for (size_t i = 0; i < n; ++i) out.emplace_back(i, i);
      return out;
    }
  }
  std::vector<T> lcs = ReferenceLcs(before, after, equal);
  size_t b = 0, a = 0, k = 0;
  while (b < n || a < m || k < lcs.size()) {
    while (b < n && (k >= lcs.size() || !equal(before[b], lcs[k]))) {
      if (is_object(before[b]) && a < m && is_object(after[a]) && (k >= lcs.size() || !equal(after[a], lcs[k]))) {
        out.emplace_back(b++, a++);
        continue;
      }
      out.emplace_back(b++, m);
    }
    while (a < m && (k >= lcs.size() || !equal(after[a], lcs[k]))) out.emplace_back(n, a++);
    if (k < lcs.size()) {
      out.emplace_back(b++, a++);
      ++k;
    }
  }
  return out;
}

Pairs ProcessTerraform(const ElementIds& ids, const std::function<bool(size_t, size_t)>& should_diff) {
  Pairs pairs;
  ProcessSlice(ids, TerraformProfile(), should_diff, [&](size_t b, size_t a) { pairs.emplace_back(b, a); });
  return pairs;
}

Pairs ProcessTerraform(const std::vector<int>& before, const std::vector<int>& after) {
  return ProcessTerraform(IntIds(before, after), [](size_t, size_t) { return false; });
}

// Random lists around a common prefix and suffix (which ClassifyElements treats apart),
// of one length half the time: Terraform's pairing must be upstream's, whether a before
// element's only equal in after lies in the prefix, the middle or the suffix.
TEST(ProcessSliceTerraform, MatchesUpstreamAroundACommonPrefixAndSuffix) {
  std::mt19937 rng(2027);
  size_t by_index = 0;
  size_t reordered = 0;
  for (int round = 0; round < 30000; ++round) {
    std::uniform_int_distribution<int> len(0, 5);
    std::uniform_int_distribution<int> sym(0, round % 3 == 0 ? 1 : 3);
    std::vector<int> head(static_cast<size_t>(len(rng)));
    std::vector<int> tail(static_cast<size_t>(len(rng)));
    std::vector<int> xs_mid(static_cast<size_t>(len(rng)));
    std::vector<int> ys_mid(round % 2 == 0 ? xs_mid.size() : static_cast<size_t>(len(rng)));
    for (auto* v : {&head, &tail, &xs_mid, &ys_mid}) {
      for (int& x : *v) x = sym(rng);
    }
    std::vector<int> xs = head;
    std::vector<int> ys = head;
    xs.insert(xs.end(), xs_mid.begin(), xs_mid.end());
    ys.insert(ys.end(), ys_mid.begin(), ys_mid.end());
    xs.insert(xs.end(), tail.begin(), tail.end());
    ys.insert(ys.end(), tail.begin(), tail.end());
    // Elements 0 and 2 stand for objects (paired when walking deleted elements).
    std::function<bool(const int&)> object = [](const int& v) { return v % 2 == 0; };
    std::function<bool(const int&)> not_object = [](const int&) { return false; };
    ElementIds ids = IntIds(xs, ys);
    Pairs want = ReferenceAlignTerraform(xs, ys, std::equal_to<int>(), object);
    ASSERT_EQ(ProcessTerraform(ids, [&](size_t b, size_t a) { return object(xs[b]) && object(ys[a]); }), want)
        << "round " << round;
    ASSERT_EQ(ProcessTerraform(ids, [](size_t, size_t) { return false; }),
              ReferenceAlignTerraform(xs, ys, std::equal_to<int>(), not_object))
        << "round " << round;
    if (xs.size() == ys.size() && xs != ys) {
      bool paired_by_index = true;
      for (size_t i = 0; i < want.size(); ++i) paired_by_index = paired_by_index && want[i] == std::pair{i, i};
      ++(paired_by_index && want.size() == xs.size() ? by_index : reordered);
    }
  }
  // Both branches are exercised many times.
  EXPECT_GT(by_index, 1000u);
  EXPECT_GT(reordered, 1000u);
}

TEST(ProcessSliceTerraform, MatchesUpstreamOnRandomJsonLists) {
  std::mt19937 rng(4242);
  auto equal = [](const Value& a, const Value& b) { return a.Equals(b); };
  std::function<bool(const Value&)> object = [](const Value& v) { return v.is_object(); };
  for (int round = 0; round < 3000; ++round) {
    auto before_doc = Json(RandomList(rng, 6, round % 2 == 0 ? 3 : 7));
    auto after_doc = Json(RandomList(rng, 6, round % 2 == 0 ? 3 : 7));
    std::vector<Value> before = Elements(before_doc->root());
    std::vector<Value> after = Elements(after_doc->root());
    ElementIds ids = ClassifyElements(before_doc->root(), after_doc->root());
    ASSERT_EQ(ProcessTerraform(ids, [&](size_t b, size_t a) { return before[b].is_object() && after[a].is_object(); }),
              ReferenceAlignTerraform(before, after, equal, object))
        << round;
  }
}

// The issue's shape: [x, false, false, true] -> [x, false, true, true]. Every before
// element is found in after (the second false only in the common prefix), so the lists are
// aligned: x, false, - false, true, + true. Never `~ false -> true`.
TEST(ProcessSliceTerraform, RemovedAndAddedAcrossAnUnchangedElementStayApart) {
  EXPECT_EQ(ProcessTerraform({7, 0, 0, 1}, {7, 0, 1, 1}), (Pairs{{0, 0}, {1, 1}, {2, 4}, {3, 2}, {4, 3}}));
  // Several removed, then several added, across one unchanged element.
  EXPECT_EQ(ProcessTerraform({7, 0, 0, 0, 1}, {7, 0, 1, 1, 1}),
            (Pairs{{0, 0}, {1, 1}, {2, 5}, {3, 5}, {4, 2}, {5, 3}, {5, 4}}));
  // The removed element's only equal is the first one, in the prefix.
  EXPECT_EQ(ProcessTerraform({5, 5, 6}, {5, 6, 6}), (Pairs{{0, 0}, {1, 3}, {2, 1}, {3, 2}}));
  // A removed element whose equal lies in the middle: already aligned before the fix.
  EXPECT_EQ(ProcessTerraform({5, 6, 5}, {5, 5, 6}), (Pairs{{0, 0}, {1, 3}, {2, 1}, {3, 2}}));
  // At the end: removed and added side by side, still not an update.
  EXPECT_EQ(ProcessTerraform({0, 1, 0}, {0, 1, 1}), (Pairs{{0, 0}, {1, 1}, {2, 3}, {3, 2}}));
  // At the start (no prefix): a swap.
  EXPECT_EQ(ProcessTerraform({1, 0}, {0, 1}), (Pairs{{0, 2}, {1, 0}, {2, 1}}));
  EXPECT_EQ(ProcessTerraform({1, 0, 1}, {0, 1, 1}), (Pairs{{0, 3}, {1, 0}, {2, 1}, {3, 2}}));
}

// A before element equal to nothing in after: the lists are compared index by index, so
// a changed element is one update, wherever it is.
TEST(ProcessSliceTerraform, SameLengthWithANewValuePairsByIndex) {
  EXPECT_EQ(ProcessTerraform({1, 2, 3}, {1, 9, 3}), (Pairs{{0, 0}, {1, 1}, {2, 2}}));
  EXPECT_EQ(ProcessTerraform({0, 1}, {1, 1}), (Pairs{{0, 0}, {1, 1}}));
  EXPECT_EQ(ProcessTerraform({1, 0}, {1, 1}), (Pairs{{0, 0}, {1, 1}}));
  EXPECT_EQ(ProcessTerraform({7, 0, 0, 2}, {7, 0, 1, 1}), (Pairs{{0, 0}, {1, 1}, {2, 2}, {3, 3}}));
  // Lengths differ: aligned, with no pairing of primitives.
  EXPECT_EQ(ProcessTerraform({1, 2, 3}, {1, 9, 9, 3}), (Pairs{{0, 0}, {1, 4}, {3, 1}, {3, 2}, {2, 3}}));
}

// The reordering test looks into the common prefix only when a before element of the
// middle equals nothing in after's middle, and hashes no more of it than it needs.
TEST(ClassifyElements, ReorderingLooksIntoThePrefixOnlyWhenNeeded) {
  size_t hashed = 0;
  auto classify = [&](const std::vector<int>& before, const std::vector<int>& after) {
    hashed = 0;
    return ClassifyElements(
        std::span<const int>(before), std::span<const int>(after),
        [&](int v) {
          ++hashed;
          return std::hash<int>()(v);
        },
        std::equal_to<int>());
  };
  ElementIds ids = classify({1, 2, 3, 4}, {1, 2, 4, 3});
  EXPECT_TRUE(ids.reordering);
  EXPECT_EQ(hashed, 4u);  // the middles only
  ids = classify({1, 2, 2, 4}, {1, 2, 4, 4});
  EXPECT_TRUE(ids.reordering);  // the second 2 equals the prefix's
  EXPECT_EQ(hashed, 4u + 2u);
  ids = classify({1, 2, 3, 4}, {1, 2, 4, 4});
  EXPECT_FALSE(ids.reordering);  // 3 is nowhere in after
  ids = classify({1, 2, 3, 5, 4}, {1, 2, 4, 4, 4});
  EXPECT_FALSE(ids.reordering);
  EXPECT_EQ(hashed, 6u + 1u);  // after one prefix element, two missing classes cannot fit in one
  ids = classify({1, 2}, {1, 2});
  EXPECT_TRUE(ids.reordering);
  EXPECT_EQ(hashed, 0u);
  EXPECT_FALSE(classify({1, 2}, {1, 2, 3}).reordering);  // lengths differ
  EXPECT_TRUE(classify({}, {}).reordering);
  EXPECT_FALSE(classify({}, {1}).reordering);
}

// One changed element in a long list, under Terraform's profile: the reordering test is
// linear too (the prefix is hashed once), and the change pairs by index.
TEST(ProcessSliceTerraform, OneChangeInAHundredThousandIsLinear) {
  std::vector<int> before(100000);
  std::iota(before.begin(), before.end(), 0);
  std::vector<int> after = before;
  after[50000] = -1;
  auto start = std::chrono::steady_clock::now();
  Pairs pairs = ProcessTerraform(before, after);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(pairs.size(), 100000u);
  EXPECT_EQ(pairs[50000], (std::pair<size_t, size_t>{50000, 50000}));
  // A before element whose only equal in after is in the prefix: a reordering, aligned.
  after[50000] = 50000;
  before[50000] = 7;
  pairs = ProcessTerraform(before, after);
  ASSERT_EQ(pairs.size(), 100001u);
  EXPECT_EQ(pairs[50000], (std::pair<size_t, size_t>{50000, 100000}));
  EXPECT_EQ(pairs[50001], (std::pair<size_t, size_t>{100000, 50000}));
  EXPECT_LT(seconds, 10.0);  // quadratic would take minutes
}

}  // namespace
}  // namespace planview::change
