// Every diff of a plan, computed once (upstream's precomputeDiffs): the relevant drift, each
// resource change, the outputs and, under Terraform's profile, deferred changes and actions.
#ifndef PLANVIEW_RENDERER_PLAN_DIFFS_H_
#define PLANVIEW_RENDERER_PLAN_DIFFS_H_

#include <string_view>
#include <vector>

#include "base/executor.h"
#include "change/diff.h"
#include "change/profile.h"
#include "renderer/action_diff.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "renderer/resource_change.h"
#include "renderer/schema_source.h"

namespace planview::renderer {

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

// The drift `tofu show` lists under "Objects have changed outside of OpenTofu" (each with
// its block), in order, before any planview filter: none when that section is not printed
// (a plan without changes outside refresh-only mode). Every presentation shows this drift.
std::vector<const ResourceDiff*> ShownDrift(const PlanDiffs& diffs, PlanMode mode);
// The same, given whether the plan is Empty (PlanDiffs::Empty) and its drift.
std::vector<const ResourceDiff*> ShownDrift(const std::vector<ResourceDiff>& drift, PlanMode mode, bool plan_empty);

// `profile`: whose differ (Options::profile()). With an executor the drift and the resource
// changes are diffed on its threads; the diffs and the warnings (in order) are the same.
PlanDiffs ComputePlanDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode, Warnings& warnings,
                           const change::Profile& profile = change::OpenTofuProfile(),
                           base::Executor* executor = nullptr);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_PLAN_DIFFS_H_
