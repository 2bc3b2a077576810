// Upstream's pairing of set elements: each before element in turn claims every after
// element that is still unclaimed, eligible (upstream: not unknown) and equal to it, and
// is shown against the last one it claimed; after elements nobody claimed are creations.
// Upstream compares every before element with every after element; sorting the after
// elements by a key that equal elements share gives the same pairs in n log n.
#ifndef PLANVIEW_DIFFER_INTERNAL_SET_PAIRING_H_
#define PLANVIEW_DIFFER_INTERNAL_SET_PAIRING_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace planview::differ::internal {

struct SetPairing {
  static constexpr size_t kNone = SIZE_MAX;
  std::vector<size_t> after_of_before;  // per before element: its after element, or kNone
  std::vector<bool> claimed;            // per after element
};

// `before_key(i)` and `after_key(j)` must be equal whenever `equal(i, j)`;
// `eligible(j)` says whether after element j can be claimed at all.
template <typename BeforeKey, typename AfterKey, typename Eligible, typename Equal>
SetPairing PairSetElements(size_t before_size, size_t after_size, BeforeKey&& before_key, AfterKey&& after_key,
                           Eligible&& eligible, Equal&& equal) {
  struct Keyed {
    uint64_t key;
    size_t index;
  };
  std::vector<Keyed> candidates;
  candidates.reserve(after_size);
  for (size_t j = 0; j < after_size; ++j) {
    if (eligible(j)) candidates.push_back({static_cast<uint64_t>(after_key(j)), j});
  }
  // By key, then in after order within a key (the order upstream meets them in).
  std::sort(candidates.begin(), candidates.end(),
            [](const Keyed& x, const Keyed& y) { return x.key != y.key ? x.key < y.key : x.index < y.index; });
  // Per run of one key, kept at the run's first slot: where its unclaimed candidates end
  // (claimed ones are dropped as they are found, so no candidate is compared twice once
  // claimed).
  std::vector<size_t> live_end(candidates.size());
  for (size_t r = 0; r < candidates.size();) {
    size_t end = r;
    while (end < candidates.size() && candidates[end].key == candidates[r].key) ++end;
    live_end[r] = end;
    r = end;
  }

  SetPairing pairing;
  pairing.after_of_before.assign(before_size, SetPairing::kNone);
  pairing.claimed.assign(after_size, false);
  for (size_t i = 0; i < before_size; ++i) {
    const uint64_t key = static_cast<uint64_t>(before_key(i));
    auto run = std::lower_bound(candidates.begin(), candidates.end(), key,
                                [](const Keyed& x, uint64_t k) { return x.key < k; });
    if (run == candidates.end() || run->key != key) continue;
    const size_t first = static_cast<size_t>(run - candidates.begin());
    size_t kept = first;
    for (size_t c = first; c < live_end[first]; ++c) {
      const size_t j = candidates[c].index;
      if (equal(i, j)) {
        pairing.claimed[j] = true;
        pairing.after_of_before[i] = j;
      } else {
        candidates[kept++] = candidates[c];
      }
    }
    live_end[first] = kept;
  }
  return pairing;
}

}  // namespace planview::differ::internal

#endif  // PLANVIEW_DIFFER_INTERNAL_SET_PAIRING_H_
