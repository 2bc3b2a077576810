// Write-only attributes: their values are never in a plan, so they take their parent's
// action and render as a fixed marker.
#include "differ/internal/walk.h"

namespace planview::differ::internal {

Diff DiffWriteOnly(const Change& change, Action parent_action, const change::Profile& profile) {
  if (profile.terraform_write_only) {
    bool sensitive = change.IsBeforeSensitive() || change.IsAfterSensitive();
    // Updated blocks would otherwise highlight every write-only attribute.
    Action action = parent_action == Action::kUpdate ? Action::kNoOp : parent_action;
    return Diff(change::renderers::WriteOnly(sensitive), action, change.replace_paths.Matches());
  }
  // A write-only attribute named in replace_paths must not hide behind a NoOp parent: the
  // user needs to see what forces the replacement.
  if (parent_action == Action::kNoOp && change.replace_paths.Matches()) parent_action = Action::kUpdate;
  return Diff(change::renderers::WriteOnly(), parent_action, change.replace_paths.Matches());
}

}  // namespace planview::differ::internal
