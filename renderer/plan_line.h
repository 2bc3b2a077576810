// The "Plan: 1 to import, 2 to add, 0 to change, 1 to destroy, 1 to forget." line: its
// counts and its words, built here for every presentation (the text renderer, browse, the
// formats). Which parts a product prints is its profile's: "N to import, " only when
// something is imported, ", N to forget" only under OpenTofu's forget (and only when
// non-zero), Terraform's " Actions: N to invoke." after the period.
#ifndef PLANVIEW_RENDERER_PLAN_LINE_H_
#define PLANVIEW_RENDERER_PLAN_LINE_H_

#include <cstddef>
#include <string>

#include "change/colorize.h"
#include "change/profile.h"
#include "renderer/resource_change.h"

namespace planview::renderer {

// The counts of the changes a plan lists (ShownInPlan), as upstream's summary adds them up.
// to_forget is counted whatever the product; whether it is printed is the profile's.
struct PlanCounts {
  int to_import = 0, to_add = 0, to_change = 0, to_destroy = 0, to_forget = 0;

  // Counts one listed change (structured/action.h's table says what each action adds).
  void Count(const ResourceChange& change);
};

// "1 to import, 2 to add, 0 to change, 1 to destroy, 1 to forget": no "Plan:", no period.
std::string PlanCountsText(const PlanCounts& counts, const change::Profile& profile);

// The text renderer's line: "\n", bold "Plan:", the counts, ".", Terraform's
// " Actions: N to invoke." when `invoked_actions` > 0, "\n"; coloured as the product
// colours it (OpenTofu colourises the counts with the markup, Terraform only "Plan:").
void AppendPlanLine(const PlanCounts& counts, size_t invoked_actions, const change::Profile& profile,
                    const change::Colorize& colorize, std::string& out);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_PLAN_LINE_H_
