// The differ: walks one change against its schema and builds the diff tree (upstream's
// jsonformat/differ). It knows nothing about colours or indentation.
//
// Entry points mirror upstream: a resource's block, one attribute, a value of a known cty
// type, and outputs / dynamic values whose type comes from the JSON itself.
//
// Errors: a value whose shape contradicts the schema (a string where the schema says list,
// a set of objects holding a number, ...) stops the walk there, and the call returns a
// base::Error "PATH: what" naming the attribute path (`.tags["Name"]`, `.rule[2].port`;
// also in Error::path). Nothing aborts or throws. Where upstream reads a mismatch
// leniently and renders it, so does the differ: a block or nested-attribute object that
// is not an object has no attributes, and nothing inside a sensitive value is checked.
//
// Lists are aligned on upstream's longest common subsequence (same choice among equal
// ones; see change/process_slice.h): a common prefix and suffix cost linear time, and a
// differing middle too large for the table (more than 2^26 cells) is shown as deletions
// and creations rather than taking gigabytes of memory or failing.
#ifndef PLANVIEW_DIFFER_DIFFER_H_
#define PLANVIEW_DIFFER_DIFFER_H_

#include "base/expected.h"
#include "change/diff.h"
#include "change/profile.h"
#include "structured/action.h"
#include "structured/change.h"
#include "structured/cty_type.h"
#include "structured/schema.h"

namespace planview::differ {

// `profile`: whose renderer's diff tree to build (change/profile.h).
base::Expected<change::Diff> ComputeDiffForBlock(const structured::Change& change, const structured::Block& block,
                                                 const change::Profile& profile = change::OpenTofuProfile());
base::Expected<change::Diff> ComputeDiffForAttribute(const structured::Change& change,
                                                     const structured::Attribute& attribute, Action parent_action,
                                                     const change::Profile& profile = change::OpenTofuProfile());
base::Expected<change::Diff> ComputeDiffForType(const structured::Change& change, const structured::Type& type,
                                                const change::Profile& profile = change::OpenTofuProfile());
base::Expected<change::Diff> ComputeDiffForOutput(const structured::Change& change,
                                                  const change::Profile& profile = change::OpenTofuProfile());

}  // namespace planview::differ

#endif  // PLANVIEW_DIFFER_DIFFER_H_
