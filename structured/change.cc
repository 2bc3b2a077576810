#include "structured/change.h"

#include <algorithm>
#include <memory>

#include "structured/document_builder.h"

namespace planview::structured {
namespace {

const Document& Markers() {
  static const std::shared_ptr<const Document> doc = [] {
    DocumentBuilder b;
    b.BeginArray();
    b.Bool(true);
    b.Bool(false);
    b.EndArray();
    return b.Finish();
  }();
  return *doc;
}

// The child of a parallel tree (unknown, sensitivity): a whole-value `true` covers every
// child; an object gives its member; anything else gives nothing.
Value MarkerChild(Value marker, std::string_view key) {
  if (marker.is_true()) return marker;
  return marker.find(key);
}

Value MarkerElement(Value marker, int64_t index) {
  if (marker.is_true()) return marker;
  if (index < 0) return {};
  return marker.at(static_cast<size_t>(index));
}

void AddKeys(Value object, std::vector<std::string_view>& keys) {
  if (!object.is_object()) return;
  for (size_t i = 0; i < object.size(); ++i) keys.push_back(object.member(i).key);
}

std::vector<std::string_view> SortedUnique(std::vector<std::string_view> keys) {
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  return keys;
}

}  // namespace

Value TrueValue() { return Markers().root().at(0); }
Value FalseValue() { return Markers().root().at(1); }

Change Change::FromPlanChange(Value change, PathMatcher relevant_attributes) {
  Change c;
  c.before = change.find("before");
  c.after = change.find("after");
  c.unknown = change.find("after_unknown");
  c.before_sensitive = change.find("before_sensitive");
  c.after_sensitive = change.find("after_sensitive");
  c.replace_paths = PathMatcher::FromPaths(change.find("replace_paths"), false);
  c.relevant_attributes = std::move(relevant_attributes);
  return c;
}

Change Change::FromStateValues(Value values, Value sensitive_values) {
  Change c;
  c.before = values;
  c.after = values;
  c.unknown = FalseValue();
  c.before_sensitive = sensitive_values;
  c.after_sensitive = sensitive_values;
  c.replace_paths = PathMatcher::Empty(false);
  c.relevant_attributes = PathMatcher::Always();
  return c;
}

Change Change::FromStateOutput(Value value, bool sensitive) {
  Change c;
  c.before = value;
  c.after = value;
  c.unknown = FalseValue();
  c.before_sensitive = sensitive ? TrueValue() : FalseValue();
  c.after_sensitive = c.before_sensitive;
  c.replace_paths = PathMatcher::Empty(false);
  c.relevant_attributes = PathMatcher::Always();
  return c;
}

Action Change::CalculateAction() const {
  bool before_null = before.is_null() && !before_explicit;
  bool after_null = after.is_null() && !after_explicit;
  if (before_null && !after_null) return Action::kCreate;
  if (after_null && !before_null) return Action::kDelete;
  if (before.Equals(after) && after_explicit == before_explicit && IsAfterSensitive() == IsBeforeSensitive()) {
    return Action::kNoOp;
  }
  return Action::kUpdate;
}

Action Change::DefaultActionForIteration() const {
  if (before.is_null() && after.is_null()) return Action::kNoOp;
  if (before.is_null()) return Action::kCreate;
  if (after.is_null()) return Action::kDelete;
  return Action::kNoOp;
}

Change Change::AsNoOp() const {
  Change c = *this;
  c.non_legacy_schema = false;
  c.after_explicit = before_explicit;
  c.after = before;
  c.unknown = FalseValue();
  c.after_sensitive = before_sensitive;
  return c;
}

Change Change::AsDelete() const {
  Change c = *this;
  c.non_legacy_schema = false;
  c.after_explicit = false;
  c.after = Value();
  c.unknown = Value();
  c.after_sensitive = Value();
  return c;
}

Change Change::AsCreate() const {
  Change c = *this;
  c.non_legacy_schema = false;
  c.before_explicit = false;
  c.before = Value();
  c.before_sensitive = Value();
  return c;
}

MapValue Change::AsMap() const { return MapValue(*this); }
SliceValue Change::AsSlice() const { return SliceValue(*this); }

Change MapValue::GetChild(std::string_view key) const {
  Change c;
  Value before = change_.before.find(key);
  Value after = change_.after.find(key);
  c.before = before;
  c.after = after;
  c.before_explicit = !before.absent();
  c.after_explicit = !after.absent();
  c.unknown = MarkerChild(change_.unknown, key);
  c.before_sensitive = MarkerChild(change_.before_sensitive, key);
  c.after_sensitive = MarkerChild(change_.after_sensitive, key);
  c.replace_paths = change_.replace_paths.ChildWithKey(key);
  c.relevant_attributes = change_.relevant_attributes.ChildWithKey(key);
  c.non_legacy_schema = change_.non_legacy_schema;
  return c;
}

std::vector<std::string_view> MapValue::ExplicitKeys() const {
  std::vector<std::string_view> keys;
  AddKeys(change_.before, keys);
  AddKeys(change_.after, keys);
  return SortedUnique(std::move(keys));
}

std::vector<std::string_view> MapValue::AllKeys() const {
  std::vector<std::string_view> keys;
  AddKeys(change_.before, keys);
  AddKeys(change_.after, keys);
  AddKeys(change_.unknown, keys);
  AddKeys(change_.before_sensitive, keys);
  AddKeys(change_.after_sensitive, keys);
  return SortedUnique(std::move(keys));
}

Change SliceValue::GetChild(int64_t before_index, int64_t after_index) const {
  auto element = [](Value array, int64_t index) {
    if (index < 0 || !array.is_array()) return Value();
    return array.at(static_cast<size_t>(index));
  };
  Change c;
  c.before = element(change_.before, before_index);
  c.after = element(change_.after, after_index);
  c.before_explicit = !c.before.absent();
  c.after_explicit = !c.after.absent();
  c.unknown = MarkerElement(change_.unknown, after_index);
  c.before_sensitive = MarkerElement(change_.before_sensitive, before_index);
  c.after_sensitive = MarkerElement(change_.after_sensitive, after_index);
  int64_t relevant = before_index;
  if (before_index < 0 || static_cast<size_t>(before_index) >= BeforeSize()) relevant = after_index;
  c.replace_paths = change_.replace_paths.ChildWithIndex(relevant);
  c.relevant_attributes = change_.relevant_attributes.ChildWithIndex(relevant);
  return c;
}

}  // namespace planview::structured
