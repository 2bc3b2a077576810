// A plan as the renderer reads it: a `tofu show -json` plan, or the redacted JSON plan
// HCP Terraform serves (upstream's jsonformat.Plan, provider schemas embedded).
#ifndef PLANVIEW_RENDERER_PLAN_H_
#define PLANVIEW_RENDERER_PLAN_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "renderer/action_invocation.h"
#include "renderer/options.h"
#include "renderer/resource_change.h"
#include "structured/json_value.h"

namespace planview::base {
class Executor;
}  // namespace planview::base

namespace planview::renderer {


struct OutputChange {
  std::string_view name;
  structured::Value change;  // before/after/after_unknown/... like a resource's change
  Action action = Action::kNoOp;
};

struct RelevantAttribute {
  std::string_view resource;  // empty: every resource
  structured::Value attribute;  // a path: an array of keys and indices
};

// A change Terraform deferred to a later plan (`deferred_changes`), with its reason.
struct DeferredChange {
  std::string_view reason;  // "absent_prereq", "instance_count_unknown", ...
  ResourceChange resource;
};

struct Plan {
  std::string_view format_version;           // `format_version` or `plan_format_version`
  std::string_view provider_format_version;  // embedded in a redacted plan, else empty
  bool redacted = false;                     // has `provider_schemas` of its own
  std::vector<ResourceChange> resource_changes;  // sorted by address
  std::vector<ResourceChange> resource_drift;    // sorted by address
  std::vector<OutputChange> output_changes;      // sorted by name
  std::vector<RelevantAttribute> relevant_attributes;
  bool errored = false;
  std::optional<bool> applyable;  // when the JSON says
  // Terraform's: in the JSON's order (the renderer sorts what it shows).
  std::vector<DeferredChange> deferred_changes;
  std::vector<ActionInvocation> action_invocations;

  // Reads the plan at `root`; an input error (json_fields.h) naming the JSON path of a
  // malformed part (the first one in the document). The plan refers into the document,
  // which must outlive it. With a pool, the resource entries are read on its threads.
  static base::Expected<Plan> FromJson(structured::Value root, base::Executor* pool = nullptr);
};

// What `tofu show` knows about a saved plan beyond its JSON (upstream's plans.Quality).
struct PlanQuality {
  bool errored = false;
  bool no_changes = false;  // the plan cannot be applied
  bool targeted = false;    // made with -target
};

// The quality implied by the JSON alone: errored when it says so; applyable when
// `applyable` says so or, without it, when a resource change is not a no-op (or is a move
// or an import), an output change is not a no-op, or in refresh-only mode a managed
// resource drifted. A plan that cannot be applied (or errored) has no_changes.
PlanQuality QualityFromPlan(const Plan& plan, PlanMode mode);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_PLAN_H_
