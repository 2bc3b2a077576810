#include "renderer/formats/presenter.h"

#include "renderer/formats/split.h"
#include "renderer/formats/summary.h"

namespace planview::renderer::formats {

void ApplyFormat(const FormatOptions& format, DocumentRequest& request) {
  if (format.IsDefault()) return;
  request.options.verbose = format.verbose;
  request.options.drift = format.drift;
  if (format.filter.Active()) {
    request.options.include_resource = [filter = format.filter](const ResourceChange& r) { return filter.Matches(r); };
    request.options.filter_description = format.filter.Describe();
  }
  request.plan_presenter = [format](const PlanContext& plan, std::string& out) {
    if (format.split_sink) {
      format.split_sink(RenderMarkdownParts(plan, format));  // --split (the CLI allows it with markdown only)
      return;
    }
    format.format.row().render(plan, format, out);
  };
  if (format.format.row().frame_other != nullptr) request.frame_other = format.format.row().frame_other;
}

void RenderText(const PlanContext& plan, const FormatOptions& format, std::string& out) {
  if (format.summary || format.summary_only) {
    out += RenderSummaryText(Summarize(plan), plan.options.profile(), format.drift);
  }
  if (format.summary_only) return;
  RenderPlanStreamed(plan.plan, plan.diffs, plan.changes, plan.mode, plan.quality, plan.provider_format_version,
                     plan.options, out);
}

}  // namespace planview::renderer::formats
