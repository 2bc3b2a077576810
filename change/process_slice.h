// List alignment (upstream's collections.ProcessSlice over objchange's longest common
// subsequence), shared by the differ's lists, the JSON diff's arrays and the line diff of
// multi-line strings.
//
// Elements are compared through class ids: ClassifyElements gives equal elements the same
// id (by hash, then by the caller's equality), so the alignment itself only compares
// integers and every element is hashed once.
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
#include <span>
#include <unordered_map>
#include <vector>

#include "structured/json_value.h"

namespace planview::change {

// 4-byte cells: 256 MiB at most.
inline constexpr size_t kMaxAlignmentCells = size_t{1} << 26;

// Per element, an id shared by exactly the elements equal to it (on either side).
struct ElementIds {
  std::vector<uint32_t> before;
  std::vector<uint32_t> after;
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
// after_index)` says they are worth diffing.
void ProcessSlice(const ElementIds& ids, const std::function<bool(size_t, size_t)>& should_diff,
                  const std::function<void(size_t, size_t)>& process);

template <typename T, typename Hash, typename Equal>
ElementIds ClassifyElements(std::span<const T> before, std::span<const T> after, Hash&& hash, Equal&& equal) {
  ElementIds ids;
  std::vector<const T*> representative;           // by id
  std::vector<uint32_t> next_with_same_hash;      // by id; UINT32_MAX ends the chain
  std::unordered_map<uint64_t, uint32_t> first_with_hash;
  first_with_hash.reserve(before.size() + after.size());
  auto id_of = [&](const T& element) {
    uint64_t h = static_cast<uint64_t>(hash(element));
    auto [it, inserted] = first_with_hash.try_emplace(h, static_cast<uint32_t>(representative.size()));
    if (!inserted) {
      uint32_t id = it->second;
      while (true) {
        if (equal(*representative[id], element)) return id;
        if (next_with_same_hash[id] == UINT32_MAX) break;
        id = next_with_same_hash[id];
      }
      next_with_same_hash[id] = static_cast<uint32_t>(representative.size());
    }
    representative.push_back(&element);
    next_with_same_hash.push_back(UINT32_MAX);
    return static_cast<uint32_t>(representative.size() - 1);
  };
  ids.before.reserve(before.size());
  for (const T& element : before) ids.before.push_back(id_of(element));
  ids.after.reserve(after.size());
  for (const T& element : after) ids.after.push_back(id_of(element));
  return ids;
}

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_PROCESS_SLICE_H_
