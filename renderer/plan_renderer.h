// `tofu show PLANFILE`: a whole plan as upstream's jsonformat renders it (drift, the
// legend, resource changes, outputs, the summary, the "No changes." variants).
#ifndef PLANVIEW_RENDERER_PLAN_RENDERER_H_
#define PLANVIEW_RENDERER_PLAN_RENDERER_H_

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "change/diff.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "renderer/resource_change.h"
#include "renderer/schema_source.h"
#include "renderer/worker_pool.h"

namespace planview::renderer {

// A Terraform action invocation with the diff of its configuration (all unchanged;
// invalid when it has no configuration or it could not be diffed).
struct ActionDiff {
  const ActionInvocation* invocation = nullptr;
  change::Diff config;
};

// A resource change with its computed diff. An invalid diff means it could not be
// computed (an ephemeral resource, or values the differ rejected twice); a warning says
// why. Under Terraform's profile, the actions its change triggers, in order.
struct ResourceDiff {
  const ResourceChange* resource = nullptr;
  change::Diff diff;
  std::vector<ActionDiff> actions_before;
  std::vector<ActionDiff> actions_after;
};

// A change Terraform deferred, with its diff.
struct DeferredDiff {
  const DeferredChange* deferred = nullptr;
  change::Diff diff;
};

struct OutputDiff {
  std::string_view name;
  change::Diff diff;
};

// Every diff of a plan, computed once (upstream's precomputeDiffs). Refers into `plan`.
struct PlanDiffs {
  std::vector<ResourceDiff> drift;    // only drift relevant to the plan (all of it in refresh-only mode)
  std::vector<ResourceDiff> changes;  // every resource change
  std::vector<OutputDiff> outputs;    // sorted by name
  // Terraform's profile only: deferred changes, and actions invoked from the command line
  // (sorted by address).
  std::vector<DeferredDiff> deferred;
  std::vector<ActionDiff> invoked;

  // No resource change other than a no-op (or a move) and no output change.
  bool Empty() const;
};

// `profile`: whose differ (Options::profile()).
PlanDiffs ComputePlanDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode, Warnings& warnings,
                           const change::Profile& profile = change::OpenTofuProfile());

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

// RenderPlan without PlanDiffs: each resource change is diffed and rendered on `pool`'s
// threads, in batches, and its diff dropped once its text is out; the text goes to `sink`
// in order, in chunks of about a megabyte. Same text, and the same warnings in the same
// order, as ComputePlanDiffs followed by RenderPlan, except that changes that are not
// shown (no-ops, deleted data sources) are not diffed, so values of theirs that do not fit
// the schema go unmentioned (a missing schema is still warned about). Memory stays at the
// drift and output diffs plus one batch.
void RenderPlanStreamed(const Plan& plan, const SchemaSource& schemas, PlanMode mode, const PlanQuality& quality,
                        std::string_view provider_format_version, const Options& options, WorkerPool& pool,
                        const std::function<void(std::string_view)>& sink, Warnings& warnings);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_PLAN_RENDERER_H_
