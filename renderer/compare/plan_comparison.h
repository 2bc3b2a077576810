// Plan-to-plan comparison (`planview diff OLD NEW`): what changed between two plans of the
// same configuration, the plan reviewed and the plan about to be applied.
//
// Why here, under renderer/: the comparison reads plans as the renderer reads them
// (renderer::Plan, its resource changes already sorted by address) and walks the same
// structured change model the differ walks (structured::Change: values with their
// unknown and sensitivity trees); nothing in renderer/ depends on it, so it sits on top
// of the renderer as the output formats do. It never looks at rendered text.
//
// Contract:
// - Resources are keyed by address and deposed key; the result is in address order
//   (renderer/resource_order.h), then deposed key; outputs by name.
// - A plan "proposes" an action per resource (an entry missing from a plan proposes
//   nothing, as a no-op does) and per attribute a before/after pair. The plans differ at
//   a resource when the actions differ (moves and imports included), and at an attribute
//   when at least one plan changes it and the pairs differ.
// - Sets (known from the provider schemas, CompareOptions::schemas) are matched by
//   element value: equal elements pair up whatever their order, and an element whose
//   presence before/after differs between the plans is an attribute difference whose
//   path ends at the element; its sides hold the element, or null where the set lacks
//   it (a set holds no null). Without schemas, or for sets with unknown or sensitive
//   parts, arrays compare by index.
// - Unknown values ("known after apply") compare equal to each other, whatever their
//   type. Sensitive values compare by their hidden values, and the result carries them
//   only for the walk: every presentation must print them as redacted (see Side).
// - Linear in the plans' size (sorted address maps, one walk over each value tree).
#ifndef PLANVIEW_RENDERER_COMPARE_PLAN_COMPARISON_H_
#define PLANVIEW_RENDERER_COMPARE_PLAN_COMPARISON_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "renderer/plan.h"
#include "structured/action.h"
#include "structured/json_value.h"
#include "structured/schema.h"

namespace planview::renderer::compare {

// One step of an attribute path: an object key, a list/tuple index, or a set element
// (sets are matched by value: the step names the element, always the path's last).
struct PathStep {
  std::string_view key;  // when index < 0 and element is absent
  int64_t index = -1;
  structured::Value element;  // a set element: present
  bool IsElement() const { return !element.absent(); }
};

// One side (before or after) of an attribute in one plan.
struct Side {
  structured::Value value;  // absent when unknown; never to be shown when sensitive
  bool unknown = false;
  bool sensitive = false;
};

// What one plan proposes for one attribute.
struct AttributeChange {
  Side before;
  Side after;
  bool changes = false;  // before and after differ (or after is unknown)
};

struct AttributeDifference {
  std::vector<PathStep> path;
  AttributeChange old_change;
  AttributeChange new_change;
  // A sensitive value is involved on some side: print only that it changed.
  bool Sensitive() const;
  // Every side's value is equal, only the sensitivity marks differ.
  bool OnlySensitivityDiffers() const;
};

// What one plan proposes for one resource (or output): its action, with the move and
// import that come with it.
struct ProposedAction {
  bool present = false;  // the plan has the entry
  Action action = Action::kNoOp;
  std::string_view previous_address;  // set when moved
  bool importing = false;
  bool operator==(const ProposedAction& other) const;
};

enum class DifferenceKind {
  kAdded,            // only the new plan proposes a change
  kGone,             // only the old plan proposes a change
  kActionChanged,    // both propose a change (or one a no-op), the actions differ
  kAttributesDiffer  // same action, different attribute changes
};

struct EntryDifference {
  std::string_view address;  // a resource address, or an output's name
  std::string_view deposed;
  DifferenceKind kind = DifferenceKind::kAttributesDiffer;
  ProposedAction old_action;
  ProposedAction new_action;
  std::vector<AttributeDifference> attributes;  // when both plans have the entry
};

struct PlanComparison {
  std::vector<EntryDifference> resources;  // in address order
  std::vector<EntryDifference> outputs;    // by name
  std::vector<EntryDifference> drift;      // when compared (CompareOptions::drift)
  bool drift_compared = false;
  bool Same() const { return resources.empty() && outputs.empty() && drift.empty(); }
};

struct CompareOptions {
  bool drift = false;  // compare `resource_drift` too
  const structured::ProviderSchemas* schemas = nullptr;  // to tell sets from lists; may be null
};

// An input error (renderer/json_fields.h) naming the JSON path of an entry of
// `resource_changes` or `resource_drift` with the same address and deposed key as an
// earlier one.
base::Expected<void> CheckUniqueAddresses(const Plan& plan);

// Compares two plans read by Plan::FromJson whose entries are unique
// (CheckUniqueAddresses). The result refers into both plans' documents.
PlanComparison ComparePlans(const Plan& old_plan, const Plan& new_plan, const CompareOptions& options = {});

}  // namespace planview::renderer::compare

#endif  // PLANVIEW_RENDERER_COMPARE_PLAN_COMPARISON_H_
