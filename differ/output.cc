// Outputs and dynamic values: the JSON itself says what each value is (upstream's
// ComputeDiffForOutput, which hands the value to the renderers' JSON diff). Diffs below
// the top carry no replacement flag.
#include "change/json_diff.h"
#include "differ/differ.h"
#include "differ/internal/walk.h"

namespace planview::differ {
namespace internal {

Diff DiffOutput(const Change& change, Path& path) {
  const structured::Type dynamic = structured::Type::Dynamic();
  if (auto diff = SensitiveType(change, dynamic, path)) return *std::move(diff);
  if (auto diff = UnknownType(change, dynamic, path)) return *std::move(diff);
  return change::DiffJson(change, path.profile());
}

}  // namespace internal

base::Expected<change::Diff> ComputeDiffForOutput(const structured::Change& change, const change::Profile& profile) {
  change::DiffArenaScope arena;  // the tree's nodes in one arena
  internal::Path path(profile);
  change::Diff diff = internal::DiffOutput(change, path);
  return internal::Outcome(path, std::move(diff));
}

}  // namespace planview::differ
