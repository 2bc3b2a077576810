#include "change/process_slice.h"

#include <chrono>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace planview::change {
namespace {

// Upstream's LCS exactly as specified (full table, no trimming), returning values.
std::vector<int> ReferenceLcs(const std::vector<int>& xs, const std::vector<int>& ys) {
  if (xs.empty() || ys.empty()) return {};
  size_t w = xs.size();
  std::vector<int> c(xs.size() * ys.size());
  std::vector<bool> eqs(xs.size() * ys.size());
  for (size_t y = 0; y < ys.size(); ++y) {
    for (size_t x = 0; x < xs.size(); ++x) {
      if (xs[x] == ys[y]) {
        eqs[w * y + x] = true;
        c[w * y + x] = (x == 0 || y == 0) ? 1 : c[w * (y - 1) + x - 1] + 1;
      } else {
        int l = x > 0 ? c[w * y + x - 1] : 0;
        int u = y > 0 ? c[w * (y - 1) + x] : 0;
        c[w * y + x] = l > u ? l : u;
      }
    }
  }
  std::vector<int> seq(static_cast<size_t>(c.back()));
  int x = static_cast<int>(xs.size()) - 1;
  int y = static_cast<int>(ys.size()) - 1;
  int i = static_cast<int>(seq.size()) - 1;
  while (x > -1 && y > -1) {
    if (eqs[w * static_cast<size_t>(y) + static_cast<size_t>(x)]) {
      seq[static_cast<size_t>(i--)] = xs[static_cast<size_t>(x--)];
      --y;
    } else {
      int l = x > 0 ? c[w * static_cast<size_t>(y) + static_cast<size_t>(x) - 1] : 0;
      int u = y > 0 ? c[w * static_cast<size_t>(y - 1) + static_cast<size_t>(x)] : 0;
      if (l > u) {
        --x;
      } else {
        --y;
      }
    }
  }
  return seq;
}

std::vector<int> LcsValues(const std::vector<int>& xs, const std::vector<int>& ys) {
  std::vector<int> values;
  for (size_t i : LongestCommonSubsequence(std::span<const int>(xs), std::span<const int>(ys),
                                           [](int a, int b) { return a == b; })) {
    values.push_back(xs[i]);
  }
  return values;
}

using Pairs = std::vector<std::pair<size_t, size_t>>;

Pairs Process(const std::vector<int>& before, const std::vector<int>& after, bool diff_all) {
  Pairs pairs;
  ProcessSlice(
      std::span<const int>(before), std::span<const int>(after), [](int a, int b) { return a == b; },
      [diff_all](int, int) { return diff_all; }, [&](size_t b, size_t a) { pairs.emplace_back(b, a); });
  return pairs;
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
    ASSERT_EQ(LcsValues(xs, ys), ReferenceLcs(xs, ys)) << "round " << round;
  }
}

TEST(ProcessSlice, UnchangedDeletedAndCreated) {
  // before: a b c, after: a x c  ->  a, -b, +x, c
  Pairs pairs = Process({1, 2, 3}, {1, 9, 3}, false);
  EXPECT_EQ(pairs, (Pairs{{0, 0}, {1, 3}, {3, 1}, {2, 2}}));
}

TEST(ProcessSlice, DiffableElementsPairUp) {
  Pairs pairs = Process({1, 2, 3}, {1, 9, 3}, true);
  EXPECT_EQ(pairs, (Pairs{{0, 0}, {1, 1}, {2, 2}}));
}

TEST(ProcessSlice, EmptySides) {
  EXPECT_EQ(Process({}, {5, 6}, false), (Pairs{{0, 0}, {0, 1}}));
  EXPECT_EQ(Process({5, 6}, {}, false), (Pairs{{0, 0}, {1, 0}}));
  EXPECT_TRUE(Process({}, {}, false).empty());
}

TEST(ProcessSlice, LargeListWithOneChangeIsLinear) {
  std::vector<int> before(200000);
  for (size_t i = 0; i < before.size(); ++i) before[i] = static_cast<int>(i);
  std::vector<int> after = before;
  after[100000] = -1;
  auto start = std::chrono::steady_clock::now();
  Pairs pairs = Process(before, after, false);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(pairs.size(), before.size() + 1);
  EXPECT_EQ(pairs[100000], (std::pair<size_t, size_t>{100000, after.size()}));
  EXPECT_EQ(pairs[100001], (std::pair<size_t, size_t>{before.size(), 100000}));
  EXPECT_LT(seconds, 1.0);
}

}  // namespace
}  // namespace planview::change
