// Objects: a typed object's attributes, or a nested-attribute object's.
#include "differ/internal/walk.h"

namespace planview::differ::internal {
namespace {
namespace renderers = change::renderers;

// Walks the attributes the schema lists (name -> schema, sorted), diffing each with
// `diff(child, schema, current_action)`. Attributes null on both sides are left out.
// Attributes `last(schema)` picks are diffed after the others, with the object's action
// they decided, always kept and not folded into it (Terraform's write-only attributes).
template <typename Attributes, typename Last, typename DiffOne>
std::pair<KeyedDiffs, Action> ProcessObject(const Change& change, const Attributes& attributes, Path& path,
                                            Last&& last, DiffOne&& diff_one) {
  KeyedDiffs diffs;
  diffs.reserve(attributes.size());
  structured::MapValue value = ChildMap(change);
  Action current = change.DefaultActionForIteration();
  for (bool second_pass : {false, true}) {
    for (const auto& [name, schema] : attributes) {
      if (last(schema) != second_pass) continue;
      path.PushAttribute(name);
      PathStep step(path);
      Change child = value.GetChild(name);
      if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
      // Changes inside an object always count as implicit.
      child.before_explicit = false;
      child.after_explicit = false;
      Diff diff = diff_one(child, schema, current);
      if (path.failed()) return {};
      if (second_pass) {
        diffs.emplace(name, std::move(diff));
        continue;
      }
      if (diff.action() == Action::kNoOp && child.before.is_null() && child.after.is_null()) continue;
      current = CompareActions(current, diff.action());
      diffs.emplace(name, std::move(diff));
    }
  }
  return {std::move(diffs), current};
}

}  // namespace

Diff DiffObject(const Change& change, const structured::Type& type, Path& path) {
  if (!ExpectContainer(change, path, structured::Kind::kObject, "an object")) return Diff();
  auto [diffs, action] = ProcessObject(change, type.attributes(), path, [](const structured::Type&) { return false; },
                                       [&](const Change& child, const structured::Type& attribute_type, Action) {
                                         return DiffType(child, attribute_type, path);
                                       });
  return Diff(renderers::Object(std::move(diffs)), action, change.replace_paths.Matches());
}

Diff DiffNestedObject(const Change& change, const AttributeMap& attributes, Path& path) {
  // No shape check: upstream reads a nested object that is not an object as one without
  // attributes (conformance: TestWriteOnly_ComputeDiffForBlock/
  // attribute_map_nested_contains_write_only_attribute).
  const change::Profile& profile = path.profile();
  auto [diffs, action] = ProcessObject(
      change, attributes, path,
      [&](const structured::Attribute& attribute) { return attribute.write_only && profile.terraform_write_only; },
      [&](const Change& child, const structured::Attribute& attribute, Action current) {
        if (attribute.write_only && profile.terraform_write_only) return DiffWriteOnly(child, current, profile);
        return DiffAttribute(child, attribute, current, path);
      });
  return Diff(renderers::NestedObject(std::move(diffs)), action, change.replace_paths.Matches());
}

}  // namespace planview::differ::internal
