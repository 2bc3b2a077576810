// `tofu show PLANFILE`: a whole plan as upstream's jsonformat renders it (drift, the
// legend, resource changes, outputs, the summary, the "No changes." variants).
#ifndef PLANVIEW_RENDERER_PLAN_RENDERER_H_
#define PLANVIEW_RENDERER_PLAN_RENDERER_H_

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/executor.h"
#include "renderer/change_diffs.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "renderer/plan_diffs.h"
#include "renderer/resource_change.h"
#include "renderer/schema_source.h"

namespace planview::renderer {

// One resource's block: its comment lines, then `~ resource "t" "n" {` ... `}` without a
// final newline. Empty when upstream shows nothing for it (a no-op, an ephemeral resource).
std::string RenderResourceDiff(const ResourceDiff& diff, ChangeCause cause, const Options& options);

// The same block without its comment lines (ResourceNotes gives them as data); empty when
// upstream shows nothing for the change.
std::string RenderResourceDiffBody(const ResourceDiff& diff, const Options& options);

// A deferred change's block: `  # address was deferred`, its reason, the resource's block
// (no final newline). Empty when Terraform shows nothing for it.
std::string RenderDeferredDiff(const DeferredDiff& diff, const Options& options);

// The lines under "Changes to Outputs:", joined by newlines (no final newline).
std::string RenderOutputChanges(const PlanDiffs& diffs, const Options& options);

// The whole document, as `tofu show` prints it for `plan` (including the warning about a
// newer format version). `provider_format_version` is the schemas' format version ("" if
// unknown; a redacted plan carries its own).
void RenderPlan(const Plan& plan, const PlanDiffs& diffs, PlanMode mode, const PlanQuality& quality,
                std::string_view provider_format_version, const Options& options, std::string& out);

// RenderPlan from diffs computed on demand (StreamedPlanDiffs: `diffs` without its
// changes, and `changes`): each shown resource change is diffed and rendered on the
// changes' executor, in batches, and its diff dropped once its text is out; `out` goes to
// the changes' sink in chunks of about a megabyte as it grows (the rest stays in `out`).
// Same text as ComputePlanDiffs followed by RenderPlan, and the same warnings in the same
// order (StreamedPlanDiffs::Finish), except that changes that are not shown (no-ops,
// deleted data sources) are not diffed, so values of theirs that do not fit the schema go
// unmentioned (a missing schema is still warned about). Memory stays at the drift and
// output diffs plus one batch.
void RenderPlanStreamed(const Plan& plan, const PlanDiffs& diffs, ChangeDiffs& changes, PlanMode mode,
                        const PlanQuality& quality, std::string_view provider_format_version, const Options& options,
                        std::string& out);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_PLAN_RENDERER_H_
