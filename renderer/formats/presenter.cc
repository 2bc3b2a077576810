#include "renderer/formats/presenter.h"

#include "renderer/formats/html.h"
#include "renderer/formats/json.h"
#include "renderer/formats/markdown.h"
#include "renderer/formats/summary.h"

namespace planview::renderer::formats {

std::optional<OutputFormat> OutputFormatFromName(std::string_view name) {
  if (name == "text") return OutputFormat::kText;
  if (name == "markdown" || name == "md") return OutputFormat::kMarkdown;
  if (name == "json") return OutputFormat::kJson;
  if (name == "html") return OutputFormat::kHtml;
  return std::nullopt;
}

void ApplyFormat(const FormatOptions& format, DocumentRequest& request) {
  if (format.IsDefault()) return;
  request.options.verbose = format.verbose;
  request.options.drift = format.drift;
  if (format.filter.Active()) {
    request.options.include_resource = [filter = format.filter](const ResourceChange& r) { return filter.Matches(r); };
    request.options.filter_description = format.filter.Describe();
  }
  request.plan_presenter = [format](const PlanContext& plan, std::string& out) {
    switch (format.format) {
      case OutputFormat::kText: RenderText(plan, format, out); break;
      case OutputFormat::kMarkdown: RenderMarkdown(plan, format, out); break;
      case OutputFormat::kJson: RenderJson(plan, format, out); break;
      case OutputFormat::kHtml: RenderHtml(plan, format, out); break;
    }
  };
}

void RenderText(const PlanContext& plan, const FormatOptions& format, std::string& out) {
  if (format.summary || format.summary_only) out += RenderSummaryText(Summarize(plan.diffs));
  if (format.summary_only) return;
  RenderPlan(plan.plan, plan.diffs, plan.mode, plan.quality, plan.provider_format_version, plan.options, out);
}

}  // namespace planview::renderer::formats
