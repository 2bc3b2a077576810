#include "renderer/formats/drift.h"

namespace planview::renderer::formats {

DriftSelection SelectDrift(const PlanContext& plan) {
  DriftSelection out;
  out.display = plan.options.drift;
  if (out.display == DriftDisplay::kHide) return out;
  for (const ResourceDiff* d : ShownDrift(plan.diffs, plan.mode)) {
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
