#include "renderer/resource_note.h"

#include <algorithm>

#include <fmt/format.h>

#include "change/colorize.h"
#include "renderer/text_escape.h"
#include "structured/compact_json.h"

namespace planview::renderer {

namespace {

ResourceNote Note(NoteKind kind, const ResourceChange& r) {
  ResourceNote note;
  note.kind = kind;
  note.address = r.address;
  return note;
}

ResourceNote FirstNote(NoteKind kind, const ResourceChange& r) {
  ResourceNote note = Note(kind, r);
  note.deposed = r.deposed;
  return note;
}

NoteKind ReplaceKind(std::string_view reason) {
  if (reason == "replace_because_tainted") return NoteKind::kReplaceTainted;
  if (reason == "replace_by_request") return NoteKind::kReplaceRequested;
  if (reason == "replace_by_triggers") return NoteKind::kReplaceTriggered;
  return NoteKind::kReplace;
}

void AddReadReason(const ResourceChange& r, std::vector<ResourceNote>& notes) {
  const std::string_view reason = r.action_reason;
  if (reason == "read_because_config_unknown") {
    notes.push_back(Note(NoteKind::kReadConfigUnknown, r));
  } else if (reason == "read_because_dependency_pending") {
    notes.push_back(Note(NoteKind::kReadDependencyPending, r));
  } else if (reason == "read_because_check_nested") {
    notes.push_back(Note(NoteKind::kReadCheckNested, r));
  }
}

void AddDeleteReason(const ResourceChange& r, const change::Profile& profile, std::vector<ResourceNote>& notes) {
  const std::string_view reason = r.action_reason;
  ResourceNote note = Note(NoteKind::kNoResourceConfig, r);
  if (reason == "delete_because_no_resource_config") {
    note.type = r.type;
    note.name = r.name;
  } else if (reason == "delete_because_no_move_target") {
    note.kind = NoteKind::kNoMoveTarget;
    note.previous_address = r.previous_address;
  } else if (reason == "delete_because_no_module") {
    note.kind = NoteKind::kNoModule;
    note.module_address = r.module_address;
  } else if (reason == "delete_because_wrong_repetition") {
    if (r.index.is_null()) {
      note.kind = NoteKind::kUsesRepetition;
    } else if (r.index.is_number()) {
      note.kind = NoteKind::kDoesNotUseCount;
    } else if (r.index.is_string()) {
      note.kind = NoteKind::kDoesNotUseForEach;
    } else {
      return;
    }
  } else if (reason == "delete_because_count_index") {
    note.kind = NoteKind::kCountIndexOutOfRange;
    note.value = r.index;
  } else if (reason == "delete_because_enabled_false" && profile.delete_reason_enabled) {
    note.kind = NoteKind::kEnabledFalse;
  } else if (reason == "delete_because_each_key") {
    note.kind = NoteKind::kKeyNotInForEach;
    note.value = r.index;
  } else {
    return;
  }
  notes.push_back(note);
}

void AddLeftOver(const ResourceChange& r, std::vector<ResourceNote>& notes) {
  if (!r.deposed.empty()) notes.push_back(Note(NoteKind::kLeftOver, r));
}

// The first note and the reasons on the lines under it.
void AddWhatHappens(const ResourceChange& r, Action action, ChangeCause cause, const change::Profile& profile,
                    std::vector<ResourceNote>& notes) {
  const bool drift = cause == ChangeCause::kDrift;
  switch (action) {
    case Action::kCreate:
      notes.push_back(FirstNote(NoteKind::kCreate, r));
      return;
    case Action::kRead:
      notes.push_back(FirstNote(NoteKind::kRead, r));
      AddReadReason(r, notes);
      return;
    case Action::kUpdate:
      notes.push_back(FirstNote(drift ? NoteKind::kChanged : NoteKind::kUpdate, r));
      return;
    case Action::kCreateThenDelete:
    case Action::kDeleteThenCreate:
      notes.push_back(FirstNote(ReplaceKind(r.action_reason), r));
      return;
    case Action::kDelete:
      notes.push_back(FirstNote(drift ? NoteKind::kDeleted : NoteKind::kDestroy, r));
      AddDeleteReason(r, profile, notes);
      AddLeftOver(r, notes);
      return;
    case Action::kForget:
      if (!profile.opentofu_forget) {
        notes.push_back(FirstNote(r.deposed.empty() ? NoteKind::kForgetUnmanaged : NoteKind::kForgetDeposed, r));
        AddLeftOver(r, notes);
        notes.push_back(Note(NoteKind::kDestroyFalse, r));
        return;
      }
      notes.push_back(FirstNote(NoteKind::kForget, r));
      if (r.action_reason == "forgot_because_lifecycle_destroy_in_state") {
        notes.push_back(Note(NoteKind::kDestroyFalseBeforeRemoval, r));
      } else if (r.action_reason == "forgot_because_lifecycle_destroy_in_config") {
        notes.push_back(Note(NoteKind::kDestroyFalseInConfig, r));
      }
      AddLeftOver(r, notes);
      return;
    case Action::kForgetThenCreate:
      notes.push_back(FirstNote(ReplaceKind(r.action_reason), r));
      notes.push_back(Note(NoteKind::kOldNotDestroyed, r));
      AddLeftOver(r, notes);
      return;
    case Action::kCreateThenForget:
      notes.push_back(FirstNote(NoteKind::kReplaceKeepingOld, r));
      notes.push_back(Note(NoteKind::kDestroyFalse, r));
      return;
    case Action::kNoOp:
      if (r.Moved()) {
        ResourceNote moved = FirstNote(NoteKind::kMoved, r);
        moved.previous_address = r.previous_address;
        notes.push_back(moved);
      } else if (r.importing) {
        notes.push_back(FirstNote(NoteKind::kImport, r));
        if (!r.generated_config.empty()) notes.push_back(Note(NoteKind::kConfigGenerated, r));
      } else {
        notes.push_back(FirstNote(NoteKind::kUnsupported, r));
      }
      return;
  }
}

// ---- text ----

// What a note's line starts with when it comes first.
std::string_view FirstPrefix(NoteKind kind) {
  switch (kind) {
    case NoteKind::kForgetUnmanaged:
    case NoteKind::kForgetDeposed:
    case NoteKind::kReplaceKeepingOld: return "[bold] # ";
    case NoteKind::kUnsupported: return "";
    default: return "[bold]  # ";
  }
}

// What joins a later note to the text before it: a new comment line, mostly.
std::string_view Lead(NoteKind kind, NoteKind first) {
  switch (kind) {
    case NoteKind::kOldNotDestroyed: return " - ";
    case NoteKind::kDestroyFalseBeforeRemoval:
    case NoteKind::kDestroyFalseInConfig: return " \n ";
    case NoteKind::kDestroyFalse: return "\n # ";
    case NoteKind::kLeftOver: return first == NoteKind::kForgetDeposed ? "\n[bold] # " : "\n  # ";
    case NoteKind::kConfigGenerated:
    case NoteKind::kDeferredReason: return "\n  #[reset] ";
    case NoteKind::kMovedFrom:
    case NoteKind::kImportedFrom:
    case NoteKind::kImportedByIdentity:
    case NoteKind::kImportedFirst:
    case NoteKind::kImportDestroyed: return "\n  # [reset]";
    default: return "\n  # ";
  }
}

// Upstream colourises the comment lines as one text (one reset at its end when coloured),
// except that Terraform colourises a deferred change's reason line on its own.
bool OwnColorUnit(NoteKind kind) { return kind == NoteKind::kDeferredReason; }

// The raw JSON of an index, as Go prints a json.RawMessage with %s.
std::string RawJson(structured::Value value) {
  std::string out;
  if (!value.absent()) structured::AppendCompactJson(out, value);
  return out;
}

// The note's text after its prefix or lead, with colour markup. `plain`: the lines of an
// identity's JSON without the comment prefix.
void AppendBody(std::string& out, const ResourceNote& n, const change::Profile& profile, bool plain) {
  std::string subject(n.address);
  if (!n.deposed.empty()) subject = fmt::format("{} (deposed object {})", n.address, n.deposed);
  auto first = [&](std::string_view rest) { out += fmt::format("{}[reset] {}", subject, rest); };
  switch (n.kind) {
    case NoteKind::kCreate: return first("will be created");
    case NoteKind::kRead: return first("will be read during apply");
    case NoteKind::kUpdate: return first("will be updated in-place");
    case NoteKind::kChanged: return first("has changed");
    case NoteKind::kReplace: return first("must be [bold][red]replaced[reset]");
    case NoteKind::kReplaceTainted: return first(fmt::format("{} [bold][red]replaced[reset]", profile.tainted));
    case NoteKind::kReplaceRequested: return first("will be [bold][red]replaced[reset], as requested");
    case NoteKind::kReplaceTriggered:
      return first("will be [bold][red]replaced[reset] due to changes in replace_triggered_by");
    case NoteKind::kDestroy: return first("will be [bold][red]destroyed[reset]");
    case NoteKind::kDeleted: return first("has been deleted");
    case NoteKind::kForget:
      return first(
          fmt::format("will be removed from the {} state [bold][red]but will not be destroyed[reset]", profile.name));
    case NoteKind::kForgetUnmanaged:
      return first(
          fmt::format("will no longer be managed by {}, but [bold][red]will not be destroyed[reset]", profile.name));
    case NoteKind::kForgetDeposed:
      return first(fmt::format("will be removed from {} state, but [bold][red]will not be destroyed[reset]",
                               profile.name));
    case NoteKind::kReplaceKeepingOld: return first("must be replaced, but the existing object will not be destroyed");
    case NoteKind::kMoved:
      out += fmt::format("{}[reset] has moved to [bold]{}[reset]", n.previous_address, subject);
      return;
    case NoteKind::kImport: return first("will be imported");
    case NoteKind::kDeferred: return first("was deferred");
    case NoteKind::kUnsupported:
      out += fmt::format("{} has an action the plan renderer doesn't support (this is a bug)", subject);
      return;
    case NoteKind::kOldNotDestroyed:
      out += "[yellow]older instance will [bold]not[reset][yellow] be destroyed [reset]([bold]lifecycle.destroy = "
             "false[reset])";
      return;
    case NoteKind::kReadConfigUnknown: out += "(config refers to values not yet known)"; return;
    case NoteKind::kReadDependencyPending:
      out += "(depends on a resource or a module with changes pending)";
      return;
    case NoteKind::kReadCheckNested: out += "(config will be reloaded to verify a check block)"; return;
    case NoteKind::kNoResourceConfig:
      out += fmt::format("(because {}.{} is not in configuration)", n.type, n.name);
      return;
    case NoteKind::kNoMoveTarget:
      out += fmt::format("(because {} was moved to {}, which is not in configuration)", n.previous_address,
                         n.address);
      return;
    case NoteKind::kNoModule: out += fmt::format("(because {} is not in configuration)", n.module_address); return;
    case NoteKind::kUsesRepetition: out += "(because resource uses count or for_each)"; return;
    case NoteKind::kDoesNotUseCount: out += "(because resource does not use count)"; return;
    case NoteKind::kDoesNotUseForEach: out += "(because resource does not use for_each)"; return;
    case NoteKind::kCountIndexOutOfRange:
      out += fmt::format("(because index [{}] is out of range for count)", RawJson(n.value));
      return;
    case NoteKind::kEnabledFalse: out += "(because enabled is false)"; return;
    case NoteKind::kKeyNotInForEach:
      out += fmt::format("(because key [{}] is not in for_each map)", RawJson(n.value));
      return;
    case NoteKind::kDestroyFalseBeforeRemoval:
      out += "(because [bold]lifecycle.destroy = false[reset] was configured before this resource was removed "
             "from the configuration)";
      return;
    case NoteKind::kDestroyFalseInConfig:
      out += "(because [bold]lifecycle.destroy = false[reset] is set in the configuration)";
      return;
    case NoteKind::kDestroyFalse: out += "(destroy = false is set in the configuration)"; return;
    case NoteKind::kLeftOver: out += "(left over from a partially-failed replacement of this instance)"; return;
    case NoteKind::kDeferredReason: out += fmt::format("({})", n.text); return;
    case NoteKind::kConfigGenerated: out += "(config will be generated)"; return;
    case NoteKind::kMovedFrom: out += fmt::format("(moved from {})", n.previous_address); return;
    case NoteKind::kImportedFrom: out += fmt::format("(imported from \"{}\")", n.text); return;
    case NoteKind::kImportedByIdentity:
      out += "imported using resource identity: ";
      AppendIndentedJson(out, n.value, plain ? "" : "  # ", "  ");
      return;
    case NoteKind::kImportedFirst: out += "(will be imported first)"; return;
    case NoteKind::kImportDestroyed: out += "[yellow]Warning: this will destroy the imported resource[reset]"; return;
  }
}

}  // namespace

std::vector<ResourceNote> ResourceNotes(const ResourceChange& r, ChangeCause cause, const change::Profile& profile) {
  const Action action = r.action;
  std::vector<ResourceNote> notes;
  notes.reserve(4);
  AddWhatHappens(r, action, cause, profile, notes);
  const NoteKind first = notes.front().kind;
  if (r.Moved() && first != NoteKind::kMoved) {
    ResourceNote moved = Note(NoteKind::kMovedFrom, r);
    moved.previous_address = r.previous_address;
    notes.push_back(moved);
  }
  if (r.importing && (profile.import_details || first != NoteKind::kImport)) {
    ResourceNote imported = Note(NoteKind::kImportedFirst, r);
    if (!r.importing_id.empty()) {
      imported.kind = NoteKind::kImportedFrom;
      imported.text = r.importing_id;
    } else if (!r.importing_identity.absent() && profile.import_details) {
      imported.kind = NoteKind::kImportedByIdentity;
      imported.value = r.importing_identity;
    }
    notes.push_back(imported);
  }
  if (r.importing && IsReplace(action)) notes.push_back(Note(NoteKind::kImportDestroyed, r));
  return notes;
}

std::vector<ResourceNote> DeferredNotes(const ResourceChange& r, std::string_view reason) {
  std::string_view explanation = "for an unknown reason";
  if (reason == "instance_count_unknown") {
    explanation = "because the number of resource instances is unknown";
  } else if (reason == "resource_config_unknown") {
    explanation = "because the resource configuration is unknown";
  } else if (reason == "provider_config_unknown") {
    explanation = "because the provider configuration is unknown";
  } else if (reason == "deferred_prereq") {
    explanation = "because a prerequisite for this resource is deferred";
  } else if (reason == "absent_prereq") {
    explanation = "because a prerequisite for this resource has not yet been created";
  }
  ResourceNote why = Note(NoteKind::kDeferredReason, r);
  why.text = explanation;
  return {Note(NoteKind::kDeferred, r), why};
}

void AppendNoteLines(std::string& out, std::span<const ResourceNote> notes, const change::Profile& profile,
                     const change::Colorize& colorize) {
  if (notes.empty()) return;
  const NoteKind first = notes.front().kind;
  std::string markup(FirstPrefix(first));
  AppendBody(markup, notes.front(), profile, false);
  for (const ResourceNote& note : notes.subspan(1)) {
    if (OwnColorUnit(note.kind)) {
      markup += '\n';
      colorize.AppendColor(out, markup);
      markup.clear();
      markup += Lead(note.kind, first).substr(1);
    } else {
      markup += Lead(note.kind, first);
    }
    AppendBody(markup, note, profile, false);
  }
  markup += '\n';
  colorize.AppendColor(out, markup);
}

std::vector<std::string> NotePlainLines(std::span<const ResourceNote> notes, const change::Profile& profile) {
  change::Colorize plain(false);
  std::vector<std::string> lines;
  std::string body;
  std::string text;
  for (const ResourceNote& note : notes) {
    body.clear();
    AppendBody(body, note, profile, true);
    text = plain.Color(body);
    // A line break inside a note (an identity's JSON, an address with a newline) is a line
    // of its own, as printed; printed empty lines are left out.
    bool same_line = note.kind == NoteKind::kOldNotDestroyed && !lines.empty();
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = std::min(text.find('\n', start), text.size());
      std::string_view line(text.data() + start, end - start);
      if (same_line) {
        lines.back() += " - ";
        lines.back() += line;
        same_line = false;
      } else if (!line.empty()) {
        lines.emplace_back(line);
      }
      start = end + 1;
    }
  }
  return lines;
}

}  // namespace planview::renderer
