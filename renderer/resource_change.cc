#include "renderer/resource_change.h"

#include <fmt/format.h>

#include "renderer/json_fields.h"
#include "renderer/text_escape.h"
#include "structured/compact_json.h"

namespace planview::renderer {

namespace {

std::optional<structured::ResourceMode> ModeFromName(std::string_view name) {
  if (name == "managed") return structured::ResourceMode::kManaged;
  if (name == "data") return structured::ResourceMode::kData;
  if (name == "ephemeral") return structured::ResourceMode::kEphemeral;
  return std::nullopt;
}

std::string ActionList(structured::Value actions) {
  std::string out;
  for (size_t i = 0; i < actions.size(); ++i) {
    if (i > 0) out += ", ";
    out += actions.at(i).text();
  }
  return out;
}

// The raw JSON of an index, as Go prints a json.RawMessage with %s.
std::string RawJson(structured::Value value) {
  std::string out;
  if (!value.absent()) structured::AppendCompactJson(out, value);
  return out;
}

void AppendReplaceWording(std::string& buf, const ResourceChange& r, std::string_view addr,
                          const change::Profile& profile) {
  if (r.action_reason == "replace_because_tainted") {
    buf += fmt::format("[bold]  # {}[reset] {} [bold][red]replaced[reset]", addr, profile.tainted);
  } else if (r.action_reason == "replace_by_request") {
    buf += fmt::format("[bold]  # {}[reset] will be [bold][red]replaced[reset], as requested", addr);
  } else if (r.action_reason == "replace_by_triggers") {
    buf += fmt::format(
        "[bold]  # {}[reset] will be [bold][red]replaced[reset] due to changes in replace_triggered_by", addr);
  } else {
    buf += fmt::format("[bold]  # {}[reset] must be [bold][red]replaced[reset]", addr);
  }
}

// `replace_paths` must be a list of paths (lists of steps): upstream panics on anything
// else. A step that is neither a key nor an index just never matches, as upstream.
void CheckReplacePaths(structured::Value paths, const std::string& path) {
  if (paths.is_null()) return;
  if (!paths.is_array()) {
    throw InputError(path, fmt::format("expected an array of attribute paths, found {}",
                                       structured::KindName(paths.kind())));
  }
  for (size_t i = 0; i < paths.size(); ++i) {
    structured::Value step_list = paths.at(i);
    if (!step_list.is_null() && !step_list.is_array()) {
      throw InputError(IndexPath(path, i), fmt::format("expected an attribute path (an array), found {}",
                                                       structured::KindName(step_list.kind())));
    }
  }
}

constexpr std::string_view kLeftOver = "\n  # (left over from a partially-failed replacement of this instance)";

}  // namespace

Action ActionFromJson(structured::Value actions, std::string_view path) {
  if (!actions.is_null() && !actions.is_array()) {
    throw InputError(std::string(path), fmt::format("expected an array, found {}", structured::KindName(actions.kind())));
  }
  for (size_t i = 0; i < actions.size(); ++i) {
    if (!actions.at(i).is_string()) throw InputError(IndexPath(path, i), "expected a string");
  }
  auto at = [&](size_t i) { return actions.at(i).text(); };
  if (actions.size() == 2) {
    if (at(0) == "create" && at(1) == "delete") return Action::kCreateThenDelete;
    if (at(0) == "delete" && at(1) == "create") return Action::kDeleteThenCreate;
    if (at(0) == "forget" && at(1) == "create") return Action::kForgetThenCreate;
    if (at(0) == "create" && at(1) == "forget") return Action::kCreateThenForget;
  }
  if (actions.size() == 1) {
    std::string_view a = at(0);
    if (a == "create") return Action::kCreate;
    if (a == "delete") return Action::kDelete;
    if (a == "update") return Action::kUpdate;
    if (a == "read") return Action::kRead;
    if (a == "no-op") return Action::kNoOp;
    if (a == "forget") return Action::kForget;
  }
  throw InputError(std::string(path), fmt::format("unrecognized action list [{}]", ActionList(actions)));
}

ResourceChange ResourceChange::FromJson(structured::Value entry, std::string path) {
  if (!entry.is_object()) {
    throw InputError(path, fmt::format("expected an object, found {}", structured::KindName(entry.kind())));
  }
  ResourceChange r;
  r.address = StringField(entry, "address", path);
  r.previous_address = StringField(entry, "previous_address", path);
  r.module_address = StringField(entry, "module_address", path);
  r.mode_name = StringField(entry, "mode", path);
  r.mode = ModeFromName(r.mode_name);
  r.type = StringField(entry, "type", path);
  r.name = StringField(entry, "name", path);
  r.index = entry.find("index");
  r.provider_name = StringField(entry, "provider_name", path);
  r.deposed = StringField(entry, "deposed", path);
  r.action_reason = StringField(entry, "action_reason", path);
  std::string change_path = KeyPath(path, "change");
  r.change = ObjectField(entry, "change", path);
  r.action = ActionFromJson(r.change.find("actions"), KeyPath(change_path, "actions"));
  CheckReplacePaths(r.change.find("replace_paths"), KeyPath(change_path, "replace_paths"));
  structured::Value importing = ObjectField(r.change, "importing", change_path);
  if (!importing.absent()) {
    std::string importing_path = KeyPath(change_path, "importing");
    r.importing = true;
    r.importing_id = StringField(importing, "id", importing_path);
    r.importing_identity = importing.find("identity");
  }
  r.generated_config = StringField(r.change, "generated_config", change_path);
  r.path = std::move(path);
  return r;
}

std::string ResourceChangeComment(const ResourceChange& resource, Action action, ChangeCause cause,
                                  Product product) {
  const change::Profile& profile = ProfileOf(product);
  std::string buf;
  std::string addr(resource.address);
  if (!resource.deposed.empty()) addr = fmt::format("{} (deposed object {})", resource.address, resource.deposed);
  const std::string_view reason = resource.action_reason;
  bool printed_moved = false;
  bool printed_imported = false;

  switch (action) {
    case Action::kCreate:
      buf += fmt::format("[bold]  # {}[reset] will be created", addr);
      break;
    case Action::kRead:
      buf += fmt::format("[bold]  # {}[reset] will be read during apply", addr);
      if (reason == "read_because_config_unknown") {
        buf += "\n  # (config refers to values not yet known)";
      } else if (reason == "read_because_dependency_pending") {
        buf += "\n  # (depends on a resource or a module with changes pending)";
      } else if (reason == "read_because_check_nested") {
        buf += "\n  # (config will be reloaded to verify a check block)";
      }
      break;
    case Action::kUpdate:
      if (cause == ChangeCause::kProposed) {
        buf += fmt::format("[bold]  # {}[reset] will be updated in-place", addr);
      } else {
        buf += fmt::format("[bold]  # {}[reset] has changed", addr);
      }
      break;
    case Action::kCreateThenDelete:
    case Action::kDeleteThenCreate:
      AppendReplaceWording(buf, resource, addr, profile);
      break;
    case Action::kDelete:
      if (cause == ChangeCause::kProposed) {
        buf += fmt::format("[bold]  # {}[reset] will be [bold][red]destroyed[reset]", addr);
      } else {
        buf += fmt::format("[bold]  # {}[reset] has been deleted", addr);
      }
      if (reason == "delete_because_no_resource_config") {
        buf += fmt::format("\n  # (because {}.{} is not in configuration)", resource.type, resource.name);
      } else if (reason == "delete_because_no_move_target") {
        buf += fmt::format("\n  # (because {} was moved to {}, which is not in configuration)",
                           resource.previous_address, resource.address);
      } else if (reason == "delete_because_no_module") {
        buf += fmt::format("\n  # (because {} is not in configuration)", resource.module_address);
      } else if (reason == "delete_because_wrong_repetition") {
        if (resource.index.is_null()) {
          buf += "\n  # (because resource uses count or for_each)";
        } else if (resource.index.is_number()) {
          buf += "\n  # (because resource does not use count)";
        } else if (resource.index.is_string()) {
          buf += "\n  # (because resource does not use for_each)";
        }
      } else if (reason == "delete_because_count_index") {
        buf += fmt::format("\n  # (because index [{}] is out of range for count)", RawJson(resource.index));
      } else if (reason == "delete_because_enabled_false" && profile.delete_reason_enabled) {
        buf += "\n  # (because enabled is false)";
      } else if (reason == "delete_because_each_key") {
        buf += fmt::format("\n  # (because key [{}] is not in for_each map)", RawJson(resource.index));
      }
      if (!resource.deposed.empty()) buf += kLeftOver;
      break;
    case Action::kForget:
      if (!profile.opentofu_forget) {
        if (!resource.deposed.empty()) {
          buf += fmt::format("[bold] # {}[reset] will be removed from {} state, but [bold][red]will not be destroyed[reset]",
                             addr, profile.name);
          buf += "\n[bold] # (left over from a partially-failed replacement of this instance)";
        } else {
          buf += fmt::format(
              "[bold] # {}[reset] will no longer be managed by {}, but [bold][red]will not be destroyed[reset]", addr,
              profile.name);
        }
        buf += "\n # (destroy = false is set in the configuration)";
        break;
      }
      buf += fmt::format(
          "[bold]  # {}[reset] will be removed from the {} state [bold][red]but will not be destroyed[reset]", addr,
          Wording("OpenTofu", product));
      if (reason == "forgot_because_lifecycle_destroy_in_state") {
        buf +=
            " \n (because [bold]lifecycle.destroy = false[reset] was configured before this resource was removed "
            "from the configuration)";
      } else if (reason == "forgot_because_lifecycle_destroy_in_config") {
        buf += " \n (because [bold]lifecycle.destroy = false[reset] is set in the configuration)";
      }
      if (!resource.deposed.empty()) buf += kLeftOver;
      break;
    case Action::kForgetThenCreate:
      AppendReplaceWording(buf, resource, addr, profile);
      buf += " - [yellow]older instance will [bold]not[reset][yellow] be destroyed [reset]([bold]lifecycle.destroy = "
             "false[reset])";
      if (!resource.deposed.empty()) buf += kLeftOver;
      break;
    case Action::kCreateThenForget:
      buf += fmt::format("[bold] # {}[reset] must be replaced, but the existing object will not be destroyed", addr);
      buf += "\n # (destroy = false is set in the configuration)";
      break;
    case Action::kNoOp:
      if (resource.Moved()) {
        buf += fmt::format("[bold]  # {}[reset] has moved to [bold]{}[reset]", resource.previous_address, addr);
        printed_moved = true;
        break;
      }
      if (resource.importing) {
        buf += fmt::format("[bold]  # {}[reset] will be imported", addr);
        if (!resource.generated_config.empty()) buf += "\n  #[reset] (config will be generated)";
        printed_imported = true;
        break;
      }
      buf += fmt::format("{} has an action the plan renderer doesn't support (this is a bug)", addr);
      break;
  }
  buf += '\n';

  if (resource.Moved() && !printed_moved) {
    buf += fmt::format("  # [reset](moved from {})\n", resource.previous_address);
  }
  if (resource.importing && (profile.import_details || !printed_imported)) {
    if (!resource.importing_id.empty()) {
      buf += fmt::format("  # [reset](imported from \"{}\")\n", resource.importing_id);
    } else if (!resource.importing_identity.absent() && profile.import_details) {
      std::string identity;
      AppendIndentedJson(identity, resource.importing_identity, "  # ", "  ");
      buf += fmt::format("  # [reset]imported using resource identity: {}\n", identity);
    } else {
      buf += "  # [reset](will be imported first)\n";
    }
  }
  if (resource.importing && IsReplace(action)) {
    buf += "  # [reset][yellow]Warning: this will destroy the imported resource[reset]\n";
  }
  return buf;
}

std::string ResourceChangeHeader(const ResourceChange& resource) {
  std::string_view mode = resource.mode_name == "managed" ? "resource" : "data";
  return fmt::format("{} \"{}\" \"{}\"", mode, resource.type, resource.name);
}

std::string_view ActionDescription(Action action, const change::Profile& profile) {
  switch (action) {
    case Action::kCreate: return "  [green]+[reset] create";
    case Action::kDelete: return "  [red]-[reset] destroy";
    case Action::kUpdate: return profile.update_legend;
    case Action::kCreateThenDelete: return "[green]+[reset]/[red]-[reset] create replacement and then destroy";
    case Action::kDeleteThenCreate: return "[red]-[reset]/[green]+[reset] destroy and then create replacement";
    case Action::kForgetThenCreate: return "[red].[reset]/[green]+[reset] forget and then create replacement";
    case Action::kRead: return " [cyan]<=[reset] read (data resources)";
    case Action::kForget: return "  [red].[reset] forget";
    case Action::kNoOp:
    case Action::kCreateThenForget: break;
  }
  return "";
}

}  // namespace planview::renderer
