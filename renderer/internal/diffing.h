// How one resource change becomes a diff, shared by ComputePlanDiffs and the streamed plan
// (which diffs resource changes batch by batch on a pool).
#ifndef PLANVIEW_RENDERER_INTERNAL_DIFFING_H_
#define PLANVIEW_RENDERER_INTERNAL_DIFFING_H_

#include <memory>
#include <vector>

#include "base/executor.h"
#include "change/diff.h"
#include "change/profile.h"
#include "renderer/plan_diffs.h"
#include "structured/change.h"
#include "structured/path_matcher.h"
#include "structured/schema.h"

namespace planview::renderer::internal {

// The schema block a resource is diffed against: false (with a warning) when the resource
// cannot be rendered at all; `block` stays null when the layout must be inferred.
bool ResolveBlock(const ResourceChange& r, const SchemaSource& schemas, Warnings& warnings,
                  std::shared_ptr<const structured::Block>& block);

// The diff of `change` against `block` (null: inferred), falling back to an inferred
// layout when the values do not fit the schema. Safe to run on several threads at once.
change::Diff DiffAgainst(const ResourceChange& r, const structured::Change& change, const structured::Block* block,
                         const change::Profile& profile, Warnings& warnings);

// A resource change's values for the differ. Terraform's profile diffs a forget-only change
// as a no-op, so it does not look like a deletion.
structured::Change ChangeOf(const ResourceChange& r, structured::PathMatcher relevant, const change::Profile& profile);

// DiffAgainst of the change `r` plans (ChangeOf with every attribute relevant): how a
// resource change, a deferred change and the streamed batches are diffed.
change::Diff DiffPlannedChange(const ResourceChange& r, const structured::Block* block,
                               const change::Profile& profile, Warnings& warnings);

// The drift part of ComputePlanDiffs. With a pool, the drift is diffed on its threads
// (schema lookups stay on this one).
PlanDiffs ComputeDriftDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode,
                            const change::Profile& profile, Warnings& warnings, base::Executor* pool);

// The parts of ComputePlanDiffs after the resource changes, in its order: `diffs`'s
// outputs, deferred changes and invoked actions, their warnings added to `warnings`.
void ComputeLaterDiffs(const Plan& plan, const SchemaSource& schemas, const change::Profile& profile,
                       Warnings& warnings, PlanDiffs& diffs);

}  // namespace planview::renderer::internal

#endif  // PLANVIEW_RENDERER_INTERNAL_DIFFING_H_
