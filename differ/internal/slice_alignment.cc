#include "differ/internal/slice_alignment.h"

#include <cstdint>
#include <unordered_set>

#include "differ/internal/value_hash.h"

namespace planview::differ::internal {
namespace {

using structured::Value;

// Cells of the quadratic table we are willing to fill (4 bytes each, 256 MiB at most).
constexpr size_t kMaxCells = size_t{1} << 26;

// One list with the hash of each element, for cheap inequality.
struct Hashed {
  explicit Hashed(Value list) : list(list) {
    size_t n = list.is_array() ? list.size() : 0;
    hashes.reserve(n);
    for (size_t i = 0; i < n; ++i) hashes.push_back(HashValue(list.at(i)));
  }
  size_t size() const { return hashes.size(); }
  Value at(size_t i) const { return list.at(i); }

  Value list;
  std::vector<uint64_t> hashes;
};

bool Same(const Hashed& a, size_t i, const Hashed& b, size_t j) {
  return a.hashes[i] == b.hashes[j] && a.at(i).Equals(b.at(j));
}

// Upstream's dynamic-programming LCS over xs[x_begin, x_end) and the after elements
// listed in `ys` (indices into `after`), appending indices into `before` to `out`.
//
// Dropping after-elements that equal no before-element is exact: such a row of the table
// repeats the row above it, and the walk back always moves straight up through it.
void TableLcs(const Hashed& before, size_t x_begin, size_t x_end, const Hashed& after, const std::vector<size_t>& ys,
              std::vector<size_t>& out) {
  size_t w = x_end - x_begin;
  size_t h = ys.size();
  if (w == 0 || h == 0) return;
  if (w > kMaxCells / h) {
    throw AlignmentTooLarge("the lists differ in too many places to align (" + std::to_string(w) + " x " +
                            std::to_string(h) + " elements)");
  }
  auto eq = [&](size_t x, size_t y) { return Same(before, x_begin + x, after, ys[y]); };
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
  size_t length = c.back();
  size_t start = out.size();
  out.resize(start + length);
  int64_t x = static_cast<int64_t>(w) - 1;
  int64_t y = static_cast<int64_t>(h) - 1;
  int64_t i = static_cast<int64_t>(length) - 1;
  while (x > -1 && y > -1 && i > -1) {
    if (eq(static_cast<size_t>(x), static_cast<size_t>(y))) {
      out[start + static_cast<size_t>(i)] = x_begin + static_cast<size_t>(x);
      --x;
      --y;
      --i;
    } else {
      uint32_t l = x > 0 ? c[w * static_cast<size_t>(y) + static_cast<size_t>(x - 1)] : 0;
      uint32_t u = y > 0 ? c[w * static_cast<size_t>(y - 1) + static_cast<size_t>(x)] : 0;
      if (l > u) {
        --x;
      } else {
        --y;
      }
    }
  }
}

std::vector<size_t> Lcs(const Hashed& before, const Hashed& after) {
  size_t n = before.size();
  size_t m = after.size();
  size_t prefix = 0;
  while (prefix < n && prefix < m && Same(before, prefix, after, prefix)) ++prefix;
  size_t suffix = 0;
  while (suffix < n - prefix && suffix < m - prefix && Same(before, n - 1 - suffix, after, m - 1 - suffix)) ++suffix;

  std::vector<size_t> out;
  for (size_t i = 0; i < prefix; ++i) out.push_back(i);

  size_t x_begin = prefix;
  size_t x_end = n - suffix;
  std::unordered_set<uint64_t> before_hashes(before.hashes.begin() + static_cast<ptrdiff_t>(x_begin),
                                             before.hashes.begin() + static_cast<ptrdiff_t>(x_end));
  std::vector<size_t> ys;
  for (size_t j = prefix; j < m - suffix; ++j) {
    if (before_hashes.count(after.hashes[j]) != 0) ys.push_back(j);
  }
  TableLcs(before, x_begin, x_end, after, ys, out);

  for (size_t i = n - suffix; i < n; ++i) out.push_back(i);
  return out;
}

}  // namespace

std::vector<size_t> LongestCommonSubsequence(Value before, Value after) {
  return Lcs(Hashed(before), Hashed(after));
}

void AlignSlices(Value before_list, Value after_list, const std::function<bool(Value, Value)>& should_diff,
                 const std::function<void(size_t, size_t)>& visit) {
  Hashed before(before_list);
  Hashed after(after_list);
  std::vector<size_t> lcs = Lcs(before, after);
  size_t n = before.size();
  size_t m = after.size();
  // Element i of `side` equals the next common element (compared by value, as upstream).
  auto before_is_common = [&](size_t b, size_t k) { return Same(before, b, before, lcs[k]); };
  auto after_is_common = [&](size_t a, size_t k) { return Same(after, a, before, lcs[k]); };

  size_t b = 0;
  size_t a = 0;
  size_t k = 0;
  while (b < n || a < m || k < lcs.size()) {
    // Before-elements up to the next common one are deleted, or updated into the after
    // element opposite when that one is not itself the next common element.
    while (b < n && (k >= lcs.size() || !before_is_common(b, k))) {
      bool diff_elements = a < m && should_diff(before.at(b), after.at(a));
      bool after_is_next_common = k < lcs.size() && a < m && after_is_common(a, k);
      if (diff_elements && !after_is_next_common) {
        visit(b++, a++);
        continue;
      }
      visit(b++, m);
    }
    // After-elements up to the next common one are created (or updates, as above).
    while (a < m && (k >= lcs.size() || !after_is_common(a, k))) {
      if (b < n && should_diff(before.at(b), after.at(a))) {
        visit(b++, a++);
        continue;
      }
      visit(n, a++);
    }
    if (k < lcs.size()) {
      visit(b++, a++);
      ++k;
    }
  }
}

}  // namespace planview::differ::internal
