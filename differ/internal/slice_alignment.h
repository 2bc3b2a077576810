// Pairs up the elements of two lists the way upstream's list diff does: a longest common
// subsequence of equal elements stays in place, and the elements between are deletions,
// creations, or (when `should_diff` says so) updates of one element into another.
//
// The common subsequence is upstream's exact choice among equally long ones, but the
// common prefix and suffix are taken off first and after-elements equal to nothing in
// before are dropped from the quadratic table, so one change in a long list costs
// linear time.
#ifndef PLANVIEW_DIFFER_INTERNAL_SLICE_ALIGNMENT_H_
#define PLANVIEW_DIFFER_INTERNAL_SLICE_ALIGNMENT_H_

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <vector>

#include "structured/json_value.h"

namespace planview::differ::internal {

// Thrown when the part of two lists that needs the quadratic table is too large.
class AlignmentTooLarge : public std::length_error {
 public:
  using std::length_error::length_error;
};

// Indices into `before` of upstream's longest common subsequence of the two arrays
// (non-arrays count as empty).
std::vector<size_t> LongestCommonSubsequence(structured::Value before, structured::Value after);

// Calls visit(before_index, after_index) for every aligned pair, in upstream's order. An
// index equal to the size of its list means "no element on this side".
void AlignSlices(structured::Value before, structured::Value after,
                 const std::function<bool(structured::Value, structured::Value)>& should_diff,
                 const std::function<void(size_t, size_t)>& visit);

}  // namespace planview::differ::internal

#endif  // PLANVIEW_DIFFER_INTERNAL_SLICE_ALIGNMENT_H_
