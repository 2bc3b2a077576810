// Sets: elements equal on both sides are paired; the rest are deletions and creations.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "change/value_hash.h"
#include "differ/internal/walk.h"

namespace planview::differ::internal {
namespace {
namespace renderers = change::renderers;

// Upstream compares every before element with every after element not yet claimed, and
// claims every equal one (equal value and sensitivity, after not unknown); the before
// element keeps the last. Buckets by hash give the same pairing without the n*m compares.
template <typename DiffOne>
std::pair<std::vector<Diff>, Action> ProcessSet(const Change& change, Path& path, DiffOne&& diff_one) {
  ExpectKind(change, path, structured::Kind::kArray, "a set (an array)");
  Change children = ForChildren(change);
  structured::SliceValue value = children.AsSlice();
  size_t before_size = value.BeforeSize();
  size_t after_size = value.AfterSize();

  auto bucket_key = [](Value element, bool sensitive) { return change::HashValue(element) * 2 + (sensitive ? 1 : 0); };
  std::unordered_map<uint64_t, std::vector<size_t>> buckets;
  for (size_t j = 0; j < after_size; ++j) {
    if (children.unknown.at(j).is_true()) continue;
    buckets[bucket_key(change.after.at(j), children.after_sensitive.at(j).is_true())].push_back(j);
  }

  std::vector<int64_t> match_of_before(before_size, -1);
  std::vector<bool> claimed(after_size, false);
  for (size_t i = 0; i < before_size; ++i) {
    Value element = change.before.at(i);
    bool sensitive = children.before_sensitive.at(i).is_true();
    auto it = buckets.find(bucket_key(element, sensitive));
    if (it == buckets.end()) continue;
    std::vector<size_t>& candidates = it->second;
    size_t kept = 0;
    for (size_t j : candidates) {
      if (children.after_sensitive.at(j).is_true() == sensitive && element.Equals(change.after.at(j))) {
        claimed[j] = true;
        match_of_before[i] = static_cast<int64_t>(j);
      } else {
        candidates[kept++] = j;
      }
    }
    candidates.resize(kept);
  }

  std::vector<Diff> elements;
  Action current = change.DefaultActionForIteration();
  auto visit = [&](size_t before_index, size_t after_index) {
    elements.push_back(DiffElement(value, before_index, after_index, path, diff_one));
    current = CompareActions(current, elements.back().action());
  };
  for (size_t i = 0; i < before_size; ++i) {
    visit(i, match_of_before[i] >= 0 ? static_cast<size_t>(match_of_before[i]) : after_size);
  }
  for (size_t j = 0; j < after_size; ++j) {
    if (!claimed[j]) visit(before_size, j);
  }
  return {std::move(elements), current};
}

}  // namespace

Diff DiffSet(const Change& change, const structured::Type& element, Path& path) {
  auto [elements, action] = ProcessSet(change, path, [&](const Change& child) { return DiffType(child, element, path); });
  return Diff(renderers::Set(std::move(elements)), action, change.replace_paths.Matches());
}

Diff DiffNestedSet(const Change& change, const AttributeMap& attributes, Path& path) {
  auto [elements, action] = ProcessSet(change, path, [&](const Change& child) {
    return DiffNestedAttribute(child, attributes, structured::NestingMode::kSingle, path);
  });
  return Diff(renderers::NestedSet(std::move(elements)), action, change.replace_paths.Matches());
}

std::pair<std::vector<Diff>, Action> DiffBlockSet(const Change& change, const structured::Block& block, Path& path) {
  return ProcessSet(change, path, [&](const Change& child) { return DiffBlock(child, block, path); });
}

}  // namespace planview::differ::internal
