// Writes a diff tree as JSON in the shape of the conformance files' `oracle_diff` (see
// testdata/conformance/README.md) and of `--format json` (docs/json-format.md):
//   {"action": "Update", "replace": false, "renderer": R}
// where R is null for an empty diff or an object naming its kind in "type" (upstream's Go
// type names: "primitiveRenderer", "listRenderer", "blockRenderer", ...) with that kind's
// fields. Empty element lists are written as null and empty maps as {}, as upstream's
// differ leaves them. Compare the result as a JSON value (key order is not significant).
//
// The tree is read through its visitor (change/diff_visitor.h). With a Redaction that
// hides sensitive values (--format json), it is written as change/redaction.h presents
// it: the `inner` of every sensitive node is {"redacted": true}, and the blocks of a block
// type marked sensitive as a whole are written as sensitiveBlockRenderer nodes.
#ifndef PLANVIEW_CHANGE_DIFF_DUMP_H_
#define PLANVIEW_CHANGE_DIFF_DUMP_H_

#include <string>
#include <string_view>

#include "change/diff.h"
#include "change/redaction.h"
#include "structured/json_value.h"

namespace planview::change {

// The whole tree (kShowEverything), or redacted.
std::string DumpDiff(const Diff& diff, const Redaction& redaction = kShowEverything);
void AppendDiffDump(std::string& out, const Diff& diff, const Redaction& redaction = kShowEverything);

namespace dump {
// Compact JSON for a value (numbers keep their text, keys sorted, only what JSON requires
// escaped; absent is null).
void AppendJsonValue(std::string& out, const structured::Value& value);
}  // namespace dump

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_DIFF_DUMP_H_
