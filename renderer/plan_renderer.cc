#include "renderer/plan_renderer.h"

#include <exception>
#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>

#include "change/colorize.h"
#include "differ/differ.h"
#include "renderer/format_version.h"
#include "renderer/internal/human_opts.h"
#include "renderer/resource_note.h"
#include "renderer/text_escape.h"
#include "change/go_text.h"
#include "renderer/word_wrap.h"
#include "structured/change.h"
#include "structured/path_matcher.h"

namespace planview::renderer {

namespace {

// An empty path, for a relevant attribute whose path is null (it matches the whole value).
structured::Value EmptyPath() {
  static const std::shared_ptr<const structured::Document> doc = [] {
    structured::DocumentBuilder b;
    b.BeginArray();
    b.EndArray();
    return b.Finish();
  }();
  return doc->root();
}

// The schema block a resource is diffed against: false (with a warning) when the resource
// cannot be rendered at all; `block` stays null when the layout must be inferred.
bool ResolveBlock(const ResourceChange& r, const SchemaSource& schemas, Warnings& warnings,
                  std::shared_ptr<const structured::Block>& block) {
  if (!r.mode) {
    if (r.mode_name == "list") {
      // `terraform query`'s list blocks: their results never enter a plan.
      warnings.Add(fmt::format("{}: list resources are not stored in plans; not rendered", r.address));
    } else {
      warnings.Add(fmt::format("{}: unknown resource mode \"{}\"; not rendered", r.address, r.mode_name));
    }
    return false;
  }
  if (*r.mode == structured::ResourceMode::kEphemeral) {
    warnings.Add(fmt::format("{}: ephemeral resources are not stored in plans; not rendered", r.address));
    return false;
  }
  block = schemas.Find(r.provider_name, *r.mode, r.type, r.address, warnings);
  return true;
}

// The diff of `change` against `block` (null: inferred), falling back to an inferred
// layout when the values do not fit the schema. Safe to run on several threads at once.
change::Diff DiffAgainst(const ResourceChange& r, const structured::Change& change, const structured::Block* block,
                         const change::Profile& profile, Warnings& warnings) {
  if (block) {
    try {
      change::Diff diff = differ::ComputeDiffForBlock(change, *block, profile);
      WarnOfSchemaMismatch(r.address, change, *block, warnings);
      return diff;
    } catch (const std::exception& e) {
      warnings.Add(fmt::format("{}: the values do not match the schema ({}); rendered from the values", r.address,
                               e.what()));
    }
  }
  std::shared_ptr<const structured::Block> inferred =
      InferBlock({change.before, change.after, change.unknown, change.before_sensitive, change.after_sensitive});
  try {
    return differ::ComputeDiffForBlock(change, *inferred, profile);
  } catch (const std::exception& e) {
    warnings.Add(fmt::format("{}: cannot render this change ({})", r.address, e.what()));
    return {};
  }
}

change::Diff DiffResource(const ResourceChange& r, const structured::Change& change, const SchemaSource& schemas,
                          const change::Profile& profile, Warnings& warnings) {
  std::shared_ptr<const structured::Block> block;
  if (!ResolveBlock(r, schemas, warnings, block)) return {};
  return DiffAgainst(r, change, block.get(), profile, warnings);
}

// A resource change's values for the differ. Terraform's profile diffs a forget-only change
// as a no-op, so it does not look like a deletion.
structured::Change ChangeOf(const ResourceChange& r, structured::PathMatcher relevant, const change::Profile& profile) {
  structured::Change change = structured::Change::FromPlanChange(r.change, std::move(relevant));
  if (r.action == Action::kForget && !profile.opentofu_forget) change = change.AsNoOp();
  return change;
}

using internal::HumanOpts;

// ---- Terraform's action invocations ----

// The diff of an action's configuration: its values, unchanged, against the action's schema.
ActionDiff DiffAction(const ActionInvocation& a, const SchemaSource& schemas, const change::Profile& profile,
                      Warnings& warnings) {
  ActionDiff out{&a, {}};
  if (a.config_values.absent()) return out;
  structured::Change change;
  change.before = a.config_values;
  change.after = a.config_values;
  change.unknown = a.config_unknown;
  change.before_sensitive = a.config_sensitive;
  change.after_sensitive = a.config_sensitive;
  change.replace_paths = structured::PathMatcher::Empty(false);
  change.relevant_attributes = structured::PathMatcher::Always();
  std::shared_ptr<const structured::Block> block = schemas.FindAction(a.provider_name, a.type, a.address, warnings);
  if (!block) block = InferBlock({change.before, change.unknown, change.before_sensitive});
  try {
    out.config = differ::ComputeDiffForBlock(change, *block, profile);
  } catch (const std::exception& e) {
    warnings.Add(fmt::format("{}: cannot render this action's configuration ({})", a.address, e.what()));
  }
  return out;
}

// The actions `r`'s change triggers, before and after it, in Terraform's order.
void DiffTriggeredActions(const Plan& plan, const ResourceChange& r, const SchemaSource& schemas,
                          const change::Profile& profile, Warnings& warnings, ResourceDiff& out) {
  if (!profile.deferred_and_actions) return;
  std::vector<const ActionInvocation*> before;
  std::vector<const ActionInvocation*> after;
  for (const ActionInvocation& a : plan.action_invocations) {
    if (!a.lifecycle || a.triggering_resource != r.address) continue;
    if (a.RunsBefore()) {
      before.push_back(&a);
    } else if (a.RunsAfter()) {
      after.push_back(&a);
    } else {
      warnings.Add(fmt::format("{}: unknown action trigger event \"{}\"; not rendered", a.path, a.event));
    }
  }
  auto order = [](const ActionInvocation* x, const ActionInvocation* y) { return ActionInvocationBefore(*x, *y); };
  std::stable_sort(before.begin(), before.end(), order);
  std::stable_sort(after.begin(), after.end(), order);
  for (const ActionInvocation* a : before) out.actions_before.push_back(DiffAction(*a, schemas, profile, warnings));
  for (const ActionInvocation* a : after) out.actions_after.push_back(DiffAction(*a, schemas, profile, warnings));
}

// Appends `text` with every line but the first indented by `spaces` (empty lines too).
void AppendIndentedExceptFirstLine(std::string& out, std::string_view text, size_t spaces) {
  size_t start = 0;
  while (true) {
    size_t end = text.find('\n', start);
    if (start > 0) out.append(spaces, ' ');
    out.append(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return;
    out.push_back('\n');
    start = end + 1;
  }
}

// `    # action.x.y` and `    action "x" "y" { config { ... } }`, ending in a newline.
void AppendActionInvocation(const ActionDiff& a, const change::Colorize& colorize, const Options& options,
                            std::string& out) {
  out += fmt::format("    # {}\n    action ", a.invocation->address);
  change::AppendGoQuoted(out, a.invocation->type);
  out += ' ';
  change::AppendGoQuoted(out, a.invocation->name);
  out += " {\n";
  if (!a.invocation->config_values.absent()) {
    out += "        config ";
    std::string config;
    if (a.config.valid()) {
      change::RenderOpts opts = HumanOpts(colorize, options);
      opts.show_unchanged_children = true;
      opts.hide_diff_action_symbols = true;
      a.config.RenderHuman(0, opts, config);
    } else {
      config = "{\n    # (planview could not render this configuration; see the warnings)\n}";
    }
    AppendIndentedExceptFirstLine(out, config, 8);
    out += '\n';
  }
  out += "    }\n";
}

void AppendTriggeredActions(const std::vector<ActionDiff>& actions, std::string_view when,
                            const change::Colorize& colorize, const Options& options, std::string& out) {
  if (actions.empty()) return;
  out += colorize.Color(fmt::format("\n\n    [bold]# Actions to be invoked {} this change in order:[reset]\n", when));
  for (const ActionDiff& a : actions) AppendActionInvocation(a, colorize, options, out);
}

// Terraform's "will invoke" list of command-line invocations, joined by blank lines.
std::string RenderInvokedActions(const std::vector<ActionDiff>& invoked, const Options& options) {
  change::Colorize colorize(options.color);
  std::string out;
  for (size_t i = 0; i < invoked.size(); ++i) {
    if (i > 0) out += '\n';
    // Colourised before the address goes in, as Terraform's Sprintf does.
    std::string header = colorize.Color("  [bold]# \x01[reset] will be invoked");
    header.replace(header.find('\x01'), 1, invoked[i].invocation->address);
    out += header;
    if (!invoked[i].invocation->calling_resource.empty()) {
      out += fmt::format(" (called from {})", invoked[i].invocation->calling_resource);
    }
    out += '\n';
    AppendActionInvocation(invoked[i], colorize, options, out);
  }
  return out;
}

std::vector<ActionDiff> DiffInvokedActions(const Plan& plan, const SchemaSource& schemas,
                                           const change::Profile& profile, Warnings& warnings) {
  std::vector<const ActionInvocation*> invoked;
  if (!profile.deferred_and_actions) return {};
  for (const ActionInvocation& a : plan.action_invocations) {
    if (a.invoked) invoked.push_back(&a);
  }
  std::stable_sort(invoked.begin(), invoked.end(),
                   [](const ActionInvocation* x, const ActionInvocation* y) { return ActionInvocationBefore(*x, *y); });
  std::vector<ActionDiff> out;
  for (const ActionInvocation* a : invoked) out.push_back(DiffAction(*a, schemas, profile, warnings));
  return out;
}

// Terraform's actions around a change (none when `triggered` is null).
void AppendTriggeredActions(const ResourceDiff* triggered, const Options& options, std::string& buf) {
  if (triggered != nullptr) {
    change::Colorize colorize(options.color);
    AppendTriggeredActions(triggered->actions_before, "before", colorize, options, buf);
    AppendTriggeredActions(triggered->actions_after, "after", colorize, options, buf);
  }
}

// Appends one resource's block (RenderResourceDiff) to `buf`; false when upstream shows
// nothing for it. `triggered` (may be null) adds Terraform's actions around the change.
bool AppendResourceDiff(const ResourceChange& r, const change::Diff& diff, ChangeCause cause, const Options& options,
                        std::string& buf, const ResourceDiff* triggered = nullptr) {
  if (!AppendResourceChange(r, diff, cause, options, buf)) return false;
  AppendTriggeredActions(triggered, options, buf);
  return true;
}

// Appends `text` and a newline (Go's Println).
void Println(std::string& out, std::string_view text = {}) {
  out += text;
  out += '\n';
}


// What the body of a plan needs to know about its diffs: computed beforehand (PlanDiffs)
// or on demand while the text streams out (StreamedDiffs).
std::string RenderOutputList(const std::vector<OutputDiff>& outputs, const Options& options);

class DiffSource {
 public:
  virtual ~DiffSource() = default;
  virtual const std::vector<ResourceDiff>& Drift() = 0;
  // The text of drift entry `index` (RenderResourceDiff); a source may have it ready.
  virtual std::string DriftText(size_t index, const Options& options) {
    return RenderResourceDiff(Drift()[index], ChangeCause::kDrift, options);
  }
  // PlanDiffs::Empty.
  virtual bool Empty() = 0;
  virtual const std::vector<OutputDiff>& Outputs() = 0;
  virtual const std::vector<DeferredDiff>& Deferred() = 0;
  virtual const std::vector<ActionDiff>& Invoked() = 0;
  virtual const std::vector<ResourceChange>& Changes() const = 0;
  // Appends a newline, the block and a newline for each change at `shown` (ascending
  // indices into Changes()).
  virtual void AppendChanges(std::span<const size_t> shown, const Options& options, std::string& out) = 0;
};

class ComputedDiffs : public DiffSource {
 public:
  ComputedDiffs(const Plan& plan, const PlanDiffs& diffs) : plan_(plan), diffs_(diffs) {}
  const std::vector<ResourceDiff>& Drift() override { return diffs_.drift; }
  bool Empty() override { return diffs_.Empty(); }
  const std::vector<OutputDiff>& Outputs() override { return diffs_.outputs; }
  const std::vector<DeferredDiff>& Deferred() override { return diffs_.deferred; }
  const std::vector<ActionDiff>& Invoked() override { return diffs_.invoked; }
  const std::vector<ResourceChange>& Changes() const override { return plan_.resource_changes; }
  void AppendChanges(std::span<const size_t> shown, const Options& options, std::string& out) override {
    for (size_t i : shown) {
      const ResourceDiff& d = diffs_.changes[i];
      out += '\n';
      if (AppendResourceDiff(*d.resource, d.diff, ChangeCause::kProposed, options, out, &d)) {
        out += '\n';
      } else {
        out.pop_back();
      }
    }
  }

 private:
  const Plan& plan_;
  const PlanDiffs& diffs_;
};

bool ShowsDrift(const ResourceDiff& d, PlanMode mode) {
  return mode == PlanMode::kRefreshOnly || d.diff.action() != Action::kNoOp;
}

bool RenderDrift(DiffSource& diffs, PlanMode mode, const change::Colorize& colorize, const Options& options,
                 std::string& out) {
  std::vector<size_t> drift;
  for (size_t i = 0; i < diffs.Drift().size(); ++i) {
    if (ShowsDrift(diffs.Drift()[i], mode)) drift.push_back(i);
  }
  if (drift.empty()) return false;
  if (diffs.Empty() && mode != PlanMode::kRefreshOnly) return false;

  const Product p = options.product;
  out += colorize.Color(Wording("\n[bold][cyan]Note:[reset][bold] Objects have changed outside of OpenTofu\n", p));
  Println(out);
  out += WordWrap(Wording("OpenTofu detected the following changes made outside of OpenTofu since the last "
                          "\"tofu apply\" which may have affected this plan:\n",
                          p),
                  options.width);
  for (size_t i : drift) {
    std::string text = diffs.DriftText(i, options);
    if (text.empty()) continue;
    Println(out);
    Println(out, text);
  }
  if (mode == PlanMode::kRefreshOnly) {
    Println(out, WordWrap(Wording("\n\nThis is a refresh-only plan, so OpenTofu will not take any actions to undo "
                                  "these. If you were expecting these changes then you can apply this plan to record "
                                  "the updated values in the OpenTofu state without changing any remote objects.",
                                  p),
                          options.width));
  } else {
    Println(out, WordWrap(Wording("\n\nUnless you have made equivalent changes to your configuration, or ignored the "
                                  "relevant attributes using ignore_changes, the following plan may include actions "
                                  "to undo or respond to these changes.",
                                  p),
                          options.width));
  }
  return true;
}

// The "No changes." variants; returns false when nothing more is to be printed.
bool RenderNoChanges(PlanMode mode, const PlanQuality& quality, bool have_refresh_changes, bool have_deferred,
                     const change::Colorize& colorize, const Options& options, std::string& out) {
  const Product p = options.product;
  const int width = options.width;
  if (quality.errored) {
    if (have_refresh_changes) {
      out += HorizontalRule(colorize, width);
      Println(out);
    }
    out += colorize.Color(Wording(
        "\n[reset][bold][red]Planning failed.[reset][bold] OpenTofu encountered an error while generating this "
        "plan.[reset]\n\n",
        p));
    return true;
  }
  if (have_deferred) {
    if (have_refresh_changes) {
      out += HorizontalRule(colorize, width);
      Println(out);
    }
    out += colorize.Color(
        "\n[reset][bold][green]No current changes.[reset][bold] This plan requires another plan to be applied "
        "first.[reset]\n\n");
    return true;
  }
  switch (mode) {
    case PlanMode::kRefreshOnly:
      if (have_refresh_changes) return false;
      out += colorize.Color(
          "\n[reset][bold][green]No changes.[reset][bold] Your infrastructure still matches the configuration.[reset]\n\n");
      Println(out, WordWrap(Wording("OpenTofu has checked that the real remote objects still match the result of your "
                                    "most recent changes, and found no differences.",
                                    p),
                            width));
      return true;
    case PlanMode::kDestroy:
      if (have_refresh_changes) {
        out += HorizontalRule(colorize, width);
        Println(out);
      }
      out += colorize.Color(
          "\n[reset][bold][green]No changes.[reset][bold] No objects need to be destroyed.[reset]\n\n");
      Println(out, WordWrap(Wording("Either you have not created any objects yet or the existing objects were already "
                                    "deleted outside of OpenTofu.",
                                    p),
                            width));
      return true;
    case PlanMode::kNormal:
      break;
  }
  if (have_refresh_changes) {
    out += HorizontalRule(colorize, width);
    Println(out);
  }
  const bool compared = options.profile().no_changes_compared;
  out += colorize.Color(compared ? "\n[reset][bold][green]No changes.[reset][bold] Your infrastructure matches the "
                                   "configuration.[reset]\n\n"
                                 : "\n[reset][bold][green]No changes.[reset][bold] Your infrastructure matches the "
                                   "configuration.[reset]\n");
  // Terraform's texts below start without OpenTofu's blank line (its heading ends in one).
  const std::string_view lead = compared ? "" : "\n";
  if (have_refresh_changes) {
    if (!quality.no_changes) {
      Println(out, WordWrap(std::string(lead) +
                                "Your configuration already matches the changes detected above, so applying this plan "
                                "will only update the state to include the changes detected above and won't change "
                                "any real infrastructure.",
                            width));
    } else {
      std::string suggestion = options.running_in_automation ? "." : Wording(":\n  tofu apply -refresh-only", p);
      Println(out, WordWrap(std::string(lead) +
                                Wording("Your configuration already matches the changes detected above. If you'd like "
                                        "to update the OpenTofu state to match, create and apply a refresh-only plan",
                                        p) +
                                suggestion,
                            width));
    }
    return false;
  }
  if (compared) {
    Println(out, WordWrap(Wording("OpenTofu has compared your real infrastructure against your configuration and found "
                                  "no differences, so no changes are needed.",
                                  p),
                          width));
    return true;
  }
  if (quality.targeted) {
    Println(out, WordWrap(Wording("\nNote: You used the -target option, so OpenTofu only checked resources matching "
                                  "those targets and may have skipped others. If you expected changes to appear, "
                                  "verify that the addresses passed to -target are correct.",
                                  p),
                          width));
  }
  return true;
}

}  // namespace

bool PlanDiffs::Empty() const {
  for (const ResourceDiff& c : changes) {
    if (c.diff.action() != Action::kNoOp || c.resource->Moved()) return false;
  }
  for (const OutputDiff& o : outputs) {
    if (o.diff.action() != Action::kNoOp) return false;
  }
  return true;
}

namespace {

// The drift part of ComputePlanDiffs.
// With a pool, the drift is diffed on its threads (schema lookups stay on this one).
PlanDiffs ComputeDriftDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode,
                            const change::Profile& profile, Warnings& warnings, WorkerPool* pool = nullptr) {
  struct Item {
    const ResourceChange* drift = nullptr;
    structured::PathMatcher relevant;
    std::shared_ptr<const structured::Block> block;
    bool diffable = false;
    Warnings warnings;
    change::Diff diff;
  };
  // The relevant attributes by resource address, once: one matcher per address and one
  // for those naming no resource (they apply to every drifted resource).
  std::unordered_map<std::string_view, std::vector<structured::Value>> paths_by_address;
  std::vector<structured::Value> every_resource_paths;
  for (const RelevantAttribute& attr : plan.relevant_attributes) {
    structured::Value path = attr.attribute.is_null() ? EmptyPath() : attr.attribute;
    (attr.resource.empty() ? every_resource_paths : paths_by_address[attr.resource]).push_back(path);
  }
  structured::PathMatcher every_resource = structured::PathMatcher::FromPathList(every_resource_paths, true);
  std::vector<Item> items;
  for (const ResourceChange& drift : plan.resource_drift) {
    Item item;
    item.drift = &drift;
    if (mode == PlanMode::kRefreshOnly) {
      item.relevant = structured::PathMatcher::Always();
    } else {
      item.relevant = every_resource;
      auto own = paths_by_address.find(drift.address);
      if (own != paths_by_address.end()) {
        item.relevant =
            structured::PathMatcher::Union(structured::PathMatcher::FromPathList(own->second, true), every_resource);
      }
      // Without a relevant attribute upstream shows nothing of this drift.
      if (!item.relevant.MatchesPartial()) continue;
    }
    item.diffable = ResolveBlock(drift, schemas, item.warnings, item.block);
    items.push_back(std::move(item));
  }
  ParallelRunsOn(pool, items.size(), 1, [&items, &profile](size_t begin, size_t end) {
    for (Item& item : std::span(items).subspan(begin, end - begin)) {
      if (!item.diffable) continue;
      structured::Change change = ChangeOf(*item.drift, std::move(item.relevant), profile);
      item.diff = DiffAgainst(*item.drift, change, item.block.get(), profile, item.warnings);
    }
  });
  PlanDiffs diffs;
  diffs.drift.reserve(items.size());
  for (Item& item : items) {
    warnings.Append(item.warnings);
    diffs.drift.push_back({item.drift, std::move(item.diff), {}, {}});
  }
  return diffs;
}

std::vector<DeferredDiff> ComputeDeferredDiffs(const Plan& plan, const SchemaSource& schemas,
                                               const change::Profile& profile, Warnings& warnings) {
  std::vector<DeferredDiff> out;
  if (!profile.deferred_and_actions) return out;
  for (const DeferredChange& d : plan.deferred_changes) {
    // An ephemeral or list resource is left out with a warning, as in resource_changes
    // (Terraform's getSchema panics on either mode).
    std::shared_ptr<const structured::Block> block;
    if (!ResolveBlock(d.resource, schemas, warnings, block)) continue;
    structured::Change change = ChangeOf(d.resource, structured::PathMatcher::Always(), profile);
    out.push_back({&d, DiffAgainst(d.resource, change, block.get(), profile, warnings)});
  }
  return out;
}

std::vector<OutputDiff> ComputeOutputDiffs(const Plan& plan, const change::Profile& profile, Warnings& warnings) {
  std::vector<OutputDiff> outputs;
  for (const OutputChange& o : plan.output_changes) {
    structured::Change change = structured::Change::FromPlanChange(o.change, structured::PathMatcher::Always());
    change::Diff diff;
    try {
      diff = differ::ComputeDiffForOutput(change, profile);
    } catch (const std::exception& e) {
      warnings.Add(fmt::format("output {}: cannot render this change ({})", o.name, e.what()));
    }
    outputs.push_back({o.name, std::move(diff)});
  }
  return outputs;
}

}  // namespace

PlanDiffs ComputePlanDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode, Warnings& warnings,
                           const change::Profile& profile) {
  PlanDiffs diffs = ComputeDriftDiffs(plan, schemas, mode, profile, warnings);
  diffs.changes.reserve(plan.resource_changes.size());
  for (const ResourceChange& r : plan.resource_changes) {
    structured::Change change = ChangeOf(r, structured::PathMatcher::Always(), profile);
    diffs.changes.push_back({&r, DiffResource(r, change, schemas, profile, warnings), {}, {}});
    DiffTriggeredActions(plan, r, schemas, profile, warnings, diffs.changes.back());
  }
  diffs.outputs = ComputeOutputDiffs(plan, profile, warnings);
  diffs.deferred = ComputeDeferredDiffs(plan, schemas, profile, warnings);
  diffs.invoked = DiffInvokedActions(plan, schemas, profile, warnings);
  return diffs;
}

std::string RenderResourceDiff(const ResourceDiff& d, ChangeCause cause, const Options& options) {
  std::string buf;
  AppendResourceDiff(*d.resource, d.diff, cause, options, buf, &d);
  return buf;
}

std::string RenderResourceDiffBody(const ResourceDiff& d, const Options& options) {
  std::string buf;
  if (!HasResourceBlock(*d.resource)) return buf;
  AppendResourceChangeBody(*d.resource, d.diff, options, buf);
  AppendTriggeredActions(&d, options, buf);
  return buf;
}

std::string RenderDeferredDiff(const DeferredDiff& d, const Options& options) {
  const ResourceChange& r = d.deferred->resource;
  if (r.action == Action::kNoOp && !r.Moved() && !r.Importing()) return "";
  std::string buf;
  AppendNoteLines(buf, DeferredNotes(r, d.deferred->reason), options.profile(), change::Colorize(options.color));
  AppendResourceChangeBody(r, d.diff, options, buf);
  return buf;
}

std::string RenderOutputChanges(const PlanDiffs& diffs, const Options& options) {
  return RenderOutputList(diffs.outputs, options);
}

namespace {

std::string RenderOutputList(const std::vector<OutputDiff>& outputs, const Options& options) {
  change::Colorize colorize(options.color);
  std::vector<std::string> names;
  names.reserve(outputs.size());
  size_t width = 0;
  for (const OutputDiff& o : outputs) {
    names.push_back(EnsureValidAttributeName(o.name));
    width = std::max(width, names.back().size());
  }
  std::string out;
  bool first = true;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const change::Diff& diff = outputs[i].diff;
    if (diff.action() == Action::kNoOp) continue;
    if (!first) out += '\n';
    first = false;
    out += colorize.Color(DiffActionSymbol(diff.action(), options.profile()));
    out += ' ';
    // Go pads %-*s by runes while the width above counts bytes, as upstream does.
    change::AppendPaddedRight(out, names[i], width);
    out += " = ";
    diff.RenderHuman(0, HumanOpts(colorize, options), out);
  }
  return out;
}

void RenderPlanBody(const Plan& plan, DiffSource& diffs, PlanMode mode, const PlanQuality& quality,
                    std::string_view provider_format_version, const Options& options, std::string& out) {
  change::Colorize colorize(options.color);
  const Product p = options.product;
  const change::Profile& profile = options.profile();
  const int width = options.width;
  std::string_view provider_version = plan.redacted ? plan.provider_format_version : provider_format_version;
  if (IncompatibleVersions(kPlanFormatVersion, plan.format_version) ||
      IncompatibleVersions(kProviderFormatVersion, provider_version)) {
    Println(out, WordWrap(colorize.Color(Wording(
                              "\n[bold][red]Warning:[reset][bold] This plan was generated using a different version "
                              "of OpenTofu, the diff presented here may be missing representations of recent "
                              "features.",
                              p)),
                          width));
  }

  bool have_refresh_changes = RenderDrift(diffs, mode, colorize, options, out);

  bool will_print_resource_changes = false;
  std::map<Action, int> counts;
  int importing = 0;
  int forgetting = 0;
  std::vector<size_t> changes;
  const std::vector<ResourceChange>& all_changes = diffs.Changes();
  for (size_t i = 0; i < all_changes.size(); ++i) {
    const ResourceChange& r = all_changes[i];
    Action action = r.action;
    if (action == Action::kNoOp && !r.Moved() && !r.Importing()) continue;
    if (action == Action::kDelete && r.mode_name != "managed") continue;
    if (r.mode == structured::ResourceMode::kEphemeral || !r.mode) continue;
    changes.push_back(i);
    if (r.Importing()) ++importing;
    if ((action == Action::kForget || action == Action::kForgetThenCreate) && profile.opentofu_forget) ++forgetting;
    if (action != Action::kNoOp) {
      will_print_resource_changes = true;
      ++counts[action];
    }
  }

  std::string outputs = RenderOutputList(diffs.Outputs(), options);
  // Terraform counts every invocation; only command-line ones are listed at the end.
  const size_t action_count = profile.deferred_and_actions ? plan.action_invocations.size() : 0;
  std::string invoked = RenderInvokedActions(diffs.Invoked(), options);

  if (changes.empty() && outputs.empty() && action_count == 0) {
    if (!RenderNoChanges(mode, quality, have_refresh_changes, !diffs.Deferred().empty(), colorize, options, out)) {
      return;
    }
  }
  if (have_refresh_changes) {
    out += HorizontalRule(colorize, width);
    Println(out);
  }
  if (!diffs.Deferred().empty()) {
    out += colorize.Color(
        "\n[bold][cyan]Note:[reset][bold] This is a partial plan, parts can only be known in the next plan / apply "
        "cycle.\n");
    Println(out);
    for (const DeferredDiff& d : diffs.Deferred()) {
      std::string text = RenderDeferredDiff(d, options);
      if (text.empty()) continue;
      Println(out);
      Println(out, text);
    }
    out += HorizontalRule(colorize, width);
    Println(out);
  }

  auto count = [&](Action a) {
    auto it = counts.find(a);
    return it == counts.end() ? 0 : it->second;
  };
  if (will_print_resource_changes) {
    Println(out, WordWrap(Wording("\nOpenTofu used the selected providers to generate the following execution plan. "
                                  "Resource actions are indicated with the following symbols:",
                                  p),
                          width));
    for (Action a : {Action::kCreate, Action::kUpdate, Action::kDelete, Action::kDeleteThenCreate,
                     Action::kCreateThenDelete, Action::kRead, Action::kForgetThenCreate, Action::kForget}) {
      bool forget = a == Action::kForgetThenCreate || a == Action::kForget;
      if (count(a) > 0 && (!forget || profile.opentofu_forget)) Println(out, colorize.Color(ActionDescription(a, profile)));
    }
  }

  if (!changes.empty() || action_count > 0) {
    if (quality.errored) {
      out += Wording("\nOpenTofu planned the following actions, but then encountered a problem:\n", p);
    } else {
      out += Wording("\nOpenTofu will perform the following actions:\n", p);
    }
    int hidden = 0;
    std::vector<size_t> shown;
    shown.reserve(changes.size());
    for (size_t i : changes) {
      if (options.include_resource && !options.include_resource(all_changes[i])) {
        ++hidden;
        continue;
      }
      shown.push_back(i);
    }
    diffs.AppendChanges(shown, options, out);
    if (options.include_resource) {
      out += fmt::format("\n# planview: {} of {} resource changes hidden by {}; the summary below counts all of them.\n",
                         hidden, changes.size(), options.filter_description);
    }
    int to_add = count(Action::kCreate) + count(Action::kDeleteThenCreate) + count(Action::kCreateThenDelete) +
                 count(Action::kForgetThenCreate) + count(Action::kCreateThenForget);
    int to_change = count(Action::kUpdate);
    int to_destroy = count(Action::kDelete) + count(Action::kDeleteThenCreate) + count(Action::kCreateThenDelete);
    std::string summary;
    if (importing > 0) {
      summary = fmt::format("{} to import, {} to add, {} to change, {} to destroy", importing, to_add, to_change,
                            to_destroy);
    } else {
      summary = fmt::format("{} to add, {} to change, {} to destroy", to_add, to_change, to_destroy);
    }
    if (forgetting > 0) summary += fmt::format(", {} to forget", forgetting);
    std::string actions_summary = action_count > 0 ? fmt::format(" Actions: {} to invoke.", action_count) : "";
    if (profile.plan_line_counts_colorized) {
      // The summary is colourised before the numbers go in, as OpenTofu's Printf does.
      std::string line = colorize.Color("\n[bold]Plan:[reset] \x01.\n");
      size_t at = line.find('\x01');
      line.replace(at, 1, summary);
      out += line;
    } else {
      out += colorize.Color("\n[bold]Plan:[reset] ");
      out += summary;
      out += '.';
      out += actions_summary;
      out += '\n';
    }
  }

  if (!invoked.empty()) {
    out += colorize.Color(Wording("\nOpenTofu will invoke the following action(s):\n\n", p));
    out += invoked;
    out += '\n';
  }

  if (!outputs.empty()) {
    out += "\nChanges to Outputs:\n";
    out += outputs;
    out += '\n';
    if (counts.empty()) {
      Println(out, WordWrap(Wording("\nYou can apply this plan to save these new output values to the OpenTofu "
                                    "state, without changing any real infrastructure.",
                                    p),
                            width));
    }
  }
}


// Diffs computed while the plan is written: drift up front (it is small and decides the
// first section), resource changes batch by batch on the pool's threads, each rendered
// into its slot and dropped as soon as its text is out. Changes that are not shown are
// not diffed at all. Warnings come out in the order ComputePlanDiffs gives them: drift,
// resource changes, outputs.
class StreamedDiffs : public DiffSource {
 public:
  StreamedDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode, const Options& options,
                WorkerPool& pool, const std::function<void(std::string_view)>& sink, Warnings& warnings)
      : plan_(plan), schemas_(schemas), profile_(options.profile()), pool_(pool), sink_(sink), warnings_(warnings) {
    PlanDiffs drift_only = ComputeDriftDiffs(plan, schemas, mode, profile_, warnings, &pool);
    drift_ = std::move(drift_only.drift);
    // The texts of the drift that will be shown, on the pool too.
    drift_texts_.resize(drift_.size());
    pool_.ParallelFor(drift_.size(), [&](size_t i) {
      if (ShowsDrift(drift_[i], mode)) drift_texts_[i] = RenderResourceDiff(drift_[i], ChangeCause::kDrift, options);
    });
    deferred_ = ComputeDeferredDiffs(plan, schemas, profile_, warnings);
    invoked_ = DiffInvokedActions(plan, schemas, profile_, warnings);
  }

  const std::vector<DeferredDiff>& Deferred() override { return deferred_; }
  const std::vector<ActionDiff>& Invoked() override { return invoked_; }

  const std::vector<ResourceDiff>& Drift() override { return drift_; }
  std::string DriftText(size_t index, const Options&) override { return std::move(drift_texts_[index]); }

  bool Empty() override {
    if (!empty_) empty_ = ComputeEmpty();
    return *empty_;
  }

  const std::vector<OutputDiff>& Outputs() override {
    if (!outputs_done_) {
      outputs_ = ComputeOutputDiffs(plan_, profile_, output_warnings_);
      outputs_done_ = true;
    }
    return outputs_;
  }

  const std::vector<ResourceChange>& Changes() const override { return plan_.resource_changes; }

  void AppendChanges(std::span<const size_t> shown, const Options& options, std::string& out) override {
    const std::vector<ResourceChange>& all = plan_.resource_changes;
    size_t next_shown = 0;
    std::vector<Slot> slots(std::min(all.size(), kBatch));
    for (size_t start = 0; start < all.size(); start += kBatch) {
      size_t count = std::min(kBatch, all.size() - start);
      // Schema lookups fill a cache: they stay on this thread, in order.
      for (size_t j = 0; j < count; ++j) {
        Slot& slot = slots[j];
        slot.resource = &all[start + j];
        slot.warnings = Warnings();
        slot.text.clear();
        slot.block.reset();
        slot.show = next_shown < shown.size() && shown[next_shown] == start + j;
        if (slot.show) ++next_shown;
        slot.diffable = ResolveBlock(*slot.resource, schemas_, slot.warnings, slot.block);
        slot.triggered = ResourceDiff{};
        if (slot.show) DiffTriggeredActions(plan_, *slot.resource, schemas_, profile_, slot.warnings, slot.triggered);
      }
      pool_.ParallelFor(count, [&](size_t j) {
        Slot& slot = slots[j];
        // A change that is not shown is not diffed (a third of a typical plan is no-ops).
        if (!slot.show) return;
        change::Diff diff;
        if (slot.diffable) {
          structured::Change change = ChangeOf(*slot.resource, structured::PathMatcher::Always(), profile_);
          diff = DiffAgainst(*slot.resource, change, slot.block.get(), profile_, slot.warnings);
        }
        slot.text += '\n';
        if (AppendResourceDiff(*slot.resource, diff, ChangeCause::kProposed, options, slot.text, &slot.triggered)) {
          slot.text += '\n';
        } else {
          slot.text.clear();
        }
      });
      for (size_t j = 0; j < count; ++j) {
        warnings_.Append(slots[j].warnings);
        out += slots[j].text;
        if (slots[j].text.capacity() > kSlotKeep) std::string().swap(slots[j].text);
      }
      Flush(out, kFlushBytes);
    }
    changes_done_ = true;
  }

  // Looks up what was not needed for the text, for its warnings; sends the rest of `out`.
  void Finish(const Options& options, std::string& out) {
    if (!changes_done_) AppendChanges({}, options, out);
    Outputs();
    warnings_.Append(output_warnings_);
    Flush(out, 0);
  }

  void Flush(std::string& out, size_t at_least) {
    if (out.size() < at_least || out.empty()) return;
    sink_(out);
    out.clear();
  }

 private:
  static constexpr size_t kBatch = 64;
  static constexpr size_t kFlushBytes = size_t{1} << 20;
  static constexpr size_t kSlotKeep = size_t{1} << 20;

  struct Slot {
    const ResourceChange* resource = nullptr;
    bool show = false;
    bool diffable = false;
    std::shared_ptr<const structured::Block> block;
    ResourceDiff triggered;  // only its actions
    Warnings warnings;
    std::string text;
  };

  // PlanDiffs::Empty without keeping the diffs: stops at the first change that is not a
  // no-op (normally the first one or two). Their warnings come later, with the text.
  bool ComputeEmpty() {
    Warnings ignored;
    for (const ResourceChange& r : plan_.resource_changes) {
      if (r.Moved()) return false;
      structured::Change change = ChangeOf(r, structured::PathMatcher::Always(), profile_);
      if (DiffResource(r, change, schemas_, profile_, ignored).action() != Action::kNoOp) return false;
    }
    for (const OutputDiff& o : Outputs()) {
      if (o.diff.action() != Action::kNoOp) return false;
    }
    return true;
  }

  const Plan& plan_;
  const SchemaSource& schemas_;
  const change::Profile& profile_;
  WorkerPool& pool_;
  const std::function<void(std::string_view)>& sink_;
  Warnings& warnings_;
  std::vector<ResourceDiff> drift_;
  std::vector<std::string> drift_texts_;
  std::optional<bool> empty_;
  std::vector<OutputDiff> outputs_;
  std::vector<DeferredDiff> deferred_;
  std::vector<ActionDiff> invoked_;
  Warnings output_warnings_;
  bool outputs_done_ = false;
  bool changes_done_ = false;
};

}  // namespace

void RenderPlan(const Plan& plan, const PlanDiffs& diffs, PlanMode mode, const PlanQuality& quality,
                std::string_view provider_format_version, const Options& options, std::string& out) {
  ComputedDiffs source(plan, diffs);
  RenderPlanBody(plan, source, mode, quality, provider_format_version, options, out);
}

void RenderPlanStreamed(const Plan& plan, const SchemaSource& schemas, PlanMode mode, const PlanQuality& quality,
                        std::string_view provider_format_version, const Options& options, WorkerPool& pool,
                        const std::function<void(std::string_view)>& sink, Warnings& warnings) {
  StreamedDiffs source(plan, schemas, mode, options, pool, sink, warnings);
  std::string out;
  RenderPlanBody(plan, source, mode, quality, provider_format_version, options, out);
  source.Finish(options, out);
}

}  // namespace planview::renderer
