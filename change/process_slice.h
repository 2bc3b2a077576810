// Pairs up the elements of two sequences the way upstream's collections.ProcessSlice does:
// a longest common subsequence marks the unchanged elements, the rest are deletions and
// creations, except that a deleted element and a created one at the same place are
// reported as one update when `should_diff` says they are worth diffing.
//
// `process(before_index, after_index)` is called once per output element, in order; an
// index equal to the sequence's size means "no element on that side".
//
// The LCS is the one upstream's quadratic algorithm picks (ties resolved the same way),
// but the common prefix and suffix are matched first, so a long list with a few changes
// costs linear time; only the differing middle is compared pairwise (and only up to
// kMaxCells pairs: beyond that the middle has no common elements).
#ifndef PLANVIEW_CHANGE_PROCESS_SLICE_H_
#define PLANVIEW_CHANGE_PROCESS_SLICE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace planview::change {

// Indices into `xs` of a longest common subsequence of xs and ys, in order.
template <typename T, typename Equal>
std::vector<size_t> LongestCommonSubsequence(std::span<const T> xs, std::span<const T> ys, Equal&& equal) {
  std::vector<size_t> result;
  const size_t n = xs.size();
  const size_t m = ys.size();
  size_t prefix = 0;
  while (prefix < n && prefix < m && equal(xs[prefix], ys[prefix])) ++prefix;
  size_t suffix = 0;
  while (suffix < n - prefix && suffix < m - prefix && equal(xs[n - 1 - suffix], ys[m - 1 - suffix])) ++suffix;
  for (size_t i = 0; i < prefix; ++i) result.push_back(i);

  // The middle: upstream's table (row per y, column per x) and walk back from the end.
  const size_t w = n - prefix - suffix;
  const size_t h = m - prefix - suffix;
  // Upstream's table is quadratic; past this many cells (a hostile input: both sides of a
  // huge list rewritten) the middle is left unmatched instead of exhausting memory.
  constexpr size_t kMaxCells = size_t{1} << 24;
  if (w > 0 && h > 0 && w <= kMaxCells / h) {
    std::vector<uint32_t> c(w * h);
    std::vector<bool> eqs(w * h);
    for (size_t y = 0; y < h; ++y) {
      for (size_t x = 0; x < w; ++x) {
        size_t at = w * y + x;
        if (equal(xs[prefix + x], ys[prefix + y])) {
          eqs[at] = true;
          c[at] = (x == 0 || y == 0) ? 1 : c[w * (y - 1) + (x - 1)] + 1;
        } else {
          uint32_t l = x > 0 ? c[at - 1] : 0;
          uint32_t u = y > 0 ? c[at - w] : 0;
          c[at] = l > u ? l : u;
        }
      }
    }
    std::vector<size_t> middle(c.back());
    int64_t x = static_cast<int64_t>(w) - 1;
    int64_t y = static_cast<int64_t>(h) - 1;
    int64_t i = static_cast<int64_t>(middle.size()) - 1;
    while (x >= 0 && y >= 0 && i >= 0) {
      size_t at = w * static_cast<size_t>(y) + static_cast<size_t>(x);
      if (eqs[at]) {
        middle[static_cast<size_t>(i)] = prefix + static_cast<size_t>(x);
        --x;
        --y;
        --i;
      } else {
        uint32_t l = x > 0 ? c[at - 1] : 0;
        uint32_t u = y > 0 ? c[at - w] : 0;
        if (l > u) {
          --x;
        } else {
          --y;
        }
      }
    }
    result.insert(result.end(), middle.begin(), middle.end());
  }
  for (size_t i = n - suffix; i < n; ++i) result.push_back(i);
  return result;
}

template <typename T, typename Equal, typename ShouldDiff, typename Process>
void ProcessSlice(std::span<const T> before, std::span<const T> after, Equal&& equal, ShouldDiff&& should_diff,
                  Process&& process) {
  const std::vector<size_t> lcs = LongestCommonSubsequence(before, after, equal);
  const size_t nb = before.size();
  const size_t na = after.size();
  size_t b = 0;
  size_t a = 0;
  size_t l = 0;
  while (b < nb || a < na || l < lcs.size()) {
    // Before elements up to the next common one are deleted (or diffed against the after
    // element at the same place).
    while (b < nb && (l >= lcs.size() || !equal(before[b], before[lcs[l]]))) {
      bool diff_elements = a < na && should_diff(before[b], after[a]);
      bool after_in_lcs = l < lcs.size() && a < na && equal(after[a], before[lcs[l]]);
      if (diff_elements && !after_in_lcs) {
        process(b, a);
        ++b;
        ++a;
        continue;
      }
      process(b, na);
      ++b;
    }
    // After elements up to the next common one are created (or diffed).
    while (a < na && (l >= lcs.size() || !equal(after[a], before[lcs[l]]))) {
      if (b < nb && should_diff(before[b], after[a])) {
        process(b, a);
        ++b;
        ++a;
        continue;
      }
      process(nb, a);
      ++a;
    }
    // The common element is unchanged.
    if (l < lcs.size()) {
      process(b, a);
      ++b;
      ++a;
      ++l;
    }
  }
}

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_PROCESS_SLICE_H_
