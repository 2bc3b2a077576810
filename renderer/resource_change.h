// One entry of a plan's `resource_changes` or `resource_drift` (upstream's
// jsonplan.ResourceChange), and the comment and header lines that introduce it.
#ifndef PLANVIEW_RENDERER_RESOURCE_CHANGE_H_
#define PLANVIEW_RENDERER_RESOURCE_CHANGE_H_

#include <optional>
#include <string>
#include <string_view>

#include "change/action_symbol.h"
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

  // Reads an entry; throws InputError naming `path` when its shape is wrong.
  static ResourceChange FromJson(structured::Value entry, std::string path);

  bool Moved() const { return !previous_address.empty() && previous_address != address; }
  bool Importing() const { return importing; }
};

// A plan's action list as an Action (upstream's UnmarshalActions); throws InputError.
Action ActionFromJson(structured::Value actions, std::string_view path);

// Why a resource is shown: a proposed change, or drift detected during refresh.
enum class ChangeCause { kProposed, kDrift };

// The `  # address will be ...` lines (with colour markup, not yet colourised), each
// ending in a newline.
std::string ResourceChangeComment(const ResourceChange& resource, Action action, ChangeCause cause,
                                  Product product);

// `resource "type" "name"` or `data "type" "name"`.
std::string ResourceChangeHeader(const ResourceChange& resource);

// The legend line for an action ("  [green]+[reset] create"), with colour markup.
std::string_view ActionDescription(Action action, const change::Profile& profile = change::OpenTofuProfile());

// The three-column action symbol; its one definition is change/action_symbol.h.
using change::DiffActionSymbol;

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_RESOURCE_CHANGE_H_
