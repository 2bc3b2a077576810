// Shared internals of the differ: the per-kind diff functions the entry points dispatch
// to, the sensitive / unknown checks every kind starts with, and the shape checks that
// turn a value contradicting its schema into the walk's error naming the path.
//
// Every function takes the Path of the value it is given (already including the value's
// own step) so that errors can name it. The Path keeps the first error (Path::Fail); after
// it every function returns an empty Diff at once and every loop stops, and the entry
// point returns the error instead of the tree.
#ifndef PLANVIEW_DIFFER_INTERNAL_WALK_H_
#define PLANVIEW_DIFFER_INTERNAL_WALK_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/expected.h"
#include "change/collections.h"
#include "change/diff.h"
#include "change/diff_arena.h"
#include "change/marker_checks.h"
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

using change::CompareActions;

// A diff whose action is the change's own (upstream's asDiff).
Diff AsDiff(const Change& change, change::renderers::RendererPtr renderer);

// ---- children ------------------------------------------------------------------------

// The change as upstream sees it when stepping into children: a whole-value `true` in
// unknown or a sensitivity tree says nothing about the children (they get no marker).
Change ForChildren(const Change& change);
inline structured::MapValue ChildMap(const Change& change) { return ForChildren(change).AsMap(); }
inline structured::SliceValue ChildSlice(const Change& change) { return ForChildren(change).AsSlice(); }

// An index for Path::PushIndex: -1 when past the end of its side.
inline int64_t IndexOrNone(size_t index, size_t size) { return index < size ? static_cast<int64_t>(index) : -1; }

// Diffs the element pair (before_index, after_index) of a list or set (an index past its
// side's end means none) with `diff_one(child)`, the element's index on the path. Every
// element of a relevant list or set is relevant: the indices may differ, so there is no
// single path to filter by.
template <typename DiffOne>
Diff DiffElement(const structured::SliceValue& value, size_t before_index, size_t after_index, Path& path,
                 DiffOne&& diff_one) {
  path.PushIndex(IndexOrNone(before_index, value.BeforeSize()), IndexOrNone(after_index, value.AfterSize()));
  PathStep step(path);
  Change child = value.GetChild(static_cast<int64_t>(before_index), static_cast<int64_t>(after_index));
  child.relevant_attributes = structured::PathMatcher::Always();
  return diff_one(child);
}

// ---- shape checks --------------------------------------------------------------------

// Records the error (Path::Fail) and returns the empty Diff a failed walk returns.
Diff Fail(Path& path, Side side, std::string_view message);
// ExpectKind's answer when a side is neither null nor of `kind`.
bool KindMismatch(const Change& change, Path& path, structured::Kind kind, std::string_view what);
// Both sides must be null or of `kind`; `what` names the schema's expectation ("a list").
// False, with the error recorded, when they are not. Not checked inside sensitive values.
// Inline: the diff asks it of every value it walks.
inline bool ExpectKind(const Change& change, Path& path, structured::Kind kind, std::string_view what) {
  auto fits = [kind](const structured::Value& v) { return v.is_null() || v.kind() == kind; };
  return (fits(change.before) && fits(change.after)) || KindMismatch(change, path, kind, what);
}

// ExpectKind for a collection or an object, with upstream's reading of one side that is of
// another kind: as an empty collection that is still set (its AsSlice and AsMap give
// none), so an attribute whose every value is so renders as `[]` or `{}` (a state's
// values, an unchanged value of a plan). Two different sides, one of another kind, stay an
// error: their action then hinges on which side upstream counts as null. The walk reads
// such a value as empty already (Value::size() is 0). FindSchemaMismatch warns of it.
inline bool ExpectContainer(const Change& change, Path& path, structured::Kind kind, std::string_view what) {
  auto fits = [kind](const structured::Value& v) { return v.is_null() || v.kind() == kind; };
  if (fits(change.before) && fits(change.after)) return true;
  if (!change.unknown.is_true() && change.unknown.empty() && change.before.Equals(change.after)) return true;
  return KindMismatch(change, path, kind, what);
}

// What an entry point returns: the walk's error if it had one, else its diff.
base::Expected<Diff> Outcome(const Path& path, Diff diff);

// ---- sensitive and unknown values ----------------------------------------------------

// change::CheckForSensitive, with shapes left unchecked inside the sensitive value (see
// Path::EnterSensitive).
template <typename Inner, typename Wrap>
std::optional<Diff> CheckForSensitive(const Change& change, Path& path, Inner&& inner, Wrap&& wrap) {
  return change::CheckForSensitive(
      change,
      [&](const Change& value) {
        SensitiveScope scope(path);
        return inner(value);
      },
      wrap);
}

using change::CheckForUnknown;

// ---- diff functions, one per kind (each in the file named for it) ---------------------

// attribute.cc
Diff DiffAttribute(const Change& change, const structured::Attribute& attribute, Action parent_action, Path& path);
Diff DiffType(const Change& change, const structured::Type& type, Path& path);
// An attribute with a nested type; elements of nested collections use kSingle.
Diff DiffNestedAttribute(const Change& change, const AttributeMap& attributes, structured::NestingMode mode,
                         Path& path);

// write_only.cc: OpenTofu's profile: the parent's action so far (Update when NoOp and the
// attribute forces replacement). Terraform's (Profile::terraform_write_only): `change`
// is the enclosing block's (or the attribute's, in a nested object) and `parent_action`
// its final action, an Update showing as NoOp.
Diff DiffWriteOnly(const Change& change, Action parent_action, const change::Profile& profile);

// legacy_strings.cc (Terraform's Profile::empty_strings_null_by_schema)
bool UsesNonLegacyFeatures(const structured::Block& block);
bool HasEmptyString(const Change& change);
Change WithEmptyStringsNull(Change change);

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

// set.cc
Diff DiffSet(const Change& change, const structured::Type& element, Path& path);
Diff DiffNestedSet(const Change& change, const AttributeMap& attributes, Path& path);
std::pair<std::vector<Diff>, Action> DiffBlockSet(const Change& change, const structured::Block& block, Path& path);

// tuple.cc
Diff DiffTuple(const Change& change, const std::vector<structured::Type>& elements, Path& path);

// output.cc: values whose type comes from the JSON itself.
Diff DiffOutput(const Change& change, Path& path);

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
