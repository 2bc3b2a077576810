// Test-only adapter: rebuilds a diff tree from its JSON dump (the shape DumpDiff writes and
// the conformance files use for `oracle_diff` and `input.diff`). Primitive values stay in
// the dump's document, which must outlive the tree.
#ifndef PLANVIEW_CHANGE_DIFF_FROM_DUMP_H_
#define PLANVIEW_CHANGE_DIFF_FROM_DUMP_H_

#include "base/expected.h"
#include "change/diff.h"
#include "structured/json_value.h"

namespace planview::change {

// The diff, or an error naming the offending path (e.g.
// `$.renderer.elements[2].action: unknown action "Bogus"`).
base::Expected<Diff> DiffFromDump(const structured::Value& dump);

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_DIFF_FROM_DUMP_H_
