#include "differ/internal/walk.h"

#include <fmt/format.h>


namespace planview::differ::internal {

Diff AsDiff(const Change& change, change::renderers::RendererPtr renderer) {
  return Diff(std::move(renderer), change.CalculateAction(), change.replace_paths.Matches());
}

Change ForChildren(const Change& change) {
  Change c = change;
  if (c.unknown.is_true()) c.unknown = Value();
  if (c.before_sensitive.is_true()) c.before_sensitive = Value();
  if (c.after_sensitive.is_true()) c.after_sensitive = Value();
  return c;
}

Diff Fail(Path& path, Side side, std::string_view message) {
  path.Fail(side, message);
  return Diff();
}

bool KindMismatch(const Change& change, Path& path, structured::Kind kind, std::string_view what) {
  if (path.in_sensitive()) return true;
  auto check = [&](Value value, Side side) {
    if (value.is_null() || value.kind() == kind) return true;
    Fail(path, side,
         fmt::format("the {} value is {} {}, but the schema expects {}", side == Side::kBefore ? "before" : "after",
                     value.kind() == structured::Kind::kArray || value.kind() == structured::Kind::kObject ? "an" : "a",
                     structured::KindName(value.kind()), what));
    return false;
  };
  return check(change.before, Side::kBefore) && check(change.after, Side::kAfter);
}

base::Expected<Diff> Outcome(const Path& path, Diff diff) {
  if (path.failed()) return *path.error();
  return diff;
}

}  // namespace planview::differ::internal
