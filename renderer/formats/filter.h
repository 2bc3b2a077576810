// Which resource changes a planview presentation shows: the action categories of a change
// (create, update, delete, replace, read, import, move, forget) and the --action,
// --address and --hide-reads filters over them.
#ifndef PLANVIEW_RENDERER_FORMATS_FILTER_H_
#define PLANVIEW_RENDERER_FORMATS_FILTER_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "renderer/resource_change.h"

namespace planview::renderer::formats {

enum class ActionCategory { kCreate, kUpdate, kDelete, kReplace, kRead, kImport, kMove, kForget };

inline constexpr ActionCategory kAllCategories[] = {
    ActionCategory::kCreate, ActionCategory::kUpdate, ActionCategory::kDelete, ActionCategory::kReplace,
    ActionCategory::kRead,   ActionCategory::kImport, ActionCategory::kMove,   ActionCategory::kForget};

// The categories from the most destructive to the least: destroys first (delete, replace,
// forget), then updates, then the rest.
inline constexpr ActionCategory kRiskOrder[] = {
    ActionCategory::kDelete, ActionCategory::kReplace, ActionCategory::kForget, ActionCategory::kUpdate,
    ActionCategory::kMove,   ActionCategory::kImport,  ActionCategory::kCreate, ActionCategory::kRead};

std::string_view CategoryName(ActionCategory category);                     // "create", ...
// A category's name, or "destroy" (the word users say) for delete.
std::optional<ActionCategory> CategoryFromName(std::string_view name);

// The categories of a change: its action (a delete-then-create or create-then-delete is a
// replace; a forget-then-create is forget and create) plus import and move when it is
// importing or moved. Empty for a no-op that is neither.
std::vector<ActionCategory> CategoriesOf(const ResourceChange& resource);

// ShownInPlan (which changes the plan lists) is renderer/resource_change.h's.

// `*` matches any run of characters (dots included), `?` one character.
bool GlobMatch(std::string_view glob, std::string_view text);

struct ResourceFilter {
  std::vector<ActionCategory> actions;  // empty: any
  std::vector<std::string> addresses;   // globs over the address or the resource type; empty: any
  bool hide_reads = false;

  bool Active() const { return !actions.empty() || !addresses.empty() || hide_reads; }
  bool Matches(const ResourceChange& resource) const;
  // The flags as given, e.g. "--action delete,replace --address 'module.net.*'".
  std::string Describe() const;
};

// Adds the categories of a comma-separated --action list to `out` (each once); an unknown
// name is an error (one line naming it).
base::Expected<void> ParseActionList(std::string_view list, std::vector<ActionCategory>& out);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_FILTER_H_
