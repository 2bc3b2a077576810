#include "renderer/formats/summary.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace planview::renderer::formats {

namespace {

void Add(CategoryCounts& counts, const std::vector<ActionCategory>& categories) {
  for (ActionCategory c : categories) ++counts[static_cast<size_t>(c)];
}

// One right-aligned matrix: a title column, then one column per used category.
void AppendMatrix(std::string& out, std::string_view title,
                  const std::vector<std::pair<std::string, CategoryCounts>>& rows,
                  const std::vector<ActionCategory>& used, const CategoryCounts* total) {
  size_t first = title.size();
  for (const auto& [name, counts] : rows) first = std::max(first, name.size());
  if (total != nullptr) first = std::max(first, std::string_view("total").size());
  auto line = [&](std::string_view name, const CategoryCounts* counts) {
    std::string text = fmt::format("  {:<{}}", name, first);
    for (ActionCategory c : used) {
      std::string_view header = CategoryName(c);
      size_t width = std::max<size_t>(header.size(), 4);
      if (counts == nullptr) {
        text += fmt::format("  {:>{}}", header, width);
      } else {
        int n = (*counts)[static_cast<size_t>(c)];
        text += fmt::format("  {:>{}}", n == 0 ? std::string("-") : std::to_string(n), width);
      }
    }
    out += text;
    out += '\n';
  };
  line(title, nullptr);
  for (const auto& [name, counts] : rows) line(name, &counts);
  if (total != nullptr) line("total", total);
}

}  // namespace

std::vector<ActionCategory> PlanSummary::UsedCategories() const {
  std::vector<ActionCategory> used;
  for (ActionCategory c : kAllCategories) {
    if (by_action[static_cast<size_t>(c)] > 0) used.push_back(c);
  }
  return used;
}

PlanSummary Summarize(const PlanContext& plan) {
  const PlanDiffs& diffs = plan.diffs;
  PlanSummary s;
  std::map<std::string, CategoryCounts> types;
  std::map<std::string, CategoryCounts> modules;
  for (const ResourceChange& r : plan.plan.resource_changes) {
    if (!ShownInPlan(r)) continue;
    ++s.resources;
    std::vector<ActionCategory> categories = CategoriesOf(r);
    Add(s.by_action, categories);
    for (ActionCategory c : categories) s.addresses[static_cast<size_t>(c)].push_back(r.address);
    Add(types[std::string(r.type)], categories);
    Add(modules[r.module_address.empty() ? std::string("(root)") : std::string(r.module_address)], categories);
    s.Count(r);
  }
  for (const OutputDiff& o : diffs.outputs) {
    if (o.diff.action() != Action::kNoOp) ++s.output_changes;
  }
  for (const ResourceDiff& d : diffs.drift) {
    if (d.diff.action() != Action::kNoOp) ++s.drift;
  }
  s.by_type.assign(types.begin(), types.end());
  s.by_module.assign(modules.begin(), modules.end());
  return s;
}

std::string RenderSummaryText(const PlanSummary& s, const change::Profile& profile, DriftDisplay drift) {
  std::string out = fmt::format("Summary: {}.\n", PlanCountsText(s, profile));
  if (s.resources == 0) {
    out += "  No resource changes.\n";
  } else {
    std::vector<ActionCategory> used = s.UsedCategories();
    out += '\n';
    AppendMatrix(out, "resource type", s.by_type, used, &s.by_action);
    out += '\n';
    AppendMatrix(out, "module", s.by_module, used, nullptr);
    for (ActionCategory c : kRiskOrder) {
      const std::vector<std::string_view>& addresses = s.addresses[static_cast<size_t>(c)];
      if (addresses.empty()) continue;
      out += fmt::format("\n  {} ({}):\n", CategoryName(c), addresses.size());
      for (std::string_view address : addresses) out += fmt::format("    {}\n", address);
    }
  }
  if (s.output_changes > 0) {
    out += fmt::format("\n  {} output value{} will change.\n", s.output_changes, s.output_changes == 1 ? "" : "s");
  }
  if (s.drift > 0 && drift != DriftDisplay::kHide) {
    out += fmt::format("\n  {} drifted resource{} (changed outside of the last apply).\n", s.drift,
                       s.drift == 1 ? "" : "s");
  }
  out += '\n';
  return out;
}

}  // namespace planview::renderer::formats
