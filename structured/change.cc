#include "structured/change.h"

#include <algorithm>
#include <array>
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

// Whether a path matcher is its own child at every key and index: it matches everything,
// or nothing here or below.
bool SameAtEveryKey(const PathMatcher& m) { return m.always() || !m.MatchesPartial(); }

// Whether both of `change`'s path matchers are every child's (then copied, not stepped).
bool PathsSameBelow(const Change& change) {
  return SameAtEveryKey(change.replace_paths) && SameAtEveryKey(change.relevant_attributes);
}

void CopyPaths(const Change& from, Change& to) {
  to.replace_paths = from.replace_paths;
  to.relevant_attributes = from.relevant_attributes;
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
  const bool same_paths = PathsSameBelow(change_);
  if (same_paths) CopyPaths(change_, c);
  SetChild(key,
           {change_.before.find(key), change_.after.find(key), MarkerChild(change_.unknown, key),
            MarkerChild(change_.before_sensitive, key), MarkerChild(change_.after_sensitive, key)},
           same_paths, c);
  return c;
}

OrderedChildren::OrderedChildren(const MapValue& map)
    : map_(map),
      // A side that is the same node as before (or before_sensitive) is not looked into:
      // GetChild copies that one's answers.
      sides_{OrderedLookup(map.change_.before),
             OrderedLookup(map.change_.after.IsSameNode(map.change_.before) ? Value() : map.change_.after),
             OrderedLookup(map.change_.unknown), OrderedLookup(map.change_.before_sensitive),
             OrderedLookup(map.change_.after_sensitive.IsSameNode(map.change_.before_sensitive)
                               ? Value()
                               : map.change_.after_sensitive)},
      same_paths_(PathsSameBelow(map.change_)),
      after_is_before_(map.change_.after.IsSameNode(map.change_.before)),
      after_sensitive_is_before_(map.change_.after_sensitive.IsSameNode(map.change_.before_sensitive)) {
  if (same_paths_) CopyPaths(map.change_, child_);
}

const Change& OrderedChildren::GetChild(std::string_view key) {
  const Change& parent = map_.change_;
  // A marker that is a whole-value `true` covers every child (MarkerChild).
  auto marker = [&](const Value& whole, size_t side) { return whole.is_true() ? whole : sides_[side].Find(key); };
  // A side that is the same node as another (a state's values on both sides) has the same
  // children: looked up once.
  const Value before = sides_[0].Find(key);
  const Value before_sensitive = marker(parent.before_sensitive, 3);
  map_.SetChild(key,
                {before, after_is_before_ ? before : sides_[1].Find(key), marker(parent.unknown, 2), before_sensitive,
                 after_sensitive_is_before_ ? before_sensitive : marker(parent.after_sensitive, 4)},
                same_paths_, child_);
  return child_;
}

void OrderedChildren::Restart() {
  for (OrderedLookup& side : sides_) side.Restart();
}

void MapValue::SetChild(std::string_view key, const std::array<Value, kSides>& found, bool same_paths, Change& c) const {
  c.before = found[0];
  c.after = found[1];
  c.before_explicit = !c.before.absent();
  c.after_explicit = !c.after.absent();
  c.unknown = found[2];
  c.before_sensitive = found[3];
  c.after_sensitive = found[4];
  if (!same_paths) {
    c.replace_paths = change_.replace_paths.ChildWithKey(key);
    c.relevant_attributes = change_.relevant_attributes.ChildWithKey(key);
  }
  c.non_legacy_schema = change_.non_legacy_schema;
}

void MapValue::ForEachChild(const std::function<void(std::string_view key, const Change& child)>& visit) const {
  // The sides in SetChild's order that are objects, each with its members in key order
  // and a cursor; markers that are a whole-value `true`, which every child gets.
  const std::array<const Value*, kSides> values = {&change_.before, &change_.after, &change_.unknown,
                                                   &change_.before_sensitive, &change_.after_sensitive};
  struct Side {
    size_t index = 0;  // into values
    // Member indices sorted by key, a repeated key's last only; empty when the members
    // are in key order already (as OpenTofu writes them), the i-th being member i.
    std::vector<uint32_t> order;
    size_t size = 0;  // members to visit
    size_t next = 0;
    std::string_view key;  // the next member's, while next < size
    uint32_t Member(size_t i) const { return order.empty() ? static_cast<uint32_t>(i) : order[i]; }
  };
  std::array<Side, kSides> sides;
  size_t count = 0;
  std::array<Value, kSides> inherited;
  // after (1) and after_sensitive (4) when they are the same node as before (0) and
  // before_sensitive (3): merged once, their children copied.
  const bool after_is_before = change_.after.IsSameNode(change_.before);
  const bool after_sensitive_is_before = change_.after_sensitive.IsSameNode(change_.before_sensitive);
  for (size_t i = 0; i < kSides; ++i) {
    if (i >= 2 && values[i]->is_true()) inherited[i] = *values[i];
    if ((i == 1 && after_is_before) || (i == 4 && after_sensitive_is_before)) continue;
    if (!values[i]->is_object() || values[i]->empty()) continue;
    Side& s = sides[count];
    s.index = i;
    if (values[i]->KeysIncrease()) {
      s.size = values[i]->size();
    } else {
      s.order = values[i]->SortedMemberIndices();
      s.size = s.order.size();
    }
    s.key = values[i]->member(s.Member(0)).key;
    ++count;
  }
  const bool same_paths = PathsSameBelow(change_);
  Change child;
  if (same_paths) CopyPaths(change_, child);
  std::array<Value, kSides> found;
  while (true) {
    bool any = false;
    std::string_view key;
    for (size_t k = 0; k < count; ++k) {
      const Side& s = sides[k];
      if (s.next < s.size && (!any || s.key < key)) {
        key = s.key;
        any = true;
      }
    }
    if (!any) return;
    found = inherited;
    for (size_t k = 0; k < count; ++k) {
      Side& s = sides[k];
      if (s.next == s.size || s.key != key) continue;
      found[s.index] = values[s.index]->member(s.Member(s.next)).value;
      if (++s.next < s.size) s.key = values[s.index]->member(s.Member(s.next)).key;
    }
    if (after_is_before) found[1] = found[0];
    if (after_sensitive_is_before) found[4] = found[3];
    SetChild(key, found, same_paths, child);
    visit(key, child);
  }
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
  if (PathsSameBelow(change_)) {
    CopyPaths(change_, c);
  } else {
    c.replace_paths = change_.replace_paths.ChildWithIndex(relevant);
    c.relevant_attributes = change_.relevant_attributes.ChildWithIndex(relevant);
  }
  return c;
}

}  // namespace planview::structured
