// Shared internals of the differ: the per-kind diff functions the entry points dispatch
// to, the sensitive / unknown checks every kind starts with, and the shape checks that
// turn a value contradicting its schema into a DiffError naming the path.
//
// Every function takes the Path of the value it is given (already including the value's
// own step) so that errors can name it.
#ifndef PLANVIEW_DIFFER_INTERNAL_WALK_H_
#define PLANVIEW_DIFFER_INTERNAL_WALK_H_

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "change/diff.h"
#include "change/renderers/renderers.h"
#include "differ/internal/path.h"
#include "structured/action.h"
#include "structured/change.h"
#include "structured/cty_type.h"
#include "structured/json_value.h"
#include "structured/schema.h"

namespace planview::differ::internal {

using change::Diff;
using KeyedDiffs = change::renderers::DiffMap;  // diffs by attribute or key
using structured::Change;
using structured::Value;
using AttributeMap = std::map<std::string, structured::Attribute, std::less<>>;

// ---- actions -------------------------------------------------------------------------

// Folds a child's action into its parent's: NoOp children change nothing, a child that
// disagrees with the parent makes it an Update.
inline Action CompareActions(Action current, Action next) {
  if (next == Action::kNoOp) return current;
  return current == next ? current : Action::kUpdate;
}

// A diff whose action is the change's own (upstream's asDiff).
Diff AsDiff(const Change& change, change::renderers::RendererPtr renderer);

// ---- children ------------------------------------------------------------------------

// The change as upstream sees it when stepping into children: a whole-value `true` in
// unknown or a sensitivity tree says nothing about the children (they get no marker).
Change ForChildren(const Change& change);
inline structured::MapValue ChildMap(const Change& change) { return ForChildren(change).AsMap(); }
inline structured::SliceValue ChildSlice(const Change& change) { return ForChildren(change).AsSlice(); }

// ---- shape checks --------------------------------------------------------------------

[[noreturn]] void Fail(const Path& path, Side side, std::string_view message);
// Both sides must be null or of `kind`; `what` names the schema's expectation ("a list").
// Not checked inside sensitive values.
void ExpectKind(const Change& change, const Path& path, structured::Kind kind, std::string_view what);

// ---- sensitive and unknown values ----------------------------------------------------

// Upstream's CheckForSensitive: when either side is sensitive as a whole, diffs the value
// without its sensitivity (`inner`) and wraps the result (`wrap(inner, before_sensitive,
// after_sensitive, action)`). A NoOp whose sensitivity changed becomes an Update. Shapes
// are not checked inside (see Path::EnterSensitive).
template <typename Inner, typename Wrap>
std::optional<Diff> CheckForSensitive(const Change& change, Path& path, Inner&& inner, Wrap&& wrap) {
  bool before_sensitive = change.IsBeforeSensitive();
  bool after_sensitive = change.IsAfterSensitive();
  if (!before_sensitive && !after_sensitive) return std::nullopt;
  Change value = change;
  value.before_sensitive = structured::FalseValue();
  value.after_sensitive = structured::FalseValue();
  Diff diff = [&] {
    SensitiveScope scope(path);
    return inner(value);
  }();
  Action action = diff.action();
  bool null_noop = change.before.is_null() && !change.before_explicit && change.after.is_null() &&
                   !change.after_explicit;
  if (action == Action::kNoOp && before_sensitive != after_sensitive && !null_noop) action = Action::kUpdate;
  return wrap(std::move(diff), before_sensitive, after_sensitive, action);
}

// Upstream's CheckForUnknown: when the after value is unknown as a whole, calls
// `created(change)` if there was no before value, else `updated(change, before)` where
// `before` is the change as a deletion whose unknown marker is `child_unknown`.
template <typename Created, typename Updated>
std::optional<Diff> CheckForUnknown(Change change, Value child_unknown, Created&& created, Updated&& updated) {
  if (!change.IsUnknown()) return std::nullopt;
  // The after value is null because it is not known yet, not because it is gone.
  change.after_explicit = true;
  if (change.before.is_null()) return created(change);
  Change before = change.AsDelete();
  before.unknown = child_unknown;
  return updated(change, before);
}

// ---- diff functions, one per kind (each in the file named for it) ---------------------

// attribute.cc
Diff DiffAttribute(const Change& change, const structured::Attribute& attribute, Action parent_action, Path& path);
Diff DiffType(const Change& change, const structured::Type& type, Path& path);
// An attribute with a nested type; elements of nested collections use kSingle.
Diff DiffNestedAttribute(const Change& change, const AttributeMap& attributes, structured::NestingMode mode,
                         Path& path);

// write_only.cc
Diff DiffWriteOnly(const Change& change, Action parent_action);

// block.cc
Diff DiffBlock(const Change& change, const structured::Block& block, Path& path);

// primitive.cc
Diff DiffPrimitive(const Change& change, const structured::Type& type, Path& path);

// object.cc
Diff DiffObject(const Change& change, const structured::Type& type, Path& path);
Diff DiffNestedObject(const Change& change, const AttributeMap& attributes, Path& path);

// map.cc
Diff DiffMap(const Change& change, const structured::Type& element, Path& path);
Diff DiffNestedMap(const Change& change, const AttributeMap& attributes, Path& path);
std::pair<KeyedDiffs, Action> DiffBlockMap(const Change& change, const structured::Block& block, Path& path);

// list.cc
Diff DiffList(const Change& change, const structured::Type& element, Path& path);
Diff DiffNestedList(const Change& change, const AttributeMap& attributes, Path& path);
std::pair<std::vector<Diff>, Action> DiffBlockList(const Change& change, const structured::Block& block, Path& path);
// Upstream's TransformSlice: aligns the two lists (change/process_slice.h) and diffs each
// pair with `diff_one`. The action starts as Create/Delete when one side is missing.
std::pair<std::vector<Diff>, Action> AlignList(const Change& change, Path& path,
                                               const std::function<bool(Value, Value)>& should_diff,
                                               const std::function<Diff(const Change&)>& diff_one);

// set.cc
Diff DiffSet(const Change& change, const structured::Type& element, Path& path);
Diff DiffNestedSet(const Change& change, const AttributeMap& attributes, Path& path);
std::pair<std::vector<Diff>, Action> DiffBlockSet(const Change& change, const structured::Block& block, Path& path);

// tuple.cc
Diff DiffTuple(const Change& change, const std::vector<structured::Type>& elements, Path& path);

// output.cc: values whose type comes from the JSON itself.
Diff DiffOutput(const Change& change, Path& path);
// Upstream's true when two list elements should be shown as one updated element: both are
// strings, one holds several lines, and they share a line.
bool ShouldDiffMultilineStrings(Value a, Value b);

// sensitive.cc
std::optional<Diff> SensitiveType(const Change& change, const structured::Type& type, Path& path);
std::optional<Diff> SensitiveNestedAttribute(const Change& change, const AttributeMap& attributes,
                                             structured::NestingMode mode, Path& path);
std::optional<Diff> SensitiveBlock(const Change& change, const structured::Block& block, Path& path);

// unknown.cc
std::optional<Diff> UnknownType(const Change& change, const structured::Type& type, Path& path);
std::optional<Diff> UnknownNestedAttribute(const Change& change, const AttributeMap& attributes,
                                           structured::NestingMode mode, Path& path);
std::optional<Diff> UnknownBlock(const Change& change, const structured::Block& block, Path& path);

}  // namespace planview::differ::internal

#endif  // PLANVIEW_DIFFER_INTERNAL_WALK_H_
