// One entry of a plan's `resource_changes` or `resource_drift` (upstream's
// jsonplan.ResourceChange), and its block as `tofu show` prints it (AppendResourceChange:
// the one entry point for rendering a single resource change).
#ifndef PLANVIEW_RENDERER_RESOURCE_CHANGE_H_
#define PLANVIEW_RENDERER_RESOURCE_CHANGE_H_

#include <optional>
#include <string>
#include <string_view>

#include "base/expected.h"
#include "change/action_symbol.h"
#include "change/diff.h"
#include "renderer/options.h"
#include "structured/action.h"
#include "structured/json_value.h"
#include "structured/schema.h"

namespace planview::renderer {

struct ResourceChange {
  std::string path;  // JSON path of the entry, for messages
  std::string_view address;
  std::string_view previous_address;
  std::string_view module_address;
  std::string_view mode_name;  // "managed", "data", "ephemeral" (or anything else found)
  std::optional<structured::ResourceMode> mode;  // unset for an unknown mode
  std::string_view type;
  std::string_view name;
  structured::Value index;  // absent when the entry has none
  std::string_view provider_name;
  std::string_view deposed;
  std::string_view action_reason;
  structured::Value change;  // the `change` object
  Action action = Action::kNoOp;
  bool importing = false;  // `change.importing` is present
  std::string_view importing_id;
  structured::Value importing_identity;  // present (possibly null) when given
  std::string_view generated_config;

  // Reads an entry; an input error (json_fields.h) naming `path` when its shape is wrong.
  static base::Expected<ResourceChange> FromJson(structured::Value entry, std::string path);

  bool Moved() const { return !previous_address.empty() && previous_address != address; }
  bool Importing() const { return importing; }
};

// A plan's action list as an Action (upstream's UnmarshalActions), or an input error.
base::Expected<Action> ActionFromJson(structured::Value actions, std::string_view path);

// Why a resource is shown: a proposed change, or drift detected during refresh.
enum class ChangeCause { kProposed, kDrift };

// Whether upstream shows a block for `resource` at all: not for a no-op that is neither
// moved nor imported, nor for an ephemeral resource or an unknown mode.
bool HasResourceBlock(const ResourceChange& resource);

// Whether the plan lists this change under "will perform the following actions" (as
// `tofu show` does: a resource with a block, except a data source's delete).
bool ShownInPlan(const ResourceChange& resource);

// Appends `resource`'s block as `tofu show` prints it: its comment lines (resource_note.h),
// then `~ resource "t" "n" {` ... `}` with `diff` rendered inside (an invalid diff: a line
// pointing at the warnings), without a final newline; colour and wording from `options`.
// Appends nothing and returns false when !HasResourceBlock(resource).
bool AppendResourceChange(const ResourceChange& resource, const change::Diff& diff, ChangeCause cause,
                          const Options& options, std::string& out);

// The same block without its comment lines, from the action symbol to the closing brace
// (whatever HasResourceBlock says).
void AppendResourceChangeBody(const ResourceChange& resource, const change::Diff& diff, const Options& options,
                              std::string& out);

// `resource "type" "name"` or `data "type" "name"`.
std::string ResourceChangeHeader(const ResourceChange& resource);

// The legend line for an action ("  [green]+[reset] create"), with colour markup.
std::string_view ActionDescription(Action action, const change::Profile& profile = change::OpenTofuProfile());

// The three-column action symbol; its one definition is change/action_symbol.h.
using change::DiffActionSymbol;

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_RESOURCE_CHANGE_H_
