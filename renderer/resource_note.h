// The comment lines above a resource's block ("# t.a will be updated in-place", "# (because
// t.a is not in configuration)", "# (moved from t.b)", "# t.a was deferred"), as data: a list
// of notes, each a kind and the fields it quotes, in the order upstream prints them. The
// text renderer turns them into lines (AppendNoteLines); the other presentations quote them
// as plain text (NotePlainLines) or read the kinds.
#ifndef PLANVIEW_RENDERER_RESOURCE_NOTE_H_
#define PLANVIEW_RENDERER_RESOURCE_NOTE_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "change/colorize.h"
#include "change/profile.h"
#include "renderer/resource_change.h"
#include "structured/json_value.h"

namespace planview::renderer {

enum class NoteKind {
  // ---- the first note: what happens to `address` (with `deposed`, the deposed object) ----
  kCreate,              // will be created
  kRead,                // will be read during apply
  kUpdate,              // will be updated in-place
  kChanged,             // has changed (drift)
  kReplace,             // must be replaced
  kReplaceTainted,      // is tainted, so (it) must be replaced
  kReplaceRequested,    // will be replaced, as requested
  kReplaceTriggered,    // will be replaced due to changes in replace_triggered_by
  kDestroy,             // will be destroyed
  kDeleted,             // has been deleted (drift)
  kForget,              // OpenTofu: will be removed from the state but will not be destroyed
  kForgetUnmanaged,     // Terraform: will no longer be managed, but will not be destroyed
  kForgetDeposed,       // Terraform: (a deposed object) will be removed from state, but not destroyed
  kReplaceKeepingOld,   // Terraform's create-then-forget: must be replaced, the old object kept
  kMoved,               // `previous_address` has moved to `address`
  kImport,              // will be imported
  kDeferred,            // Terraform: was deferred
  kUnsupported,         // an action the renderer does not know (a no-op neither moved nor imported)
  // ---- on the first note's line ----
  kOldNotDestroyed,     // OpenTofu's forget-then-create: the older instance will not be destroyed
  // ---- why ----
  kReadConfigUnknown,         // config refers to values not yet known
  kReadDependencyPending,     // depends on a resource or a module with changes pending
  kReadCheckNested,           // config will be reloaded to verify a check block
  kNoResourceConfig,          // because `type`.`name` is not in configuration
  kNoMoveTarget,              // because `previous_address` was moved to `address`, not in configuration
  kNoModule,                  // because `module_address` is not in configuration
  kUsesRepetition,            // because resource uses count or for_each
  kDoesNotUseCount,           // because resource does not use count
  kDoesNotUseForEach,         // because resource does not use for_each
  kCountIndexOutOfRange,      // because index [`value`] is out of range for count
  kEnabledFalse,              // because enabled is false
  kKeyNotInForEach,           // because key [`value`] is not in for_each map
  kDestroyFalseBeforeRemoval, // OpenTofu: lifecycle.destroy = false configured before removal
  kDestroyFalseInConfig,      // OpenTofu: lifecycle.destroy = false is set in the configuration
  kDestroyFalse,              // Terraform: destroy = false is set in the configuration
  kLeftOver,                  // left over from a partially-failed replacement of this instance
  kDeferredReason,            // Terraform: why the change was deferred (`text`)
  kConfigGenerated,           // config will be generated
  // ---- moves and imports ----
  kMovedFrom,                 // moved from `previous_address`
  kImportedFrom,              // imported from "`text`" (the import id)
  kImportedByIdentity,        // imported using resource identity `value`
  kImportedFirst,             // will be imported first
  kImportDestroyed,           // Warning: this will destroy the imported resource
};

// One note. Fields a kind does not quote are empty; all refer into the plan.
struct ResourceNote {
  NoteKind kind = NoteKind::kUnsupported;
  std::string_view address;           // the resource's address
  std::string_view deposed;           // first note: the deposed object's key, or empty
  std::string_view previous_address;  // kMoved, kNoMoveTarget, kMovedFrom
  std::string_view module_address;    // kNoModule
  std::string_view type;              // kNoResourceConfig
  std::string_view name;              // kNoResourceConfig
  std::string_view text;              // kImportedFrom: the id; kDeferredReason: the explanation
  structured::Value value;            // kCountIndexOutOfRange, kKeyNotInForEach: the index;
                                      // kImportedByIdentity: the identity
};

// The notes upstream prints above `resource` (the first one says what happens to it), as
// `profile` chooses them.
std::vector<ResourceNote> ResourceNotes(const ResourceChange& resource, ChangeCause cause,
                                        const change::Profile& profile);

// Terraform's notes above a deferred change: `# address was deferred` and why (`reason` as
// the plan's deferred_changes give it).
std::vector<ResourceNote> DeferredNotes(const ResourceChange& resource, std::string_view reason);

// Appends the notes' comment lines as `tofu show` prints them, coloured by `colorize`, each
// ending in a newline.
void AppendNoteLines(std::string& out, std::span<const ResourceNote> notes, const change::Profile& profile,
                     const change::Colorize& colorize);

// The notes as plain text, one entry per line `tofu show` prints (empty lines left out):
// without colour, the leading "# " and the indentation before it.
std::vector<std::string> NotePlainLines(std::span<const ResourceNote> notes, const change::Profile& profile);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_RESOURCE_NOTE_H_
