#include "renderer/formats/json.h"

#include <fmt/format.h>

#include "change/colorize.h"
#include "change/diff_dump.h"
#include "change/redaction.h"
#include "renderer/formats/drift.h"
#include "renderer/formats/reasons.h"
#include "renderer/formats/summary.h"
#include "structured/json_text.h"

namespace planview::renderer::formats {

namespace {

void Key(std::string& out, std::string_view key, bool& first) {
  if (!first) out += ',';
  first = false;
  structured::AppendJsonString(out, key);
  out += ':';
}

void String(std::string& out, std::string_view key, std::string_view value, bool& first) {
  Key(out, key, first);
  structured::AppendJsonString(out, value);
}

// The diff tree as change/redaction.h presents it: every sensitive node's `inner` is
// {"redacted": true} unless sensitive values are shown.
void AppendDiff(std::string& out, const change::Diff& diff, bool show_sensitive) {
  if (!diff.valid()) {
    out += "null";
    return;
  }
  change::AppendDiffDump(out, diff, change::Redaction{show_sensitive});
}

// `with_diff` false (--drift summary): no "diff" key.
void AppendResource(std::string& out, const ResourceDiff& d, ChangeCause cause, const Options& options,
                    bool with_diff = true) {
  const ResourceChange& r = *d.resource;
  out += '{';
  bool first = true;
  String(out, "address", r.address, first);
  if (r.Moved()) String(out, "previous_address", r.previous_address, first);
  String(out, "module_address", r.module_address, first);
  String(out, "mode", r.mode_name, first);
  String(out, "type", r.type, first);
  String(out, "name", r.name, first);
  if (!r.index.absent()) {
    Key(out, "index", first);
    change::dump::AppendJsonValue(out, r.index);
  }
  if (!r.deposed.empty()) String(out, "deposed", r.deposed, first);
  String(out, "provider_name", r.provider_name, first);
  String(out, "action", InfoOf(r.action).slug, first);
  Key(out, "categories", first);
  out += '[';
  std::vector<ActionCategory> categories = CategoriesOf(r);
  for (size_t i = 0; i < categories.size(); ++i) {
    if (i > 0) out += ',';
    structured::AppendJsonString(out, CategoryName(categories[i]));
  }
  out += ']';
  if (!r.action_reason.empty()) String(out, "action_reason", r.action_reason, first);
  if (r.Importing()) String(out, "importing_id", r.importing_id, first);
  // The comment lines `tofu show` prints above the resource, without the "# ".
  Key(out, "reasons", first);
  out += '[';
  bool first_reason = true;
  for (const std::string& line : ReasonLines(r, cause, options.product)) {
    if (!first_reason) out += ',';
    first_reason = false;
    structured::AppendJsonString(out, line);
  }
  out += ']';
  if (with_diff) {
    Key(out, "diff", first);
    AppendDiff(out, d.diff, options.show_sensitive);
  }
  out += '}';
}

std::string_view DriftDisplayName(DriftDisplay display) {
  switch (display) {
    case DriftDisplay::kShow: return "show";
    case DriftDisplay::kSummary: return "summary";
    case DriftDisplay::kHide: return "hide";
  }
  return "show";
}

}  // namespace

void RenderJson(const PlanContext& plan, const FormatOptions& /*format*/, std::string& out) {
  const Options& options = plan.options;
  PlanSummary summary = Summarize(plan);
  out += '{';
  bool first = true;
  String(out, "planview_format_version", kJsonFormatVersion, first);
  Key(out, "errored", first);
  out += plan.quality.errored ? "true" : "false";
  Key(out, "summary", first);
  out += fmt::format(
      "{{\"import\":{},\"add\":{},\"change\":{},\"destroy\":{},\"forget\":{},\"resources\":{},\"outputs\":{},"
      "\"drift\":{},\"by_action\":{{",
      summary.to_import, summary.to_add, summary.to_change, summary.to_destroy, summary.to_forget, summary.resources,
      summary.output_changes, summary.drift);
  bool first_action = true;
  for (ActionCategory c : kAllCategories) {
    Key(out, CategoryName(c), first_action);
    out += std::to_string(summary.by_action[static_cast<size_t>(c)]);
  }
  out += "}}";
  const DriftSelection drift = SelectDrift(plan);
  String(out, "drift", DriftDisplayName(drift.display), first);
  Key(out, "resource_drift", first);
  out += '[';
  for (size_t i = 0; i < drift.shown.size(); ++i) {
    if (i > 0) out += ',';
    AppendResource(out, *drift.shown[i], ChangeCause::kDrift, options, drift.display == DriftDisplay::kShow);
  }
  out += ']';
  Key(out, "hidden_resource_drift", first);
  out += std::to_string(drift.hidden);
  int hidden = 0;
  Key(out, "resource_changes", first);
  out += '[';
  std::vector<size_t> shown;
  const std::vector<ResourceChange>& all = plan.plan.resource_changes;
  for (size_t i = 0; i < all.size(); ++i) {
    if (!ShownInPlan(all[i])) continue;
    if (options.include_resource && !options.include_resource(all[i])) {
      ++hidden;
      continue;
    }
    shown.push_back(i);
  }
  bool first_item = true;
  plan.RenderChanges(
      shown, [&options](const ResourceDiff& d, std::string& text) {
        AppendResource(text, d, ChangeCause::kProposed, options);
      },
      [&](size_t, std::string_view text) {
        if (!first_item) out += ',';
        first_item = false;
        out += text;
        plan.Flush(out);
      });
  out += ']';
  Key(out, "hidden_resource_changes", first);
  out += std::to_string(hidden);
  Key(out, "output_changes", first);
  out += '[';
  bool first_output = true;
  for (const OutputDiff& o : plan.diffs.outputs) {
    if (o.diff.action() == Action::kNoOp) continue;
    if (!first_output) out += ',';
    first_output = false;
    out += '{';
    bool f = true;
    String(out, "name", o.name, f);
    String(out, "action", InfoOf(o.diff.action()).slug, f);
    Key(out, "diff", f);
    AppendDiff(out, o.diff, options.show_sensitive);
    out += '}';
  }
  out += "]}\n";
}

}  // namespace planview::renderer::formats
