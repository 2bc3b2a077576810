// One value's change, as the differ walks it: the seed README's "Value" (upstream's
// structured.Change).
//
// before/after are the values on each side; unknown, before_sensitive and after_sensitive
// are parallel trees (or a whole-value `true`); the explicit flags say whether the value
// really existed on each side (a null inside a collection) or was implied by a change to
// its parent. A JSON null and an absent value are the same here, as Go's nil is upstream.
#ifndef PLANVIEW_STRUCTURED_CHANGE_H_
#define PLANVIEW_STRUCTURED_CHANGE_H_

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "structured/action.h"
#include "structured/json_value.h"
#include "structured/ordered_lookup.h"
#include "structured/path_matcher.h"

namespace planview::structured {

// Shared `true` and `false` values for synthetic markers.
Value TrueValue();
Value FalseValue();

class MapValue;
class SliceValue;

struct Change {
  Value before;
  Value after;
  Value unknown;
  Value before_sensitive;
  Value after_sensitive;
  bool before_explicit = false;
  bool after_explicit = false;
  PathMatcher replace_paths;
  PathMatcher relevant_attributes;
  // Terraform's profile only: the resource's schema uses a feature the legacy SDK lacks,
  // so empty strings are not read as null. Object and map children inherit it; list and
  // set elements, AsNoOp/AsDelete/AsCreate and the value inside a sensitive one do not (as
  // in Terraform's renderer).
  bool non_legacy_schema = false;

  // From a plan's `resource_changes[].change` (or `output_changes.X`) object:
  // before, after, after_unknown, before_sensitive, after_sensitive, replace_paths.
  static Change FromPlanChange(Value change, PathMatcher relevant_attributes);
  // A state resource's `values` with its `sensitive_values`: before == after.
  static Change FromStateValues(Value values, Value sensitive_values);
  // A state output: before == after, sensitive as a whole or not.
  static Change FromStateOutput(Value value, bool sensitive);

  bool IsBeforeSensitive() const { return before_sensitive.is_true(); }
  bool IsAfterSensitive() const { return after_sensitive.is_true(); }
  bool IsUnknown() const { return unknown.is_true(); }

  // Create when only after exists, Delete when only before, NoOp when both are equal
  // (with the same explicitness and sensitivity), Update otherwise.
  Action CalculateAction() const;
  // For collection elements: Create/Delete when one side is null, NoOp otherwise.
  Action DefaultActionForIteration() const;

  // The before side on both sides, not unknown.
  Change AsNoOp() const;
  // Only the before side.
  Change AsDelete() const;
  // Only the after side.
  Change AsCreate() const;

  MapValue AsMap() const;
  SliceValue AsSlice() const;
};

// A change whose sides are objects (maps, objects, blocks). Sides that are not objects
// count as empty, except a whole-value `true` in unknown or a sensitivity tree, which every
// child inherits.
class MapValue {
 public:
  explicit MapValue(Change change) : change_(std::move(change)) {}

  Change GetChild(std::string_view key) const;
  // Calls `visit(key, child)` for each key of AllKeys(), in that order, `child` being
  // GetChild(key): one merge over every side's members sorted by key, instead of a key
  // list and a lookup per key (the way to visit every child of a large object). `child`
  // lives only during the call.
  void ForEachChild(const std::function<void(std::string_view key, const Change& child)>& visit) const;
  // Keys present in before or after, sorted.
  std::vector<std::string_view> ExplicitKeys() const;
  // Keys present in before, after, unknown or either sensitivity tree, sorted.
  std::vector<std::string_view> AllKeys() const;

 private:
  friend class OrderedChildren;
  // before, after, unknown, before_sensitive, after_sensitive.
  static constexpr size_t kSides = 5;
  // `c` as the child at `key` whose sides (in kSides' order) are `found`; its path
  // matchers are left as they are when `same_paths`.
  void SetChild(std::string_view key, const std::array<Value, kSides>& found, bool same_paths, Change& c) const;

  Change change_;
};

// MapValue::GetChild for keys asked in strictly increasing order (a schema's sorted
// names), with the same answers: one walk over each side's members instead of a search
// per key. `Restart()` begins a new increasing run. `map` must outlive this.
class OrderedChildren {
 public:
  explicit OrderedChildren(const MapValue& map);

  // The child at `key`; it lives until the next call.
  const Change& GetChild(std::string_view key);
  void Restart();

 private:
  const MapValue& map_;
  std::array<OrderedLookup, MapValue::kSides> sides_;
  // The parent's path matchers are every child's (set once in child_) when they match
  // everything, or nothing here or below.
  bool same_paths_;
  bool after_is_before_;            // the same node
  bool after_sensitive_is_before_;  // the same node
  Change child_;
};

// A change whose sides are arrays (lists, sets, tuples).
class SliceValue {
 public:
  explicit SliceValue(Change change) : change_(std::move(change)) {}

  size_t BeforeSize() const { return change_.before.is_array() ? change_.before.size() : 0; }
  size_t AfterSize() const { return change_.after.is_array() ? change_.after.size() : 0; }
  // The child pairing element `before_index` of before with `after_index` of after (either
  // may be -1 for "none"). Unknown and after_sensitive follow the after index,
  // before_sensitive the before index; replace paths and relevant attributes follow the
  // before index when it is in range, else the after index.
  Change GetChild(int64_t before_index, int64_t after_index) const;

 private:
  Change change_;
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_CHANGE_H_
