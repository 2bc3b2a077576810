#include "renderer/plan_diffs.h"

#include <memory>
#include <span>
#include <unordered_map>

#include <fmt/format.h>

#include "differ/differ.h"
#include "renderer/internal/diffing.h"
#include "renderer/internal/plan_body.h"
#include "structured/change.h"
#include "structured/document_builder.h"
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

}  // namespace

namespace internal {

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
    base::Expected<change::Diff> diff = differ::ComputeDiffForBlock(change, *block, profile);
    if (diff) {
      WarnOfSchemaMismatch(r.address, change, *block, warnings);
      return *std::move(diff);
    }
    warnings.Add(fmt::format("{}: the values do not match the schema ({}); rendered from the values", r.address,
                             diff.error().message));
  }
  std::shared_ptr<const structured::Block> inferred =
      InferBlock({change.before, change.after, change.unknown, change.before_sensitive, change.after_sensitive});
  base::Expected<change::Diff> diff = differ::ComputeDiffForBlock(change, *inferred, profile);
  if (diff) return *std::move(diff);
  warnings.Add(fmt::format("{}: cannot render this change ({})", r.address, diff.error().message));
  return {};
}

// A resource change's values for the differ. Terraform's profile diffs a forget-only change
// as a no-op, so it does not look like a deletion.
structured::Change ChangeOf(const ResourceChange& r, structured::PathMatcher relevant, const change::Profile& profile) {
  structured::Change change = structured::Change::FromPlanChange(r.change, std::move(relevant));
  if (r.action == Action::kForget && !profile.opentofu_forget) change = change.AsNoOp();
  return change;
}

change::Diff DiffPlannedChange(const ResourceChange& r, const structured::Block* block,
                               const change::Profile& profile, Warnings& warnings) {
  structured::Change change = ChangeOf(r, structured::PathMatcher::Always(), profile);
  return DiffAgainst(r, change, block, profile, warnings);
}

PlanDiffs ComputeDriftDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode,
                            const change::Profile& profile, Warnings& warnings, base::Executor* pool) {
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
  base::ParallelRunsOn(pool, items.size(), 1, [&items, &profile](size_t begin, size_t end) {
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

namespace {

std::vector<DeferredDiff> ComputeDeferredDiffs(const Plan& plan, const SchemaSource& schemas,
                                               const change::Profile& profile, Warnings& warnings) {
  std::vector<DeferredDiff> out;
  if (!profile.deferred_and_actions) return out;
  for (const DeferredChange& d : plan.deferred_changes) {
    // An ephemeral or list resource is left out with a warning, as in resource_changes
    // (Terraform's getSchema panics on either mode).
    std::shared_ptr<const structured::Block> block;
    if (!ResolveBlock(d.resource, schemas, warnings, block)) continue;
    out.push_back({&d, DiffPlannedChange(d.resource, block.get(), profile, warnings)});
  }
  return out;
}

std::vector<OutputDiff> ComputeOutputDiffs(const Plan& plan, const change::Profile& profile, Warnings& warnings) {
  std::vector<OutputDiff> outputs;
  for (const OutputChange& o : plan.output_changes) {
    structured::Change change = structured::Change::FromPlanChange(o.change, structured::PathMatcher::Always());
    base::Expected<change::Diff> diff = differ::ComputeDiffForOutput(change, profile);
    if (!diff) {
      warnings.Add(fmt::format("output {}: cannot render this change ({})", o.name, diff.error().message));
      outputs.push_back({o.name, {}});
      continue;
    }
    outputs.push_back({o.name, *std::move(diff)});
  }
  return outputs;
}

}  // namespace

void ComputeLaterDiffs(const Plan& plan, const SchemaSource& schemas, const change::Profile& profile,
                       Warnings& warnings, PlanDiffs& diffs) {
  diffs.outputs = ComputeOutputDiffs(plan, profile, warnings);
  diffs.deferred = ComputeDeferredDiffs(plan, schemas, profile, warnings);
  diffs.invoked = DiffInvokedActions(plan, schemas, profile, warnings);
}

}  // namespace internal

using namespace internal;  // NOLINT: this file defines them

std::vector<const ResourceDiff*> ShownDrift(const PlanDiffs& diffs, PlanMode mode) {
  return ShownDrift(diffs.drift, mode, mode != PlanMode::kRefreshOnly && diffs.Empty());
}

std::vector<const ResourceDiff*> ShownDrift(const std::vector<ResourceDiff>& drift, PlanMode mode, bool plan_empty) {
  std::vector<const ResourceDiff*> out;
  if (mode != PlanMode::kRefreshOnly && plan_empty) return out;
  for (const ResourceDiff& d : drift) {
    if (internal::ShowsDrift(d, mode) && HasResourceBlock(*d.resource)) out.push_back(&d);
  }
  return out;
}

bool PlanDiffs::Empty() const {
  for (const ResourceDiff& c : changes) {
    if (c.diff.action() != Action::kNoOp || c.resource->Moved()) return false;
  }
  for (const OutputDiff& o : outputs) {
    if (o.diff.action() != Action::kNoOp) return false;
  }
  return true;
}

PlanDiffs ComputePlanDiffs(const Plan& plan, const SchemaSource& schemas, PlanMode mode, Warnings& warnings,
                           const change::Profile& profile, base::Executor* executor) {
  PlanDiffs diffs = ComputeDriftDiffs(plan, schemas, mode, profile, warnings, executor);
  // Schema lookups fill a cache: they stay on this thread, in order. The diffs run on the
  // executor's threads, each with its own warnings, appended below in resource order.
  struct Item {
    std::shared_ptr<const structured::Block> block;
    bool diffable = false;
    Warnings warnings;
  };
  const std::vector<ResourceChange>& all = plan.resource_changes;
  std::vector<Item> items(all.size());
  diffs.changes.resize(all.size());
  for (size_t i = 0; i < all.size(); ++i) {
    diffs.changes[i].resource = &all[i];
    items[i].diffable = ResolveBlock(all[i], schemas, items[i].warnings, items[i].block);
  }
  base::ParallelRunsOn(executor, all.size(), 1, [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      if (!items[i].diffable) continue;
      diffs.changes[i].diff = DiffPlannedChange(all[i], items[i].block.get(), profile, items[i].warnings);
    }
  });
  for (size_t i = 0; i < all.size(); ++i) {
    warnings.Append(items[i].warnings);
    ResourceDiff& d = diffs.changes[i];
    DiffTriggeredActions(plan, all[i], schemas, profile, warnings, d.actions_before, d.actions_after);
  }
  ComputeLaterDiffs(plan, schemas, profile, warnings, diffs);
  return diffs;
}

}  // namespace planview::renderer
