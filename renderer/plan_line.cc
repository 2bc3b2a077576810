#include "renderer/plan_line.h"

#include <fmt/format.h>

#include "structured/action.h"

namespace planview::renderer {

void PlanCounts::Count(const ResourceChange& change) {
  if (change.Importing()) ++to_import;
  const ActionInfo& info = InfoOf(change.action);
  to_add += info.to_add;
  to_change += info.to_change;
  to_destroy += info.to_destroy;
  to_forget += info.to_forget;
}

std::string PlanCountsText(const PlanCounts& counts, const change::Profile& profile) {
  std::string text;
  if (counts.to_import > 0) text = fmt::format("{} to import, ", counts.to_import);
  text += fmt::format("{} to add, {} to change, {} to destroy", counts.to_add, counts.to_change, counts.to_destroy);
  if (profile.opentofu_forget && counts.to_forget > 0) text += fmt::format(", {} to forget", counts.to_forget);
  return text;
}

void AppendPlanLine(const PlanCounts& counts, size_t invoked_actions, const change::Profile& profile,
                    const change::Colorize& colorize, std::string& out) {
  std::string tail = PlanCountsText(counts, profile);
  tail += '.';
  if (invoked_actions > 0) tail += fmt::format(" Actions: {} to invoke.", invoked_actions);
  if (profile.plan_line_counts_colorized) {
    // OpenTofu colourises its format string and then prints the numbers into it, so the
    // reset that colouring appends comes after them.
    std::string line = colorize.Color("\n[bold]Plan:[reset] \x01\n");
    line.replace(line.find('\x01'), 1, tail);
    out += line;
  } else {
    colorize.AppendColor(out, "\n[bold]Plan:[reset] ");
    out += tail;
    out += '\n';
  }
}

}  // namespace planview::renderer
