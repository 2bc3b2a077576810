#include "change/json_diff.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <unordered_set>
#include <vector>

#include "change/collections.h"
#include "change/marker_checks.h"
#include "change/renderers/renderers.h"
#include "structured/json_parse.h"

namespace planview::change {
namespace {

using structured::Change;
using structured::Kind;
using structured::Value;

constexpr size_t kMaxJsonStringDepth = 512;

Diff Transform(const Change& change, const Profile& profile);

Diff ProcessPrimitive(const Change& change, structured::Type type) {
  bool before_missing = change.before.is_null() && !change.before_explicit;
  bool after_missing = change.after.is_null() && !change.after_explicit;
  Action action;
  if (before_missing && !after_missing) {
    action = Action::kCreate;
  } else if (!before_missing && after_missing) {
    action = Action::kDelete;
  } else if (change.before.Equals(change.after)) {  // absent and null are equal
    action = Action::kNoOp;
  } else {
    action = Action::kUpdate;
  }
  return Diff(renderers::Primitive(change.before, change.after, std::move(type)), action, false);
}

// A change with no unknown or sensitive marker that could reach a child and every
// attribute relevant, as a JSON string's two sides always are (and most outputs): neither
// it nor any child can be sensitive or unknown, so Transform skips those checks.
bool Plain(const Change& change) {
  auto inert = [](const Value& marker) { return !marker.is_true() && !marker.is_object() && !marker.is_array(); };
  return inert(change.unknown) && inert(change.before_sensitive) && inert(change.after_sensitive) &&
         change.relevant_attributes.always();
}

Diff ProcessObject(const Change& change, const Profile& profile) {
  auto members = [](const Value& side) { return side.is_object() ? side.size() : 0; };
  MapTransform map(change.before, change.after, std::max(members(change.before), members(change.after)));
  change.AsMap().ForEachChild([&](std::string_view key, const Change& child) {
    if (child.relevant_attributes.MatchesPartial()) {
      map.Add(key, Transform(child, profile));
    } else {
      map.Add(key, Transform(child.AsNoOp(), profile));
    }
  });
  auto [elements, action] = std::move(map).Finish();
  return Diff(renderers::Object(std::move(elements)), action, false);
}

Diff ProcessArray(const Change& change, const Profile& profile) {
  structured::SliceValue slice = change.AsSlice();
  auto [elements, action] = TransformSlice(
      change.before, change.after, profile,
      [&](size_t b, size_t a) {
        Value x = change.before.at(b);
        Value y = change.after.at(a);
        return (x.is_object() && y.is_object()) || (profile.pair_multiline_strings && ShouldDiffMultilineStrings(x, y));
      },
      [&](size_t b, size_t a) {
        return Transform(slice.GetChild(static_cast<int64_t>(b), static_cast<int64_t>(a)), profile);
      });
  return Diff(renderers::List(std::move(elements)), action, false);
}

Diff ProcessUpdate(const Change& change, Kind kind, const Profile& profile) {
  switch (kind) {
    case Kind::kNull:
      // Upstream's cty.NilType: both sides are null and render as such.
      return ProcessPrimitive(change, structured::Type::Dynamic());
    case Kind::kBool:
      return ProcessPrimitive(change, structured::Type::Bool());
    case Kind::kString:
      return ProcessPrimitive(change, structured::Type::String());
    case Kind::kNumber:
      return ProcessPrimitive(change, structured::Type::Number());
    case Kind::kObject:
      return ProcessObject(change, profile);
    case Kind::kArray:
      return ProcessArray(change, profile);
  }
  return ProcessPrimitive(change, structured::Type::Dynamic());
}

Diff Transform(const Change& change, const Profile& profile) {
  auto transform = [&](const Change& inner) { return Transform(inner, profile); };
  if (!Plain(change)) {  // (a plain change is neither sensitive nor unknown)
    if (auto diff = CheckForSensitive(change, transform, [](Diff inner, bool before, bool after, Action action) {
          return Diff(renderers::Sensitive(std::move(inner), before, after), action, false);
        })) {
      return *std::move(diff);
    }
    if (auto diff = CheckForUnknown(
            change, structured::FalseValue(),
            [](const Change&) { return Diff(renderers::Unknown(Diff()), Action::kCreate, false); },
            [&](const Change&, const Change& before) {
              return Diff(renderers::Unknown(Transform(before, profile)), Action::kUpdate, false);
            })) {
      return *std::move(diff);
    }
  }

  Kind before_kind = change.before.kind();
  Kind after_kind = change.after.kind();
  bool deleted = after_kind == Kind::kNull && !change.after_explicit;
  bool created = before_kind == Kind::kNull && !change.before_explicit;
  if (before_kind == after_kind || created || deleted) {
    return ProcessUpdate(change, before_kind == Kind::kNull ? after_kind : before_kind, profile);
  }
  Diff before = ProcessUpdate(change.AsDelete(), before_kind, profile);
  Diff after = ProcessUpdate(change.AsCreate(), after_kind, profile);
  return Diff(renderers::TypeChange(std::move(before), std::move(after)), Action::kUpdate, false);
}

}  // namespace

namespace internal {

size_t FirstContainerLength(std::string_view text) {
  const char* const data = text.data();
  const size_t size = text.size();
  size_t depth = 0;
  for (size_t i = 0; i < size; ++i) {
    char c = data[i];
    if (c == '"') {
      // The closing quote is the first one after an even run of backslashes (memchr finds
      // candidates; each run is counted once, so this stays linear).
      const size_t content = i + 1;
      size_t from = content;
      while (true) {
        const void* found = from < size ? std::memchr(data + from, '"', size - from) : nullptr;
        if (found == nullptr) return 0;
        const size_t quote = static_cast<size_t>(static_cast<const char*>(found) - data);
        size_t backslashes = 0;
        while (quote - backslashes > content && data[quote - backslashes - 1] == '\\') ++backslashes;
        from = quote + 1;
        if (backslashes % 2 == 0) break;
      }
      i = from - 1;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (depth == 0) return 0;
      if (--depth == 0) return i + 1;
    }
  }
  return 0;
}

}  // namespace internal

Diff DiffJson(const Change& change, const Profile& profile) { return Transform(change, profile); }

std::shared_ptr<const structured::Document> ParseJsonString(std::string_view text, bool whole_text) {
  if (text.empty() || (text[0] != '{' && text[0] != '[')) return nullptr;
  size_t length = internal::FirstContainerLength(text);
  if (length == 0) return nullptr;
  if (whole_text && text.find_first_not_of(" \t\r\n", length) != std::string_view::npos) return nullptr;
  structured::ParseOptions options;
  options.max_depth = kMaxJsonStringDepth;
  std::string copy;
  copy.reserve(length + structured::kParsePadding);
  copy.append(text.substr(0, length));
  structured::ParseResult result = structured::ParseJson(std::move(copy), options);
  if (!result) return nullptr;
  return std::move(*result);
}

bool ShouldDiffMultilineStrings(const Value& a, const Value& b) {
  if (!a.is_string() || !b.is_string()) return false;
  std::string_view sa = a.text();
  std::string_view sb = b.text();
  if (sa.find('\n') == std::string_view::npos && sb.find('\n') == std::string_view::npos) return false;
  std::unordered_set<std::string_view> lines;
  size_t start = 0;
  while (true) {
    size_t nl = sa.find('\n', start);
    lines.insert(sa.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start));
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  start = 0;
  while (true) {
    size_t nl = sb.find('\n', start);
    if (lines.count(sb.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start))) return true;
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return false;
}

}  // namespace planview::change
