// List alignment (upstream's collections.ProcessSlice over objchange's longest common
// subsequence), shared by the differ's lists, the JSON diff's arrays and the line diff of
// multi-line strings.
//
// Elements are compared through class ids: ClassifyElements gives equal elements the same
// id (by hash, then by the caller's equality), so the alignment itself only compares
// integers. The common prefix is compared pairwise first and not hashed, so two equal
// lists cost one equality test per element; only when the sides have one length and a
// before element of the middle equals nothing in after's middle are prefix elements
// hashed, to tell whether the lists are a reordering (Terraform's test before aligning).
//
// The common subsequence is the one upstream's quadratic table picks (ties resolved the
// same way), found faster: the common prefix and suffix are matched first, and
// after-elements equal to no before-element are left out of the table (exact: such a row
// repeats the one above it, and the walk back passes straight up through it). One change
// in a long list therefore costs linear time.
//
// Policy past the size limit: a table over kMaxAlignmentCells cells (both sides of a huge
// list rewritten in shuffled order; upstream would allocate gigabytes) is not built. The
// differing middle is then treated as having nothing in common, so it still renders, as
// deletions and creations (or updates, where `should_diff` pairs elements), and nothing
// fails. Only in that case can the output differ from upstream's: elements upstream would
// show unchanged inside that middle show as deleted and created again.
#ifndef PLANVIEW_CHANGE_PROCESS_SLICE_H_
#define PLANVIEW_CHANGE_PROCESS_SLICE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <numeric>
#include <span>
#include <unordered_map>
#include <vector>

#include "change/profile.h"
#include "structured/json_value.h"

namespace planview::change {

// 4-byte cells: 256 MiB at most.
inline constexpr size_t kMaxAlignmentCells = size_t{1} << 26;

// Per element, an id for the alignment: two elements have the same id exactly when they
// are equal, except in the common prefix, where an element is only known equal to its
// partner on the other side (the alignment never compares it with anything else), and
// when one side is empty (nothing is aligned; every element has an id of its own).
struct ElementIds {
  std::vector<uint32_t> before;
  std::vector<uint32_t> after;
  // The sides have one length and every before element equals some after element, the
  // common prefix included (upstream's isReorder). Exact, unlike the ids of the prefix.
  bool reordering = false;
};

// `hash(x)` must agree with `equal(x, y)` (equal elements hash alike); `equal` must be an
// equivalence.
template <typename T, typename Hash, typename Equal>
ElementIds ClassifyElements(std::span<const T> before, std::span<const T> after, Hash&& hash, Equal&& equal);

// The elements of two JSON arrays (a side that is not an array is empty), equal by
// structured::Value::Equals.
ElementIds ClassifyElements(structured::Value before, structured::Value after);

// Indices into `before` of upstream's longest common subsequence, in order.
std::vector<size_t> LongestCommonSubsequence(std::span<const uint32_t> before, std::span<const uint32_t> after);

// Calls `process(before_index, after_index)` once per output element, in upstream's order;
// an index equal to its side's size means "no element on that side". A deleted element and
// a created one at the same place become one pair when `should_diff(before_index,
// after_index)` says they are worth diffing (in the run of created elements too when the
// profile says so). With `profile.same_length_lists_by_index`, sides of one length that
// are not a reordering of each other (`ids.reordering` false) are paired index by index
// instead; a reordering (every before element found in after, even where a removed and an
// added element lie on either side of an unchanged one) is aligned as above.
void ProcessSlice(const ElementIds& ids, const Profile& profile, const std::function<bool(size_t, size_t)>& should_diff,
                  const std::function<void(size_t, size_t)>& process);

template <typename T, typename Hash, typename Equal>
ElementIds ClassifyElements(std::span<const T> before, std::span<const T> after, Hash&& hash, Equal&& equal) {
  // The common prefix is found by `equal` alone. Its elements get an id per position,
  // shared by the two sides: the alignment matches the prefix position by position and
  // never compares its elements with anything else. (Not so the common suffix: the walk
  // pairs the next common value with the first equal element it meets, which can lie in
  // the middle, so suffix elements are compared with middle ones and need real classes.)
  const size_t n = before.size();
  const size_t m = after.size();
  if (n == 0 || m == 0) {
    // Nothing to align (a list created or deleted whole): ProcessSlice never compares the
    // ids, so no element is hashed; each gets an id of its own.
    ElementIds ids;
    ids.before.resize(n);
    ids.after.resize(m);
    std::iota(ids.before.begin(), ids.before.end(), uint32_t{0});
    std::iota(ids.after.begin(), ids.after.end(), uint32_t{0});
    ids.reordering = n == m;
    return ids;
  }
  size_t prefix = 0;
  while (prefix < n && prefix < m && equal(before[prefix], after[prefix])) ++prefix;
  const uint32_t first_class = static_cast<uint32_t>(prefix);

  std::vector<const T*> representative;           // by class id - first_class
  std::vector<uint32_t> next_with_same_hash;      // by class id - first_class; UINT32_MAX ends the chain
  std::unordered_map<uint64_t, uint32_t> first_with_hash;
  first_with_hash.reserve(n + m - 2 * prefix);
  auto id_of = [&](const T& element) {
    uint64_t h = static_cast<uint64_t>(hash(element));
    auto [it, inserted] = first_with_hash.try_emplace(h, static_cast<uint32_t>(representative.size()));
    if (!inserted) {
      uint32_t id = it->second;
      while (true) {
        if (equal(*representative[id], element)) return first_class + id;
        if (next_with_same_hash[id] == UINT32_MAX) break;
        id = next_with_same_hash[id];
      }
      next_with_same_hash[id] = static_cast<uint32_t>(representative.size());
    }
    representative.push_back(&element);
    next_with_same_hash.push_back(UINT32_MAX);
    return first_class + static_cast<uint32_t>(representative.size() - 1);
  };
  auto classify = [&](std::span<const T> side, std::vector<uint32_t>& ids) {
    const size_t size = side.size();
    ids.resize(size);
    for (size_t i = 0; i < prefix; ++i) ids[i] = static_cast<uint32_t>(i);
    for (size_t i = prefix; i < size; ++i) ids[i] = id_of(side[i]);
  };
  ElementIds ids;
  classify(before, ids.before);
  classify(after, ids.after);
  if (n != m) return ids;

  // Reordering: each before element of the middle must equal an after element, of the
  // middle (the same class) or of the prefix. Only classes missing from after's middle
  // are looked for in the prefix, whose elements are hashed then and only then.
  const size_t classes = representative.size();
  std::vector<char> in_after(classes, 0);
  std::vector<char> missing(classes, 0);
  for (size_t j = prefix; j < m; ++j) in_after[ids.after[j] - first_class] = 1;
  size_t missing_count = 0;
  for (size_t i = prefix; i < n; ++i) {
    const uint32_t c = ids.before[i] - first_class;
    if (!in_after[c] && !missing[c]) {
      missing[c] = 1;
      ++missing_count;
    }
  }
  // Each prefix element equals at most one class: past `prefix` missing classes, some
  // must stay missing.
  for (size_t i = 0; i < prefix && missing_count != 0 && missing_count <= prefix - i; ++i) {
    auto it = first_with_hash.find(static_cast<uint64_t>(hash(before[i])));
    if (it == first_with_hash.end()) continue;
    for (uint32_t c = it->second; c != UINT32_MAX; c = next_with_same_hash[c]) {
      if (!equal(*representative[c], before[i])) continue;
      if (missing[c]) {
        missing[c] = 0;
        --missing_count;
      }
      break;
    }
  }
  ids.reordering = missing_count == 0;
  return ids;
}

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_PROCESS_SLICE_H_
