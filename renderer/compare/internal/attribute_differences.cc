#include "renderer/compare/internal/attribute_differences.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>

#include "structured/compact_json.h"
#include "structured/json_text.h"

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

// True when an element of the array here is (partly) unknown or sensitive: such a set is
// compared by index, as the marks are.
bool MarksAnyElement(const Change& change) {
  return MarksAnything(change.unknown) || MarksAnything(change.before_sensitive) ||
         MarksAnything(change.after_sensitive);
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

// `value` as compact JSON with object keys sorted and the elements of the sets in it (as
// `schema` knows them) sorted too: equal values have equal text, whatever their order.
void AppendCanonicalText(Value value, const SchemaCursor& schema, std::string& out) {
  if (value.is_object()) {
    out += '{';
    std::vector<uint32_t> order = value.SortedMemberIndices();
    for (size_t i = 0; i < order.size(); ++i) {
      if (i > 0) out += ',';
      structured::Member member = value.member(order[i]);
      structured::AppendJsonString(out, member.key);
      out += ':';
      AppendCanonicalText(member.value, schema.Key(member.key), out);
    }
    out += '}';
  } else if (value.is_array()) {
    std::vector<std::string> elements(value.size());
    for (size_t i = 0; i < value.size(); ++i) AppendCanonicalText(value.at(i), schema.Index(i), elements[i]);
    if (schema.IsSet()) std::sort(elements.begin(), elements.end());
    out += '[';
    for (size_t i = 0; i < elements.size(); ++i) {
      if (i > 0) out += ',';
      out += elements[i];
    }
    out += ']';
  } else {
    structured::AppendCompactJson(out, value, {.go_strings = false, .sorted_keys = true});
  }
}

class Walker {
 public:
  explicit Walker(std::vector<AttributeDifference>& out) : out_(out) {}

  void Walk(const Change& old_change, const Change& new_change, const SchemaCursor& schema) {
    switch (ShapeOf(old_change, new_change)) {
      case Shape::kObject: return WalkObject(old_change, new_change, schema);
      case Shape::kArray:
        if (schema.IsSet() && !MarksAnyElement(old_change) && !MarksAnyElement(new_change)) {
          return WalkSet(old_change, new_change, schema);
        }
        return WalkArray(old_change, new_change, schema);
      case Shape::kWhole: return CompareWhole(old_change, new_change);
    }
  }

 private:
  void WalkObject(const Change& old_change, const Change& new_change, const SchemaCursor& schema) {
    structured::MapValue old_map = old_change.AsMap();
    structured::MapValue new_map = new_change.AsMap();
    std::vector<std::string_view> keys = old_map.AllKeys();
    std::vector<std::string_view> new_keys = new_map.AllKeys();
    size_t middle = keys.size();
    keys.insert(keys.end(), new_keys.begin(), new_keys.end());
    std::inplace_merge(keys.begin(), keys.begin() + static_cast<std::ptrdiff_t>(middle), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    for (std::string_view key : keys) {
      path_.push_back(PathStep{key, -1, {}});
      Walk(old_map.GetChild(key), new_map.GetChild(key), schema.Key(key));
      path_.pop_back();
    }
  }

  void WalkArray(const Change& old_change, const Change& new_change, const SchemaCursor& schema) {
    structured::SliceValue old_slice = old_change.AsSlice();
    structured::SliceValue new_slice = new_change.AsSlice();
    size_t count = std::max({old_slice.BeforeSize(), old_slice.AfterSize(), new_slice.BeforeSize(),
                             new_slice.AfterSize()});
    for (size_t i = 0; i < count; ++i) {
      auto index = static_cast<int64_t>(i);
      path_.push_back(PathStep{{}, index, {}});
      Walk(old_slice.GetChild(index, index), new_slice.GetChild(index, index), schema.Index(i));
      path_.pop_back();
    }
  }

  // A set: its elements (in the order first met: old before, old after, new before, new
  // after), each with the four sets it is in; equal elements (CanonicalText) are one.
  void WalkSet(const Change& old_change, const Change& new_change, const SchemaCursor& schema) {
    struct Element {
      Value value;
      bool in[4] = {false, false, false, false};
    };
    std::vector<Element> elements;
    std::unordered_map<std::string, size_t> by_text;
    std::string text;
    const Value sets[4] = {old_change.before, old_change.after, new_change.before, new_change.after};
    for (int s = 0; s < 4; ++s) {
      if (!sets[s].is_array()) continue;
      for (size_t i = 0; i < sets[s].size(); ++i) {
        text.clear();
        AppendCanonicalText(sets[s].at(i), schema.Index(i), text);
        auto [it, added] = by_text.try_emplace(text, elements.size());
        if (added) elements.push_back(Element{sets[s].at(i)});
        elements[it->second].in[s] = true;
      }
    }
    for (const Element& e : elements) {
      auto side = [&](int s) { return Side{e.in[s] ? e.value : Value(), false, false}; };
      AttributeChange old_side{side(0), side(1), e.in[0] != e.in[1]};
      AttributeChange new_side{side(2), side(3), e.in[2] != e.in[3]};
      if (!old_side.changes && !new_side.changes) continue;  // neither plan adds or removes it
      if (e.in[0] == e.in[2] && e.in[1] == e.in[3]) continue;
      path_.push_back(PathStep{{}, -1, e.value});
      out_.push_back(AttributeDifference{path_, old_side, new_side});
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

void AppendAttributeDifferences(const Change& old_change, const Change& new_change, const SchemaCursor& schema,
                                std::vector<AttributeDifference>& out) {
  Walker(out).Walk(old_change, new_change, schema);
}

}  // namespace planview::renderer::compare::internal
