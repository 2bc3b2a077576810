// Objects: a typed object's attributes, or a nested-attribute object's.
#include "differ/internal/walk.h"

namespace planview::differ::internal {
namespace {
namespace renderers = change::renderers;

// Walks the attributes the schema lists (name -> schema, sorted), diffing each with
// `diff(child, schema, current_action)`. Attributes null on both sides are left out.
template <typename Attributes, typename DiffOne>
std::pair<KeyedDiffs, Action> ProcessObject(const Change& change, const Attributes& attributes, Path& path,
                                            DiffOne&& diff_one) {
  KeyedDiffs diffs;
  structured::MapValue value = ChildMap(change);
  Action current = change.DefaultActionForIteration();
  for (const auto& [name, schema] : attributes) {
    path.PushAttribute(name);
    PathStep step(path);
    Change child = value.GetChild(name);
    if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
    // Changes inside an object always count as implicit.
    child.before_explicit = false;
    child.after_explicit = false;
    Diff diff = diff_one(child, schema, current);
    if (diff.action() == Action::kNoOp && child.before.is_null() && child.after.is_null()) continue;
    current = CompareActions(current, diff.action());
    diffs.emplace(name, std::move(diff));
  }
  return {std::move(diffs), current};
}

}  // namespace

Diff DiffObject(const Change& change, const structured::Type& type, Path& path) {
  ExpectKind(change, path, structured::Kind::kObject, "an object");
  auto [diffs, action] = ProcessObject(change, type.attributes(), path,
                                       [&](const Change& child, const structured::Type& attribute_type, Action) {
                                         return DiffType(child, attribute_type, path);
                                       });
  return Diff(renderers::Object(std::move(diffs)), action, change.replace_paths.Matches());
}

Diff DiffNestedObject(const Change& change, const AttributeMap& attributes, Path& path) {
  // No shape check: upstream reads a nested object that is not an object as one without
  // attributes (conformance: TestWriteOnly_ComputeDiffForBlock/
  // attribute_map_nested_contains_write_only_attribute).
  auto [diffs, action] = ProcessObject(
      change, attributes, path, [&](const Change& child, const structured::Attribute& attribute, Action current) {
        return DiffAttribute(child, attribute, current, path);
      });
  return Diff(renderers::NestedObject(std::move(diffs)), action, change.replace_paths.Matches());
}

}  // namespace planview::differ::internal
