#include "renderer/compare/internal/attribute_differences.h"

#include <algorithm>
#include <string_view>

namespace planview::renderer::compare::internal {
namespace {

using structured::Change;
using structured::Value;

// True when a sensitivity marker hides anything: `true`, or a tree holding a `true`.
bool MarksAnything(Value marker) {
  if (marker.is_true()) return true;
  if (marker.is_array()) {
    for (size_t i = 0; i < marker.size(); ++i) {
      if (MarksAnything(marker.at(i))) return true;
    }
  } else if (marker.is_object()) {
    for (size_t i = 0; i < marker.size(); ++i) {
      if (MarksAnything(marker.member(i).value)) return true;
    }
  }
  return false;
}

Side BeforeSide(const Change& change) { return Side{change.before, false, change.IsBeforeSensitive()}; }

Side AfterSide(const Change& change) {
  if (change.IsUnknown()) return Side{Value(), true, change.IsAfterSensitive()};
  return Side{change.after, false, change.IsAfterSensitive()};
}

bool SameSide(const Side& a, const Side& b) {
  if (a.unknown != b.unknown || a.sensitive != b.sensitive) return false;
  return a.unknown || a.value.Equals(b.value);
}

enum class Shape { kObject, kArray, kWhole };

// How to walk on: by key when every known, non-sensitive value present is an object, by
// index when every one is an array, else compare whole.
Shape ShapeOf(const Change& a, const Change& b) {
  bool objects = false;
  bool arrays = false;
  for (const Change* change : {&a, &b}) {
    if (change->IsUnknown() || change->IsBeforeSensitive() || change->IsAfterSensitive()) return Shape::kWhole;
    for (Value value : {change->before, change->after}) {
      if (value.is_null()) continue;
      if (value.is_object()) {
        objects = true;
      } else if (value.is_array()) {
        arrays = true;
      } else {
        return Shape::kWhole;
      }
    }
  }
  if (objects && !arrays) return Shape::kObject;
  if (arrays && !objects) return Shape::kArray;
  return Shape::kWhole;
}

class Walker {
 public:
  explicit Walker(std::vector<AttributeDifference>& out) : out_(out) {}

  void Walk(const Change& old_change, const Change& new_change) {
    switch (ShapeOf(old_change, new_change)) {
      case Shape::kObject: return WalkObject(old_change, new_change);
      case Shape::kArray: return WalkArray(old_change, new_change);
      case Shape::kWhole: return CompareWhole(old_change, new_change);
    }
  }

 private:
  void WalkObject(const Change& old_change, const Change& new_change) {
    structured::MapValue old_map = old_change.AsMap();
    structured::MapValue new_map = new_change.AsMap();
    std::vector<std::string_view> keys = old_map.AllKeys();
    std::vector<std::string_view> new_keys = new_map.AllKeys();
    size_t middle = keys.size();
    keys.insert(keys.end(), new_keys.begin(), new_keys.end());
    std::inplace_merge(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(middle), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    for (std::string_view key : keys) {
      path_.push_back(PathStep{key, -1});
      Walk(old_map.GetChild(key), new_map.GetChild(key));
      path_.pop_back();
    }
  }

  void WalkArray(const Change& old_change, const Change& new_change) {
    structured::SliceValue old_slice = old_change.AsSlice();
    structured::SliceValue new_slice = new_change.AsSlice();
    size_t count = std::max({old_slice.BeforeSize(), old_slice.AfterSize(), new_slice.BeforeSize(),
                             new_slice.AfterSize()});
    for (size_t i = 0; i < count; ++i) {
      auto index = static_cast<int64_t>(i);
      path_.push_back(PathStep{{}, index});
      Walk(old_slice.GetChild(index, index), new_slice.GetChild(index, index));
      path_.pop_back();
    }
  }

  void CompareWhole(const Change& old_change, const Change& new_change) {
    AttributeChange old_side{BeforeSide(old_change), AfterSide(old_change)};
    AttributeChange new_side{BeforeSide(new_change), AfterSide(new_change)};
    old_side.changes = !SameSide(old_side.before, old_side.after);
    new_side.changes = !SameSide(new_side.before, new_side.after);
    if (!old_side.changes && !new_side.changes) return;  // neither plan changes it
    if (SameSide(old_side.before, new_side.before) && SameSide(old_side.after, new_side.after)) return;
    // A value compared whole may hold sensitive parts (a partial sensitivity tree): then
    // the whole side counts as sensitive, so that no presentation shows it.
    old_side.before.sensitive |= MarksAnything(old_change.before_sensitive);
    old_side.after.sensitive |= MarksAnything(old_change.after_sensitive);
    new_side.before.sensitive |= MarksAnything(new_change.before_sensitive);
    new_side.after.sensitive |= MarksAnything(new_change.after_sensitive);
    out_.push_back(AttributeDifference{path_, old_side, new_side});
  }

  std::vector<AttributeDifference>& out_;
  std::vector<PathStep> path_;
};

}  // namespace

void AppendAttributeDifferences(const Change& old_change, const Change& new_change,
                                std::vector<AttributeDifference>& out) {
  Walker(out).Walk(old_change, new_change);
}

}  // namespace planview::renderer::compare::internal
