#include "renderer/formats/drift.h"

namespace planview::renderer::formats {

DriftSelection SelectDrift(const PlanContext& plan) {
  DriftSelection out;
  out.display = plan.options.drift;
  if (out.display == DriftDisplay::kHide) return out;
  // Whether the plan is empty matters only outside refresh-only mode, and only with drift.
  const bool empty = plan.mode != PlanMode::kRefreshOnly && !plan.diffs.drift.empty() && plan.Empty();
  for (const ResourceDiff* d : ShownDrift(plan.diffs.drift, plan.mode, empty)) {
    if (plan.options.include_resource && !plan.options.include_resource(*d->resource)) {
      ++out.hidden;
    } else {
      out.shown.push_back(d);
    }
  }
  return out;
}

std::string DriftTitle(Product product) { return Wording("Objects have changed outside of OpenTofu", product); }

}  // namespace planview::renderer::formats
