// Maps: typed maps, nested-attribute maps and map-nested blocks.
#include <string>
#include <vector>

#include "differ/internal/walk.h"

namespace planview::differ::internal {
namespace {
namespace renderers = change::renderers;

// Diffs every key with `diff_one(child)` (change::TransformMap), with the key on the path.
template <typename DiffOne>
std::pair<KeyedDiffs, Action> ProcessMap(const Change& change, bool all_keys, Path& path, DiffOne&& diff_one) {
  if (!ExpectKind(change, path, structured::Kind::kObject, "a map (an object)")) return {};
  structured::MapValue value = ChildMap(change);
  return change::TransformMap(change.before, change.after, all_keys ? value.AllKeys() : value.ExplicitKeys(),
                              [&](std::string_view key) {
                                if (path.failed()) return Diff();  // the rest is not walked
                                path.PushKey(key);
                                PathStep step(path);
                                Change child = value.GetChild(key);
                                if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
                                return diff_one(child);
                              });
}

}  // namespace

Diff DiffMap(const Change& change, const structured::Type& element, Path& path) {
  auto [diffs, action] =
      ProcessMap(change, true, path, [&](const Change& child) { return DiffType(child, element, path); });
  return Diff(renderers::Map(std::move(diffs)), action, change.replace_paths.Matches());
}

Diff DiffNestedMap(const Change& change, const AttributeMap& attributes, Path& path) {
  auto [diffs, action] = ProcessMap(change, false, path, [&](const Change& child) {
    return DiffNestedAttribute(child, attributes, structured::NestingMode::kSingle, path);
  });
  return Diff(renderers::NestedMap(std::move(diffs)), action, change.replace_paths.Matches());
}

std::pair<KeyedDiffs, Action> DiffBlockMap(const Change& change, const structured::Block& block, Path& path) {
  return ProcessMap(change, false, path, [&](const Change& child) { return DiffBlock(child, block, path); });
}

}  // namespace planview::differ::internal
