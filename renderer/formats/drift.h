// The drift section ("Objects have changed outside of OpenTofu") in planview's
// presentations: which drift each one lists (what `tofu show` lists, through the --action,
// --address and --hide-reads filters) and how (--drift show|summary|hide).
#ifndef PLANVIEW_RENDERER_FORMATS_DRIFT_H_
#define PLANVIEW_RENDERER_FORMATS_DRIFT_H_

#include <string>
#include <vector>

#include "renderer/render_document.h"

namespace planview::renderer::formats {

struct DriftSelection {
  DriftDisplay display = DriftDisplay::kShow;
  std::vector<const ResourceDiff*> shown;  // in plan order
  int hidden = 0;                          // left out by the filter

  // Whether the presentation has a drift section at all (something shown or hidden).
  bool Present() const { return display != DriftDisplay::kHide && (!shown.empty() || hidden > 0); }
};

// Empty with --drift hide.
DriftSelection SelectDrift(const PlanContext& plan);

// "Objects have changed outside of OpenTofu" (or Terraform), the section's title.
std::string DriftTitle(Product product);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_DRIFT_H_
