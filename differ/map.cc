// Maps: typed maps, nested-attribute maps and map-nested blocks.
#include <string>
#include <vector>

#include "differ/internal/walk.h"

namespace planview::differ::internal {
namespace {
namespace renderers = change::renderers;

// Diffs every key with `diff_one(child)` (a change::MapTransform), with the key on the
// path; stops at the first error.
template <typename DiffOne>
std::pair<KeyedDiffs, Action> ProcessMap(const Change& change, bool all_keys, Path& path, DiffOne&& diff_one) {
  if (!ExpectKind(change, path, structured::Kind::kObject, "a map (an object)")) return {};
  structured::MapValue value = ChildMap(change);
  const std::vector<std::string_view> keys = all_keys ? value.AllKeys() : value.ExplicitKeys();
  change::MapTransform map(change.before, change.after, keys.size());
  for (std::string_view key : keys) {
    path.PushKey(key);
    PathStep step(path);
    Change child = value.GetChild(key);
    if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
    Diff diff = diff_one(child);
    if (path.failed()) return {};  // the rest is not walked
    map.Add(key, std::move(diff));
  }
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
