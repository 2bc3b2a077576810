// Upstream's Change.CheckForSensitive and Change.CheckForUnknown, the first two questions
// the differ and the JSON diff ask of every value: is it sensitive as a whole, is it
// unknown as a whole?
#ifndef PLANVIEW_CHANGE_MARKER_CHECKS_H_
#define PLANVIEW_CHANGE_MARKER_CHECKS_H_

#include <optional>
#include <utility>

#include "change/diff.h"
#include "structured/action.h"
#include "structured/change.h"
#include "structured/json_value.h"

namespace planview::change {

// When either side is sensitive as a whole: diffs the value without its sensitivity
// (`inner(value)`) and returns `wrap(inner_diff, before_sensitive, after_sensitive,
// action)`, where a NoOp whose sensitivity changed becomes an Update (unless the value is
// missing on both sides). Otherwise nullopt.
template <typename Inner, typename Wrap>
std::optional<Diff> CheckForSensitive(const structured::Change& change, Inner&& inner, Wrap&& wrap) {
  bool before_sensitive = change.IsBeforeSensitive();
  bool after_sensitive = change.IsAfterSensitive();
  if (!before_sensitive && !after_sensitive) return std::nullopt;
  structured::Change value = change;
  value.before_sensitive = structured::FalseValue();
  value.after_sensitive = structured::FalseValue();
  value.non_legacy_schema = false;
  Diff diff = inner(value);
  Action action = diff.action();
  bool missing = change.before.is_null() && !change.before_explicit && change.after.is_null() &&
                 !change.after_explicit;
  if (action == Action::kNoOp && before_sensitive != after_sensitive && !missing) action = Action::kUpdate;
  return wrap(std::move(diff), before_sensitive, after_sensitive, action);
}

// When the after value is unknown as a whole (its null means "not known yet", so it counts
// as explicit): `created(change)` if there was no before value, else `updated(change,
// before)` where `before` is the change as a deletion whose unknown marker is
// `child_unknown`. Otherwise nullopt.
template <typename Created, typename Updated>
std::optional<Diff> CheckForUnknown(const structured::Change& input, structured::Value child_unknown, Created&& created,
                                    Updated&& updated) {
  if (!input.IsUnknown()) return std::nullopt;  // (most values: no copy)
  structured::Change change = input;
  change.after_explicit = true;
  if (change.before.is_null()) return created(change);
  structured::Change before = change.AsDelete();
  before.unknown = child_unknown;
  return updated(change, before);
}

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_MARKER_CHECKS_H_
