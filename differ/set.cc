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

  auto key = [](Value element, bool sensitive) { return change::HashValue(element) * 2 + (sensitive ? 1 : 0); };
  SetPairing pairing = PairSetElements(
      before_size, after_size,
      [&](size_t i) { return key(change.before.at(i), children.before_sensitive.at(i).is_true()); },
      [&](size_t j) { return key(change.after.at(j), children.after_sensitive.at(j).is_true()); },
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
