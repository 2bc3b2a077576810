#include "renderer/resource_change.h"

#include <fmt/format.h>

#include "change/colorize.h"
#include "renderer/internal/human_opts.h"
#include "renderer/json_fields.h"
#include "renderer/resource_note.h"

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

// `replace_paths` must be a list of paths (lists of steps): upstream panics on anything
// else. A step that is neither a key nor an index just never matches, as upstream.
base::Expected<void> CheckReplacePaths(structured::Value paths, const std::string& path) {
  if (paths.is_null()) return {};
  if (!paths.is_array()) {
    return InputError(path, fmt::format("expected an array of attribute paths, found {}",
                                        structured::KindName(paths.kind())));
  }
  for (size_t i = 0; i < paths.size(); ++i) {
    structured::Value step_list = paths.at(i);
    if (!step_list.is_null() && !step_list.is_array()) {
      return InputError(IndexPath(path, i), fmt::format("expected an attribute path (an array), found {}",
                                                        structured::KindName(step_list.kind())));
    }
  }
  return {};
}

}  // namespace

base::Expected<Action> ActionFromJson(structured::Value actions, std::string_view path) {
  if (!actions.is_null() && !actions.is_array()) {
    return InputError(path, fmt::format("expected an array, found {}", structured::KindName(actions.kind())));
  }
  for (size_t i = 0; i < actions.size(); ++i) {
    if (!actions.at(i).is_string()) return InputError(IndexPath(path, i), "expected a string");
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
  return InputError(path, fmt::format("unrecognized action list [{}]", ActionList(actions)));
}

base::Expected<ResourceChange> ResourceChange::FromJson(structured::Value entry, std::string path) {
  if (!entry.is_object()) {
    return InputError(path, fmt::format("expected an object, found {}", structured::KindName(entry.kind())));
  }
  FieldReader read;
  ResourceChange r;
  r.address = read.String(entry, "address", path);
  r.previous_address = read.String(entry, "previous_address", path);
  r.module_address = read.String(entry, "module_address", path);
  r.mode_name = read.String(entry, "mode", path);
  r.mode = ModeFromName(r.mode_name);
  r.type = read.String(entry, "type", path);
  r.name = read.String(entry, "name", path);
  r.index = entry.find("index");
  r.provider_name = read.String(entry, "provider_name", path);
  r.deposed = read.String(entry, "deposed", path);
  r.action_reason = read.String(entry, "action_reason", path);
  std::string change_path = KeyPath(path, "change");
  r.change = read.Object(entry, "change", path);
  if (read.failed()) return read.error();
  base::Expected<Action> action = ActionFromJson(r.change.find("actions"), KeyPath(change_path, "actions"));
  if (!action) return action.error();
  r.action = *action;
  if (auto checked = CheckReplacePaths(r.change.find("replace_paths"), KeyPath(change_path, "replace_paths"));
      !checked) {
    return std::move(checked).error();
  }
  structured::Value importing = read.Object(r.change, "importing", change_path);
  if (!importing.absent()) {
    std::string importing_path = KeyPath(change_path, "importing");
    r.importing = true;
    r.importing_id = read.String(importing, "id", importing_path);
    r.importing_identity = importing.find("identity");
  }
  r.generated_config = read.String(r.change, "generated_config", change_path);
  if (read.failed()) return read.error();
  r.path = std::move(path);
  return r;
}

bool HasResourceBlock(const ResourceChange& r) {
  if (r.mode == structured::ResourceMode::kEphemeral || !r.mode) return false;
  return r.action != Action::kNoOp || r.Moved() || r.Importing();
}

bool ShownInPlan(const ResourceChange& r) {
  return HasResourceBlock(r) && !(r.action == Action::kDelete && r.mode_name != "managed");
}

bool AppendResourceChange(const ResourceChange& r, const change::Diff& diff, ChangeCause cause,
                          const Options& options, std::string& out) {
  if (!HasResourceBlock(r)) return false;
  const change::Profile& profile = options.profile();
  AppendNoteLines(out, ResourceNotes(r, cause, profile), profile, change::Colorize(options.color));
  AppendResourceChangeBody(r, diff, options, out);
  return true;
}

void AppendResourceChangeBody(const ResourceChange& r, const change::Diff& diff, const Options& options,
                              std::string& out) {
  change::Colorize colorize(options.color);
  const change::Profile& profile = options.profile();
  change::RenderOpts opts = internal::HumanOpts(colorize, options);
  if (r.action == Action::kForget && profile.opentofu_forget) {
    opts.hide_diff_action_symbols = true;
    opts.override_null_suffix = true;
  }
  opts.show_unchanged_children = r.Importing() || options.verbose;
  const size_t symbol = out.size();
  colorize.AppendColor(out, DiffActionSymbol(r.action, profile));
  if (options.outline != nullptr) options.outline->AddSymbol(symbol, out.size(), r.action);
  out += ' ';
  out += ResourceChangeHeader(r);
  out += ' ';
  if (diff.valid()) {
    diff.RenderHuman(0, opts, out);
  } else {
    out += "{\n        # (planview could not render this change; see the warnings)\n    }";
  }
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
