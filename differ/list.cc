// Lists: typed lists (aligned on their longest common subsequence), nested-attribute
// lists and list-nested blocks (paired by index).
#include <algorithm>

#include <fmt/format.h>

#include "change/json_diff.h"
#include "differ/internal/walk.h"

namespace planview::differ::internal {
namespace {
namespace renderers = change::renderers;

// Index-paired elements of list-nested attributes and blocks, each diffed with
// `diff_one(child)`.
template <typename DiffOne>
std::pair<std::vector<Diff>, Action> ProcessNestedList(const Change& change, Path& path, DiffOne&& diff_one) {
  if (!ExpectContainer(change, path, structured::Kind::kArray, "a list (an array)")) return {};
  std::vector<Diff> elements;
  Action current = change.DefaultActionForIteration();
  structured::SliceValue value = ChildSlice(change);
  size_t before_size = value.BeforeSize();
  size_t after_size = value.AfterSize();
  elements.reserve(std::max(before_size, after_size));
  for (size_t i = 0; i < before_size || i < after_size; ++i) {
    path.PushIndex(IndexOrNone(i, before_size), IndexOrNone(i, after_size));
    PathStep step(path);
    Change child = value.GetChild(static_cast<int64_t>(i), static_cast<int64_t>(i));
    if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
    elements.push_back(diff_one(child));
    if (path.failed()) return {};
    current = CompareActions(current, elements.back().action());
  }
  return {std::move(elements), current};
}

}  // namespace

Diff DiffList(const Change& change, const structured::Type& element, Path& path) {
  if (!ExpectContainer(change, path, structured::Kind::kArray, "a list (an array)")) return Diff();
  const bool objects = element.kind() == structured::Type::Kind::kObject;
  structured::SliceValue value = ChildSlice(change);
  const change::Profile& profile = path.profile();
  auto [elements, action] = change::TransformSlice(
      change.before, change.after, profile,
      [&](size_t b, size_t a) {
        return objects ||
               (profile.pair_multiline_strings && change::ShouldDiffMultilineStrings(change.before.at(b), change.after.at(a)));
      },
      [&](size_t b, size_t a) {
        if (path.failed()) return Diff();  // the rest is not walked
        return DiffElement(value, b, a, path, [&](const Change& child) { return DiffType(child, element, path); });
      });
  if (path.failed()) return Diff();
  return Diff(renderers::List(std::move(elements)), action, change.replace_paths.Matches());
}

Diff DiffNestedList(const Change& change, const AttributeMap& attributes, Path& path) {
  auto [elements, action] = ProcessNestedList(change, path, [&](const Change& child) {
    return DiffNestedAttribute(child, attributes, structured::NestingMode::kSingle, path);
  });
  if (path.failed()) return Diff();
  return Diff(renderers::NestedList(std::move(elements)), action, change.replace_paths.Matches());
}

std::pair<std::vector<Diff>, Action> DiffBlockList(const Change& change, const structured::Block& block, Path& path) {
  return ProcessNestedList(change, path, [&](const Change& child) { return DiffBlock(child, block, path); });
}

}  // namespace planview::differ::internal
