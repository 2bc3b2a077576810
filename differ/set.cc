// Sets: elements equal on both sides are paired; the rest are deletions and creations.
#include <algorithm>
#include <vector>

#include "change/value_hash.h"
#include "differ/internal/set_pairing.h"
#include "differ/internal/walk.h"

namespace planview::differ::internal {
namespace {
namespace renderers = change::renderers;

// Elements equal on both sides (value and sensitivity, after not unknown) are paired as
// upstream pairs them (differ/internal/set_pairing.h), keyed by their hash.
template <typename DiffOne>
std::pair<std::vector<Diff>, Action> ProcessSet(const Change& change, Path& path, DiffOne&& diff_one) {
  if (!ExpectContainer(change, path, structured::Kind::kArray, "a set (an array)")) return {};
  Change children = ForChildren(change);
  structured::SliceValue value = children.AsSlice();
  size_t before_size = value.BeforeSize();
  size_t after_size = value.AfterSize();

  // One node on both sides (a state's values): element i's hash is hashed once, for its
  // after side (PairSetElements asks for every after key first).
  const bool one_node = change.before.IsSameNode(change.after);
  std::vector<uint64_t> after_hashes;
  std::vector<bool> after_hashed;
  if (one_node) {
    after_hashes.resize(after_size);
    after_hashed.resize(after_size);
  }
  SetPairing pairing = PairSetElements(
      before_size, after_size,
      [&](size_t i) {
        const uint64_t hash = one_node && i < after_size && after_hashed[i] ? after_hashes[i] : change::HashValue(change.before.at(i));
        return hash * 2 + (children.before_sensitive.at(i).is_true() ? 1 : 0);
      },
      [&](size_t j) {
        const uint64_t hash = change::HashValue(change.after.at(j));
        if (one_node) {
          after_hashes[j] = hash;
          after_hashed[j] = true;
        }
        return hash * 2 + (children.after_sensitive.at(j).is_true() ? 1 : 0);
      },
      [&](size_t j) { return !children.unknown.at(j).is_true(); },
      [&](size_t i, size_t j) {
        return children.before_sensitive.at(i).is_true() == children.after_sensitive.at(j).is_true() &&
               change.before.at(i).Equals(change.after.at(j));
      });

  std::vector<Diff> elements;
  elements.reserve(before_size + static_cast<size_t>(std::count(pairing.claimed.begin(), pairing.claimed.end(), false)));
  Action current = change.DefaultActionForIteration();
  auto visit = [&](size_t before_index, size_t after_index) {
    elements.push_back(DiffElement(value, before_index, after_index, path, diff_one));
    current = CompareActions(current, elements.back().action());
  };
  for (size_t i = 0; i < before_size && !path.failed(); ++i) {
    size_t j = pairing.after_of_before[i];
    visit(i, j == SetPairing::kNone ? after_size : j);
  }
  for (size_t j = 0; j < after_size && !path.failed(); ++j) {
    if (!pairing.claimed[j]) visit(before_size, j);
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
