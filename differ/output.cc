// Outputs and dynamic values: the JSON itself says what each value is (upstream's
// ComputeDiffForOutput and the jsondiff package). Diffs below the top carry no
// replacement flag.
#include <string_view>
#include <unordered_set>

#include "differ/differ.h"
#include "differ/internal/walk.h"

namespace planview::differ {
namespace internal {
namespace {
namespace renderers = change::renderers;
using structured::Kind;

Diff Transform(const Change& change, Path& path);

// Diffs `change` as a value of JSON kind `kind` (both sides have it, or one is missing).
Diff TransformAs(const Change& change, Kind kind, Path& path) {
  switch (kind) {
    case Kind::kNull:
    case Kind::kBool:
    case Kind::kString:
    case Kind::kNumber: {
      bool before_missing = change.before.is_null() && !change.before_explicit;
      bool after_missing = change.after.is_null() && !change.after_explicit;
      Action action = Action::kUpdate;
      if (before_missing && !after_missing) {
        action = Action::kCreate;
      } else if (!before_missing && after_missing) {
        action = Action::kDelete;
      } else if (change.before.Equals(change.after)) {
        action = Action::kNoOp;
      }
      structured::Type type = kind == Kind::kBool     ? structured::Type::Bool()
                              : kind == Kind::kString ? structured::Type::String()
                              : kind == Kind::kNumber ? structured::Type::Number()
                                                      : structured::Type::Dynamic();  // null: no type
      return Diff(renderers::Primitive(change.before, change.after, type), action, false);
    }
    case Kind::kObject: {
      structured::MapValue value = ChildMap(change);
      Action current = Action::kNoOp;
      if (change.before.is_object() && !change.after.is_object()) current = Action::kDelete;
      if (!change.before.is_object() && change.after.is_object()) current = Action::kCreate;
      KeyedDiffs diffs;
      for (std::string_view key : value.AllKeys()) {
        path.PushKey(key);
        PathStep step(path);
        Change child = value.GetChild(key);
        if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
        Diff diff = Transform(child, path);
        current = CompareActions(current, diff.action());
        diffs.emplace(std::string(key), std::move(diff));
      }
      return Diff(renderers::Object(std::move(diffs)), current, false);
    }
    case Kind::kArray: {
      auto [elements, action] = AlignList(
          change, path,
          [](Value a, Value b) { return (a.is_object() && b.is_object()) || ShouldDiffMultilineStrings(a, b); },
          [&](const Change& child) { return Transform(child, path); });
      return Diff(renderers::List(std::move(elements)), action, false);
    }
  }
  return Diff(renderers::Primitive(change.before, change.after, structured::Type::Dynamic()), Action::kNoOp, false);
}

Diff Transform(const Change& change, Path& path) {
  if (auto diff = CheckForSensitive(
          change, path, [&](const Change& value) { return Transform(value, path); },
          [](Diff inner, bool before_sensitive, bool after_sensitive, Action action) {
            return Diff(renderers::Sensitive(std::move(inner), before_sensitive, after_sensitive), action, false);
          })) {
    return *std::move(diff);
  }
  if (auto diff = CheckForUnknown(
          change, structured::FalseValue(),
          [](const Change&) { return Diff(renderers::Unknown(Diff()), Action::kCreate, false); },
          [&](const Change&, const Change& before) {
            return Diff(renderers::Unknown(Transform(before, path)), Action::kUpdate, false);
          })) {
    return *std::move(diff);
  }

  Kind before_kind = change.before.kind();
  Kind after_kind = change.after.kind();
  bool deleted = after_kind == Kind::kNull && !change.after_explicit;
  bool created = before_kind == Kind::kNull && !change.before_explicit;
  if (before_kind == after_kind || created || deleted) {
    return TransformAs(change, before_kind == Kind::kNull ? after_kind : before_kind, path);
  }
  // The value changed kind: show the old one going and the new one coming.
  Diff before = TransformAs(change.AsDelete(), before_kind, path);
  Diff after = TransformAs(change.AsCreate(), after_kind, path);
  return Diff(renderers::TypeChange(std::move(before), std::move(after)), Action::kUpdate, false);
}

}  // namespace

bool ShouldDiffMultilineStrings(Value a, Value b) {
  if (!a.is_string() || !b.is_string()) return false;
  std::string_view text_a = a.text();
  std::string_view text_b = b.text();
  if (text_a.find('\n') == std::string_view::npos && text_b.find('\n') == std::string_view::npos) return false;
  // Only strings that share a line (an empty one counts) are shown as one updated string.
  std::unordered_set<std::string_view> lines;
  for (size_t start = 0;;) {
    size_t end = text_a.find('\n', start);
    lines.insert(text_a.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  for (size_t start = 0;;) {
    size_t end = text_b.find('\n', start);
    if (lines.count(text_b.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start))) {
      return true;
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return false;
}

Diff DiffOutput(const Change& change, Path& path) {
  const structured::Type dynamic = structured::Type::Dynamic();
  if (auto diff = SensitiveType(change, dynamic, path)) return *std::move(diff);
  if (auto diff = UnknownType(change, dynamic, path)) return *std::move(diff);
  return Transform(change, path);
}

}  // namespace internal

change::Diff ComputeDiffForOutput(const structured::Change& change) {
  internal::Path path;
  return internal::DiffOutput(change, path);
}

}  // namespace planview::differ
