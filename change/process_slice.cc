#include "change/process_slice.h"

#include <unordered_set>

#include "change/value_hash.h"

namespace planview::change {
namespace {

std::vector<structured::Value> Elements(structured::Value array) {
  std::vector<structured::Value> out;
  if (!array.is_array()) return out;
  out.reserve(array.size());
  for (size_t i = 0; i < array.size(); ++i) out.push_back(array.at(i));
  return out;
}

// Upstream's table (a row per listed after element, a column per before element of
// [x_begin, x_end)) and its walk back from the end, appending indices into `before` to
// `out`. False, with nothing appended, when the table would be too large.
bool TableLcs(std::span<const uint32_t> before, size_t x_begin, size_t x_end, std::span<const uint32_t> after,
              const std::vector<size_t>& rows, std::vector<size_t>& out) {
  const size_t w = x_end - x_begin;
  const size_t h = rows.size();
  if (w == 0 || h == 0) return true;
  if (w > kMaxAlignmentCells / h) return false;
  auto eq = [&](size_t x, size_t y) { return before[x_begin + x] == after[rows[y]]; };
  std::vector<uint32_t> c(w * h);
  for (size_t y = 0; y < h; ++y) {
    for (size_t x = 0; x < w; ++x) {
      uint32_t& cell = c[w * y + x];
      if (eq(x, y)) {
        cell = (x == 0 || y == 0) ? 1 : c[w * (y - 1) + (x - 1)] + 1;
      } else {
        uint32_t l = x > 0 ? c[w * y + (x - 1)] : 0;
        uint32_t u = y > 0 ? c[w * (y - 1) + x] : 0;
        cell = l > u ? l : u;
      }
    }
  }
  const size_t length = c.back();
  const size_t start = out.size();
  out.resize(start + length);
  int64_t x = static_cast<int64_t>(w) - 1;
  int64_t y = static_cast<int64_t>(h) - 1;
  int64_t i = static_cast<int64_t>(length) - 1;
  while (x >= 0 && y >= 0 && i >= 0) {
    const size_t ux = static_cast<size_t>(x);
    const size_t uy = static_cast<size_t>(y);
    if (eq(ux, uy)) {
      out[start + static_cast<size_t>(i)] = x_begin + ux;
      --x;
      --y;
      --i;
    } else {
      uint32_t l = x > 0 ? c[w * uy + (ux - 1)] : 0;
      uint32_t u = y > 0 ? c[w * (uy - 1) + ux] : 0;
      if (l > u) {
        --x;
      } else {
        --y;
      }
    }
  }
  return true;
}

}  // namespace

ElementIds ClassifyElements(structured::Value before, structured::Value after) {
  std::vector<structured::Value> b = Elements(before);
  std::vector<structured::Value> a = Elements(after);
  return ClassifyElements(
      std::span<const structured::Value>(b), std::span<const structured::Value>(a),
      [](const structured::Value& v) { return HashValue(v); },
      [](const structured::Value& x, const structured::Value& y) { return x.Equals(y); });
}

std::vector<size_t> LongestCommonSubsequence(std::span<const uint32_t> before, std::span<const uint32_t> after) {
  const size_t n = before.size();
  const size_t m = after.size();
  size_t prefix = 0;
  while (prefix < n && prefix < m && before[prefix] == after[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < n - prefix && suffix < m - prefix && before[n - 1 - suffix] == after[m - 1 - suffix]) ++suffix;

  std::vector<size_t> out;
  out.reserve(prefix + suffix);
  for (size_t i = 0; i < prefix; ++i) out.push_back(i);

  // Rows only for after elements that equal some element of before's middle.
  const size_t x_begin = prefix;
  const size_t x_end = n - suffix;
  const std::unordered_set<uint32_t> in_before(before.begin() + static_cast<ptrdiff_t>(x_begin),
                                               before.begin() + static_cast<ptrdiff_t>(x_end));
  std::vector<size_t> rows;
  for (size_t j = prefix; j < m - suffix; ++j) {
    if (in_before.count(after[j]) != 0) rows.push_back(j);
  }
  // Past the size limit the middle is left with nothing in common (see the header).
  TableLcs(before, x_begin, x_end, after, rows, out);

  for (size_t i = n - suffix; i < n; ++i) out.push_back(i);
  return out;
}

void ProcessSlice(const ElementIds& ids, const Profile& profile, const std::function<bool(size_t, size_t)>& should_diff,
                  const std::function<void(size_t, size_t)>& process) {
  const std::vector<uint32_t>& before = ids.before;
  const std::vector<uint32_t>& after = ids.after;
  const size_t n = before.size();
  const size_t m = after.size();
  if (profile.same_length_lists_by_index && n == m && !ids.reordering) {
    for (size_t i = 0; i < n; ++i) process(i, i);
    return;
  }
  const std::vector<size_t> lcs = LongestCommonSubsequence(before, after);
  size_t b = 0;
  size_t a = 0;
  size_t k = 0;
  while (b < n || a < m || k < lcs.size()) {
    // Before elements up to the next common one are deleted, or diffed against the after
    // element opposite when that one is not itself the next common element.
    while (b < n && (k >= lcs.size() || before[b] != before[lcs[k]])) {
      bool diff_elements = a < m && should_diff(b, a);
      bool after_is_next_common = k < lcs.size() && a < m && after[a] == before[lcs[k]];
      if (diff_elements && !after_is_next_common) {
        process(b++, a++);
        continue;
      }
      process(b++, m);
    }
    // After elements up to the next common one are created (or diffed, as above).
    while (a < m && (k >= lcs.size() || after[a] != before[lcs[k]])) {
      if (profile.pair_in_created_run && b < n && should_diff(b, a)) {
        process(b++, a++);
        continue;
      }
      process(n, a++);
    }
    // The common element is unchanged.
    if (k < lcs.size()) {
      process(b++, a++);
      ++k;
    }
  }
}

}  // namespace planview::change
