#include "differ/internal/set_pairing.h"

#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace planview::differ::internal {
namespace {

// Upstream's loop as written: every before element against every after element.
SetPairing ReferencePairing(const std::vector<int>& before, const std::vector<int>& after,
                            const std::vector<bool>& eligible) {
  SetPairing p;
  p.after_of_before.assign(before.size(), SetPairing::kNone);
  p.claimed.assign(after.size(), false);
  for (size_t i = 0; i < before.size(); ++i) {
    for (size_t j = 0; j < after.size(); ++j) {
      if (p.claimed[j]) continue;
      if (before[i] == after[j] && eligible[j]) {
        p.claimed[j] = true;
        p.after_of_before[i] = j;
      }
    }
  }
  return p;
}

TEST(PairSetElements, MatchesUpstreamsQuadraticLoop) {
  std::mt19937 rng(99);
  for (int round = 0; round < 50000; ++round) {
    std::uniform_int_distribution<size_t> len(0, 10);
    std::uniform_int_distribution<int> value(0, round % 2 == 0 ? 3 : 12);
    std::vector<int> before(len(rng));
    std::vector<int> after(len(rng));
    std::vector<bool> eligible(after.size());
    for (int& v : before) v = value(rng);
    for (int& v : after) v = value(rng);
    for (size_t j = 0; j < eligible.size(); ++j) eligible[j] = rng() % 5 != 0;
    // A key with collisions (values 3 apart share it), so equal keys do not imply equality.
    auto key = [](int v) { return static_cast<uint64_t>(v % 3); };
    SetPairing ours = PairSetElements(
        before.size(), after.size(), [&](size_t i) { return key(before[i]); },
        [&](size_t j) { return key(after[j]); }, [&](size_t j) { return eligible[j]; },
        [&](size_t i, size_t j) { return before[i] == after[j]; });
    SetPairing reference = ReferencePairing(before, after, eligible);
    ASSERT_EQ(ours.after_of_before, reference.after_of_before) << "round " << round;
    ASSERT_EQ(ours.claimed, reference.claimed) << "round " << round;
  }
}

TEST(PairSetElements, ABeforeElementClaimsEveryEqualOneAndKeepsTheLast) {
  std::vector<int> before = {7, 7, 8};
  std::vector<int> after = {7, 9, 7, 8};
  SetPairing p = PairSetElements(
      before.size(), after.size(), [&](size_t i) { return uint64_t(before[i]); },
      [&](size_t j) { return uint64_t(after[j]); }, [](size_t) { return true; },
      [&](size_t i, size_t j) { return before[i] == after[j]; });
  EXPECT_EQ(p.after_of_before, (std::vector<size_t>{2, SetPairing::kNone, 3}));
  EXPECT_EQ(p.claimed, (std::vector<bool>{true, false, true, true}));
}

TEST(PairSetElements, ManyDuplicatesStayFast) {
  // 100,000 equal elements on each side: the first before element claims them all, and
  // the others find an empty run instead of rescanning it.
  const size_t n = 100000;
  size_t compares = 0;
  SetPairing p = PairSetElements(
      n, n, [](size_t) { return uint64_t{1}; }, [](size_t) { return uint64_t{1}; }, [](size_t) { return true; },
      [&](size_t, size_t) {
        ++compares;
        return true;
      });
  EXPECT_EQ(compares, n);
  EXPECT_EQ(p.after_of_before[0], n - 1);
  EXPECT_EQ(p.after_of_before[1], SetPairing::kNone);
}

}  // namespace
}  // namespace planview::differ::internal
