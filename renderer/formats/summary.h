// The --summary table: a plan's resource changes counted per action category, per
// resource type and per module, computed from the diffs (every change, whatever a filter
// hides).
#ifndef PLANVIEW_RENDERER_FORMATS_SUMMARY_H_
#define PLANVIEW_RENDERER_FORMATS_SUMMARY_H_

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "renderer/formats/filter.h"
#include "change/profile.h"
#include "renderer/options.h"
#include "renderer/plan_line.h"
#include "renderer/plan_renderer.h"
#include "renderer/render_document.h"

namespace planview::renderer::formats {

using CategoryCounts = std::array<int, std::size(kAllCategories)>;

// The counts of the plan's "Plan:" line (renderer/plan_line.h), and more.
struct PlanSummary : PlanCounts {
  int resources = 0;  // changes the plan lists
  int output_changes = 0;
  int drift = 0;  // resources changed outside of OpenTofu that the plan shows
  CategoryCounts by_action{};
  std::vector<std::pair<std::string, CategoryCounts>> by_type;    // sorted by type
  std::vector<std::pair<std::string, CategoryCounts>> by_module;  // sorted; "(root)" for the root module
  // Per category, the addresses of its changes in plan order (a change is under each of its
  // categories); they refer into the plan.
  std::array<std::vector<std::string_view>, std::size(kAllCategories)> addresses;

  // The categories with a non-zero count, in kAllCategories order.
  std::vector<ActionCategory> UsedCategories() const;
};

// The plan's resource changes, its output changes and drift (diffs that every presenter has,
// streamed or not).
PlanSummary Summarize(const PlanContext& plan);

// "Summary: " and the Plan: line's counts as `profile`'s product words them, the plain-text
// tables, then the addresses per category, destroys first (kRiskOrder), then the count of
// output changes and of drifted resources (none under --drift hide, as the drift section
// itself); ends with a blank line.
std::string RenderSummaryText(const PlanSummary& summary, const change::Profile& profile, DriftDisplay drift);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_SUMMARY_H_
