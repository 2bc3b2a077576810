// The plan comparison as text for a reviewer (`planview diff OLD NEW`).
//
// One block per resource (address order), then per output, then per drifted resource,
// each headed by a symbol: `+` only in the new plan, `-` only in the old plan, `!` the
// action changed, `~` the same action with other attribute changes; under it the two
// actions and each attribute whose change differs, with both plans' before -> after.
// Sensitive values never appear: "(sensitive value changed)" (or "(sensitivity
// changed)" when only the marks differ). Unknown values read "(known after apply)".
// Long values are cut (with their full size); control characters are escaped. The last
// line counts the differences, or says the plans propose the same changes.
#ifndef PLANVIEW_RENDERER_COMPARE_COMPARISON_TEXT_H_
#define PLANVIEW_RENDERER_COMPARE_COMPARISON_TEXT_H_

#include <string>
#include <string_view>

#include "renderer/compare/plan_comparison.h"

namespace planview::renderer::compare {

struct TextOptions {
  bool color = false;
  std::string_view old_name;  // the files, as messages name them
  std::string_view new_name;
};

void AppendComparisonText(const PlanComparison& comparison, const TextOptions& options, std::string& out);

// An attribute path as the text shows it: `tags["env"]`, `ingress[0].port`.
std::string PathText(const std::vector<PathStep>& path);

// Values longer than this (as compact JSON) are cut.
inline constexpr size_t kMaxValueBytes = 200;

}  // namespace planview::renderer::compare

#endif  // PLANVIEW_RENDERER_COMPARE_COMPARISON_TEXT_H_
