// Structural diff of JSON values (upstream's jsondiff with the renderers' callbacks,
// RendererJsonOpts): objects become Object renderers, arrays List renderers (elements
// paired by a longest common subsequence), scalars Primitive renderers, and sides of
// different JSON types a TypeChange. Unknown and sensitive markers in the change are
// honoured. Used for strings holding JSON and for values without a schema (outputs).
//
// The returned tree refers to the change's values: their documents must outlive it.
#ifndef PLANVIEW_CHANGE_JSON_DIFF_H_
#define PLANVIEW_CHANGE_JSON_DIFF_H_

#include <memory>
#include <string_view>

#include "change/diff.h"
#include "change/profile.h"
#include "structured/change.h"
#include "structured/json_value.h"

namespace planview::change {

// `profile` decides how array elements are paired (change/process_slice.h).
Diff DiffJson(const structured::Change& change, const Profile& profile = OpenTofuProfile());

// Upstream's test for "this string holds JSON": it starts with '{' or '[' and its first
// JSON value decodes (anything after that value is ignored, as Go's json.Decoder does;
// with `whole_text`, as in Terraform's profile, only whitespace may follow it). Returns the
// decoded document, or null. Values nested deeper than 512 levels count as not JSON.
std::shared_ptr<const structured::Document> ParseJsonString(std::string_view text, bool whole_text = false);

// True when both are strings, one of them has a newline, and they share a line: such
// list elements are diffed line by line instead of deleted and re-created.
bool ShouldDiffMultilineStrings(const structured::Value& a, const structured::Value& b);

namespace internal {

// The length of the first JSON container in `text` (which starts with '{' or '['), found
// by matching brackets outside strings (a backslash in a string escapes the next
// character); 0 when it never closes or a bracket does not match.
size_t FirstContainerLength(std::string_view text);

}  // namespace internal

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_JSON_DIFF_H_
