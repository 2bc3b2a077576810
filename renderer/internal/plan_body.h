// The body of a whole plan's text, written from a DiffSource: diffs computed beforehand
// (PlanDiffs, RenderPlan) or on demand while the text streams out (RenderPlanStreamed).
#ifndef PLANVIEW_RENDERER_INTERNAL_PLAN_BODY_H_
#define PLANVIEW_RENDERER_INTERNAL_PLAN_BODY_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "renderer/plan_renderer.h"

namespace planview::renderer::internal {

// What the body of a plan needs to know about its diffs.
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

// Drift is shown in refresh-only mode, or when it changed something.
bool ShowsDrift(const ResourceDiff& d, PlanMode mode);

// Appends one resource's block (RenderResourceDiff) to `buf`; false when upstream shows
// nothing for it. `triggered` (may be null) adds Terraform's actions around the change.
bool AppendResourceDiff(const ResourceChange& r, const change::Diff& diff, ChangeCause cause, const Options& options,
                        std::string& buf, const ResourceDiff* triggered);

void RenderPlanBody(const Plan& plan, DiffSource& diffs, PlanMode mode, const PlanQuality& quality,
                    std::string_view provider_format_version, const Options& options, std::string& out);

}  // namespace planview::renderer::internal

#endif  // PLANVIEW_RENDERER_INTERNAL_PLAN_BODY_H_
