// The plan comparison as JSON, for tools (`planview diff --format json`). One line:
//
//   {"format_version":"1.0","old_plan":NAME,"new_plan":NAME,"same":BOOL,
//    "resource_changes":[ENTRY...],"output_changes":[ENTRY...],
//    "resource_drift":[ENTRY...]}            (resource_drift only with --drift)
//   ENTRY: {"address":S,"deposed":S (when set),"difference":"added"|"gone"|
//           "action_changed"|"attributes_differ","old_action":ACTION|null,
//           "new_action":ACTION|null,"attributes":[ATTRIBUTE...]}
//   ACTION: {"action":"update","previous_address":S (when moved),"importing":true (when)}
//   ATTRIBUTE: {"path":[key or index or {"element":V}...],"old":CHANGE,"new":CHANGE}, or when a sensitive
//           value is involved {"path":[...],"sensitive":"value changed"|"sensitivity changed"}
//   CHANGE: {"changes":BOOL,"before":SIDE,"after":SIDE}; SIDE: {"value":V} | {"unknown":true}
//           (a set element's path ends with {"element":V}; its SIDE is {"value":V} where
//           the set has it, {"value":null} where not)
//
// Entries in the text's order; values whole (not cut), as compact JSON with their exact
// number text. Sensitive values never appear.
#ifndef PLANVIEW_RENDERER_COMPARE_COMPARISON_JSON_H_
#define PLANVIEW_RENDERER_COMPARE_COMPARISON_JSON_H_

#include <string>
#include <string_view>

#include "renderer/compare/plan_comparison.h"

namespace planview::renderer::compare {

void AppendComparisonJson(const PlanComparison& comparison, std::string_view old_name, std::string_view new_name,
                          std::string& out);

}  // namespace planview::renderer::compare

#endif  // PLANVIEW_RENDERER_COMPARE_COMPARISON_JSON_H_
