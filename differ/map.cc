// Maps: typed maps, nested-attribute maps and map-nested blocks.
#include <algorithm>
#include <string>
#include <vector>

#include "differ/internal/walk.h"

namespace planview::differ::internal {
namespace {
namespace renderers = change::renderers;

// Diffs every key (of before, after, unknown and the sensitivity trees when `all_keys`,
// else of before and after) with `diff_one(child)` (a change::MapTransform), with the key on
// the path; stops at the first error.
template <typename DiffOne>
std::pair<KeyedDiffs, Action> ProcessMap(const Change& change, bool all_keys, Path& path, DiffOne&& diff_one) {
  if (!ExpectContainer(change, path, structured::Kind::kObject, "a map (an object)")) return {};
  structured::MapValue value = ChildMap(change);
  change::MapTransform map(change.before, change.after, std::max(change.before.size(), change.after.size()));
  // One merge over the sides' sorted members (MapValue::ForEachChild), in key order.
  value.ForEachChild([&](std::string_view key, const Change& visited) {
    if (path.failed()) return;  // the rest is not walked
    if (!all_keys && !visited.before_explicit && !visited.after_explicit) return;
    path.PushKey(key);
    PathStep step(path);
    Change child = visited.relevant_attributes.MatchesPartial() ? visited : visited.AsNoOp();
    Diff diff = diff_one(child);
    if (!path.failed()) map.Add(key, std::move(diff));
  });
  if (path.failed()) return {};
  return std::move(map).Finish();
}

}  // namespace

Diff DiffMap(const Change& change, const structured::Type& element, Path& path) {
  auto [diffs, action] =
      ProcessMap(change, true, path, [&](const Change& child) { return DiffType(child, element, path); });
  if (path.failed()) return Diff();
  return Diff(renderers::Map(std::move(diffs)), action, change.replace_paths.Matches());
}

Diff DiffNestedMap(const Change& change, const AttributeMap& attributes, Path& path) {
  auto [diffs, action] = ProcessMap(change, false, path, [&](const Change& child) {
    return DiffNestedAttribute(child, attributes, structured::NestingMode::kSingle, path);
  });
  if (path.failed()) return Diff();
  return Diff(renderers::NestedMap(std::move(diffs)), action, change.replace_paths.Matches());
}

std::pair<KeyedDiffs, Action> DiffBlockMap(const Change& change, const structured::Block& block, Path& path) {
  return ProcessMap(change, false, path, [&](const Change& child) { return DiffBlock(child, block, path); });
}

}  // namespace planview::differ::internal
