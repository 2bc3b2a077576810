// Writes a diff tree as JSON in the shape of the conformance files' `oracle_diff` (see
// testdata/conformance/README.md):
//   {"action": "Update", "replace": false, "renderer": R}
// where R is null for an empty diff or an object naming its kind in "type" (upstream's Go
// type names: "primitiveRenderer", "listRenderer", "blockRenderer", ...) with that kind's
// fields. Empty element lists are written as null and empty maps as {}, as upstream's
// differ leaves them. Compare the result as a JSON value (key order is not significant).
//
// With a Redaction that hides sensitive values (--format json), the tree is written as
// change/redaction.h presents it: the `inner` of every sensitive node is
// {"redacted": true}, and the blocks of a block type marked sensitive as a whole are
// written as sensitiveBlockRenderer nodes.
#ifndef PLANVIEW_CHANGE_DIFF_DUMP_H_
#define PLANVIEW_CHANGE_DIFF_DUMP_H_

#include <string>
#include <string_view>
#include <vector>

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
// `"key":` with a leading comma unless `first`.
void AppendKey(std::string& out, std::string_view key, bool first = false);
// A JSON array of diffs, or null when empty.
void AppendDiffArray(std::string& out, const std::vector<Diff>& diffs, const Redaction& redaction);
// A JSON object of diffs by key ({} when empty).
template <typename DiffMapT>
void AppendDiffMap(std::string& out, const DiffMapT& diffs, const Redaction& redaction);
}  // namespace dump

template <typename DiffMapT>
void dump::AppendDiffMap(std::string& out, const DiffMapT& diffs, const Redaction& redaction) {
  out.push_back('{');
  bool first = true;
  for (const auto& [key, diff] : diffs) {
    AppendKey(out, key, first);
    first = false;
    AppendDiffDump(out, diff, redaction);
  }
  out.push_back('}');
}

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_DIFF_DUMP_H_
