#include "renderer/plan_renderer.h"

#include <algorithm>
#include <map>
#include <span>
#include <string_view>

#include <fmt/format.h>

#include "change/colorize.h"
#include "structured/go_text.h"
#include "renderer/format_version.h"
#include "renderer/internal/human_opts.h"
#include "renderer/internal/plan_body.h"
#include "renderer/plan_line.h"
#include "renderer/resource_note.h"
#include "renderer/text_escape.h"
#include "renderer/word_wrap.h"

namespace planview::renderer {

namespace {

// Terraform's actions around a change (none when `triggered` is null).
void AppendActionsAround(const ResourceDiff* triggered, const Options& options, std::string& buf) {
  if (triggered != nullptr) {
    AppendTriggeredActions(triggered->actions_before, "before", options, buf);
    AppendTriggeredActions(triggered->actions_after, "after", options, buf);
  }
}

}  // namespace

namespace internal {

bool ShowsDrift(const ResourceDiff& d, PlanMode mode) {
  return mode == PlanMode::kRefreshOnly || d.diff.action() != Action::kNoOp;
}

bool AppendResourceDiff(const ResourceChange& r, const change::Diff& diff, ChangeCause cause, const Options& options,
                        std::string& buf, const ResourceDiff* triggered) {
  if (!AppendResourceChange(r, diff, cause, options, buf)) return false;
  AppendActionsAround(triggered, options, buf);
  return true;
}

}  // namespace internal

namespace {

using internal::DiffSource;
using internal::HumanOpts;
using internal::ShowsDrift;

// Appends `text` and a newline (Go's Println).
void Println(std::string& out, std::string_view text = {}) {
  out += text;
  out += '\n';
}

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
      if (internal::AppendResourceDiff(*d.resource, d.diff, ChangeCause::kProposed, options, out, &d)) {
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

// Appends `  ~ address has changed` (the action's symbol and the first comment line): one
// drifted resource under --drift summary.
void AppendDriftLine(const ResourceChange& r, const change::Colorize& colorize, const Options& options,
                     std::string& out) {
  const change::Profile& profile = options.profile();
  std::vector<ResourceNote> notes = ResourceNotes(r, ChangeCause::kDrift, profile);
  std::vector<std::string> lines = NotePlainLines(std::span(notes).first(std::min<size_t>(1, notes.size())), profile);
  colorize.AppendColor(out, DiffActionSymbol(r.action, profile));
  out += ' ';
  out += lines.empty() ? std::string_view(r.address) : std::string_view(lines[0]);
  out += '\n';
}

bool RenderDrift(DiffSource& diffs, PlanMode mode, const change::Colorize& colorize, const Options& options,
                 std::string& out) {
  if (options.drift == DriftDisplay::kHide) return false;
  std::vector<size_t> drift;
  size_t hidden = 0;
  for (size_t i = 0; i < diffs.Drift().size(); ++i) {
    const ResourceDiff& d = diffs.Drift()[i];
    if (!ShowsDrift(d, mode)) continue;
    if (options.include_resource && !options.include_resource(*d.resource)) {
      ++hidden;
      continue;
    }
    drift.push_back(i);
  }
  if (drift.empty() && hidden == 0) return false;
  if (diffs.Empty() && mode != PlanMode::kRefreshOnly) return false;

  const Product p = options.product;
  out += colorize.Color(Wording("\n[bold][cyan]Note:[reset][bold] Objects have changed outside of OpenTofu\n", p));
  Println(out);
  out += WordWrap(Wording("OpenTofu detected the following changes made outside of OpenTofu since the last "
                          "\"tofu apply\" which may have affected this plan:\n",
                          p),
                  options.width);
  if (options.drift == DriftDisplay::kSummary) {
    if (!drift.empty()) Println(out);
    for (size_t i : drift) {
      if (HasResourceBlock(*diffs.Drift()[i].resource)) AppendDriftLine(*diffs.Drift()[i].resource, colorize, options, out);
    }
  } else {
    for (size_t i : drift) {
      std::string text = diffs.DriftText(i, options);
      if (text.empty()) continue;
      Println(out);
      Println(out, text);
    }
  }
  if (options.include_resource) {
    out += fmt::format("\n# planview: {} of {} drifted resources hidden by {}.\n", hidden, hidden + drift.size(),
                       options.filter_description);
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
    structured::AppendPaddedRight(out, names[i], width);
    out += " = ";
    diff.RenderHuman(0, HumanOpts(colorize, options), out);
  }
  return out;
}

}  // namespace

namespace internal {

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
  PlanCounts plan_counts;
  std::vector<size_t> changes;
  const std::vector<ResourceChange>& all_changes = diffs.Changes();
  for (size_t i = 0; i < all_changes.size(); ++i) {
    const ResourceChange& r = all_changes[i];
    Action action = r.action;
    if (!ShownInPlan(r)) continue;
    changes.push_back(i);
    plan_counts.Count(r);
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
    AppendPlanLine(plan_counts, action_count, profile, colorize, out);
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

}  // namespace internal

std::string RenderResourceDiff(const ResourceDiff& d, ChangeCause cause, const Options& options) {
  std::string buf;
  internal::AppendResourceDiff(*d.resource, d.diff, cause, options, buf, &d);
  return buf;
}

std::string RenderResourceDiffBody(const ResourceDiff& d, const Options& options) {
  std::string buf;
  if (!HasResourceBlock(*d.resource)) return buf;
  AppendResourceChangeBody(*d.resource, d.diff, options, buf);
  AppendActionsAround(&d, options, buf);
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

void RenderPlan(const Plan& plan, const PlanDiffs& diffs, PlanMode mode, const PlanQuality& quality,
                std::string_view provider_format_version, const Options& options, std::string& out) {
  ComputedDiffs source(plan, diffs);
  internal::RenderPlanBody(plan, source, mode, quality, provider_format_version, options, out);
}

}  // namespace planview::renderer
